import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

/*
 * A date or an instant that passes validation is one the service can compute with: the calendar
 * from the year 1, no leap second, an offset of at most 14 hours. What JavaScript's dates cannot
 * hold is refused with the field's own 422 code, on every kind of input (a body, a query), before
 * anything is looked up; what they can hold is taken as before.
 */

let service: TestService;
let key: string;

beforeAll(async () => {
  service = await startService();
  ({ key } = await service.given.funderWithKey({ environment: 'live' }));
});
afterAll(async () => service?.close());

const settle = (receivedAt: string) =>
  service.call<{ error?: { code: string; field?: string } }>(
    key,
    'POST',
    `/v1/requests/${randomUUID()}/decision`,
    {
      body: { decision: 'settle', amount: 100, received_at: receivedAt },
    },
  );

describe('dates and instants that pass validation are real', () => {
  it("refuses a leap second, the year 0000, 30 February, a 15-hour offset and a missing zone in a body, with the field's code", async () => {
    for (const bad of [
      '2026-06-30T23:59:60Z',
      '0000-01-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
      '2026-06-30T10:00:00+15:00',
      '2026-06-30T10:00:00+01:60',
      '2026-06-30T10:00:00',
    ]) {
      const answer = await settle(bad);
      expect([answer.status, answer.body.error?.code, answer.body.error?.field], bad).toEqual([
        422,
        'invalid_received_at',
        'received_at',
      ]);
    }
  });

  it('takes what dates can hold as before: Z or an offset up to 14 hours, a fraction, a space for T', async () => {
    for (const good of [
      '2026-06-30T23:59:59Z',
      '2026-06-30T10:00:00+14:00',
      '2026-06-30T10:00:00-12:00',
      '2026-06-30T10:00:00.123456+01:00',
      '2026-06-30 10:00:00Z',
    ]) {
      const answer = await settle(good);
      // Past validation: the request is unknown to this funder.
      expect([answer.status, answer.body.error?.code], good).toEqual([404, 'not_found']);
    }
  });

  it('refuses the year 0000 and a day past the month in a query string, with the same mapping', async () => {
    for (const bad of ['0000-01-01', '2026-02-29', '2026-13-01']) {
      const answer = await service.call<{ error?: { code: string } }>(
        key,
        'GET',
        `/v1/opportunities?date=${bad}`,
      );
      expect(answer.status, bad).toBe(422);
    }
    const leapYear = await service.call(key, 'GET', '/v1/opportunities?date=2028-02-29');
    expect(leapYear.status).not.toBe(422);
    expect(leapYear.status).toBeLessThan(500);
  });
});
