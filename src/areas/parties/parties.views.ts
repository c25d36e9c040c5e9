import type { Plane } from '../../platform/caller.ts';
import { isUniqueViolation } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { decimalToEuros } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import { debtorKey } from './parties.rules.ts';
import type * as store from './parties.store.ts';

/** How sellers, debtors and invoices are shown, to the operations team and to other areas. */

export interface Seller {
  id: string;
  plane: Plane;
  name: string;
  tax_id: string;
  country: string;
  verification_status: store.VerificationStatus;
  founded_on: string | null;
  annual_revenue: number | null;
  employees: number | null;
  sector: string | null;
  email: string | null;
  created_at: string;
}

export interface Debtor {
  id: string;
  plane: Plane;
  debtor_key: string;
  name: string;
  tax_id: string;
  country: string;
  is_public_body: boolean;
  created_at: string;
}

export interface Invoice {
  id: string;
  plane: Plane;
  seller_id: string;
  debtor_id: string;
  number: string;
  amount: number;
  currency: 'EUR';
  issue_date: string;
  due_date: string | null;
  source: store.InvoiceSource;
  seller_marked_paid_at: string | null;
  created_at: string;
}

/** The write scope's evidence queue; pass it so the row leaves its evidence-chain entry. */
export type EvidenceSink = WriteScope['evidence'];

// Views

export const sellerView = (row: store.SellerRow): Seller => ({
  id: row.id,
  plane: row.plane,
  name: row.name,
  tax_id: row.tax_id,
  country: row.country,
  verification_status: row.verification_status,
  founded_on: row.founded_on,
  annual_revenue: decimalToEuros(row.annual_revenue),
  employees: row.employees,
  sector: row.sector,
  email: row.email,
  created_at: row.created_at.toISOString(),
});

export const debtorView = (row: store.DebtorRow): Debtor => ({
  id: row.id,
  plane: row.plane,
  debtor_key: debtorKey(row.country, row.tax_id),
  name: row.name,
  tax_id: row.tax_id,
  country: row.country,
  is_public_body: row.is_public_body,
  created_at: row.created_at.toISOString(),
});

export const invoiceView = (row: store.InvoiceRow): Invoice => ({
  id: row.id,
  plane: row.plane,
  seller_id: row.seller_id,
  debtor_id: row.debtor_id,
  number: row.number,
  amount: decimalToEuros(row.amount)!,
  currency: row.currency,
  issue_date: row.issue_date,
  due_date: row.due_date,
  source: row.source,
  seller_marked_paid_at: row.seller_marked_paid_at ? row.seller_marked_paid_at.toISOString() : null,
  created_at: row.created_at.toISOString(),
});

/** A unique index refusing a row becomes 409 conflict (two writers racing past the first check). */
export async function orConflict<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('conflict', message);
    throw err;
  }
}

/** The party read, or 404 not_found naming what was asked for. */
export function found<T>(party: T | null, what: 'Seller' | 'Debtor' | 'Invoice'): T {
  if (!party) throw new ApiError('not_found', `${what} was not found.`);
  return party;
}
