import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { addDays, madridDate } from '../../platform/clock.ts';

let service: TestService;
let sandbox: { bankId: string; key: string; keyId: string };
beforeAll(async () => {
  service = await startService();
  sandbox = await service.given.sandbox();
});
afterAll(async () => service?.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
type Body = Record<string, any>;

const call = (method: string, url: string, body?: unknown, key = sandbox.key) =>
  service.call<Body>(key, method, url, body === undefined ? {} : { body });
const advance = (id: string, days: unknown, key = sandbox.key) =>
  call('POST', `/v1/sandbox/requests/${id}/advance`, { days }, key);

const clockNow = async () => (await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now;
const today = async () => madridDate(new Date(await clockNow()));

let n = 0;
/** A new sandbox request with one invoice due `dueIn` days from today, under these terms. */
async function made(dueIn: number, terms: Record<string, unknown> = {}, key = sandbox.key) {
  n += 1;
  const invoice = {
    debtor_name: `Deudor Avance ${n} SA`,
    debtor_tax_id: `A7700${String(n).padStart(4, '0')}`,
    debtor_country: 'ES',
    amount: 5000,
    due_date: addDays(await today(), dueIn),
  };
  const body = Object.keys(terms).length > 0 ? { terms, invoices: [invoice] } : { invoices: [invoice] };
  const created = await call('POST', '/v1/sandbox/requests', body, key);
  expect(created.status).toBe(201);
  return created.body.request.id as string;
}

const offer = (id: string, extra: Record<string, unknown> = {}) =>
  call('POST', `/v1/requests/${id}/decision`, { decision: 'offer', rate: 2, advance_pct: 80, ...extra });

/** A sandbox request offered, accepted, acknowledged by its debtor and funded today. */
async function funded(dueIn: number, terms: Record<string, unknown>) {
  const id = await made(dueIn, terms);
  expect((await offer(id)).status).toBe(201);
  expect((await call('POST', `/v1/sandbox/requests/${id}/accept`)).status).toBe(200);
  if (terms.disclosure !== 'confidential') {
    const answered = await call('POST', `/v1/sandbox/requests/${id}/debtor-answer`, {
      answer: 'acknowledged',
    });
    expect(answered.status).toBe(200);
  }
  const fund = await call('POST', `/v1/requests/${id}/decision`, {
    decision: 'fund',
    value_date: await today(),
    reference: 'TRF-ADV-1',
  });
  expect(fund.status).toBe(200);
  return id;
}

/** The events of one type written for a request (the outbox the webhook deliveries are made from). */
async function eventsOf(type: string, requestId: string) {
  const { rows } = await service.db.query<{ payload: Body }>(
    `SELECT payload FROM outbox_events WHERE funder_id = $1 AND type = $2 AND payload::text LIKE $3`,
    [sandbox.bankId, type, `%${requestId}%`],
  );
  return rows.map((row) => row.payload);
}

/** The `claim.opened` events of a request in a key's event log (what its endpoints are sent). */
const claimOpenedIn = async (key: string, requestId: string) =>
  (
    (await call('GET', '/v1/events?type=claim.opened&limit=200', undefined, key)).body.events as Body[]
  ).filter((event) => event.data.claim.request_id === requestId);

const claimOf = async (id: string) =>
  ((await call('GET', '/v1/recourse')).body.claims as Body[]).find((c) => c.request_id === id);

describe('POST /v1/sandbox/requests/{id}/advance', () => {
  it('lets the request’s invoices fall due and then overdue, days adding up, the service clock still', async () => {
    const before = await clockNow();
    const id = await made(10);
    const due = await advance(id, 10);
    expect(due.status).toBe(200);
    expect(due.body.time).toMatchObject({
      days_advanced: 10,
      offset_days: 10,
      today: addDays(await today(), 10),
    });
    expect(due.body.invoices).toEqual([expect.objectContaining({ state: 'due', days_overdue: 0 })]);
    const late = await advance(id, 5);
    expect(late.body.time.offset_days).toBe(15);
    expect(late.body.invoices).toEqual([expect.objectContaining({ state: 'overdue', days_overdue: 5 })]);
    expect(late.body.request).toMatchObject({ id, status: 'submitted' });
    expect(await clockNow()).toBe(before);
  });

  it('expires a pending offer once its validity has passed on the request’s own day', async () => {
    const id = await made(60);
    expect((await offer(id, { valid_days: 5 })).status).toBe(201);
    const within = await advance(id, 4);
    expect(within.body.happened.offers_expired).toEqual([]);
    expect(within.body.request.my_offer.status).toBe('pending');
    const past = await advance(id, 1);
    expect(past.body.happened.offers_expired).toHaveLength(1);
    expect(past.body.request.my_offer.status).toBe('expired');
    expect((await call('GET', `/v1/requests/${id}`)).body.my_offer.status).toBe('expired');
    expectError(await call('POST', `/v1/sandbox/requests/${id}/accept`), 409, 'invalid_state');
    // A new offer counts its validity from the request's own day.
    const again = await offer(id, { valid_days: 5 });
    expect(again.status).toBe(201);
    expect(Date.parse(again.body.expires_at)).toBeGreaterThan(Date.parse(past.body.time.now));
    expect((await call('POST', `/v1/sandbox/requests/${id}/accept`)).status).toBe(200);
  });

  it('opens a recourse claim on its day, with its event', async () => {
    const id = await funded(20, { recourse: 'with', recourse_days: 10 });
    const eve = await advance(id, 29);
    expect(eve.body.happened.claims_opened).toEqual([]);
    expect(await claimOf(id)).toBeUndefined();
    const day = await advance(id, 1);
    expect(day.body.happened.claims_opened).toEqual([{ claim_id: expect.any(String), kind: 'recourse' }]);
    const claim = await claimOf(id);
    expect(claim).toMatchObject({
      status: 'open',
      kind: 'recourse',
      due_date: addDays(await today(), 20),
      opens_on: addDays(await today(), 30),
    });
    const events = await eventsOf('claim.opened', id);
    expect(events).toHaveLength(1);
    expect(events[0]!.claim).toMatchObject({ claim_id: claim!.claim_id });
    // The event is the moving key's: its event log (and so its endpoints) has it, another key's not.
    expect(await claimOpenedIn(sandbox.key, id)).toHaveLength(1);
    const stranger = await service.given.key({ bankId: sandbox.bankId, prospect: 'a stranger' });
    expect(await claimOpenedIn(stranger.secret, id)).toEqual([]);
    // Once only: more days open nothing more.
    expect((await advance(id, 3)).body.happened.claims_opened).toEqual([]);
    expect(await eventsOf('claim.opened', id)).toHaveLength(1);
  });

  it('fires the automatic announcement of a confidential request when an invoice is overdue enough', async () => {
    const id = await funded(10, {
      disclosure: 'confidential',
      recourse: 'without',
      announce_overdue_days: 5,
    });
    expect((await advance(id, 14)).body.happened.announced).toEqual([]);
    const fired = await advance(id, 1);
    expect(fired.body.happened.announced).toEqual([{ trigger: 'overdue' }]);
    const notices = (await call('GET', `/v1/requests/${id}/notices`)).body;
    expect(notices).toMatchObject({ disclosure: 'announced', announced_trigger: 'overdue' });
    const events = await eventsOf('request.announced', id);
    expect(events).toEqual([expect.objectContaining({ request_id: id, announced_trigger: 'overdue' })]);
  });

  it('fires the announcement on the day the seller’s verification lapses', async () => {
    const id = await funded(90, { disclosure: 'confidential', announce_on_kyc_lapse: true });
    const lapse = addDays(await today(), 3);
    expect(
      (await call('POST', `/v1/sandbox/requests/${id}/parties`, { seller_verification_lapses_on: lapse }))
        .status,
    ).toBe(200);
    expect((await advance(id, 2)).body.happened.announced).toEqual([]);
    expect((await advance(id, 1)).body.happened.announced).toEqual([{ trigger: 'kyc_lapse' }]);
    expect(await eventsOf('request.announced', id)).toHaveLength(1);
  });

  it('leaves a step it did not make to the scheduled job, which reads the request’s own day', async () => {
    // Moved past its recourse day before it was funded: nothing to open yet.
    const id = await made(5, { recourse: 'without', recourse_days: 5 });
    expect((await advance(id, 20)).body.happened.claims_opened).toEqual([]);
    expect((await offer(id)).status).toBe(201);
    expect((await call('POST', `/v1/sandbox/requests/${id}/accept`)).status).toBe(200);
    expect(
      (await call('POST', `/v1/sandbox/requests/${id}/debtor-answer`, { answer: 'acknowledged' })).status,
    ).toBe(200);
    const fund = await call('POST', `/v1/requests/${id}/decision`, {
      decision: 'fund',
      value_date: await today(),
      reference: 'TRF-ADV-2',
    });
    expect(fund.status).toBe(200);
    const run = await service.ops<Body>('POST', '/ops/v1/recourse/run');
    expect(run.status).toBe(200);
    expect(await claimOf(id)).toMatchObject({ kind: 'debtor_default', status: 'open' });
    expect(await eventsOf('claim.opened', id)).toHaveLength(1);
    // Made by the operations team's run, the event is still the key's that made the request.
    expect(await claimOpenedIn(sandbox.key, id)).toHaveLength(1);
  });

  it('moves that request only: another request and the service clock stay where they were', async () => {
    const before = await clockNow();
    const moved = await funded(10, { recourse: 'with', recourse_days: 1 });
    const still = await funded(10, { recourse: 'with', recourse_days: 1 });
    const other = await made(30);
    expect((await offer(other, { valid_days: 2 })).status).toBe(201);
    expect((await advance(moved, 40)).body.happened.claims_opened).toHaveLength(1);
    // The jobs run on the service clock's day: the other requests are not due there.
    expect((await service.ops<Body>('POST', '/ops/v1/recourse/run')).status).toBe(200);
    expect((await service.ops<Body>('POST', '/ops/v1/announcements/run')).status).toBe(200);
    expect(await claimOf(still)).toBeUndefined();
    expect((await call('GET', `/v1/requests/${other}`)).body.my_offer.status).toBe('pending');
    const offsets = await service.db.query<{ id: string; days: number }>(
      `SELECT id, sandbox_offset_days AS days FROM funding_requests WHERE id = ANY ($1::uuid[])`,
      [[moved, still, other]],
    );
    expect(Object.fromEntries(offsets.rows.map((r) => [r.id, r.days]))).toEqual({
      [moved]: 40,
      [still]: 0,
      [other]: 0,
    });
    expect(await clockNow()).toBe(before);
  });

  it('makes no digest: none on the request’s new day, and the shared latest one unchanged', async () => {
    const before = await call('GET', '/v1/opportunities');
    expect(before.status).toBe(200);
    expect(before.body.digest).not.toBeNull();
    const id = await funded(10, { recourse: 'with', recourse_days: 5 });
    const moved = await advance(id, 30);
    expect(moved.body.happened.claims_opened).toHaveLength(1);
    const onItsDay = await call('GET', `/v1/opportunities?date=${moved.body.time.today}`);
    expect(onItsDay.body).toMatchObject({ date: null, digest: null, lines: [] });
    expect((await call('GET', '/v1/opportunities')).body).toEqual(before.body);
    const daily = await call('GET', '/v1/events?type=opportunities.daily');
    expect(daily.body.events).toEqual([]);
  });

  it('refuses a request this key did not make: another key’s and the demonstration’s own', async () => {
    const otherKey = await service.given.key({ bankId: sandbox.bankId, prospect: 'another prospect' });
    const theirs = await made(10, {}, otherKey.secret);
    expectError(await advance(theirs, 5), 403, 'not_your_request');
    const list = (await call('GET', '/v1/requests?status=all&limit=200')).body.requests as Body[];
    const shared = list.find((r) => r.company_name && !String(r.company_name).startsWith('Sandbox Supplier'));
    expect(shared).toBeDefined();
    expectError(await advance(shared!.id, 5), 403, 'not_your_request');
    // Refused: nothing moved.
    expect((await advance(theirs, 1, otherKey.secret)).body.time.offset_days).toBe(1);
  });

  it('answers a repeated call with the same Idempotency-Key once, moving the request once', async () => {
    const id = await made(10);
    const send = () =>
      service.call<Body>(sandbox.key, 'POST', `/v1/sandbox/requests/${id}/advance`, {
        body: { days: 7 },
        headers: { 'idempotency-key': `advance-${id}` },
      });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await advance(id, 1)).body.time.offset_days).toBe(8);
  });

  it('refuses a live key', async () => {
    const live = await service.given.funderWithKey({ environment: 'live' });
    const id = await made(10);
    expectError(await advance(id, 5, live.key), 403, 'sandbox_only');
    expect((await advance(id, 1)).body.time.offset_days).toBe(1);
  });

  it('refuses days outside 1 to 400 and anything but a whole number, changing nothing', async () => {
    const id = await made(10);
    for (const days of [0, 401, -3, 1.5, '3', null]) {
      expectError(await advance(id, days), 422, 'body_invalid');
    }
    expectError(await call('POST', `/v1/sandbox/requests/${id}/advance`, {}), 422, 'body_invalid');
    expectError(
      await call('POST', `/v1/sandbox/requests/${id}/advance`, { days: 3, hours: 2 }),
      422,
      'body_invalid',
    );
    expect((await advance(id, 400)).body.time.offset_days).toBe(400);
  });
});
