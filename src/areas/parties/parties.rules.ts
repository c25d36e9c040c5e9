import { isIsoDate, madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { centsToDecimal, MAX_AMOUNT_EUROS, toCents } from '../../platform/money.ts';
import { EU_VAT_PREFIX, isCountryCode } from './parties.countries.ts';
import type { InvoiceSource, SellerRow, VerificationStatus } from './parties.store.ts';

/**
 * The rules of the parties' data that hold however a row is created: identities (tax ids and
 * debtor keys, normalised), the country list, and dates against today and each other. The shape
 * of each field (type, length, enum, bounds) is its schema's business (`parties.schemas.ts`);
 * callers in other areas pass typed values, so nothing here repeats a schema.
 */

// Limits the spec leaves open, chosen here.
export const NAME_MAX = 200;
export const TAX_ID_MAX = 32;
export const INVOICE_NUMBER_MAX = 64;
export const EMAIL_MAX = 254;
export const EMPLOYEES_MAX = 10_000_000;
/** One trillion euros: far above any company's revenue or any invoice, well inside numeric(18,2). */
/** The service's one bound on amounts, from platform/money.ts. */
export const EUROS_MAX = MAX_AMOUNT_EUROS;
export const EARLIEST_FOUNDING = '1800-01-01';
/** A due date more than ten years after the issue date is taken as a typing slip. */
export const MAX_TERM_DAYS = 3653;

export const VERIFICATION_STATUSES: readonly VerificationStatus[] = [
  'pending',
  'approved',
  'rejected',
  'lapsed',
];
export const INVOICE_SOURCES: readonly InvoiceSource[] = ['erp', 'e_invoice', 'saft', 'upload'];
/** NACE Rev. 2 sections. */
export const NACE_SECTIONS: readonly string[] = 'ABCDEFGHIJKLMNOPQRSTU'.split('');

export interface SellerInput {
  name: string;
  tax_id: string;
  country: string;
  verification_status?: VerificationStatus;
  founded_on?: string | null;
  /** Euros: a JSON number or decimal text, exact to the cent. */
  annual_revenue?: number | string | null;
  employees?: number | null;
  /** NACE section letter, A to U. */
  sector?: string | null;
  email?: string | null;
}

export interface DebtorInput {
  name: string;
  tax_id: string;
  country: string;
  is_public_body?: boolean;
}

export interface InvoiceInput {
  seller_id: string;
  debtor_id: string;
  number: string;
  /** Euros: a JSON number or decimal text, exact to the cent, above 0. */
  amount: number | string;
  issue_date: string;
  due_date?: string | null;
  source: InvoiceSource;
}

// Identities

/**
 * A tax number as stored and compared: capitals, without the spaces, dots, dashes and slashes
 * people write into it, so "b-39.000.001" and "B39000001" are one company. The one normaliser
 * of tax numbers: with `vatPrefixOf` (a country), a VAT number also loses that country's VAT
 * prefix (`EL` for Greece, else the country itself) when two characters or more are left after
 * it, so `ESB12345678` and `B-12345678` for ES both give `B12345678`.
 */
export function normalizeTaxId(taxId: string, options: { vatPrefixOf?: string } = {}): string {
  const normalized = taxId.toUpperCase().replace(/[\s./-]+/g, '');
  const country = options.vatPrefixOf;
  if (country === undefined) return normalized;
  const prefix = EU_VAT_PREFIX[country] ?? country;
  if (normalized.startsWith(prefix) && normalized.length > prefix.length + 1)
    return normalized.slice(prefix.length);
  if (normalized.startsWith(country) && normalized.length > country.length + 1)
    return normalized.slice(country.length);
  return normalized;
}

/** How a debtor is named to funders: "<country>:<tax id>", e.g. "ES:A28000101". */
export function debtorKey(country: string, taxId: string): string {
  return `${country.trim().toUpperCase()}:${normalizeTaxId(taxId)}`;
}

/** The parts of a debtor key; null when the text is not one. */
export function parseDebtorKey(key: string): { country: string; tax_id: string } | null {
  const match = /^([A-Za-z]{2}):(.+)$/.exec(key.trim());
  if (!match) return null;
  const country = match[1]!.toUpperCase();
  const taxId = normalizeTaxId(match[2]!);
  if (!isCountryCode(country) || !/^[A-Z0-9]{2,32}$/.test(taxId)) return null;
  return { country, tax_id: taxId };
}

// Checks shared by the operations API and direct callers (which skip the HTTP schemas)

export function invalid(field: string, message: string): never {
  throw new ApiError('body_invalid', message, { extra: { field } });
}

/** Text with its spaces trimmed, which must still say something. */
export function said(field: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed.length === 0) invalid(field, `${field} must not be empty.`);
  return trimmed;
}

/**
 * Generic field checks kept for the debtors area's operations inputs, which still read their
 * own bodies (`debtor-info.profiles.ts`); the parties' own writes rely on their schemas.
 */
export function text(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string') invalid(field, `${field} must be text.`);
  const trimmed = said(field, value);
  if (trimmed.length > max) invalid(field, `${field} must be at most ${max} characters.`);
  if (/\p{Cc}/u.test(trimmed)) invalid(field, `${field} must not contain control characters.`);
  return trimmed;
}

export function isoDate(field: string, value: unknown): string {
  if (typeof value !== 'string' || !isIsoDate(value)) {
    invalid(field, `${field} must be a calendar date written YYYY-MM-DD.`);
  }
  return value;
}

export function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    invalid(field, `${field} must be one of: ${allowed.join(', ')}.`);
  }
  return value as T;
}

/** A country its schema let through as two letters: in capitals, and in the ISO list. */
export function country(value: string): string {
  const code = value.trim().toUpperCase();
  if (!isCountryCode(code)) invalid('country', `country ${code} is not an ISO 3166-1 alpha-2 code.`);
  return code;
}

/** A tax id normalised, which must still be 2 to 32 letters and digits. */
export function taxId(value: string): string {
  const normalized = normalizeTaxId(value);
  if (!/^[A-Z0-9]{2,32}$/.test(normalized)) {
    invalid(
      'tax_id',
      'tax_id must be 2 to 32 letters and digits (spaces, dots, dashes and slashes are dropped).',
    );
  }
  return normalized;
}

/** Euros its schema bounded, as cents; decimal text from a typed caller must be exact too. */
export function cents(field: string, value: number | string): number {
  return toCents(value) ?? invalid(field, `${field} must be an amount in euros exact to the cent.`);
}

export function checkedSeller(input: SellerInput, now: Date): Omit<SellerRow, 'id' | 'plane' | 'created_at'> {
  const today = madridDate(now);
  const foundedOn = input.founded_on ?? null;
  if (foundedOn !== null && (foundedOn < EARLIEST_FOUNDING || foundedOn > today)) {
    invalid('founded_on', `founded_on must be between ${EARLIEST_FOUNDING} and today (${today}).`);
  }
  return {
    name: said('name', input.name),
    tax_id: taxId(input.tax_id),
    country: country(input.country),
    verification_status: input.verification_status ?? 'pending',
    founded_on: foundedOn,
    annual_revenue:
      input.annual_revenue === undefined || input.annual_revenue === null
        ? null
        : centsToDecimal(cents('annual_revenue', input.annual_revenue)),
    employees: input.employees ?? null,
    sector: input.sector?.toUpperCase() ?? null,
    email: input.email?.trim() || null,
  };
}
