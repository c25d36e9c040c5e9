import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { lockClause, scopedCount, scopedRows } from '../../platform/db/scoped.ts';

/** One invoice asked about, normalised as the registry compares it. */
export interface RegistryQuestion {
  sellerCountry: string;
  sellerTaxId: string;
  debtorCountry: string;
  debtorTaxId: string;
  number: string;
  issueDate: string | null;
  /** Euros with two decimals, as text, or null when not asked. */
  amount: string | null;
}

/**
 * For each question, in order, whether the invoice is assigned on the caller's plane. The
 * database function answers on the plane of the transaction's setting only (migration 0035),
 * and returns booleans, never the rows behind them.
 */
export async function assignedAnswers(
  q: Queryable,
  questions: readonly RegistryQuestion[],
): Promise<boolean[]> {
  const { rows } = await q.query<{ ord: number; assigned: boolean }>(
    `SELECT ord, assigned
       FROM registry_assigned($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[], $7::numeric[])`,
    [
      questions.map((x) => x.sellerCountry),
      questions.map((x) => x.sellerTaxId),
      questions.map((x) => x.debtorCountry),
      questions.map((x) => x.debtorTaxId),
      questions.map((x) => x.number),
      questions.map((x) => x.issueDate),
      questions.map((x) => x.amount),
    ],
  );
  const answers = new Array<boolean>(questions.length).fill(false);
  for (const row of rows) answers[row.ord - 1] = row.assigned;
  return answers;
}

export interface RegistryPlaneRow {
  plane: Plane;
  open: boolean;
  reason: string | null;
  changed_at: Date;
}

/** Whether the registry of the caller's plane was opened by the operations team (null: never set). */
export async function planeState(q: Queryable, scope: FunderScope): Promise<RegistryPlaneRow | null> {
  const { rows } = await q.query<RegistryPlaneRow>('SELECT * FROM registry_planes WHERE plane = $1', [
    scope.plane,
  ]);
  return rows[0] ?? null;
}

export async function planeStateForOps(q: Queryable, plane: Plane, lock = false) {
  const { rows } = await q.query<RegistryPlaneRow>(
    `SELECT * FROM registry_planes WHERE plane = $1${lockClause(lock)}`,
    [plane],
  );
  return rows[0] ?? null;
}

/** Opens or closes a plane's registry; answers the row as it now stands. */
export async function setPlaneStateForOps(
  q: Queryable,
  plane: Plane,
  open: boolean,
  reason: string,
  at: Date,
): Promise<RegistryPlaneRow> {
  const { rows } = await q.query<RegistryPlaneRow>(
    `INSERT INTO registry_planes (plane, open, reason, changed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (plane) DO UPDATE SET open = excluded.open, reason = excluded.reason,
                                       changed_at = excluded.changed_at
     RETURNING *`,
    [plane, open, reason, at],
  );
  return rows[0]!;
}

export async function insertLookup(
  q: Queryable,
  scope: FunderScope,
  lookup: { id: string; keyId: string; invoices: number; assigned: number; querySha256: string; at: Date },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO registry_lookups (id, funder_id, plane, key_id, invoices, assigned, query_sha256, looked_up_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, $8)`,
    [lookup.id, lookup.keyId, lookup.invoices, lookup.assigned, lookup.querySha256, lookup.at],
  );
}

export interface LookupCounts {
  lookups: number;
  invoices: number;
  assigned: number;
  last_lookup_at: Date | null;
}

const COUNTS = `count(*)::int AS lookups, coalesce(sum(invoices), 0)::int AS invoices,
                coalesce(sum(assigned), 0)::int AS assigned, max(looked_up_at) AS last_lookup_at`;

/** The caller's own look-ups: all of them, and those since an instant. */
export async function lookupCounts(
  q: Queryable,
  scope: FunderScope,
  since: Date,
): Promise<{ total: LookupCounts; recent: LookupCounts }> {
  const rows = await scopedRows<LookupCounts & { recent: boolean }>(
    q,
    scope,
    `SELECT ${COUNTS}, false AS recent FROM registry_lookups WHERE funder_id = $1 AND plane = $2
     UNION ALL
     SELECT ${COUNTS}, true AS recent FROM registry_lookups
      WHERE funder_id = $1 AND plane = $2 AND looked_up_at >= $3`,
    [since],
  );
  return { total: rows.find((r) => !r.recent)!, recent: rows.find((r) => r.recent)! };
}

/** Look-ups per funder on a plane, for the operations team. */
export async function lookupCountsByFunderForOps(q: Queryable, plane: Plane) {
  const { rows } = await q.query<LookupCounts & { funder_id: string }>(
    `SELECT funder_id, ${COUNTS} FROM registry_lookups WHERE plane = $1
      GROUP BY funder_id ORDER BY funder_id`,
    [plane],
  );
  return rows;
}
