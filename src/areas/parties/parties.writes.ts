import { randomInt } from 'node:crypto';
import type { Plane } from '../../platform/caller.ts';
import { daysBetween, madridDate } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { centsToDecimal } from '../../platform/money.ts';
import {
  cents,
  checkedSeller,
  country,
  type DebtorInput,
  type InvoiceInput,
  invalid,
  MAX_TERM_DAYS,
  type SellerInput,
  said,
  taxId,
} from './parties.rules.ts';
import * as store from './parties.store.ts';
import {
  type Debtor,
  debtorView,
  type EvidenceSink,
  type Invoice,
  invoiceView,
  orConflict,
  type Seller,
  sellerView,
} from './parties.views.ts';

// Writes usable inside any write (tx-level)

/**
 * Creates a seller on a plane unless the plane already has one with that country and tax id:
 * null then (nothing written). The unique key decides, so two writes at once make one row.
 */
export async function insertSellerIfNew(
  tx: Tx,
  plane: Plane,
  input: SellerInput,
  now: Date,
  evidence?: EvidenceSink,
): Promise<Seller | null> {
  const checked = checkedSeller(input, now);
  const row = await store.insertSellerIfNew(tx, { id: newId(), plane, ...checked, created_at: now });
  if (!row) return null;
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
 * Creates a fictitious Spanish seller on the demonstration plane, approved, named `Sandbox
 * Supplier <n> SL` with the tax id `B<n>` for a random n, and `more` of its details. A number
 * the plane already has is drawn again: a test helper never answers 409 for an unlucky draw.
 */
export async function insertSandboxSeller(
  tx: Tx,
  more: Omit<SellerInput, 'name' | 'tax_id' | 'country' | 'verification_status'>,
  now: Date,
  evidence?: EvidenceSink,
): Promise<Seller> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const n = randomInt(10_000_000, 99_999_999);
    const drawn: SellerInput = {
      name: `Sandbox Supplier ${n} SL`,
      tax_id: `B${n}`,
      country: 'ES',
      verification_status: 'approved',
      ...more,
    };
    const made = await insertSellerIfNew(tx, 'demo', drawn, now, evidence);
    if (made) return made;
  }
  throw new ApiError('conflict', 'Every tax id drawn for a new fictitious seller was taken; retry.');
}

type Lock = { lock: boolean };

/**
 * The row with that id, locked for a change: on `plane`, or on any plane when `plane` is null
 * (the operations team). 404 when the id is no UUID or names no row there.
 */
