import type { Queryable } from '../../platform/db/db.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { RequestLifecycle } from './requests.lifecycle.ts';
import { OPERATIONS } from './requests.mover.ts';
import { expireDueOffersForOps, nextOfferExpiryForOps } from './requests.offers.store.ts';

/** How many offers one run of the expiry job marks; a full batch runs again at once. */
export const EXPIRY_BATCH = 500;

/**
 * Offers whose validity ended are marked expired, each in the write that tells its funder
 * (`offer.expired`, carrying the request as that funder sees it, `my_offer.status` expired). An
 * offer reads as expired from the end of its validity whether or not it is marked; the mark is
 * what makes the event be sent once. Answers how many it marked.
 */
export async function expireDueOffersIn(
  ws: WriteScope,
  lifecycle: Pick<RequestLifecycle, 'changed'>,
): Promise<number> {
  const expired = await expireDueOffersForOps(ws.tx, ws.now, EXPIRY_BATCH);
  for (const offer of expired) {
    lifecycle.changed(ws, OPERATIONS, offer.request_id, offer.plane, {
      type: null,
      told: [{ funderId: offer.funder_id, type: 'offer.expired' }],
    });
  }
  return expired.length;
}

/** When the expiry job runs next: at the next end of validity, and at least every hour. */
export async function nextExpiryRun(q: Queryable, now: Date, marked: number): Promise<Date> {
  if (marked >= EXPIRY_BATCH) return now;
  const hour = new Date(now.getTime() + 3_600_000);
  const next = await nextOfferExpiryForOps(q);
  if (next === null || next >= hour) return hour;
  return next > now ? next : now;
}
