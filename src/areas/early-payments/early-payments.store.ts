import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  defineKeyset,
  type KeyPosition,
  keysetAfter,
  keysetKey,
  keysetOrder,
} from '../../platform/db/keyset.ts';
import { scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import type { KeyedRow } from '../../platform/pagination.ts';

export type StoredStatus = 'released' | 'accepted' | 'paid' | 'repaid' | 'declined' | 'withdrawn';

export interface EarlyPaymentRow {
  id: string;
  plane: Plane;
  funder_id: string;
  invoice_id: string;
  amount_due: string;
  offered_amount: string;
  maturity_date: string;
  status: StoredStatus;
  released_at: Date;
  accepted_at: Date | null;
  paid_at: Date | null;
  paid_amount: string | null;
  paid_value_date: string | null;
  paid_reference: string | null;
  repaid_amount: string;
  repaid_at: Date | null;
  closed_at: Date | null;
  close_reason: string | null;
}

/** A row with what the funder reads of its invoice and parties, and its repayments. */
export interface EarlyPaymentDetail extends EarlyPaymentRow {
  invoice_number: string;
  invoice_issue_date: string;
  invoice_due_date: string | null;
  supplier_id: string;
  supplier_name: string;
  supplier_tax_id: string;
  supplier_country: string;
  buyer_id: string;
  buyer_name: string;
  buyer_tax_id: string;
  buyer_country: string;
  repayments: { amount: string; value_date: string; reference: string; recorded_at: string }[];
}

const DETAIL = `
  SELECT e.id, e.plane, e.funder_id, e.invoice_id, e.amount_due::text, e.offered_amount::text,
         to_char(e.maturity_date, 'YYYY-MM-DD') AS maturity_date, e.status, e.released_at,
         e.accepted_at, e.paid_at, e.paid_amount::text, to_char(e.paid_value_date, 'YYYY-MM-DD') AS paid_value_date,
         e.paid_reference, e.repaid_amount::text, e.repaid_at, e.closed_at, e.close_reason,
         i.number AS invoice_number, to_char(i.issue_date, 'YYYY-MM-DD') AS invoice_issue_date,
         to_char(i.due_date, 'YYYY-MM-DD') AS invoice_due_date,
         s.id AS supplier_id, s.name AS supplier_name, s.tax_id AS supplier_tax_id, s.country AS supplier_country,
         d.id AS buyer_id, d.name AS buyer_name, d.tax_id AS buyer_tax_id, d.country AS buyer_country,
         coalesce((SELECT jsonb_agg(jsonb_build_object(
                     'amount', r.amount::text, 'value_date', to_char(r.value_date, 'YYYY-MM-DD'),
                     'reference', r.reference, 'recorded_at', r.recorded_at) ORDER BY r.recorded_at, r.id)
                     FROM early_payment_repayments r WHERE r.early_payment_id = e.id), '[]'::jsonb) AS repayments
    FROM early_payments e
    JOIN invoices_read i ON i.id = e.invoice_id
    JOIN sellers_read s ON s.id = i.seller_id
    JOIN debtors_read d ON d.id = i.debtor_id`;

/** The status a reader sees: a paid early payment past its maturity and not repaid is overdue. */
const SHOWN_STATUS = `CASE WHEN e.status = 'paid' AND e.maturity_date < $3::date THEN 'overdue' ELSE e.status END`;

export async function find(q: Queryable, scope: FunderScope, id: string) {
  return scopedRow<EarlyPaymentDetail>(
    q,
    scope,
    `${DETAIL} WHERE e.id = $3 AND e.funder_id = $1 AND e.plane = $2`,
    [id],
  );
}

export async function findForOps(q: Queryable, id: string): Promise<EarlyPaymentDetail | null> {
  const { rows } = await q.query<EarlyPaymentDetail>(`${DETAIL} WHERE e.id = $1`, [id]);
  return rows[0] ?? null;
}

const LOCKED = `
  SELECT id, plane, funder_id, invoice_id, amount_due::text, offered_amount::text,
         to_char(maturity_date, 'YYYY-MM-DD') AS maturity_date, status, released_at, accepted_at, paid_at,
         paid_amount::text, to_char(paid_value_date, 'YYYY-MM-DD') AS paid_value_date, paid_reference,
         repaid_amount::text, repaid_at, closed_at, close_reason
    FROM early_payments`;

/** Locks the caller's row for a change; null when it is not the caller's. */
export async function lock(q: Queryable, scope: FunderScope, id: string) {
  return scopedRow<EarlyPaymentRow>(
    q,
    scope,
    `${LOCKED} WHERE id = $3 AND funder_id = $1 AND plane = $2 FOR UPDATE`,
    [id],
  );
}

export async function lockForOps(q: Queryable, id: string): Promise<EarlyPaymentRow | null> {
  const { rows } = await q.query<EarlyPaymentRow>(`${LOCKED} WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

export interface ListFilter {
  /** A status as readers see it (overdue included), or null for all. */
  status: string | null;
  today: string;
  limit: number;
  /** The position the page starts after (null: the newest). */
  after: KeyPosition | null;
}

/** The list's order: newest release first, then by id (the index early_payments_funder). */
export const EARLY_PAYMENT_ORDER = defineKeyset('early-payments', [
  { sql: 'e.released_at', type: 'timestamp', desc: true },
  { sql: 'e.id', type: 'uuid', desc: true },
]);

export async function list(q: Queryable, scope: FunderScope, filter: ListFilter) {
  const after = keysetAfter(EARLY_PAYMENT_ORDER, filter.after, 6);
  return scopedRows<EarlyPaymentDetail & KeyedRow>(
    q,
    scope,
    `${DETAIL.replace('SELECT ', `SELECT ${keysetKey(EARLY_PAYMENT_ORDER)}, `)}
      WHERE e.funder_id = $1 AND e.plane = $2 AND ($4::text IS NULL OR ${SHOWN_STATUS} = $4)${after.sql}
      ORDER BY ${keysetOrder(EARLY_PAYMENT_ORDER)} LIMIT $5`,
    [filter.today, filter.status, filter.limit, ...after.params],
  );
}

/** Count and amounts per status as readers see it, over all the funder's early payments. */
export async function totals(q: Queryable, scope: FunderScope, today: string) {
  return scopedRows<{ status: string; count: number; amount_due: string; outstanding: string }>(
    q,
    scope,
    `SELECT ${SHOWN_STATUS} AS status, count(*)::int AS count, sum(e.amount_due)::text AS amount_due,
            sum(CASE WHEN e.status = 'paid' THEN e.amount_due - e.repaid_amount ELSE 0 END)::text AS outstanding
       FROM early_payments e WHERE e.funder_id = $1 AND e.plane = $2
      GROUP BY 1`,
    [today],
  );
}

/** An invoice as the release of an offer needs it. */
export async function invoiceForOps(q: Queryable, invoiceId: string) {
  const { rows } = await q.query<{ id: string; plane: Plane; amount: string; due_date: string | null }>(
    `SELECT id, plane, amount::text, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM invoices_read WHERE id = $1`,
    [invoiceId],
  );
  return rows[0] ?? null;
}

/** Whether an invoice already has an early payment in flight (or done). */
export async function inFlightForInvoice(q: Queryable, invoiceId: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM early_payments WHERE invoice_id = $1 AND status IN ('released', 'accepted', 'paid', 'repaid')`,
    [invoiceId],
  );
  return rows.length > 0;
}

export async function insert(
  q: Queryable,
  row: {
    id: string;
    plane: Plane;
    funderId: string;
    invoiceId: string;
    amountDue: string;
    offeredAmount: string;
    maturityDate: string;
    at: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO early_payments (id, plane, funder_id, invoice_id, amount_due, offered_amount, maturity_date,
                                 status, released_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'released', $8, $8)`,
    [
      row.id,
      row.plane,
      row.funderId,
      row.invoiceId,
      row.amountDue,
      row.offeredAmount,
      row.maturityDate,
      row.at,
    ],
  );
}

/** The supplier's or the buyer's answer to an offer: accepted, declined or withdrawn. */
export async function answer(
  q: Queryable,
  id: string,
  status: 'accepted' | 'declined' | 'withdrawn',
  at: Date,
  reason: string | null,
): Promise<void> {
  await q.query(
    `UPDATE early_payments
        SET status = $2, updated_at = $3,
            accepted_at = CASE WHEN $2 = 'accepted' THEN $3 ELSE accepted_at END,
            closed_at = CASE WHEN $2 = 'accepted' THEN closed_at ELSE $3 END,
            close_reason = CASE WHEN $2 = 'accepted' THEN close_reason ELSE $4 END
      WHERE id = $1`,
    [id, status, at, reason],
  );
}

export async function markPaid(
  q: Queryable,
  scope: FunderScope,
  id: string,
  paid: { amount: string; valueDate: string; reference: string; at: Date },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `UPDATE early_payments
        SET status = 'paid', paid_at = $4, paid_amount = $5, paid_value_date = $6, paid_reference = $7, updated_at = $4
      WHERE id = $3 AND funder_id = $1 AND plane = $2`,
    [id, paid.at, paid.amount, paid.valueDate, paid.reference],
  );
}

/** Adds a repayment and answers the total repaid; the row turns repaid once it is all repaid. */
export async function addRepayment(
  q: Queryable,
  scope: FunderScope,
  id: string,
  repayment: { id: string; amount: string; valueDate: string; reference: string; at: Date },
): Promise<{ repaid_amount: string; status: StoredStatus }> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO early_payment_repayments (id, early_payment_id, funder_id, plane, amount, value_date, reference, recorded_at)
     VALUES ($3, $4, $1, $2, $5, $6, $7, $8)`,
    [repayment.id, id, repayment.amount, repayment.valueDate, repayment.reference, repayment.at],
  );
  const row = await scopedRow<{ repaid_amount: string; status: StoredStatus }>(
    q,
    scope,
    `UPDATE early_payments
        SET repaid_amount = repaid_amount + $4, updated_at = $5,
            status = CASE WHEN repaid_amount + $4 >= amount_due THEN 'repaid' ELSE status END,
            repaid_at = CASE WHEN repaid_amount + $4 >= amount_due THEN $5 ELSE repaid_at END,
            closed_at = CASE WHEN repaid_amount + $4 >= amount_due THEN $5 ELSE closed_at END
      WHERE id = $3 AND funder_id = $1 AND plane = $2
      RETURNING repaid_amount::text, status`,
    [id, repayment.amount, repayment.at],
  );
  return row!;
}
