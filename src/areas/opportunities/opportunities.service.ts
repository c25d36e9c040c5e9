import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { createClientMoves } from './opportunities.clients.ts';
import { createDigest } from './opportunities.digest.ts';
import { createNightlyRuns } from './opportunities.runs.ts';

export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;

/**
 * The nightly prequalification and the morning digest. At 01:00 Madrid time a run is created for
 * each funder and plane with clients (one per night: a unique key), and each run is a job of its
 * own: a snapshot of the eligible invoices of the clients that share them, then a comparison with
 * the last completed snapshot. At 06:30 the digests are published; a run not completed by then is
 * abandoned and its digest is stale. The worker's jobs of the night are the module's
 * (opportunities.jobs.ts).
 */
export function createOpportunitiesService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  return {
    ...createNightlyRuns(deps),
    ...createDigest(deps),
    ...createClientMoves(deps),
  };
}
