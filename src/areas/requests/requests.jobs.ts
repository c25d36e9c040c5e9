import type { AreaDeps } from '../../platform/area-deps.ts';
import type { Plane } from '../../platform/caller.ts';
import { everyHour, type JobHandler } from '../../platform/jobs.ts';
import { scoreSellerOfTheDay, scoreSellersOfTheDay } from '../parties/parties.module.ts';
import { RELAY_JOB } from './requests.changes.ts';
import { expireDueOffersIn, nextExpiryRun } from './requests.expiry.ts';
import type { RequestLifecycle } from './requests.lifecycle.ts';
import { SCORE_JOB, SCORES_JOB } from './requests.scores.ts';
import { OPEN_STATUSES } from './requests.status.ts';

/** The job that marks offers past their validity and tells their funders (requests.expiry.ts). */
export const EXPIRY_JOB = 'requests.offer_expiry';

/**
 * The worker's jobs of the requests (requests.scores): every seller of an open request without
 * a score of the day, checked every hour; and the one seller a routing asks to be scored. And
 * the relay of a funder's change to the other funders that see the request (requests.changes), and
 * the offers whose validity ended (requests.expiry).
 */
export function createRequestsJobs(deps: {
  write: AreaDeps['write'];
  lifecycle: Pick<RequestLifecycle, 'relay' | 'changed'>;
}): Record<string, JobHandler> {
  return {
    [EXPIRY_JOB]: async (ctx) => {
      const job = { kind: 'system' as const, job: EXPIRY_JOB };
      const marked = await deps.write(job, (ws) => expireDueOffersIn(ws, deps.lifecycle));
      return { rerunAt: await nextExpiryRun(ctx.db, ctx.clock.now(), marked) };
    },
    [RELAY_JOB]: async (ctx) => {
      const payload = ctx.job.payload as { request_id: string; plane: Plane; funder_id: string };
      await deps.write({ kind: 'system', job: RELAY_JOB }, async (ws) => deps.lifecycle.relay(ws, payload));
      return undefined;
    },
    [SCORES_JOB]: everyHour((ctx) => scoreSellersOfTheDay(ctx.db, OPEN_STATUSES, ctx.clock.now())),
    [SCORE_JOB]: async (ctx) => {
      await scoreSellerOfTheDay(ctx.db, String(ctx.job.payload.seller_id), ctx.clock.now());
      return undefined;
    },
  };
}
