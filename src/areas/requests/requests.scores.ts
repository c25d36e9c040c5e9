import type { Queryable } from '../../platform/db/db.ts';
import { enqueueJob } from '../../platform/jobs.store.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { scoreSellerOfTheDay, scoreSellersOfTheDay } from '../parties/parties.module.ts';
import { OPEN_STATUSES } from './requests.status.ts';

/**
 * The sellers' latest scores, which the packet shows (docs/decisions/requests.md, "The seller's
 * latest score is stored once a day"): the sellers of open requests scored once a Madrid day,
 * checked every hour, and a seller scored as soon as a request of its is routed, so that the
 * packet a funder opens on `request.routed` shows a stored score (and can be kept) from then on.
 */
export const SCORES_JOB = 'requests.seller_scores';
export const SCORE_JOB = 'requests.seller_score';

const HOUR_MS = 3600 * 1000;

/** The hourly job: every seller of an open request without a score of the day. */
export const scoreSellersJob: JobHandler = async (ctx) => {
  await scoreSellersOfTheDay(ctx.db, OPEN_STATUSES, ctx.clock.now());
  return { rerunAt: new Date(ctx.clock.now().getTime() + HOUR_MS) };
};

/** The job a routing asks for: its seller's score of the day, unless it has one. */
export const scoreSellerJob: JobHandler = async (ctx) => {
  await scoreSellerOfTheDay(ctx.db, String(ctx.job.payload.seller_id), ctx.clock.now());
  return undefined;
};

/** Inside a routing's write: the seller scored by the next worker, once however often it is asked. */
export function scoreSellerSoon(tx: Queryable, sellerId: string, now: Date): Promise<void> {
  return enqueueJob(tx, {
    kind: SCORE_JOB,
    payload: { seller_id: sellerId },
    jobKey: `${SCORE_JOB}:${sellerId}`,
    runAt: now,
  });
}
