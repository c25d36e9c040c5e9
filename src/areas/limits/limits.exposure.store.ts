import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  defineKeyset,
  type KeyPosition,
  type Keyset,
  keysetAfter,
  keysetKey,
  keysetOrder,
} from '../../platform/db/keyset.ts';
import { scopedStatement } from '../../platform/db/scoped.ts';
import { namedStatement } from '../../platform/db/statements.ts';
import type { KeyedRow } from '../../platform/pagination.ts';
import { visibleToFunder } from '../requests/requests.module.ts';

/**
 * Exposure: what a funder stands to lose on a debtor or a seller, summed in one statement per
 * book over the lines the writes keep (migration 0075 computes them). Every figure is in integer cents and counts the invoices' face value:
 *
 * - `outstanding`: invoices of the funder's funded (not yet settled) requests, less the
 *   payments the funder recorded on them (rows of `settlements`: settle, confirmed statement
 *   lines, a seller's repayment under recourse). The seller's own paid flag never lowers it.
 * - `committed`: invoices of requests whose seller accepted the funder's terms (approved), not
 *   yet funded.
 * - `offered`: invoices of requests in terms_sent on which the funder has a pending offer that
 *   has not expired.
 * - Early payments of a buyer programme count on the buyer (debtor book only): released ones as
 *   offered, accepted ones as committed, paid ones as outstanding for the amount due less what
 *   the buyer repaid (overdue past maturity) until repaid in full.
 *
 * Payments are recorded per request. They are spread over the request's invoices pro rata to
 * the invoice amounts, in whole cents rounded down; the cents left over go one each to the
 * largest invoices (then by position in the request). An invoice's remaining amount is its face
 * value less its share; only that remaining amount counts as outstanding, overdue or frozen.
 */

/**
 * The funder's early payments that count on their buyer (`e`), with their invoice (`i`) and the
 * buyer as debtor (`d`): released, accepted and paid ones.
 */
export const EARLY_PAYMENTS = `FROM early_payments_read e JOIN invoices_read i ON i.id = e.invoice_id
    JOIN debtors_read d ON d.id = i.debtor_id
   WHERE e.funder_id = $1 AND e.plane = $2 AND e.status IN ('released', 'accepted', 'paid')`;

/**
 * The funder's book lines: its rows of `funder_exposure_lines` (migration 0075), one per
 * invoice of a request in its book, kept by the writes with the payments already spread; an
 * offered line counts only while one of its offers runs. What depends on the day is worked out
 * here: past due (due before today, something left) and marked paid by the seller. Then the early
 * payments of a buyer programme, read from the funder's own rows. `$1` to `$4` are the funder,
 * the plane, the instant and its Madrid date; `lines` and `early` narrow each source (a join and
 * conditions on `x`, conditions on `e`, `i` and `d`).
 */
export const bookLines = (lines: { join?: string; where: string }, early: string) => `
  SELECT x.request_id, x.request_ref, x.seller_id, x.stage, x.invoice_id, x.number, x.amount, x.due_date,
         x.seller_marked_paid_at, x.debtor_country, x.debtor_tax_id, x.debtor_name, x.remaining_cents,
         (x.stage = 'outstanding' AND x.remaining_cents > 0 AND x.due_date < $4::date) AS overdue,
         (x.stage = 'outstanding' AND x.remaining_cents > 0 AND x.seller_marked_paid_at IS NOT NULL) AS marked_paid,
         'request'::text AS kind
    FROM funder_exposure_lines x ${lines.join ?? ''}
   WHERE x.funder_id = $1 AND x.plane = $2
     AND (x.stage <> 'offered' OR x.offered_until > $3)${lines.where}
  UNION ALL
  -- Early payments under a buyer programme, on the buyer as debtor: offered while released,
  -- committed once the supplier accepted, outstanding once paid for what the buyer still owes.
  SELECT NULL::uuid, NULL::text, i.seller_id,
         CASE e.status WHEN 'paid' THEN 'outstanding' WHEN 'accepted' THEN 'committed' ELSE 'offered' END,
         i.id, i.number, e.amount_due, e.maturity_date, NULL::timestamptz,
         d.country, d.tax_id, d.name, (e.amount_due - e.repaid_amount) * 100,
         (e.status = 'paid' AND e.maturity_date < $4::date), false, 'early_payment'
    ${EARLY_PAYMENTS}${early}`;

