import { daysBetween, madridDate } from '../../platform/clock.ts';

/** The default term when the funder leaves `days` out and no invoice has a due date. */
export const DEFAULT_OFFER_DAYS = 30;

/**
 * The offer's default `days`: Madrid calendar days from today (the Madrid date at `now`) to
 * the latest due date of the request's invoices, kept within the 1 to 730 days an offer may
 * state. Counting calendar dates, not the hours between two instants, gives the same answer at
 * any hour of the Madrid day and across the daylight-saving changes.
 */
export function defaultOfferDays(now: Date, dueDates: readonly (string | null)[]): number {
  const latestDue = dueDates
    .filter((d): d is string => d !== null)
    .sort()
    .pop();
  if (!latestDue) return DEFAULT_OFFER_DAYS;
  return Math.max(1, Math.min(730, daysBetween(madridDate(now), latestDue)));
}
