import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { namedStatement, runStatement } from '../../platform/db/statements.ts';

// What the seller score reads and keeps

export interface SellerInvoiceHistory {
  invoices: number;
  active_months: number;
  first_invoice: string | null;
}

const SELLER_INVOICE_HISTORY_SCOPED = namedStatement<SellerInvoiceHistory & { plane: Plane | null }>()({
  name: 'seller_invoice_history_scoped',
  columns: ['invoices', 'active_months', 'first_invoice', 'plane'],
  sql: `SELECT h.invoices, h.active_months, h.first_invoice, funder_api_plane() AS plane
         FROM seller_invoice_history($1::uuid, $2::date, $3::date) h`,
});

/**
 * The seller's invoices issued in the window (from, to], both YYYY-MM-DD, all of its plane's
 * whoever finances them. A funder's call (a scope) reads them through
 * `seller_invoice_history()` (migration 0048), which answers only counts and dates, and only for
 * the seller of a request the caller can see: null otherwise. The operations team reads them
 * directly.
 */
export async function sellerInvoiceHistory(
  q: Queryable,
  scope: FunderScope | null,
  sellerId: string,
  window: { from: string; to: string },
): Promise<SellerInvoiceHistory | null> {
  if (scope) {
    const { rows } = await runStatement(q, SELLER_INVOICE_HISTORY_SCOPED, [sellerId, window.from, window.to]);
    const row = rows[0];
    // The function takes the plane from the transaction; it must be the scope's.
    if (!row || row.plane !== scope.plane) return null;
    return { invoices: row.invoices, active_months: row.active_months, first_invoice: row.first_invoice };
  }
  const { rows } = await q.query<SellerInvoiceHistory>(
    `SELECT count(*)::int AS invoices,
            count(DISTINCT date_trunc('month', issue_date))::int AS active_months,
            min(issue_date)::text AS first_invoice
       FROM invoices
      WHERE seller_id = $1 AND issue_date > $2::date AND issue_date <= $3::date`,
    [sellerId, window.from, window.to],
  );
  return rows[0]!;
}

const SELLER_DISPUTES_SINCE = namedStatement<{ disputes: number; open_disputes: number }>()({
  name: 'seller_disputes_since',
  columns: ['disputes', 'open_disputes'],
  sql: `SELECT count(*)::int AS disputes,
            (count(*) FILTER (WHERE d.status = 'open'))::int AS open_disputes
       FROM disputes_read d
      WHERE d.id = ANY(ARRAY(
              SELECT x.id FROM disputes_read x
               WHERE x.request_id = ANY(ARRAY(SELECT r.id FROM funding_requests_read r WHERE r.seller_id = $1))
              UNION
              SELECT x.id FROM disputes_read x
               WHERE x.invoice_id = ANY(ARRAY(SELECT i.id FROM invoices i WHERE i.seller_id = $1))))
        AND (d.raised_at >= $2 OR d.status = 'open')`,
});

/**
 * Disputes on the seller's requests or invoices: those raised since `since`, plus any still
 * open whenever it was raised. The disputes are found by key from the seller's requests and
 * invoices (`= ANY(ARRAY(...))`): written with `OR` and `IN`, every dispute of the plane was
 * scanned and, under a funder's role, its policy turned into a read of all the funder's visible
 * requests (a sequential scan of the plane's requests), about 110 ms of the packet on the
 * benchmark volume against about 1 ms (bench/README.md).
 */
export async function sellerDisputes(
  q: Queryable,
  sellerId: string,
  since: Date,
): Promise<{ disputes: number; open_disputes: number }> {
  const { rows } = await runStatement(q, SELLER_DISPUTES_SINCE, [sellerId, since]);
  return rows[0]!;
}

export interface SellerScoreRow {
  id: string;
  seller_id: string;
  score: number;
  grade: string;
  dimensions: unknown;
  model_version: string;
  computed_at: Date;
}

const LATEST_SELLER_SCORE = namedStatement<SellerScoreRow>()({
  name: 'seller_latest_score',
  columns: ['id', 'seller_id', 'score', 'grade', 'dimensions', 'model_version', 'computed_at'],
  sql: `SELECT id, seller_id, score, grade, dimensions, model_version, computed_at
       FROM seller_scores WHERE seller_id = $1 ORDER BY computed_at DESC, id DESC LIMIT 1`,
});

export async function latestSellerScore(q: Queryable, sellerId: string): Promise<SellerScoreRow | null> {
  const { rows } = await runStatement(q, LATEST_SELLER_SCORE, [sellerId]);
  return rows[0] ?? null;
}

export async function insertSellerScore(q: Queryable, row: SellerScoreRow): Promise<void> {
  await q.query(
    `INSERT INTO seller_scores (id, seller_id, score, grade, dimensions, model_version, computed_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [
      row.id,
      row.seller_id,
      row.score,
      row.grade,
      JSON.stringify(row.dimensions),
      row.model_version,
      row.computed_at,
    ],
  );
}

/**
 * Sellers with a request in one of `statuses` and no score computed since `since`, after the
 * seller `after` (ids in order), at most `limit`: the daily scoring's next batch.
 */
export async function sellersToScoreForOps(
  q: Queryable,
  statuses: readonly string[],
  since: Date,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const { rows } = await q.query<{ seller_id: string }>(
    `SELECT DISTINCT r.seller_id FROM funding_requests_read r
      WHERE r.status = ANY($1::text[]) AND ($3::uuid IS NULL OR r.seller_id > $3::uuid)
        AND NOT EXISTS (SELECT 1 FROM seller_scores sc WHERE sc.seller_id = r.seller_id AND sc.computed_at >= $2)
      ORDER BY r.seller_id LIMIT $4`,
    [statuses, since, after, limit],
  );
  return rows.map((row) => row.seller_id);
}

/** The score `id` computed again with the same outcome: only its time moves. */
export async function touchSellerScore(q: Queryable, id: string, computedAt: Date): Promise<void> {
  await q.query('UPDATE seller_scores SET computed_at = $2 WHERE id = $1', [id, computedAt]);
}
