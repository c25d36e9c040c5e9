import { type Cents, centsToEuros, decimalToEuros, toCents } from '../../platform/money.ts';
import { debtorKey } from '../parties/parties.module.ts';
import type {
  DebtorBookRow,
  ExposureFigures,
  MarkedPaidLine,
  SellerBookRow,
} from './limits.exposure.store.ts';
import type { DebtorLimitRow, SellerLimitRow } from './limits.store.ts';

/** Figures of one book line in cents, for checks; the views below turn them into euros. */
export interface Figures {
  outstanding: Cents;
  committed: Cents;
  offered: Cents;
  /** outstanding + committed + offered */
  exposure: Cents;
  frozen: boolean;
}

export function figuresOf(row: ExposureFigures | undefined): Figures {
  if (!row) return { outstanding: 0, committed: 0, offered: 0, exposure: 0, frozen: false };
  const outstanding = Number(row.outstanding);
  const committed = Number(row.committed);
  const offered = Number(row.offered);
  return { outstanding, committed, offered, exposure: outstanding + committed + offered, frozen: row.frozen };
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

const markedPaidView = (line: MarkedPaidLine) => ({
  invoice_id: line.invoice_id,
  invoice_number: line.invoice_number,
  request_id: line.request_id,
  request_ref: line.request_ref,
  debtor_key: debtorKey(line.debtor_country, line.debtor_tax_id),
  amount: centsToEuros(Number(line.amount_cents)),
  outstanding: centsToEuros(Number(line.outstanding_cents)),
  due_date: line.due_date,
  seller_marked_paid_at: iso(line.seller_marked_paid_at)!,
  past_due: line.past_due,
});

/** The limit and exposure fields shared by debtor and seller lines. */
function exposureFields(row: DebtorBookRow | SellerBookRow) {
  const figures = figuresOf(row);
  const limitCents = row.limit_amount === null ? null : toCents(row.limit_amount)!;
  return {
    limit_status: row.limit_status,
    limit_amount: limitCents === null ? null : centsToEuros(limitCents),
    limit_source: row.limit_source,
    limit_source_ref: row.limit_source_ref,
    outstanding: centsToEuros(figures.outstanding),
    committed: centsToEuros(figures.committed),
    offered: centsToEuros(figures.offered),
    exposure: centsToEuros(figures.exposure),
    available: limitCents === null ? null : centsToEuros(limitCents - figures.exposure),
    overdue_count: row.overdue_count,
    oldest_overdue: row.oldest_overdue,
    frozen: row.frozen,
    decided_at: iso(row.decided_at),
    note: row.note,
    seller_marked_paid: row.seller_marked_paid.map(markedPaidView),
  };
}

export const debtorExposureView = (row: DebtorBookRow) => ({
  debtor_key: debtorKey(row.debtor_country, row.debtor_tax_id),
  debtor_name: row.debtor_name,
  debtor_country: row.debtor_country,
  debtor_tax_id: row.debtor_tax_id,
  ...exposureFields(row),
});

export const sellerExposureView = (row: SellerBookRow) => ({
  seller_id: row.seller_id,
  seller_name: row.seller_name,
  seller_nif: row.seller_nif,
  seller_country: row.seller_country,
  ...exposureFields(row),
});

type DecisionRow = Pick<
  DebtorLimitRow,
  'amount' | 'note' | 'decided_at' | 'decided_by' | 'created_at' | 'updated_at'
>;

/** How every limit written by a PUT ends: its last decision, its dates, then the exposure beside it in euros. */
function decisionAndFigures(row: DecisionRow, book: ExposureFigures | undefined) {
  const figures = figuresOf(book);
  const limitCents = row.amount === null ? null : toCents(row.amount)!;
  return {
    note: row.note,
    decided_at: row.decided_at.toISOString(),
    decided_by: row.decided_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    outstanding: centsToEuros(figures.outstanding),
    committed: centsToEuros(figures.committed),
    offered: centsToEuros(figures.offered),
    exposure: centsToEuros(figures.exposure),
    available: limitCents === null ? null : centsToEuros(limitCents - figures.exposure),
    frozen: figures.frozen,
  };
}

/** DebtorLimit: the answer of PUT /v1/credit-limits. */
export const debtorLimitView = (row: DebtorLimitRow, book: DebtorBookRow | undefined) => ({
  debtor_key: debtorKey(row.debtor_country, row.debtor_tax_id),
  debtor_country: row.debtor_country,
  debtor_tax_id: row.debtor_tax_id,
  debtor_name: book?.debtor_name ?? row.debtor_name,
  amount: decimalToEuros(row.amount),
  status: row.status,
  source: row.source,
  source_ref: row.source_ref,
  ...decisionAndFigures(row, book),
});

/** SellerLimit: the answer of PUT /v1/seller-limits. */
export const sellerLimitView = (row: SellerLimitRow, book: SellerBookRow) => ({
  seller_id: row.seller_id,
  seller_name: book.seller_name,
  seller_nif: book.seller_nif,
  seller_country: book.seller_country,
  amount: decimalToEuros(row.amount),
  status: row.status,
  source: row.source,
  ...decisionAndFigures(row, book),
});