/** The whole book's lines: with debtors (`$6`, `$7`), their lines only; with a seller (`$8`), that seller's. */
const bookSql = (byDebtor: boolean) => `
WITH lines_out AS (${bookLines(
  {
    // Named debtors: their lines by key (index funder_exposure_lines_debtor), not all the funder's.
    join: byDebtor
      ? `JOIN unnest($6::text[], $7::text[]) AS k(country, tax_id)
             ON k.country = x.debtor_country AND k.tax_id = x.debtor_tax_id`
      : '',
    where: `
     AND x.request_id IS DISTINCT FROM $5::uuid
     AND ($8::uuid IS NULL OR x.seller_id = $8::uuid)`,
  },
  `
     AND ($6::text[] IS NULL OR (d.country, d.tax_id) IN (SELECT * FROM unnest($6::text[], $7::text[])))
     AND ($8::uuid IS NULL OR i.seller_id = $8::uuid)`,
)}
)`;

/**
 * The service's own name of a limit's debtor, only where the funder already sees the debtor
 * (the debtor of an invoice of a request routed to it now or acted on by it: a row of the
 * funder's invoice visibility, migration 0059, kept by the writes that route and act): a limit
 * alone never names another funder's debtor. One probe per limit line by key (the debtor by its
 * unique key on the plane, then the funder's visibility by debtor), so a page costs its lines,
 * not every invoice the funder sees.
 */
export const SEEN_NAME = `LEFT JOIN LATERAL (
    SELECT d.name FROM debtors_read d
     WHERE d.plane = $2 AND d.country = l.debtor_country AND d.tax_id = l.debtor_tax_id
       AND EXISTS (SELECT 1 FROM funder_invoice_visibility_read v
                    WHERE v.funder_id = $1 AND v.plane = $2 AND v.debtor_id = d.id AND v.request_id IS NOT NULL)
  ) d ON l.id IS NOT NULL AND e.debtor_name IS NULL`;

/** The per-book aggregate columns, the same for debtors and sellers. */
const AGGREGATES = `
  sum(remaining_cents) FILTER (WHERE stage = 'outstanding') AS outstanding,
  sum(amount * 100) FILTER (WHERE stage = 'committed') AS committed,
  sum(amount * 100) FILTER (WHERE stage = 'offered') AS offered,
  count(*) FILTER (WHERE overdue) AS overdue_count,
  min(due_date) FILTER (WHERE overdue) AS oldest_overdue,
  coalesce(bool_or(overdue AND marked_paid), false) AS frozen,
  jsonb_agg(jsonb_build_object(
      'invoice_id', invoice_id, 'invoice_number', number, 'request_id', request_id,
      'request_ref', request_ref, 'debtor_country', debtor_country, 'debtor_tax_id', debtor_tax_id,
      'amount_cents', (amount * 100)::bigint::text, 'outstanding_cents', remaining_cents::bigint::text,
      'due_date', due_date, 'seller_marked_paid_at', seller_marked_paid_at, 'past_due', overdue)
    ORDER BY due_date NULLS LAST, number, invoice_id) FILTER (WHERE marked_paid) AS seller_marked_paid`;

/**
 * The debtor book's figures per debtor, summed over the statement's book lines (`lines_out`), of
 * the debtors something still counts on: an amount outstanding, or a line committed or offered.
 */
export const DEBTOR_EXPOSURE = `
  SELECT debtor_country, debtor_tax_id, max(debtor_name) AS debtor_name, ${AGGREGATES}
    FROM lines_out
   GROUP BY debtor_country, debtor_tax_id
  HAVING coalesce(sum(remaining_cents) FILTER (WHERE stage = 'outstanding'), 0) > 0
      OR count(*) FILTER (WHERE stage IN ('committed', 'offered')) > 0`;

export interface MarkedPaidLine {
  invoice_id: string;
  invoice_number: string;
  request_id: string;
  request_ref: string;
  debtor_country: string;
  debtor_tax_id: string;
  amount_cents: string;
  outstanding_cents: string;
  due_date: string | null;
  seller_marked_paid_at: string;
  past_due: boolean;
}

/** Exposure figures in cents as text (exact), straight from SQL. */
export interface ExposureFigures {
  outstanding: string;
  committed: string;
  offered: string;
  overdue_count: number;
  oldest_overdue: string | null;
  frozen: boolean;
  seller_marked_paid: MarkedPaidLine[];
}

