import type { Static } from 'typebox';
import { type FunderCaller, type Plane, scopeOf } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { createClientMoves } from './opportunities.clients.ts';
import { createNightlyRuns } from './opportunities.nightly.ts';
import { LINES_DEFAULT, type OpportunitiesQuery } from './opportunities.schemas.ts';
import * as store from './opportunities.store.ts';
import { digestView, funderRef, linesPath, lineView } from './opportunities.views.ts';

export {
  NIGHTLY_JOB,
  PUBLISH_JOB,
  PUBLISH_TIME,
  RUN_JOB,
  RUN_TIME,
} from './opportunities.nightly.ts';

export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;

/**
 * The nightly prequalification and the morning digest. At 01:00 Madrid time a run is created for
 * each funder and plane with clients (one per night: a unique key), and each run is a job of its
 * own: a snapshot of the eligible invoices of the clients that share them, then a comparison with
 * the last completed snapshot. At 06:30 the digests are published; a run not completed by then is
 * abandoned and its digest is stale.
 */
export function createOpportunitiesService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock } = deps;
  return {
    ...createNightlyRuns(deps),

    /**
     * GET /v1/opportunities: the digest of a Madrid date (or the latest) and a page of its lines;
     * for a sandbox key, its own previews among them (`previewNightForKey`).
     */
    async digest(caller: FunderCaller, query: Static<typeof OpportunitiesQuery>) {
      const scope = scopeOf(caller);
      const keyId = caller.environment === 'sandbox' ? caller.keyId : null;
      const row = await store.digestFor(db, scope, keyId, query.date ?? null, clock.now());
      if (!row) return { funder: funderRef(caller), date: null, digest: null, lines: [], next: null };
      const limit = query.limit ?? LINES_DEFAULT;
      const offset = query.offset ?? 0;
      const preview = row.sandbox_key_id ? keyId : null;
      const lines =
        row.run_id && !row.stale ? await store.linesFor(db, scope, row.run_id, offset, limit, preview) : [];
      const last = lines.at(-1)?.position ?? offset;
      return {
        funder: funderRef(caller),
        date: row.digest_date,
        digest: digestView(row),
        lines: lines.map(lineView),
        next: last < row.line_count ? `${linesPath(row.digest_date)}&offset=${last}&limit=${limit}` : null,
      };
    },

    ...createClientMoves(deps),

    /** The latest runs of a funder, for the operations team. */
    async runsForOps(bankId: string, plane: Plane) {
      const rows = await runAs(OPERATOR, () => store.runsForOps(db, { funderId: bankId, plane }, 30));
      return {
        runs: rows.map((r) => ({
          run_id: r.id,
          date: r.run_date,
          status: r.status,
          snapshot_at: r.snapshot_at?.toISOString() ?? null,
          completed_at: r.completed_at?.toISOString() ?? null,
          eligible_count: r.eligible_count,
        })),
      };
    },
  };
}
