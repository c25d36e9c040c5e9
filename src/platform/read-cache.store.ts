import type { FunderScope } from './caller.ts';
import type { Queryable } from './db/db.ts';
import { namedStatement, runStatement } from './db/statements.ts';

/**
 * The database's side of the kept answers (migration 0063): the snapshot an answer is read in,
 * whether a write committed since touched the caller's answers, and the upkeep of the marks.
 */

const SNAPSHOT = namedStatement<{ snapshot: string }>()({
  name: 'read_cache_snapshot',
  columns: ['snapshot'],
  sql: 'SELECT pg_current_snapshot()::text AS snapshot',
});

/** The snapshot of the statement running now, as text (`xmin:xmax:xip,...`). */
export async function currentSnapshot(q: Queryable): Promise<string> {
  const { rows } = await runStatement(q, SNAPSHOT, []);
  return rows[0]!.snapshot;
}

const CHANGED = namedStatement<{ changed: boolean }>()({
  name: 'read_cache_changed',
  columns: ['changed'],
  sql: `SELECT EXISTS (SELECT 1 FROM read_changes
                   WHERE funder_id = $1 AND plane = $2 AND xid >= pg_snapshot_xmin($3::pg_snapshot)
                     AND NOT pg_visible_in_snapshot(xid, $3::pg_snapshot))
       OR EXISTS (SELECT 1 FROM read_changes_shared
                   WHERE xid >= pg_snapshot_xmin($3::pg_snapshot)
                     AND NOT pg_visible_in_snapshot(xid, $3::pg_snapshot)) AS changed`,
});

/**
 * Whether a transaction that `snapshot` did not see, and this statement does, left a mark on the
 * caller's funder and plane, or on the companies every funder sees. The marks are found by key
 * from the snapshot's oldest running transaction on.
 */
export async function changedSince(q: Queryable, scope: FunderScope, snapshot: string): Promise<boolean> {
  const { rows } = await runStatement(q, CHANGED, [scope.funderId, scope.plane, snapshot]);
  return rows[0]!.changed;
}

/**
 * Upkeep: notes the oldest running transaction now, and removes the marks of transactions that
 * had ended when a note was taken `keepSeconds` or more ago (and the notes older than that one).
 * A kept answer lives less than `keepSeconds`, so its snapshot already saw every removed mark's
 * transaction. Times are the database's own, as the notes are. Answers how many marks went.
 */
export async function pruneReadChanges(q: Queryable, keepSeconds: number): Promise<number> {
  await q.query(
    `INSERT INTO read_change_horizons (taken_at, oldest_xid)
     VALUES (clock_timestamp(), pg_snapshot_xmin(pg_current_snapshot())) ON CONFLICT DO NOTHING`,
  );
  const { rows } = await q.query<{ oldest_xid: string; taken_at: Date }>(
    `SELECT oldest_xid::text, taken_at FROM read_change_horizons
      WHERE taken_at <= clock_timestamp() - make_interval(secs => $1) ORDER BY taken_at DESC LIMIT 1`,
    [keepSeconds],
  );
  const horizon = rows[0];
  if (!horizon) return 0;
  const own = await q.query('DELETE FROM read_changes WHERE xid < $1::xid8', [horizon.oldest_xid]);
  const shared = await q.query('DELETE FROM read_changes_shared WHERE xid < $1::xid8', [horizon.oldest_xid]);
  await q.query('DELETE FROM read_change_horizons WHERE taken_at < $1', [horizon.taken_at]);
  return own.rowCount + shared.rowCount;
}