async function lockForChange<Row>(
  tx: Tx,
  plane: Plane | null,
  id: string,
  noun: 'Seller' | 'Invoice',
  find: {
    anyPlane: (tx: Tx, id: string, options: Lock) => Promise<Row | null>;
    onPlane: (tx: Tx, plane: Plane, id: string, options: Lock) => Promise<Row | null>;
  },
): Promise<Row> {
  const lock = { lock: true };
  const row = !isUuid(id)
    ? null
    : plane === null
      ? await find.anyPlane(tx, id, lock)
      : await find.onPlane(tx, plane, id, lock);
  if (!row) throw new ApiError('not_found', `${noun} was not found.`);
  return row;
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
  const status = change.status;
  const reason = change.reason?.trim() || null;
  const before = await lockForChange(tx, plane, sellerId, 'Seller', {
    anyPlane: store.findSellerForOperator,
    onPlane: store.findSeller,
  });
  if (before.verification_status === status) return { seller: sellerView(before), changed: false };
  const after = await store.updateSellerVerification(tx, before.plane, sellerId, status);
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

function checkedDebtor(input: DebtorInput) {
  return {
    name: said('name', input.name),
    tax_id: taxId(input.tax_id),
    country: country(input.country),
    is_public_body: input.is_public_body ?? false,
  };
}

/**
 * Creates a debtor on a plane unless the plane already has one with that country and tax id:
 * null then (nothing written). The unique key decides, so two writes at once make one row.
 */
export async function insertDebtorIfNew(
  tx: Tx,
  plane: Plane,
  input: DebtorInput,
  now: Date,
  evidence?: EvidenceSink,
): Promise<Debtor | null> {
  const checked = checkedDebtor(input);
  const row = await store.insertDebtorIfNew(tx, { id: newId(), plane, ...checked, created_at: now });
  if (!row) return null;
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
 * One kind of party keyed by country and tax id on its plane (a seller, a debtor): how it is
 * inserted unless the plane has it, its key as checked from an input, and how it is found again.
 */
interface PartyKind<Input, View, Row> {
  noun: 'seller' | 'debtor';
  insertIfNew: (
    tx: Tx,
    plane: Plane,
    input: Input,
    now: Date,
    evidence?: EvidenceSink,
  ) => Promise<View | null>;
  key: (input: Input, now: Date) => { country: string; tax_id: string };
  findByKey: (tx: Tx, plane: Plane, country: string, taxId: string) => Promise<Row | null>;
  view: (row: Row) => View;
}

const sellerKind: PartyKind<SellerInput, Seller, store.SellerRow> = {
  noun: 'seller',
  insertIfNew: insertSellerIfNew,
  key: checkedSeller,
  findByKey: store.findSellerByKey,
  view: sellerView,
};

const debtorKind: PartyKind<DebtorInput, Debtor, store.DebtorRow> = {
  noun: 'debtor',
  insertIfNew: insertDebtorIfNew,
  key: checkedDebtor,
  findByKey: store.findDebtorByKey,
  view: debtorView,
};

/**
 * Inserts the party unless the plane already has its country and tax id; then `refuse` answers
 * 409 conflict and `find` reads back the one the plane has (find-or-create).
 */
async function insertParty<Input, View, Row>(
  kind: PartyKind<Input, View, Row>,
  whenTaken: 'refuse' | 'find',
  tx: Tx,
  plane: Plane,
  input: Input,
  now: Date,
  evidence?: EvidenceSink,
): Promise<View> {
  const made = await kind.insertIfNew(tx, plane, input, now, evidence);
  if (made) return made;
  const key = kind.key(input, now);
  if (whenTaken === 'refuse') {
    throw new ApiError(
      'conflict',
      `A ${kind.noun} with tax id ${key.tax_id} in ${key.country} already exists on the ${plane} plane.`,
    );
  }
  const found = await kind.findByKey(tx, plane, key.country, key.tax_id);
  if (!found) throw new Error(`${kind.noun} ${key.country}:${key.tax_id} neither inserted nor found`);
  return kind.view(found);
}

/** A party's creation; when the plane already has its country and tax id: refuse (409) or find it. */
function partyWrite<Input, View, Row>(kind: PartyKind<Input, View, Row>, whenTaken: 'refuse' | 'find') {
  return (tx: Tx, plane: Plane, input: Input, now: Date, evidence?: EvidenceSink): Promise<View> =>
    insertParty(kind, whenTaken, tx, plane, input, now, evidence);
}

/** Creates a seller on a plane. 409 conflict when the plane already has that country and tax id. */
export const insertSeller = partyWrite(sellerKind, 'refuse');

/**
 * The seller of the plane with that country and tax id, made from `input` when there is none:
 * a find-or-create safe under concurrency (the insert goes first, on the unique key; a
 * concurrent maker's row is read back once it committed).
 */
export const ensureSeller = partyWrite(sellerKind, 'find');

/** Creates a debtor on a plane. 409 conflict when the plane already has that country and tax id. */
export const insertDebtor = partyWrite(debtorKind, 'refuse');

/** The debtor of the plane with that country and tax id, made from `input` when there is none (the same way). */
export const ensureDebtor = partyWrite(debtorKind, 'find');

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
  const number = said('number', input.number);
  const amount = cents('amount', input.amount);
  const issueDate = input.issue_date;
  const today = madridDate(now);
  if (issueDate > today) invalid('issue_date', `issue_date must not be later than today (${today}).`);
  let dueDate: string | null = null;
  if (input.due_date !== undefined && input.due_date !== null) {
    dueDate = input.due_date;
    if (dueDate < issueDate) invalid('due_date', 'due_date must be on or after issue_date.');
    if (daysBetween(issueDate, dueDate) > MAX_TERM_DAYS) {
      invalid('due_date', 'due_date must be at most ten years after issue_date.');
    }
  }
  const source = input.source;

  const seller =
    typeof input.seller_id === 'string' && isUuid(input.seller_id)
      ? await store.findSeller(tx, plane, input.seller_id)
      : null;
  if (!seller) {
    invalid('seller_id', `seller_id names no seller on the ${plane} plane.`);
  }
  const debtor =
    typeof input.debtor_id === 'string' && isUuid(input.debtor_id)
      ? await store.findDebtor(tx, plane, input.debtor_id)
      : null;
  if (!debtor) {
    invalid(
      'debtor_id',
      `debtor_id names no debtor on the ${plane} plane: an invoice's seller and debtor must be on the same plane.`,
    );
  }
  const conflict = `Seller ${seller.id} already has an invoice numbered ${number}.`;
  if (await store.findInvoiceByNumber(tx, plane, seller.id, number)) throw new ApiError('conflict', conflict);
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
  const before = await lockForChange(tx, plane, invoiceId, 'Invoice', {
    anyPlane: store.findInvoiceForOperator,
    onPlane: store.findInvoice,
  });
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
  const after = await store.setInvoiceSellerPaid(tx, before.plane, invoiceId, paidAt);
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
