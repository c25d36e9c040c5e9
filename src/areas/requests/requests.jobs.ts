import { everyHour, type JobHandler } from '../../platform/jobs.ts';
import { scoreSellerOfTheDay, scoreSellersOfTheDay } from '../parties/parties.module.ts';
import { SCORE_JOB, SCORES_JOB } from './requests.scores.ts';
import { OPEN_STATUSES } from './requests.status.ts';

/**
 * The worker's jobs of the requests (requests.scores): every seller of an open request without
 * a score of the day, checked every hour; and the one seller a routing asks to be scored.
 */
export function createRequestsJobs(): Record<string, JobHandler> {
  return {
    [SCORES_JOB]: everyHour((ctx) => scoreSellersOfTheDay(ctx.db, OPEN_STATUSES, ctx.clock.now())),
    [SCORE_JOB]: async (ctx) => {
      await scoreSellerOfTheDay(ctx.db, String(ctx.job.payload.seller_id), ctx.clock.now());
      return undefined;
    },
  };
}
