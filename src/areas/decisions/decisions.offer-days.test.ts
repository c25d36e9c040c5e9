import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../test/support/service.ts';
import { madridDate } from '../../platform/clock.ts';
import { defaultOfferDays } from './decisions.offer-days.ts';

/*
 * The offer's default `days` counts Madrid calendar days from today to the latest due date.
 * Each case is an instant given in UTC with the Madrid wall time it stands for: early, midday
 * and late in the Madrid day, in winter (UTC+1) and summer (UTC+2), and on both sides of the
 * two daylight-saving changes of 2030 (31 March, 27 October).
 */
const CASES = [
  { at: '2030-01-14T23:30:00Z', madrid: '2030-01-15 00:30 CET', due: '2030-02-14', days: 30 },
  { at: '2030-01-15T11:30:00Z', madrid: '2030-01-15 12:30 CET', due: '2030-02-14', days: 30 },
  { at: '2030-01-15T22:30:00Z', madrid: '2030-01-15 23:30 CET', due: '2030-02-14', days: 30 },
  { at: '2030-03-29T23:30:00Z', madrid: '2030-03-30 00:30 CET', due: '2030-04-02', days: 3 },
  { at: '2030-03-30T11:30:00Z', madrid: '2030-03-30 12:30 CET', due: '2030-04-02', days: 3 },
  { at: '2030-03-30T22:30:00Z', madrid: '2030-03-30 23:30 CET', due: '2030-04-02', days: 3 },
  { at: '2030-03-30T23:30:00Z', madrid: '2030-03-31 00:30 CET', due: '2030-04-02', days: 2 },
  { at: '2030-03-31T10:30:00Z', madrid: '2030-03-31 12:30 CEST', due: '2030-04-02', days: 2 },
  { at: '2030-03-31T21:30:00Z', madrid: '2030-03-31 23:30 CEST', due: '2030-04-02', days: 2 },
  { at: '2030-07-09T22:30:00Z', madrid: '2030-07-10 00:30 CEST', due: '2030-08-09', days: 30 },
  { at: '2030-07-10T10:30:00Z', madrid: '2030-07-10 12:30 CEST', due: '2030-08-09', days: 30 },
  { at: '2030-07-10T21:30:00Z', madrid: '2030-07-10 23:30 CEST', due: '2030-08-09', days: 30 },
  { at: '2030-10-25T22:30:00Z', madrid: '2030-10-26 00:30 CEST', due: '2030-10-28', days: 2 },
  { at: '2030-10-26T10:30:00Z', madrid: '2030-10-26 12:30 CEST', due: '2030-10-28', days: 2 },
  { at: '2030-10-26T21:30:00Z', madrid: '2030-10-26 23:30 CEST', due: '2030-10-28', days: 2 },
  { at: '2030-10-26T22:30:00Z', madrid: '2030-10-27 00:30 CEST', due: '2030-10-28', days: 1 },
  { at: '2030-10-27T11:30:00Z', madrid: '2030-10-27 12:30 CET', due: '2030-10-28', days: 1 },
  { at: '2030-10-27T22:30:00Z', madrid: '2030-10-27 23:30 CET', due: '2030-10-28', days: 1 },
] as const;

describe('the default days of an offer, as a rule', () => {
  it.each(CASES)('at $madrid, an invoice due $due gives $days days', ({ at, madrid, due, days }) => {
    expect(madridDate(new Date(at))).toBe(madrid.slice(0, 10));
    expect(defaultOfferDays(new Date(at), [null, '2030-01-01', due])).toBe(days);
  });

  it('is 30 days when no invoice has a due date, and stays within 1 to 730 days', () => {
    expect(defaultOfferDays(new Date('2030-01-15T11:30:00Z'), [null])).toBe(30);
    expect(defaultOfferDays(new Date('2030-01-15T11:30:00Z'), ['2030-01-15'])).toBe(1);
    expect(defaultOfferDays(new Date('2030-01-15T11:30:00Z'), ['2035-01-15'])).toBe(730);
  });
});

describe('Madrid dates of a request and its offer, over the API', () => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    service = await startService();
    ({ key } = await service.given.funderWithKey({ environment: 'sandbox' }));
  });
  afterAll(async () => service?.close());

  /** Moves the manual clock forward to an instant (the cases run in time order). */
  async function clockAt(instant: string) {
    const seconds = Math.round((Date.parse(instant) - service.runtime.clock.now().getTime()) / 1000);
    expect(seconds).toBeGreaterThan(0);
    await service.advanceClock(seconds);
  }

  it.each(CASES)(
    'an offer without days made at $madrid on an invoice due $due states $days days',
    async ({ at, due, days }) => {
      await clockAt(at);
      const created = await service.call<{ request: { id: string } }>(key, 'POST', '/v1/sandbox/requests', {
        body: {
          invoices: [
            {
              debtor_name: 'Talleres Duero SA',
              debtor_tax_id: 'A47000201',
              debtor_country: 'ES',
              amount: 5_000,
              due_date: due,
            },
          ],
        },
      });
      expect(created.status).toBe(201);
      const id = created.body.request.id;
      const offer = await service.call(key, 'POST', `/v1/requests/${id}/decision`, {
        body: { decision: 'offer', rate: 2.5, advance_pct: 80 },
      });
      expect(offer.status).toBe(201);
      const packet = await service.call<{ my_offer: { days: number } }>(key, 'GET', `/v1/requests/${id}`);
      expect(packet.body.my_offer.days).toBe(days);
    },
  );

  it("a request made at 00:30 on New Year's Day in Madrid carries the new year in its reference", async () => {
    await clockAt('2030-12-31T23:30:00Z');
    expect(madridDate(service.runtime.clock.now())).toBe('2031-01-01');
    const created = await service.call<{ request: { request_ref: string } }>(
      key,
      'POST',
      '/v1/sandbox/requests',
    );
    expect(created.status).toBe(201);
    expect(created.body.request.request_ref).toMatch(/^DEMO-2031-\d{6}$/);
  });
});