/** The caller's scope, with the instant and date the book is read at. */
export interface BookScope extends FunderScope {
  /** Offers expiring at or before this instant no longer count. */
  now: Date;
  /** The Madrid date of `now`: invoices due before it are past due. */
  today: string;
  /** A request left out of the book (the one an offer is being made on). */
  excludeRequestId?: string | null;
}

const bookParams = (
  scope: BookScope,
  debtors: readonly { country: string; tax_id: string }[] | null,
  sellerId: string | null,
) => [
  scope.funderId,
  scope.plane,
  scope.now,
  scope.today,
  scope.excludeRequestId ?? null,
  debtors ? debtors.map((d) => d.country) : null,
  debtors ? debtors.map((d) => d.tax_id) : null,
  sellerId,
];

const FIGURES = `
  coalesce(e.outstanding, 0)::bigint::text AS outstanding,
  coalesce(e.committed, 0)::bigint::text AS committed,
  coalesce(e.offered, 0)::bigint::text AS offered,
  coalesce(e.overdue_count, 0)::int AS overdue_count,
  e.oldest_overdue,
  coalesce(e.frozen, false) AS frozen,
  coalesce(e.seller_marked_paid, '[]'::jsonb) AS seller_marked_paid`;

/**
 * A debtor line's name, limit and figures, from its limit (`l`), its exposure (`e`) and the
 * service's name where the funder sees the debtor (`d`, SEEN_NAME).
 */
export const DEBTOR_LINE = `coalesce(e.debtor_name, d.name, l.debtor_name) AS debtor_name,
       l.id AS limit_id, l.amount::text AS limit_amount, l.status AS limit_status,
       l.source AS limit_source, l.source_ref AS limit_source_ref, l.note, l.decided_at,
       ${FIGURES}`;

/** The limit a book row carries: every column null where the party has exposure but no limit. */
interface BookLimitColumns {
  limit_id: string | null;
  limit_amount: string | null;
  limit_status: 'active' | 'refused' | 'suspended' | null;
  limit_source: 'manual' | 'api' | 'import' | 'insurer' | null;
  limit_source_ref: string | null;
  note: string | null;
  decided_at: Date | null;
}

/** A page of a book: up to `limit` lines (null: all) after `after` (null: from the first). */
export interface BookPage {
  limit: number | null;
  after: KeyPosition | null;
}

/** The debtor book's order: by country, then tax id, byte by byte. */
export const DEBTOR_BOOK_ORDER = defineKeyset('credit-limits', [
  { sql: 'debtor_country COLLATE "C"', type: 'text' },
  { sql: 'debtor_tax_id COLLATE "C"', type: 'text' },
]);

/** The seller book's order: by name, byte by byte, then id. */
export const SELLER_BOOK_ORDER = defineKeyset('seller-limits', [
  { sql: 'seller_name COLLATE "C"', type: 'text' },
  { sql: 'seller_id', type: 'uuid' },
]);

/**
 * A book's statement read as a page: its lines (the statement's own answer, in the book's
 * order) after the page's position, up to its limit, each with its key. The book's parameters
 * are `$1` to `$8`; the page's follow. Without a page the statement is read as it is.
 */
function pagedBook(order: Keyset, page: BookPage | null) {
  if (page === null) return { wrap: (sql: string) => sql, params: [] as unknown[] };
  const after = keysetAfter(order, page.after, 10);
  return {
    wrap: (sql: string) =>
      `SELECT book.*, ${keysetKey(order)} FROM (${sql}) book
        WHERE true${after.sql} ORDER BY ${keysetOrder(order)} LIMIT $9`,
    params: [page.limit, ...after.params] as unknown[],
  };
}

export interface DebtorBookRow extends ExposureFigures, BookLimitColumns {
  debtor_country: string;
  debtor_tax_id: string;
  debtor_name: string | null;
}

/**
 * The debtor book: every debtor with a limit of the funder or with exposure, with the limit and
 * the figures. With `debtors`, only those debtors (their exposure still spreads payments over
 * every invoice of their requests). A page of a given length is read by `debtorBookPage`
 * (limits.book-page.store.ts); this statement reads the whole book, or what follows a position.
 */
