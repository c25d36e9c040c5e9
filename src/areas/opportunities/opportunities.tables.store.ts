/**
 * The tables a night's run keeps its rows in, as SQL fragments the run's statements
 * (opportunities.runs.store.ts) and its publication (opportunities.publish.store.ts) are written
 * with: the nightly runs' shared tables, or a sandbox key's preview tables (migration 0066).
 */

/**
 * Where a run's rows are: the nightly runs' shared tables, or a sandbox key's preview tables
 * (migration 0066: the same shape, plus the key). A preview compares with the latest completed
 * run its key sees: a shared run or one of its own previews; on one date, the shared run.
 */
export interface RunTables {
  runs: string;
  snapshots: string;
  lines: string;
  digests: string;
  /** The tables the previous run's snapshot rows may be in (alias `prev`). */
  previousSnapshots: string;
  /** The runs a run `r` of these tables may compare with (alias `p`), and their order: latest first. */
  comparable: string;
  latestFirst: string;
  /** A digest `d` of these tables is the run `r`'s owner's (beyond funder and plane). */
  sameOwner: string;
  /** The key column of a digest, its value from the run `r`, and the digest's unique key. */
  keyColumn: string;
  keyOfRun: string;
  digestKey: string;
}

export const SHARED: RunTables = {
  runs: 'opportunity_runs',
  snapshots: 'opportunity_snapshot_rows',
  lines: 'opportunity_lines',
  digests: 'opportunity_digests',
  previousSnapshots: 'opportunity_snapshot_rows',
  comparable: 'opportunity_runs p',
  latestFirst: 'p.run_date DESC',
  sameOwner: '',
  keyColumn: '',
  keyOfRun: '',
  digestKey: '(funder_id, plane, digest_date)',
};

const RUN_FIGURES = 'id, funder_id, plane, run_date, status, snapshot_at, eligible_count, eligible_total';

export const PREVIEW: RunTables = {
  runs: 'opportunity_preview_runs',
  snapshots: 'opportunity_preview_snapshot_rows',
  lines: 'opportunity_preview_lines',
  digests: 'opportunity_preview_digests',
  previousSnapshots: `(SELECT run_id, invoice_id, amount FROM opportunity_snapshot_rows
    UNION ALL SELECT run_id, invoice_id, amount FROM opportunity_preview_snapshot_rows)`,
  comparable: `(SELECT ${RUN_FIGURES}, true AS shared FROM opportunity_runs
    UNION ALL SELECT ${RUN_FIGURES}, false FROM opportunity_preview_runs WHERE sandbox_key_id = r.sandbox_key_id) p`,
  latestFirst: 'p.run_date DESC, p.shared DESC',
  sameOwner: ' AND d.sandbox_key_id = r.sandbox_key_id',
  keyColumn: ', sandbox_key_id',
  keyOfRun: ', r.sandbox_key_id',
  digestKey: '(funder_id, plane, sandbox_key_id, digest_date)',
};

export const tablesOf = (run: { sandbox_key_id?: string | null }): RunTables =>
  run.sandbox_key_id ? PREVIEW : SHARED;

/**
 * The clients still in the network (alias `c`, `sh`: with their consent); filter by funder and
 * plane after it. A client that left keeps its row (`left_at` set) and is no longer counted.
 */
export const CLIENTS = `(SELECT * FROM funder_clients_read WHERE left_at IS NULL) c
  LEFT JOIN opportunity_sharing sh ON sh.funder_id = c.funder_id AND sh.plane = c.plane AND sh.seller_id = c.seller_id`;
