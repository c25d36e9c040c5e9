import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { planeRowsById, type TableColumns } from '../../platform/db/scoped.ts';

export type VerificationStatus = 'pending' | 'approved' | 'rejected' | 'lapsed';
export type InvoiceSource = 'erp' | 'e_invoice' | 'saft' | 'upload';

export interface SellerRow {
  id: string;
  plane: Plane;
  name: string;
  tax_id: string;
  country: string;
  verification_status: VerificationStatus;
  /** YYYY-MM-DD (both adapters return dates as text). */
  founded_on: string | null;
  /** numeric(18,2) as text. */
  annual_revenue: string | null;
  employees: number | null;
  sector: string | null;
  email: string | null;
  created_at: Date;
}

export interface DebtorRow {
  id: string;
  plane: Plane;
  name: string;
  tax_id: string;
  country: string;
  is_public_body: boolean;
  created_at: Date;
}

export interface InvoiceRow {
  id: string;
  plane: Plane;
  seller_id: string;
  debtor_id: string;
  number: string;
  amount: string;
  currency: 'EUR';
  issue_date: string;
  due_date: string | null;
  source: InvoiceSource;
  seller_marked_paid_at: Date | null;
  created_at: Date;
}

const SELLER_COLUMNS =
  'id, plane, name, tax_id, country, verification_status, founded_on, annual_revenue, employees, sector, email, created_at';
const DEBTOR_COLUMNS = 'id, plane, name, tax_id, country, is_public_body, created_at';
const INVOICE_COLUMNS =
  'id, plane, seller_id, debtor_id, number, amount, currency, issue_date, due_date, source, seller_marked_paid_at, created_at';

/** The read of a party of `from` by its country and tax id on a plane. */
function byKey<Row>(from: TableColumns) {
  return async (q: Queryable, plane: Plane, country: string, taxId: string): Promise<Row | null> => {
    const { rows } = await q.query<Row>(
      `SELECT ${from.columns} FROM ${from.table} WHERE plane = $1 AND country = $2 AND tax_id = $3`,
      [plane, country, taxId],
    );
    return rows[0] ?? null;
  };
}

const SELLERS = { table: 'sellers', columns: SELLER_COLUMNS };
const DEBTORS = { table: 'debtors', columns: DEBTOR_COLUMNS };
const INVOICES = { table: 'invoices', columns: INVOICE_COLUMNS };
const sellers = planeRowsById<SellerRow>(SELLERS);
const debtors = planeRowsById<DebtorRow>(DEBTORS);
const invoices = planeRowsById<InvoiceRow>(INVOICES);

// Sellers, debtors and invoices by id, and parties by key

export const findSeller = sellers.onPlane;
export const findSellerForOperator = sellers.forOperator;
export const findSellerByKey = byKey<SellerRow>(SELLERS);
export const findDebtor = debtors.onPlane;
export const findDebtorForOperator = debtors.forOperator;
export const findDebtorByKey = byKey<DebtorRow>(DEBTORS);
export const findInvoice = invoices.onPlane;
export const findInvoiceForOperator = invoices.forOperator;

// Sellers

/**
 * Inserts a seller unless its plane already has one with that country and tax id (the unique
 * key): null then. Two writes making the same seller at once get one row; the second waits for
 * the first to commit and answers null.
 */
export async function insertSellerIfNew(q: Queryable, row: SellerRow): Promise<SellerRow | null> {
  const { rows } = await q.query<SellerRow>(
    `INSERT INTO sellers (id, plane, name, tax_id, country, verification_status, founded_on, annual_revenue,
                          employees, sector, email, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::numeric, $9, $10, $11, $12)
     ON CONFLICT (plane, country, tax_id) DO NOTHING
     RETURNING ${SELLER_COLUMNS}`,
    [
      row.id,
      row.plane,
      row.name,
      row.tax_id,
      row.country,
      row.verification_status,
      row.founded_on,
      row.annual_revenue,
      row.employees,
      row.sector,
      row.email,
      row.created_at,
    ],
  );
  return rows[0] ?? null;
}

export async function updateSellerVerification(
  q: Queryable,
  plane: Plane,
  id: string,
  status: VerificationStatus,
): Promise<SellerRow> {
  const { rows } = await q.query<SellerRow>(
    `UPDATE sellers SET verification_status = $2 WHERE id = $1 AND plane = $3 RETURNING ${SELLER_COLUMNS}`,
    [id, status, plane],
  );
  return rows[0]!;
}

// Debtors