export async function debtorBook(
  q: Queryable,
  scope: BookScope,
  debtors: readonly { country: string; tax_id: string }[] | null = null,
  page: BookPage | null = null,
): Promise<(DebtorBookRow & Partial<KeyedRow>)[]> {
  const { rows } = await q.query<DebtorBookRow & Partial<KeyedRow>>(
    pagedBook(DEBTOR_BOOK_ORDER, page).wrap(`${bookSql(debtors !== null)},
exposure AS (${DEBTOR_EXPOSURE}
),
limits AS (
  SELECT * FROM credit_limits
   WHERE funder_id = $1 AND plane = $2
     AND ($6::text[] IS NULL OR (debtor_country, debtor_tax_id) IN (SELECT * FROM unnest($6::text[], $7::text[])))
)
SELECT coalesce(l.debtor_country, e.debtor_country) AS debtor_country,
       coalesce(l.debtor_tax_id, e.debtor_tax_id) AS debtor_tax_id,
       ${DEBTOR_LINE}
  FROM limits l
  FULL JOIN exposure e ON e.debtor_country = l.debtor_country AND e.debtor_tax_id = l.debtor_tax_id
  ${SEEN_NAME}
 ORDER BY coalesce(l.debtor_country, e.debtor_country) COLLATE "C",
          coalesce(l.debtor_tax_id, e.debtor_tax_id) COLLATE "C"`),
    [...bookParams(scope, debtors, null), ...pagedBook(DEBTOR_BOOK_ORDER, page).params],
  );
  return rows;
}

export interface SellerBookRow extends ExposureFigures, BookLimitColumns {
  seller_id: string;
  seller_name: string;
  seller_nif: string;
  seller_country: string;
}

/**
 * The seller book: every seller with a request routed to the funder or acted on by it, or with a
 * limit of the funder, with the limit and the figures. With `sellerId`, that seller only.
 */
export async function sellerBook(
  q: Queryable,
  scope: BookScope,
  sellerId: string | null = null,
  page: BookPage | null = null,
): Promise<(SellerBookRow & Partial<KeyedRow>)[]> {
  const { rows } = await q.query<SellerBookRow & Partial<KeyedRow>>(
    pagedBook(SELLER_BOOK_ORDER, page).wrap(`${bookSql(false)},
exposure AS (
  -- an early payment is the buyer's debt, not the supplier's: it stays out of the seller book
  SELECT seller_id, ${AGGREGATES} FROM lines_out WHERE kind = 'request' GROUP BY seller_id
),
limits AS (
  SELECT * FROM seller_limits
   WHERE funder_id = $1 AND plane = $2 AND ($8::uuid IS NULL OR seller_id = $8::uuid)
),
listed AS (
  SELECT r.seller_id FROM funding_requests_read r
   WHERE r.plane = $2 AND ($8::uuid IS NULL OR r.seller_id = $8::uuid)
     AND ${visibleToFunder('r', '$1')}
  UNION
  SELECT seller_id FROM limits
)
SELECT s.id AS seller_id, s.name AS seller_name, s.tax_id AS seller_nif, s.country AS seller_country,
       l.id AS limit_id, l.amount::text AS limit_amount, l.status AS limit_status,
       l.source AS limit_source, l.source_ref AS limit_source_ref, l.note, l.decided_at,
       ${FIGURES}
  FROM listed x JOIN sellers_read s ON s.id = x.seller_id AND s.plane = $2
  LEFT JOIN limits l ON l.seller_id = s.id
  LEFT JOIN exposure e ON e.seller_id = s.id
 ORDER BY s.name COLLATE "C", s.id`),
    [...bookParams(scope, null, sellerId), ...pagedBook(SELLER_BOOK_ORDER, page).params],
  );
  return rows;
}

/**
 * The first instant after `now` at which one of the funder's pending offers expires, when its
 * books stop counting it as offered; null when none is pending.
 */
const NEXT_OFFER_EXPIRY = namedStatement<{ at: Date | null }>()({
  name: 'limits.next-offer-expiry',
  columns: ['at'],
  sql: `SELECT min(expires_at) AS at FROM offers_read
         WHERE funder_id = $1 AND plane = $2 AND status = 'pending' AND expires_at > $3`,
});

export async function nextOfferExpiry(q: Queryable, scope: FunderScope, now: Date): Promise<Date | null> {
  const [row] = await scopedStatement(q, scope, NEXT_OFFER_EXPIRY, [now]);
  return row?.at ?? null;
}
