import { ApiError } from '../../platform/errors.ts';
import { type Cents, MAX_AMOUNT_CENTS, toCents } from '../../platform/money.ts';
import { normalizeTaxId, parseDebtorKey } from '../parties/parties.module.ts';
import type { LimitStatus } from './limits.store.ts';

/**
 * Reading limit bodies. One debtor limit row is read the same way by PUT /v1/credit-limits and
 * by each row of an import; problems come back as the import's per-row codes, and the PUT
 * turns them into its own errors (see `rowProblemToError`).
 */

export const LIMIT_STATUSES = ['active', 'refused', 'suspended'] as const satisfies readonly LimitStatus[];
export const IMPORT_SOURCES = ['import', 'insurer'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const MAX_IMPORT_ROWS = 2000;
export const SOURCE_REF_MAX = 200;
export const NOTE_MAX = 1000;
export const DEBTOR_NAME_MAX = 200;

export type RowErrorCode =
  | 'invalid_amount'
  | 'debtor_tax_id_required'
  | 'duplicate_debtor'
  | 'invalid_status'
  | 'amount_required'
  | 'invalid_country'
  | 'row_invalid'
  | 'invalid_limit';

export interface RowProblem {
  error: RowErrorCode;
  detail: string;
  /** The member at fault; null when the row itself is not a limit (not an object). */
  field: string | null;
}

export interface DebtorLimitInput {
  taxId: string;
  /** Null when the row left it out: the service looks the tax id up among known debtors. */
  country: string | null;
  name: string | null;
  amountCents: Cents | null;
  status: LimitStatus;
  note: string | null;
}

type Read<T> = { value: T } | { problem: RowProblem };
const problem = (error: RowErrorCode, field: string | null, detail: string): { problem: RowProblem } => ({
  problem: { error, detail, field },
});

/** A limit row whose shape its schema checked (`DebtorLimitBody`, or an import's `ImportRow`). */
export interface LimitRowFields {
  debtor_tax_id: string;
  debtor_country?: string | null;
  debtor_name?: string | null;
  amount?: number | string | null;
  status?: LimitStatus;
  note?: string | null;
}

/** A tax id as limits key it: normalised, 2 to 32 letters and digits. */
export function readTaxId(value: string): string | null {
  const taxId = normalizeTaxId(value);
  return /^[A-Z0-9]{2,32}$/.test(taxId) ? taxId : null;
}

/** An ISO 3166-1 alpha-2 code in capitals, or null when the two letters are no country. */
export function readCountry(value: string): string | null {
  const code = value.trim().toUpperCase();
  // parseDebtorKey checks the country against the ISO list; the tax id part is a placeholder.
  return parseDebtorKey(`${code}:XX`) ? code : null;
}

/**
 * Euros as the schema let them through: a number, or (in an import row) digits with at most two
 * decimals, where empty text is no amount (a blank spreadsheet cell). What is left to check is
 * the bound, which text digits can pass.
 */
function readAmount(value: number | string | null | undefined): Read<Cents | null> {
  if (value === undefined || value === null || value === '') return { value: null };
  const cents = toCents(value);
  if (cents === null || cents < 0 || cents > MAX_AMOUNT_CENTS) {
    return problem('invalid_amount', 'amount', 'amount must be 0 or more euros, at most one trillion.');
  }
  return { value: cents };
}

/**
 * One debtor limit, its shape already checked by its schema: what is left are the rules a schema
 * cannot say (the tax id once normalised, the country in the ISO list, a limit that makes sense
 * as a whole). The first problem found is the answer.
 */
export function readLimitRow(row: LimitRowFields): Read<DebtorLimitInput> {
  const taxId = readTaxId(row.debtor_tax_id);
  if (taxId === null) {
    return problem(
      'debtor_tax_id_required',
      'debtor_tax_id',
      'debtor_tax_id must be a tax number of 2 to 32 letters and digits (spaces, dots, dashes and slashes are ignored).',
    );
  }
  // Left out or null: looked up among known debtors.
  let country: string | null = null;
  if (row.debtor_country !== undefined && row.debtor_country !== null) {
    country = readCountry(row.debtor_country);
    if (country === null) {
      return problem(
        'invalid_country',
        'debtor_country',
        'debtor_country must be an ISO 3166-1 alpha-2 code, such as ES.',
      );
    }
  }
  const status = row.status ?? 'active';
  const amount = readAmount(row.amount);
  if ('problem' in amount) return amount;
  const checked = limitConsistency(status, amount.value);
  if (checked) return { problem: checked };
  return {
    value: {
      taxId,
      country,
      name: row.debtor_name?.trim() || null,
      amountCents: amount.value,
      status,
      note: row.note?.trim() || null,
    },
  };
}

/**
 * An import row that failed its schema, as the row answer's code: the field's `reason` (the
 * code the PUT gives beside invalid_limit), else its own code; a row that is no limit object
 * (not an object, an unknown member) is row_invalid.
 */
export function rowCodeOf(error: ApiError): RowErrorCode {
  const reason = error.extra.reason;
  if (typeof reason === 'string') return reason as RowErrorCode;
  if (error.code === 'invalid_amount' || error.code === 'debtor_tax_id_required') return error.code;
  if (error.code === 'invalid_limit') return 'invalid_limit';
  return 'row_invalid';
}

/**
 * A limit must make sense as a whole: an active limit needs an amount (0 is allowed: it takes no
 * new offer); a refused limit carries no amount above 0 (send null or 0). A suspended limit may
 * keep its amount for when it is active again.
 */
export function limitConsistency(status: LimitStatus, amountCents: Cents | null): RowProblem | null {
  if (status === 'active' && amountCents === null) {
    return {
      error: 'amount_required',
      field: 'amount',
      detail: 'An active limit needs an amount (0 or more euros).',
    };
  }
  if (status === 'refused' && amountCents !== null && amountCents > 0) {
    return {
      error: 'invalid_limit',
      field: 'amount',
      detail: 'A refused limit carries no amount: send null or 0.',
    };
  }
  return null;
}

/**
 * The PUT answers a limit its rules refuse with the import's codes turned into its own: a bad
 * tax id and a bad amount keep theirs, everything else about the limit is invalid_limit, with
 * `reason` giving the import's per-row code and `field` the member.
 */
export function rowProblemToError(found: RowProblem): ApiError {
  if (found.error === 'debtor_tax_id_required' || found.error === 'invalid_amount') {
    return new ApiError(found.error, found.detail, { extra: { field: found.field } });
  }
  return new ApiError('invalid_limit', found.detail, { extra: { field: found.field, reason: found.error } });
}

export interface ImportEnvelope {
  rows: unknown[];
  source: ImportSource;
  sourceRef: string | null;
}

/** The import body, its shape checked by its schema: `{rows, source, source_ref}` or a bare array. */
export function readImportEnvelope(
  body: unknown[] | { rows: unknown[]; source?: ImportSource; source_ref?: string | null },
): ImportEnvelope {
  if (Array.isArray(body)) return { rows: body, source: 'import', sourceRef: null };
  const sourceRef = body.source_ref?.trim() || null;
  if (body.source_ref != null && sourceRef === null) {
    throw new ApiError('source_ref_invalid', 'source_ref must say something (or be null).', {
      extra: { field: 'source_ref' },
    });
  }
  return { rows: body.rows, source: body.source ?? 'import', sourceRef };
}

export interface SellerLimitInput {
  sellerId: string;
  amountCents: Cents | null;
  status: LimitStatus;
  note: string | null;
}

/** PUT /v1/seller-limits body, its shape checked by its schema; what is left is the limit as a whole. */
export function readSellerLimit(body: {
  seller_id: string;
  amount?: number | null;
  status?: LimitStatus;
  note?: string | null;
}): SellerLimitInput {
  const status = body.status ?? 'active';
  const amountCents = body.amount === undefined || body.amount === null ? null : toCents(body.amount);
  const checked = limitConsistency(status, amountCents);
  if (checked) throw rowProblemToError(checked);
  return {
    sellerId: body.seller_id.toLowerCase(),
    amountCents,
    status,
    note: body.note?.trim() || null,
  };
}
