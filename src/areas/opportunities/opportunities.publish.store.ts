import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { CLIENTS, PREVIEW, SHARED } from './opportunities.tables.store.ts';

/** The morning's publication of a night's runs as digests (shared, or a sandbox key's preview). */

export interface DigestRow {
  id: string;
  funder_id: string;
  plane: Plane;
  digest_date: string;
  run_id: string | null;
  stale: boolean;
  snapshot_at: Date | null;
  clients_sharing: number;
  clients_not_sharing: number;
  eligible_count: number;
  eligible_total: string;
  new_count: number;
  new_total: string;
  changes_paid: number;
  changes_disputed: number;
  changes_no_longer_eligible: number;
  line_count: number;
  published_at: Date;
  /** Set on a sandbox key's preview digest (null or absent on a shared one). */
  sandbox_key_id?: string | null;
}

/**
 * Publishes the date's digest of every run of that night, once (unique per funder, plane, date):
 * a completed run gives its figures and lines; a run that did not complete gives a stale digest,
 * with the last completed run's snapshot figures and no lines. Answers the digests made now.
 * With `keyId` (and its owner), the same for that sandbox key's preview run of the date, once per
 * key: its digest is the key's alone, and the shared runs and digests are left as they are.
 */
export async function publishForOps(
  q: Queryable,
  date: string,
  now: Date,
  ids: () => string,
  owner: { funderId: string; plane: Plane } | null = null,
  keyId: string | null = null,
): Promise<DigestRow[]> {
  const t = keyId ? PREVIEW : SHARED;
  const ofOwner = keyId
    ? 'r.funder_id = $3::uuid AND r.plane = $4::text AND r.sandbox_key_id = $5::uuid'
    : `($3::uuid IS NULL OR (r.funder_id = $3::uuid AND r.plane = $4::text))`;
  const ownerParams = keyId
    ? [owner!.funderId, owner!.plane, keyId]
    : [owner?.funderId ?? null, owner?.plane ?? null];
  await q.query(
    `UPDATE ${t.runs} r SET status = 'abandoned', updated_at = $2
      WHERE r.run_date = $1 AND r.status IN ('pending', 'snapshotted') AND ${ofOwner}`,
    [date, now, ...ownerParams],
  );
  const { rows: runs } = await q.query<{ id: string }>(
    `SELECT r.id FROM ${t.runs} r
      WHERE r.run_date = $1 AND ${ofOwner} AND $2::timestamptz IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM ${t.digests} d WHERE d.funder_id = r.funder_id AND d.plane = r.plane AND d.digest_date = $1${t.sameOwner})
      ORDER BY r.id`,
    [date, now, ...ownerParams],
  );
  if (runs.length === 0) return [];
  const { rows } = await q.query<DigestRow>(
    `INSERT INTO ${t.digests} (id, funder_id, plane, digest_date, run_id, stale, snapshot_at,
       clients_sharing, clients_not_sharing, eligible_count, eligible_total, new_count, new_total,
       changes_paid, changes_disputed, changes_no_longer_eligible, line_count, published_at${t.keyColumn})
     SELECT u.digest_id, r.funder_id, r.plane, r.run_date, r.id, r.status <> 'completed',
            CASE WHEN r.status = 'completed' THEN r.snapshot_at ELSE last.snapshot_at END,
            coalesce(r.clients_sharing, cl.sharing, 0), coalesce(r.clients_not_sharing, cl.not_sharing, 0),
            CASE WHEN r.status = 'completed' THEN r.eligible_count ELSE coalesce(last.eligible_count, 0) END,
            CASE WHEN r.status = 'completed' THEN r.eligible_total ELSE coalesce(last.eligible_total, 0) END,
            coalesce(l.new_count, 0), coalesce(l.new_total, 0), coalesce(l.paid, 0), coalesce(l.disputed, 0),
            coalesce(l.nle, 0), coalesce(l.lines, 0), $2${t.keyOfRun}
       FROM unnest($3::uuid[], $4::uuid[]) AS u(run_id, digest_id)
       JOIN ${t.runs} r ON r.id = u.run_id
       LEFT JOIN LATERAL (
         SELECT count(*) FILTER (WHERE kind = 'new')::int AS new_count,
                coalesce(sum(amount) FILTER (WHERE kind = 'new'), 0) AS new_total,
                count(*) FILTER (WHERE kind = 'paid')::int AS paid,
                count(*) FILTER (WHERE kind = 'disputed')::int AS disputed,
                count(*) FILTER (WHERE kind = 'no_longer_eligible')::int AS nle,
                count(*)::int AS lines
           FROM ${t.lines} WHERE run_id = r.id AND r.status = 'completed') l ON true
       LEFT JOIN LATERAL (
         SELECT p.snapshot_at, p.eligible_count, p.eligible_total FROM ${t.comparable}
          WHERE p.funder_id = r.funder_id AND p.plane = r.plane AND p.status = 'completed' AND p.run_date < r.run_date
          ORDER BY ${t.latestFirst} LIMIT 1) last ON true
       LEFT JOIN LATERAL (
         SELECT count(*) FILTER (WHERE sh.sharing)::int AS sharing,
                count(*) FILTER (WHERE sh.sharing IS NOT TRUE)::int AS not_sharing
           FROM ${CLIENTS} WHERE c.funder_id = r.funder_id AND c.plane = r.plane) cl ON true
      WHERE r.run_date = $1::date
     ON CONFLICT ${t.digestKey} DO NOTHING
     RETURNING *`,
    [date, now, runs.map((r) => r.id), runs.map(() => ids())],
  );
  return rows;
}