/** Inserts a debtor unless its plane already has one with that country and tax id: null then. */
export async function insertDebtorIfNew(q: Queryable, row: DebtorRow): Promise<DebtorRow | null> {
  const { rows } = await q.query<DebtorRow>(
    `INSERT INTO debtors (id, plane, name, tax_id, country, is_public_body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (plane, country, tax_id) DO NOTHING
     RETURNING ${DEBTOR_COLUMNS}`,
    [row.id, row.plane, row.name, row.tax_id, row.country, row.is_public_body, row.created_at],
  );
  return rows[0] ?? null;
}

// Invoices

export async function insertInvoice(
  q: Queryable,
  row: Omit<InvoiceRow, 'currency' | 'seller_marked_paid_at'>,
): Promise<InvoiceRow> {
  const { rows } = await q.query<InvoiceRow>(
    `INSERT INTO invoices (id, plane, seller_id, debtor_id, number, amount, issue_date, due_date, source, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::date, $8::date, $9, $10)
     RETURNING ${INVOICE_COLUMNS}`,
    [
      row.id,
      row.plane,
      row.seller_id,
      row.debtor_id,
      row.number,
      row.amount,
      row.issue_date,
      row.due_date,
      row.source,
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function findInvoiceByNumber(
  q: Queryable,
  plane: Plane,
  sellerId: string,
  number: string,
): Promise<InvoiceRow | null> {
  const { rows } = await q.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE seller_id = $1 AND number = $2 AND plane = $3`,
    [sellerId, number, plane],
  );
  return rows[0] ?? null;
}

export async function setInvoiceSellerPaid(
  q: Queryable,
  plane: Plane,
  id: string,
  paidAt: Date | null,
): Promise<InvoiceRow> {
  const { rows } = await q.query<InvoiceRow>(
    `UPDATE invoices SET seller_marked_paid_at = $2 WHERE id = $1 AND plane = $3 RETURNING ${INVOICE_COLUMNS}`,
    [id, paidAt, plane],
  );
  return rows[0]!;
}

// What the seller score reads

export interface SellerInvoiceHistory {
  invoices: number;
  active_months: number;
  first_invoice: string | null;
}

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
    const { rows } = await q.query<SellerInvoiceHistory & { plane: Plane | null }>(
      `SELECT h.invoices, h.active_months, h.first_invoice, funder_api_plane() AS plane
         FROM seller_invoice_history($1::uuid, $2::date, $3::date) h`,
      [sellerId, window.from, window.to],
      { name: 'seller_invoice_history_scoped' },
    );
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

/**
 * Disputes on the seller's requests or invoices: those raised since `since`, plus any still
 * open whenever it was raised. The disputes are found by key from the seller's requests and
 * invoices (`= ANY(ARRAY(...))`): written with `OR` and `IN`, every dispute of the plane was
 * scanned and, under a funder's role, its policy turned into a read of all the funder's visible
 * requests (a sequential scan of the plane's requests), about 110 ms of the packet on the
 * issue 26 volume against about 1 ms (bench/README.md).
 */
export async function sellerDisputes(
  q: Queryable,
  sellerId: string,
  since: Date,
): Promise<{ disputes: number; open_disputes: number }> {
  const { rows } = await q.query<{ disputes: number; open_disputes: number }>(
    `SELECT count(*)::int AS disputes,
            (count(*) FILTER (WHERE d.status = 'open'))::int AS open_disputes
       FROM disputes d
      WHERE d.id = ANY(ARRAY(
              SELECT x.id FROM disputes x
               WHERE x.request_id = ANY(ARRAY(SELECT r.id FROM funding_requests r WHERE r.seller_id = $1))
              UNION
              SELECT x.id FROM disputes x
               WHERE x.invoice_id = ANY(ARRAY(SELECT i.id FROM invoices i WHERE i.seller_id = $1))))
        AND (d.raised_at >= $2 OR d.status = 'open')`,
    [sellerId, since],
    { name: 'seller_disputes_since' },
  );
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

export async function latestSellerScore(q: Queryable, sellerId: string): Promise<SellerScoreRow | null> {
  const { rows } = await q.query<SellerScoreRow>(
    `SELECT id, seller_id, score, grade, dimensions, model_version, computed_at
       FROM seller_scores WHERE seller_id = $1 ORDER BY computed_at DESC, id DESC LIMIT 1`,
    [sellerId],
    { name: 'seller_latest_score' },
  );
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
    `SELECT DISTINCT r.seller_id FROM funding_requests r
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
