import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, madridDate, madridInstant, madridMidnight } from '../src/platform/clock.ts';
import { AUTUMN_CHANGE, MADRID_TIMES, moveClockToMadrid, SPRING_CHANGE } from './support/clock.ts';
import type { FunderFixture } from './support/requests-fixtures.ts';
import { startGiven } from './support/service.ts';

/**
 * The funder's date rules read Madrid calendar dates, whatever the hour: each is tried just
 * after midnight, at midday and just before midnight in Madrid, and across both daylight-saving
 * changes. The clock only moves forward, so the moments are in order.
 */

let funder: FunderFixture;
const { service, given } = startGiven();
beforeAll(async () => {
  funder = await given.funder({ environment: 'live' });
});

const moments: { date: string; time: string; label: string }[] = [
  ...MADRID_TIMES.map((time) => ({ date: '2026-11-24', time, label: `${time} Madrid in winter` })),
  // The week before the spring change: seven days on, Madrid is an hour further from UTC.
  { date: addDays(SPRING_CHANGE, -3), time: '23:30', label: '23:30 Madrid, the spring change ahead' },
  { date: SPRING_CHANGE, time: '00:30', label: '00:30 Madrid on the night of the spring change' },
  ...MADRID_TIMES.map((time) => ({ date: '2027-06-15', time, label: `${time} Madrid in summer` })),
  { date: addDays(AUTUMN_CHANGE, -4), time: '00:30', label: '00:30 Madrid, the autumn change ahead' },
  { date: AUTUMN_CHANGE, time: '23:30', label: '23:30 Madrid on the day of the autumn change' },
];

const decide = (request: { id: string }, body: Record<string, unknown>) =>
  service.call<{ expires_at: string; error?: { code: string } }>(
    funder.key,
    'POST',
    `/v1/requests/${request.id}/decision`,
    { body },
  );

/** The Madrid wall-clock time of an instant, HH:MM. */
const madridTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

describe.each(moments)('at $label ($date)', ({ date, time }) => {
  let today: string;
  beforeAll(async () => {
    await moveClockToMadrid(service, date, time);
    today = await given.today();
  });

  it('the service reads today as the Madrid date', () => {
    expect(today).toBe(date);
  });

  it('an offer valid 7 days ends 7 Madrid calendar days on, at the same Madrid time', async () => {
    const request = await given.routedRequest({ funder });
    const offer = await decide(request, {
      decision: 'offer',
      rate: 2.5,
      advance_pct: 80,
      days: 60,
      valid_days: 7,
    });
    expect(offer.status).toBe(201);
    const expires = new Date(offer.body.expires_at);
    expect(madridDate(expires)).toBe(addDays(today, 7));
    expect(madridTime(expires)).toBe(time);
    expect(expires.getTime()).toBe(madridInstant(addDays(today, 7), time).getTime());
  });

  it('fund takes a value date up to 7 Madrid days ahead, and refuses the 8th', async () => {
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const late = await decide(request, {
      decision: 'fund',
      value_date: addDays(today, 8),
      reference: 'TRF-LATE',
    });
    expect({ status: late.status, code: late.body.error?.code }).toEqual({
      status: 422,
      code: 'invalid_funding_details',
    });
    const ok = await decide(request, {
      decision: 'fund',
      value_date: addDays(today, 7),
      reference: 'TRF-OK',
    });
    expect(ok.status).toBe(200);
  });

  it('settle takes a received_at up to the end of tomorrow in Madrid, and refuses the day after', async () => {
    const request = await given.fundedRequest({ funder });
    const dayAfter = await decide(request, {
      decision: 'settle',
      amount: 1,
      received_at: madridMidnight(addDays(today, 2)).toISOString(),
    });
    expect({ status: dayAfter.status, code: dayAfter.body.error?.code }).toEqual({
      status: 422,
      code: 'invalid_received_at',
    });
    const endOfTomorrow = await decide(request, {
      decision: 'settle',
      amount: 1,
      received_at: madridInstant(addDays(today, 1), '23:59:59').toISOString(),
    });
    expect(endOfTomorrow.status).toBe(200);
  });
});
