import { madridInstant } from '../../src/platform/clock.ts';

/**
 * Where every test's manual clock starts: a fixed instant, never the machine's time, so a test
 * gives the same answer at any hour on any day. 10:30 in Madrid on a Friday in November.
 */
export const TEST_CLOCK_START = new Date('2026-11-20T09:30:00Z');

/** The Madrid times each date rule is tried at: just after midnight, midday, just before midnight. */
export const MADRID_TIMES = ['00:30', '12:30', '23:30'] as const;

/** Days around Madrid's daylight-saving changes after the start: the last Sundays of March and October. */
export const SPRING_CHANGE = '2027-03-28';
export const AUTUMN_CHANGE = '2027-10-31';

/**
 * Moves a test service's manual clock forward to a Madrid wall-clock time. Dates only move
 * forward: asking for an earlier instant than the clock's fails the test.
 */
export async function moveClockToMadrid(
  service: { ops(method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> },
  date: string,
  time: string,
): Promise<Date> {
  const target = madridInstant(date, time);
  const current = await service.ops('GET', '/ops/v1/clock');
  const now = new Date((current.body as { now: string }).now);
  const seconds = Math.round((target.getTime() - now.getTime()) / 1000);
  if (seconds < 0) throw new Error(`the clock is at ${now.toISOString()}, after ${target.toISOString()}`);
  if (seconds > 0) {
    const moved = await service.ops('POST', '/ops/v1/clock', { advance_seconds: seconds });
    if (moved.status !== 200) throw new Error(`clock: ${JSON.stringify(moved.body)}`);
  }
  return target;
}
