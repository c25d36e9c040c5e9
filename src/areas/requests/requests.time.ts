import { addMadridDays, daysBetween, madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { OfferRow } from './requests.offers.store.ts';
import type { RequestRow } from './requests.store.ts';
import * as store from './requests.time.store.ts';

/** How far ahead of the service clock one sandbox request may live, in all (about ten years). */
export const MAX_OFFSET_DAYS = 3650;

/**
 * The request's now: the service clock's instant, moved the request's own days ahead (a sandbox
 * request moved with the advance helper; every other request lives on the service clock). The
 * days are Madrid calendar days, as offer validity is counted.
 */
export function requestNow(row: Pick<RequestRow, 'sandbox_offset_days'>, now: Date): Date {
  return row.sandbox_offset_days > 0 ? addMadridDays(now, row.sandbox_offset_days) : now;
}

const LONGEST_DAY_MS = 25 * 3_600_000;

/**
 * The earliest instant of the service clock at which one of these requests' pending offers may
 * read as expired (views: offerStatus), or null when none can: an answer showing them holds until
 * then. A request living `d` days ahead reaches its offer's expiry at most `d` days of 25 hours
 * before the service clock does (a Madrid day is 23 to 25 hours long).
 */
export function firstOfferExpiry(
  rows: readonly Pick<RequestRow, 'id' | 'sandbox_offset_days'>[],
  offers: ReadonlyMap<string, Pick<OfferRow, 'status' | 'expires_at'>>,
  now: Date,
): Date | null {
  let first: number | null = null;
  for (const row of rows) {
    const offer = offers.get(row.id);
    if (offer?.status !== 'pending' || offer.expires_at <= requestNow(row, now)) continue;
    const at = offer.expires_at.getTime() - row.sandbox_offset_days * LONGEST_DAY_MS;
    if (first === null || at < first) first = at;
  }
  return first === null ? null : new Date(first);
}

/**
 * Whether a kept answer may hold, besides its reading before `flipsAt`, the reading after it
 * (an offer run out, as at the end of time) to serve from that very instant: only where the
 * request's time is the clock's. A request moved ahead in time gets an early bound from
 * firstOfferExpiry, so its answer is built at the moment of each call from then on.
 */
export function flipsExactly(row: Pick<RequestRow, 'sandbox_offset_days'>, flipsAt: Date | null): boolean {
  return flipsAt !== null && row.sandbox_offset_days === 0;
}

/** Where an invoice stands on a day: not due yet, due that day, or overdue by some days. */
export function dueState(dueDate: string | null, today: string) {
  if (dueDate === null) return { state: 'no_due_date' as const, days_overdue: 0 };
  const late = daysBetween(dueDate, today);
  if (late < 0) return { state: 'not_due' as const, days_overdue: 0 };
  return late === 0
    ? { state: 'due' as const, days_overdue: 0 }
    : { state: 'overdue' as const, days_overdue: late };
}

/** Records the sandbox key that made a request with the sandbox helper, inside its write. */
export function markSandboxMadeIn(scope: WriteScope, requestId: string, keyId: string): Promise<void> {
  return store.markSandboxMadeForOps(scope.tx, requestId, keyId);
}

/**
 * Moves one demonstration request, locked by the caller's write, `days` further ahead of the
 * service clock: its offset grows, and its pending offers whose validity ended by its new now
 * expire. Answers where the request stands in its own time. The service clock does not move.
 */
export async function advanceTimeIn(scope: WriteScope, row: RequestRow, days: number) {
  if (row.plane !== 'demo') throw new ApiError('sandbox_only', 'Only a sandbox request’s time can be moved.');
  if (row.sandbox_offset_days + days > MAX_OFFSET_DAYS) {
    throw new ApiError(
      'invalid_state',
      `This request is already ${row.sandbox_offset_days} days ahead; it can be moved at most ${MAX_OFFSET_DAYS} days in all.`,
    );
  }
  const offsetDays = await store.addOffsetDaysForOps(scope.tx, row.id, days);
  const now = requestNow({ sandbox_offset_days: offsetDays }, scope.now);
  const expired = await store.expireOffersForOps(scope.tx, row.id, now, scope.now);
  const today = madridDate(now);
  const invoices = (await store.invoiceDueDatesForOps(scope.tx, row.id)).map((invoice) => ({
    ...invoice,
    ...dueState(invoice.due_date, today),
  }));
  scope.evidence({
    funderId: row.assigned_funder_id,
    plane: row.plane,
    kind: 'request.sandbox_time_advanced',
    subjectType: 'funding_request',
    subjectId: row.id,
    payload: { days, offset_days: offsetDays, offers_expired: expired.map((o) => o.id) },
  });
  return {
    offset_days: offsetDays,
    now,
    today,
    invoices,
    offers_expired: expired.map((o) => ({ offer_id: o.id, expires_at: o.expires_at.toISOString() })),
  };
}
