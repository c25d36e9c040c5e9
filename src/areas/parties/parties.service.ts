import type { Caller, Plane } from '../../platform/caller.ts';
import { type Clock, daysBetween, madridDate } from '../../platform/clock.ts';
import { type Db, pgErrorCode, type Queryable, type Tx } from '../../platform/db/db.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { centsToDecimal, decimalToEuros } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import {
  checkedSeller,
  checkPlane,
  country,
  type DebtorInput,
  debtorKey,
  euros,
  INVOICE_NUMBER_MAX,
  INVOICE_SOURCES,
  type InvoiceInput,
  invalid,
  isoDate,
  MAX_TERM_DAYS,
  NAME_MAX,
  normalizeTaxId,
  oneOf,
  type SellerInput,
  taxId,
  text,
  VERIFICATION_STATUSES,
} from './parties.rules.ts';
import * as store from './parties.store.ts';
import { type SellerScore, sellerScore } from './score.ts';

// Other areas import the parties' rules and types from this service.
export {
  type DebtorInput,
  debtorKey,
  EMAIL_MAX,
  EMPLOYEES_MAX,
  EUROS_MAX,
  INVOICE_NUMBER_MAX,
  INVOICE_SOURCES,
  type InvoiceInput,
  NACE_SECTIONS,
  NAME_MAX,
  normalizeTaxId,
  parseDebtorKey,
  type SellerInput,
  TAX_ID_MAX,
  VERIFICATION_STATUSES,
} from './parties.rules.ts';
export type { InvoiceSource, VerificationStatus } from './parties.store.ts';

/**
 * The other parties' data: sellers, debtors and the invoices between them. The operations API
 * manages them; sandbox helpers and the demonstration scenario call the exported functions
 * below inside their own write, passing its `evidence` so each row leaves its entry.
 */

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

