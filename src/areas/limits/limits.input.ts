import { ApiError } from '../../platform/errors.ts';
import { type Cents, MAX_AMOUNT_CENTS, toCents } from '../../platform/money.ts';
import { isObject } from '../../platform/validate.ts';
import { normalizeTaxId, parseDebtorKey } from '../parties/parties.service.ts';
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

const ROW_MEMBERS = ['debtor_tax_id', 'debtor_country', 'debtor_name', 'amount', 'status', 'note'];

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

type Read<T> = { value: T } | { problem: RowProblem };
const problem = (error: RowErrorCode, field: string | null, detail: string): { problem: RowProblem } => ({
  problem: { error, detail, field },
});

/** A tax id as limits key it: normalised, 2 to 32 letters and digits. */
export function readTaxId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const taxId = normalizeTaxId(value);
  return /^[A-Z0-9]{2,32}$/.test(taxId) ? taxId : null;
}

/** An ISO 3166-1 alpha-2 code in capitals, or null when the text is not one. */
export function readCountry(value: string): string | null {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  // parseDebtorKey checks the country against the ISO list; the tax id part is a placeholder.
  return parseDebtorKey(`${code}:XX`) ? code : null;
}

/**
 * Euros as a JSON number, or (with `text`) as digits with an optional decimal point and at most
 * two decimals ("1250.5", "1250.50", "1250"). Null and absent mean no amount; so does an empty
 * string in an import row (a blank spreadsheet cell).
 */
export function readAmount(value: unknown, options: { text: boolean }): Read<Cents | null> {
  if (value === undefined || value === null) return { value: null };
  let cents: Cents | null = null;
  if (typeof value === 'number') {
    cents = Number.isFinite(value) ? toCents(value) : null;
  } else if (options.text && typeof value === 'string') {
    // An empty cell is no amount; anything else is digits exactly, without spaces around them.
    if (value === '') return { value: null };
    cents = /^\d{1,13}(\.\d{1,2})?$/.test(value) ? toCents(value) : null;
  }
  if (cents === null || cents < 0 || cents > MAX_AMOUNT_CENTS) {
    return problem(
      'invalid_amount',
      'amount',
      options.text
        ? 'amount must be 0 or more euros, exact to the cent: a number, or digits with a decimal point such as "1250.50".'
        : 'amount must be a number of euros, 0 or more, exact to the cent, or null.',
    );
  }
  return { value: cents };
}

function readText(
  row: Record<string, unknown>,
  field: string,
  max: number,
): Read<string | null> | { problem: RowProblem } {
  const value = row[field];
  if (value === undefined || value === null) return { value: null };
  if (typeof value !== 'string') return problem('row_invalid', field, `${field} must be text.`);
  const trimmed = value.trim();
  if (trimmed.length > max)
    return problem('row_invalid', field, `${field} must be at most ${max} characters.`);
  if (field === 'debtor_name' && CONTROL.test(trimmed)) {
    return problem('row_invalid', field, `${field} must not contain control characters.`);
  }
  return { value: trimmed === '' ? null : trimmed };
}

/** Reads one debtor limit; the first problem found is the answer. */
export function readLimitRow(raw: unknown, options: { amountAsText: boolean }): Read<DebtorLimitInput> {
  if (!isObject(raw)) return problem('row_invalid', null, 'Each row must be a JSON object.');
  const unknown = Object.keys(raw).filter((key) => !ROW_MEMBERS.includes(key));
  if (unknown.length > 0) {
    return problem(
      'row_invalid',
      unknown[0]!,
      `Unknown member(s): ${unknown.join(', ')}. Allowed: ${ROW_MEMBERS.join(', ')}.`,
    );
  }
  if (raw.debtor_tax_id === undefined || raw.debtor_tax_id === null || raw.debtor_tax_id === '') {
    return problem('debtor_tax_id_required', 'debtor_tax_id', 'debtor_tax_id is required.');
  }
  const taxId = readTaxId(raw.debtor_tax_id);
  if (taxId === null) {
    return problem(
      'debtor_tax_id_required',
      'debtor_tax_id',
      'debtor_tax_id must be a tax number of 2 to 32 letters and digits (spaces, dots, dashes and slashes are ignored).',
    );
  }
  let country: string | null = null;
  // Left out or null: looked up among known debtors. Empty text is a country that is not one.
  if (raw.debtor_country !== undefined && raw.debtor_country !== null) {
    country = typeof raw.debtor_country === 'string' ? readCountry(raw.debtor_country) : null;
    if (country === null) {
      return problem(
        'invalid_country',
        'debtor_country',
        'debtor_country must be an ISO 3166-1 alpha-2 code, such as ES.',
      );
    }
  }
  const name = readText(raw, 'debtor_name', DEBTOR_NAME_MAX);
  if ('problem' in name) return name;
  const note = readText(raw, 'note', NOTE_MAX);
  if ('problem' in note) return note;
  const status = raw.status ?? 'active';
  if (!(LIMIT_STATUSES as readonly unknown[]).includes(status)) {
    return problem('invalid_status', 'status', `status must be one of ${LIMIT_STATUSES.join(', ')}.`);
  }
  const amount = readAmount(raw.amount, { text: options.amountAsText });
  if ('problem' in amount) return amount;
  const checked = limitConsistency(status as LimitStatus, amount.value);
  if (checked) return { problem: checked };
  return {
    value: {
      taxId,
      country,
      name: name.value,
      amountCents: amount.value,
      status: status as LimitStatus,
      note: note.value,
    },
  };
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
 * The PUT answers a bad limit with its own codes: a missing tax id and a bad amount keep theirs,
 * a body that is not an object or has an unknown member is body_invalid, and everything else
 * about the limit (status, missing amount, country, name, note, a refused limit with an amount)
 * is invalid_limit, with `reason` giving the import's per-row code and `field` the member.
 */
export function rowProblemToError(found: RowProblem): ApiError {
  if (found.error === 'debtor_tax_id_required' || found.error === 'invalid_amount') {
    return new ApiError(found.error, found.detail, { extra: { field: found.field } });
  }
  if (found.error === 'row_invalid' && (found.field === null || !ROW_MEMBERS.includes(found.field))) {
    return new ApiError('body_invalid', found.detail, { extra: { field: found.field } });
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
