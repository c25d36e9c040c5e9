import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, lockClause, scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import { namedStatement, runStatement } from '../../platform/db/statements.ts';
import { visibleToFunder } from '../requests/requests.module.ts';

export type LimitStatus = 'active' | 'refused' | 'suspended';
export type LimitSource = 'manual' | 'api' | 'import' | 'insurer';

export interface DebtorLimitRow {
  id: string;
  funder_id: string;
  plane: Plane;
  debtor_country: string;
  debtor_tax_id: string;
  debtor_name: string | null;
  amount: string | null;
  status: LimitStatus;
  source: LimitSource;
  source_ref: string | null;
  note: string | null;
  decided_at: Date;
  decided_by: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

export interface SellerLimitRow
  extends Omit<DebtorLimitRow, 'debtor_country' | 'debtor_tax_id' | 'debtor_name'> {
  seller_id: string;
}

/**
 * Limit writes of one funder on one plane run one after the other, so the history's "from"
 * values are always the ones replaced. Offers do not take this lock: they lock limit rows.
 */
export async function lockFunderLimits(q: Queryable, scope: FunderScope): Promise<void> {
  await scopedRows(
    q,
    scope,
    `SELECT pg_advisory_xact_lock(hashtextextended('credit_limits:' || $1 || ':' || $2, 0))`,
  );
}

// The named statements below write their columns out, in the table's order: PostgreSQL refuses
// a named statement asking for `*` once a migration added a column.

const debtorLimits = (lock: boolean) =>
  namedStatement<DebtorLimitRow>()({
    name: lock ? 'credit_limits_of_debtors_locked' : 'credit_limits_of_debtors',
    columns: [
      'id',
      'funder_id',
      'plane',
      'debtor_country',
      'debtor_tax_id',
      'debtor_name',
      'amount',
      'status',
      'source',
      'source_ref',
      'note',
      'decided_at',
      'decided_by',
      'created_at',
      'updated_at',
    ],
    sql: `SELECT id, funder_id, plane, debtor_country, debtor_tax_id, debtor_name, amount, status, source, source_ref,
            note, decided_at, decided_by, created_at, updated_at
       FROM credit_limits
      WHERE funder_id = $1 AND plane = $2
        AND (debtor_country, debtor_tax_id) IN (SELECT u.country, u.tax_id FROM unnest($3::text[], $4::text[]) AS u(country, tax_id))
      ORDER BY debtor_country COLLATE "C", debtor_tax_id COLLATE "C"${lockClause(lock)}`,
  });
const DEBTOR_LIMITS = debtorLimits(false);
const DEBTOR_LIMITS_LOCKED = debtorLimits(true);

/** The funder's limits on these debtors, locked, in debtor-key order. */
export async function findDebtorLimits(
  q: Queryable,
  scope: FunderScope,
  debtors: readonly { country: string; tax_id: string }[],
  options: LockOption = {},
): Promise<DebtorLimitRow[]> {
  if (debtors.length === 0) return [];
  const { rows } = await runStatement(q, options.lock ? DEBTOR_LIMITS_LOCKED : DEBTOR_LIMITS, [
    scope.funderId,
    scope.plane,
    debtors.map((d) => d.country),
    debtors.map((d) => d.tax_id),
  ]);
  return rows;
}

/**
 * For tax ids sent without a country: the countries each is known in on the plane, among the
 * debtors the funder already sees (on an invoice of a request visible to it) and the funder's
 * own limits. Another funder's debtor is not looked at: the answer must not tell whether the
 * service knows a tax id (docs/security.md).
 */
export async function countriesOfTaxIds(
  q: Queryable,
  scope: FunderScope,
  taxIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (taxIds.length === 0) return new Map();
  const rows = await scopedRows<{ tax_id: string; countries: string[] }>(
    q,
    scope,
    `SELECT tax_id, array_agg(DISTINCT country ORDER BY country) AS countries FROM (
       SELECT d.tax_id, d.country FROM debtors_read d
        WHERE d.plane = $2 AND d.tax_id = ANY($3::text[])
          AND EXISTS (SELECT 1 FROM invoices_read i JOIN request_invoices_read ri ON ri.invoice_id = i.id
                        JOIN funding_requests_read r ON r.id = ri.request_id
                       WHERE i.debtor_id = d.id AND r.plane = $2 AND ${visibleToFunder('r', '$1')})
       UNION
       SELECT debtor_tax_id, debtor_country FROM credit_limits
        WHERE funder_id = $1 AND plane = $2 AND debtor_tax_id = ANY($3::text[])
     ) known GROUP BY tax_id`,
    [[...new Set(taxIds)]],
  );
  return new Map(rows.map((row) => [row.tax_id, row.countries]));
}

export interface DebtorLimitWrite {
  id: string;
  country: string;
  taxId: string;
  /** Null keeps the name on record. */
  name: string | null;
  amount: string | null;
  status: LimitStatus;
  note: string | null;
  /** The limit on record before, null for a new one. */
  from: { amount: string | null; status: LimitStatus; note: string | null } | null;
  /** False for a row that only renames the debtor: no history, decided_at kept. */
  changed: boolean;
}

/**
 * Writes many debtor limits and their history in one statement, whatever their count: the rows
 * travel as arrays and are upserted from `unnest`. A limit whose amount, status, note, source
 * and reference are those on record keeps its decided_at and decided_by.
 */
export async function writeDebtorLimits(
  q: Queryable,
  target: FunderScope & { source: LimitSource; sourceRef: string | null },
  rows: readonly DebtorLimitWrite[],
  actor: Record<string, string>,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await scopedCount(
    q,
    target,
    `WITH input AS (
       SELECT * FROM unnest($7::uuid[], $8::text[], $9::text[], $10::text[], $11::numeric[], $12::text[],
                            $13::text[], $14::boolean[], $15::numeric[], $16::text[], $17::text[])
         AS t(id, country, tax_id, name, amount, status, note, changed, from_amount, from_status, from_note)
     ),
     written AS (
       INSERT INTO credit_limits (id, funder_id, plane, debtor_country, debtor_tax_id, debtor_name, amount, status,
                                  source, source_ref, note, decided_at, decided_by, created_at, updated_at)
       SELECT id, $1::uuid, $2::text, country, tax_id, name, amount, status, $3::text, $4::text, note,
              $5::timestamptz, $6::jsonb, $5::timestamptz, $5::timestamptz
         FROM input
       ON CONFLICT (funder_id, plane, debtor_country, debtor_tax_id) DO UPDATE
         SET debtor_name = coalesce(EXCLUDED.debtor_name, credit_limits.debtor_name),
             amount = EXCLUDED.amount, status = EXCLUDED.status, source = EXCLUDED.source,
             source_ref = EXCLUDED.source_ref, note = EXCLUDED.note,
             decided_at = CASE WHEN (credit_limits.amount, credit_limits.status, credit_limits.note,
                                     credit_limits.source, credit_limits.source_ref)
                                    IS NOT DISTINCT FROM (EXCLUDED.amount, EXCLUDED.status, EXCLUDED.note,
                                                          EXCLUDED.source, EXCLUDED.source_ref)
                               THEN credit_limits.decided_at ELSE EXCLUDED.decided_at END,
             decided_by = CASE WHEN (credit_limits.amount, credit_limits.status, credit_limits.note,
                                     credit_limits.source, credit_limits.source_ref)
                                    IS NOT DISTINCT FROM (EXCLUDED.amount, EXCLUDED.status, EXCLUDED.note,
                                                          EXCLUDED.source, EXCLUDED.source_ref)
                               THEN credit_limits.decided_by ELSE EXCLUDED.decided_by END,
             updated_at = EXCLUDED.updated_at
       RETURNING id
     )
     INSERT INTO credit_limit_history (limit_id, funder_id, plane, debtor_country, debtor_tax_id, from_amount,
                                       from_status, from_note, to_amount, to_status, to_note, source, source_ref,
                                       actor, changed_at)
     SELECT i.id, $1::uuid, $2::text, i.country, i.tax_id, i.from_amount, i.from_status, i.from_note, i.amount,
            i.status, i.note, $3::text, $4::text, $6::jsonb, $5::timestamptz
       FROM input i JOIN written w ON w.id = i.id
      WHERE i.changed`,
    [
      target.source,
      target.sourceRef,
      at,
      JSON.stringify(actor),
      rows.map((r) => r.id),
      rows.map((r) => r.country),
      rows.map((r) => r.taxId),
      rows.map((r) => r.name),
      rows.map((r) => r.amount),
      rows.map((r) => r.status),
      rows.map((r) => r.note),
      rows.map((r) => r.changed),
      rows.map((r) => r.from?.amount ?? null),
      rows.map((r) => r.from?.status ?? null),
      rows.map((r) => r.from?.note ?? null),
    ],
  );
}

/** Appends one change of a seller limit to its history. */
export async function insertSellerHistory(
  q: Queryable,
  scope: FunderScope,
  entry: {
    limit: SellerLimitRow;
    from: { amount: string | null; status: LimitStatus; note: string | null } | null;
  },
  actor: Record<string, string>,
  at: Date,
): Promise<void> {
  const { limit, from } = entry;
  await scopedCount(
    q,
    scope,
    `INSERT INTO seller_limit_history (limit_id, funder_id, plane, seller_id, from_amount, from_status, from_note,
                                       to_amount, to_status, to_note, source, source_ref, actor, changed_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      limit.id,
      limit.seller_id,
      from?.amount ?? null,
      from?.status ?? null,
      from?.note ?? null,
      limit.amount,
      limit.status,
      limit.note,
      limit.source,
      limit.source_ref,
      JSON.stringify(actor),
      at,
    ],
  );
}

const sellerLimit = (lock: boolean) =>
  namedStatement<SellerLimitRow>()({
    name: lock ? 'seller_limit_locked' : 'seller_limit',
    columns: [
      'id',
      'funder_id',
      'plane',
      'seller_id',
      'amount',
      'status',
      'source',
      'source_ref',
      'note',
      'decided_at',
      'decided_by',
      'created_at',
      'updated_at',
    ],
    sql: `SELECT id, funder_id, plane, seller_id, amount, status, source, source_ref, note, decided_at, decided_by,
            created_at, updated_at
       FROM seller_limits
      WHERE funder_id = $1 AND plane = $2 AND seller_id = $3${lockClause(lock)}`,
  });
const SELLER_LIMIT = sellerLimit(false);
const SELLER_LIMIT_LOCKED = sellerLimit(true);

export async function findSellerLimit(
  q: Queryable,
  scope: FunderScope,
  sellerId: string,
  options: LockOption = {},
): Promise<SellerLimitRow | null> {
  const { rows } = await runStatement(q, options.lock ? SELLER_LIMIT_LOCKED : SELLER_LIMIT, [
    scope.funderId,
    scope.plane,
    sellerId,
  ]);
  return rows[0] ?? null;
}

export async function upsertSellerLimit(
  q: Queryable,
  scope: FunderScope,
  row: {
    id: string;
    sellerId: string;
    amount: string | null;
    status: LimitStatus;
    source: LimitSource;
    note: string | null;
    decidedBy: Record<string, string>;
  },
  at: Date,
): Promise<SellerLimitRow> {
  const written = await scopedRow<SellerLimitRow>(
    q,
    scope,
    `INSERT INTO seller_limits (id, funder_id, plane, seller_id, amount, status, source, source_ref, note,
                                decided_at, decided_by, created_at, updated_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, NULL, $8, $9, $10, $9, $9)
     ON CONFLICT (funder_id, plane, seller_id) DO UPDATE
       SET amount = EXCLUDED.amount, status = EXCLUDED.status, source = EXCLUDED.source, source_ref = NULL,
           note = EXCLUDED.note, decided_at = EXCLUDED.decided_at, decided_by = EXCLUDED.decided_by,
           updated_at = EXCLUDED.updated_at
     RETURNING *`,
    [row.id, row.sellerId, row.amount, row.status, row.source, row.note, at, JSON.stringify(row.decidedBy)],
  );
  return written!;
}

/** A seller the funder can see: a request of it routed to the funder or acted on by it. */
export async function sellerVisible(q: Queryable, scope: FunderScope, sellerId: string): Promise<boolean> {
  const rows = await scopedRows(
    q,
    scope,
    `SELECT 1 FROM funding_requests_read r
      WHERE r.seller_id = $3 AND r.plane = $2
        AND ${visibleToFunder('r', '$1')}
     UNION ALL
     SELECT 1 FROM seller_limits WHERE funder_id = $1 AND plane = $2 AND seller_id = $3
     LIMIT 1`,
    [sellerId],
  );
  return rows.length > 0;
}
