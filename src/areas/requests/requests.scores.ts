import type { Queryable } from '../../platform/db/db.ts';
import { enqueueJob } from '../../platform/jobs.store.ts';

/**
 * The sellers' latest scores, which the packet shows (docs/decisions/requests.md, "The seller's
 * latest score is stored once a day"): the sellers of open requests scored once a Madrid day,
 * checked every hour, and a seller scored as soon as a request of its is routed, so that the
 * packet a funder opens on `request.routed` shows a stored score (and can be kept) from then on.
 */
export const SCORES_JOB = 'requests.seller_scores';
export const SCORE_JOB = 'requests.seller_score';

/** Inside a routing's write: the seller scored by the next worker, once however often it is asked. */
export function scoreSellerSoon(tx: Queryable, sellerId: string, now: Date): Promise<void> {
  return enqueueJob(tx, {
    kind: SCORE_JOB,
    payload: { seller_id: sellerId },
    jobKey: `${SCORE_JOB}:${sellerId}`,
    runAt: now,
  });
}