const sellerView = (row: store.SellerRow): Seller => ({
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

const debtorView = (row: store.DebtorRow): Debtor => ({
  id: row.id,
  plane: row.plane,
  debtor_key: debtorKey(row.country, row.tax_id),
  name: row.name,
  tax_id: row.tax_id,
  country: row.country,
  is_public_body: row.is_public_body,
  created_at: row.created_at.toISOString(),
});

const invoiceView = (row: store.InvoiceRow): Invoice => ({
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
async function orConflict<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new ApiError('conflict', message);
    throw err;
  }
}

// Writes usable inside any write (tx-level)

/** Creates a seller on a plane. 409 conflict when the plane already has that country and tax id. */
export async function insertSeller(
  tx: Tx,
  plane: Plane,
  input: SellerInput,
  now: Date,
  evidence?: EvidenceSink,
): Promise<Seller> {
  checkPlane(plane);
  const checked = checkedSeller(input, now);
  const conflict = `A seller with tax id ${checked.tax_id} in ${checked.country} already exists on the ${plane} plane.`;
  if (await store.findSellerByKey(tx, plane, checked.country, checked.tax_id)) {
    throw new ApiError('conflict', conflict);
  }
  const row = await orConflict(
    store.insertSeller(tx, { id: newId(), plane, ...checked, created_at: now }),
    conflict,
  );
  evidence?.({
    funderId: null,
    plane,
    kind: 'seller.created',
    subjectType: 'seller',
    subjectId: row.id,
    payload: {
      name: row.name,
      tax_id: row.tax_id,
      country: row.country,
      verification_status: row.verification_status,
    },
  });
  return sellerView(row);
}

/**
 * Sets a seller's company verification (KYC) status. `plane` null: any plane (the operations
 * team); else a seller of another plane is not found. Unchanged status: `changed` false and no
 * evidence entry.
 */
export async function setSellerVerification(
  tx: Tx,
  plane: Plane | null,
  sellerId: string,
  change: { status: store.VerificationStatus; reason?: string | null },
  evidence?: EvidenceSink,
): Promise<{ seller: Seller; changed: boolean }> {
  const status = oneOf('status', change.status, VERIFICATION_STATUSES);
  const reason =
    change.reason === undefined || change.reason === null ? null : text('reason', change.reason, 500);
  const before = isUuid(sellerId) ? await store.findSeller(tx, sellerId, { forUpdate: true }) : null;
  if (!before || (plane !== null && before.plane !== plane)) notFound('Seller');
  if (before.verification_status === status) return { seller: sellerView(before), changed: false };
  const after = await store.updateSellerVerification(tx, sellerId, status);
  evidence?.({
    funderId: null,
    plane: after.plane,
    kind: 'seller.verification_changed',
    subjectType: 'seller',
    subjectId: after.id,
    payload: { from: before.verification_status, to: status, reason },
  });
  return { seller: sellerView(after), changed: true };
}

/** Creates a debtor on a plane. 409 conflict when the plane already has that country and tax id. */
export async function insertDebtor(
  tx: Tx,
  plane: Plane,
  input: DebtorInput,
  now: Date,
  evidence?: EvidenceSink,
): Promise<Debtor> {
  checkPlane(plane);
  const name = text('name', input.name, NAME_MAX);
  const checkedTaxId = taxId(input.tax_id);
  const checkedCountry = country(input.country);
  if (input.is_public_body !== undefined && typeof input.is_public_body !== 'boolean') {
    invalid('is_public_body', 'is_public_body must be true or false.');
  }
  const conflict = `A debtor with tax id ${checkedTaxId} in ${checkedCountry} already exists on the ${plane} plane.`;
  if (await store.findDebtorByKey(tx, plane, checkedCountry, checkedTaxId)) {
    throw new ApiError('conflict', conflict);
  }
  const row = await orConflict(
    store.insertDebtor(tx, {
      id: newId(),
      plane,
      name,
      tax_id: checkedTaxId,
      country: checkedCountry,
      is_public_body: input.is_public_body ?? false,
      created_at: now,
    }),
    conflict,
  );
  const view = debtorView(row);
  evidence?.({
    funderId: null,
    plane,
    kind: 'debtor.created',
    subjectType: 'debtor',
    subjectId: row.id,
    payload: {
      debtor_key: view.debtor_key,
      name: row.name,
      tax_id: row.tax_id,
      country: row.country,
      is_public_body: row.is_public_body,
    },
  });
  return view;
}

/**
 * Records an invoice a seller issued to a debtor, on a plane: both must exist on that plane.
 * 409 conflict when the seller already has an invoice with that number.
 */
export async function insertInvoice(
  tx: Tx,
  plane: Plane,
  input: InvoiceInput,
  now: Date,
  evidence?: EvidenceSink,
): Promise<Invoice> {
  checkPlane(plane);
  const number = text('number', input.number, INVOICE_NUMBER_MAX);
  const amount = euros('amount', input.amount, { positive: true });
  const issueDate = isoDate('issue_date', input.issue_date);
  const today = madridDate(now);
  if (issueDate > today) invalid('issue_date', `issue_date must not be later than today (${today}).`);
  let dueDate: string | null = null;
  if (input.due_date !== undefined && input.due_date !== null) {
    dueDate = isoDate('due_date', input.due_date);
    if (dueDate < issueDate) invalid('due_date', 'due_date must be on or after issue_date.');
    if (daysBetween(issueDate, dueDate) > MAX_TERM_DAYS) {
      invalid('due_date', 'due_date must be at most ten years after issue_date.');
    }
  }
  const source = oneOf('source', input.source, INVOICE_SOURCES);

  const seller =
    typeof input.seller_id === 'string' && isUuid(input.seller_id)
      ? await store.findSeller(tx, input.seller_id)
      : null;
  if (!seller || seller.plane !== plane) {
    invalid('seller_id', `seller_id names no seller on the ${plane} plane.`);
  }
  const debtor =
    typeof input.debtor_id === 'string' && isUuid(input.debtor_id)
      ? await store.findDebtor(tx, input.debtor_id)
      : null;
  if (!debtor || debtor.plane !== plane) {
    invalid(
      'debtor_id',
      `debtor_id names no debtor on the ${plane} plane: an invoice's seller and debtor must be on the same plane.`,
    );
  }
  const conflict = `Seller ${seller.id} already has an invoice numbered ${number}.`;
  if (await store.findInvoiceByNumber(tx, seller.id, number)) throw new ApiError('conflict', conflict);
  const row = await orConflict(
    store.insertInvoice(tx, {
      id: newId(),
      plane,
      seller_id: seller.id,
      debtor_id: debtor.id,
      number,
      amount: centsToDecimal(amount),
      issue_date: issueDate,
      due_date: dueDate,
      source,
      created_at: now,
    }),
    conflict,
  );
  evidence?.({
    funderId: null,
    plane,
    kind: 'invoice.created',
    subjectType: 'invoice',
    subjectId: row.id,
    payload: {
      seller_id: row.seller_id,
      debtor_id: row.debtor_id,
      number: row.number,
      amount: centsToDecimal(amount),
      currency: row.currency,
      issue_date: row.issue_date,
      due_date: row.due_date,
      source: row.source,
    },
  });
  return invoiceView(row);
}

/**
 * The seller's own "paid" flag on an invoice (what its invoicing software says), or null to
 * clear it. It is the seller's word only: it never counts as money a funder received. Not
 * before the issue date, not after now. `plane` null: any plane (the operations team).
 */
export async function markInvoiceSellerPaid(
  tx: Tx,
  plane: Plane | null,
  invoiceId: string,
  paidAt: Date | null,
  now: Date,
  evidence?: EvidenceSink,
): Promise<{ invoice: Invoice; changed: boolean }> {
  const before = isUuid(invoiceId) ? await store.findInvoice(tx, invoiceId, { forUpdate: true }) : null;
  if (!before || (plane !== null && before.plane !== plane)) notFound('Invoice');
  if (paidAt !== null) {
    if (Number.isNaN(paidAt.getTime())) invalid('paid_at', 'paid_at must be a date-time.');
    if (paidAt > now) invalid('paid_at', 'paid_at must not be in the future.');
    if (madridDate(paidAt) < before.issue_date) {
      invalid('paid_at', `paid_at must not be before the invoice's issue date (${before.issue_date}).`);
    }
  }
  const previous = before.seller_marked_paid_at;
  if ((previous?.getTime() ?? null) === (paidAt?.getTime() ?? null)) {
    return { invoice: invoiceView(before), changed: false };
  }
  const after = await store.setInvoiceSellerPaid(tx, invoiceId, paidAt);
  evidence?.({
    funderId: null,
    plane: after.plane,
    kind: 'invoice.seller_marked_paid',
    subjectType: 'invoice',
    subjectId: after.id,
    payload: {
      paid_at: paidAt ? paidAt.toISOString() : null,
      previous: previous ? previous.toISOString() : null,
    },
  });
  return { invoice: invoiceView(after), changed: true };
}

// Reads usable by any area

/** A seller by id; with `plane`, only on that plane. */
export async function findSeller(
  q: Queryable,
  id: string,
  options: { plane?: Plane } = {},
): Promise<Seller | null> {
  if (!isUuid(id)) return null;
  const row = await store.findSeller(q, id);
  return row && (!options.plane || row.plane === options.plane) ? sellerView(row) : null;
}

/** A debtor by id; with `plane`, only on that plane. */
export async function findDebtor(
  q: Queryable,
  id: string,
  options: { plane?: Plane } = {},
): Promise<Debtor | null> {
  if (!isUuid(id)) return null;
  const row = await store.findDebtor(q, id);
  return row && (!options.plane || row.plane === options.plane) ? debtorView(row) : null;
}

/** A debtor by country and tax id on a plane (both normalised as on creation). */
export async function findDebtorByKey(
  q: Queryable,
  plane: Plane,
  countryCode: string,
  debtorTaxId: string,
): Promise<Debtor | null> {
  const row = await store.findDebtorByKey(
    q,
    plane,
    countryCode.trim().toUpperCase(),
    normalizeTaxId(debtorTaxId),
  );
  return row ? debtorView(row) : null;
}

/** A seller by country and tax id on a plane (both normalised as on creation). */
export async function findSellerByKey(
  q: Queryable,
  plane: Plane,
  countryCode: string,
  sellerTaxId: string,
): Promise<Seller | null> {
  const row = await store.findSellerByKey(
    q,
    plane,
    countryCode.trim().toUpperCase(),
    normalizeTaxId(sellerTaxId),
  );
  return row ? sellerView(row) : null;
}

/** An invoice by id; with `plane`, only on that plane. */
export async function findInvoice(
  q: Queryable,
  id: string,
  options: { plane?: Plane } = {},
): Promise<Invoice | null> {
  if (!isUuid(id)) return null;
  const row = await store.findInvoice(q, id);
  return row && (!options.plane || row.plane === options.plane) ? invoiceView(row) : null;
}

// The operations team's commands and queries

export type PartiesService = ReturnType<typeof createPartiesService>;

export function createPartiesService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock, write } = deps;

  return {
    createSeller(caller: Caller, input: SellerInput & { plane: Plane }): Promise<Seller> {
      const { plane, ...seller } = input;
      return write(caller, ({ tx, now, evidence }) => insertSeller(tx, plane, seller, now, evidence));
    },

    async getSeller(id: string): Promise<Seller> {
      return (await findSeller(db, id)) ?? notFound('Seller');
    },

    setSellerVerification(
      caller: Caller,
      id: string,
      change: { status: store.VerificationStatus; reason?: string | null },
    ): Promise<{ seller: Seller; changed: boolean }> {
      return write(caller, ({ tx, evidence }) => setSellerVerification(tx, null, id, change, evidence));
    },

    /** The seller's score as a funder would read it in a request's packet. */
    async getSellerScore(id: string): Promise<{ seller_id: string; score: SellerScore | null }> {
      const seller = (await findSeller(db, id)) ?? notFound('Seller');
      return { seller_id: seller.id, score: await sellerScore(db, seller.id, clock.now()) };
    },

    createDebtor(caller: Caller, input: DebtorInput & { plane: Plane }): Promise<Debtor> {
      const { plane, ...debtor } = input;
      return write(caller, ({ tx, now, evidence }) => insertDebtor(tx, plane, debtor, now, evidence));
    },

    async getDebtor(id: string): Promise<Debtor> {
      return (await findDebtor(db, id)) ?? notFound('Debtor');
    },

    /** The invoice lands on its seller's plane; its debtor must be on the same plane. */
    createInvoice(caller: Caller, input: InvoiceInput): Promise<Invoice> {
      return write(caller, async ({ tx, now, evidence }) => {
        const seller =
          typeof input.seller_id === 'string' && isUuid(input.seller_id)
            ? await store.findSeller(tx, input.seller_id)
            : null;
        if (!seller) invalid('seller_id', 'seller_id names no seller.');
        return insertInvoice(tx, seller.plane, input, now, evidence);
      });
    },

    async getInvoice(id: string): Promise<Invoice> {
      return (await findInvoice(db, id)) ?? notFound('Invoice');
    },

    markInvoiceSellerPaid(
      caller: Caller,
      id: string,
      paidAt: string | null,
    ): Promise<{ invoice: Invoice; changed: boolean }> {
      const at = paidAt === null ? null : new Date(paidAt);
      return write(caller, ({ tx, now, evidence }) => markInvoiceSellerPaid(tx, null, id, at, now, evidence));
    },
  };
}
