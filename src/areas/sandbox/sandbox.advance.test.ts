import { beforeAll, describe, expect, it } from 'vitest';
import { moveClockToMadrid } from '../../../test/support/clock.ts';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';
import { addDays, daysBetween, madridDate } from '../../platform/clock.ts';

let sandbox: { bankId: string; key: string; keyId: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  sandbox = await service.given.demoFunder();
});

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

interface Invoice {
  invoice_id: string;
  due_date: string;
}
interface Line extends Invoice {
  kind: string;
  reason: string | null;
}

describe('the advance gives the key its own digest of the request’s new day', () => {
  // Keys of the demonstration funder that have moved nothing yet: the one that moves, and another.
  let mover: { id: string; secret: string };
  let stranger: { id: string; secret: string };
  let sharedBefore: Body;
  let day: string;
  /** The lines the night of `day` finds, compared with the last shared night. */
  let expected: Line[];
  let moved: Body;
  /** The last shared night's eligible invoices, and one a client added since. */
  let shown: Invoice[];
  let pool: Invoice[];

  const digestOf = async (key: string, query = '') => {
    const answer = await call('GET', `/v1/opportunities${query}`, undefined, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const dailyEventsOf = async (key: string) =>
    (await call('GET', '/v1/events?type=opportunities.daily&limit=200', undefined, key)).body
      .events as Body[];
  const previewsOf = async (keyId: string) =>
    (
      await service.db.query<{ digest_date: string; n: number }>(
        `SELECT digest_date::text, count(*)::int AS n FROM opportunity_preview_digests
          WHERE sandbox_key_id = $1 GROUP BY digest_date ORDER BY digest_date`,
        [keyId],
      )
    ).rows;
  /** Lines in a comparable order: new first (as the digest has them), then by invoice. */
  const inOrder = <T extends { kind: string; invoice_id: string }>(lines: T[]) =>
    [...lines].sort(
      (a, b) =>
        Number(b.kind === 'new') - Number(a.kind === 'new') || a.invoice_id.localeCompare(b.invoice_id),
    );
  const linesOf = (body: Body) => {
    const lines = (body.lines as Body[]).map((l) => ({
      kind: l.kind as string,
      reason: l.reason,
      invoice_id: l.invoice_id as string,
      due_date: l.due_date,
    }));
    expect(lines.map((l) => l.kind)).toEqual(inOrder(lines).map((l) => l.kind));
    return inOrder(lines);
  };
  /**
   * The lines of night `day` compared with a night that found `before` eligible: here only the
   * due date changes what is eligible (a due date after the night), and nothing else happens.
   */
  const nightLines = (day: string, before: Invoice[]): Line[] => {
    const eligible = pool.filter((invoice) => invoice.due_date > day);
    const was = new Set(before.map((invoice) => invoice.invoice_id));
    const is = new Set(eligible.map((invoice) => invoice.invoice_id));
    return inOrder([
      ...eligible.filter((i) => !was.has(i.invoice_id)).map((i) => ({ ...i, kind: 'new', reason: null })),
      ...before
        .filter((i) => !is.has(i.invoice_id))
        .map((i) => ({ ...i, kind: 'no_longer_eligible', reason: 'rules' })),
    ]);
  };
  const eligibleOn = (day: string) => pool.filter((invoice) => invoice.due_date > day);
  const count = (kind: string) => expected.filter((line) => line.kind === kind).length;

  beforeAll(async () => {
    mover = await service.given.key({ bankId: sandbox.bankId, prospect: 'a prospect moving time' });
    stranger = await service.given.key({ bankId: sandbox.bankId, prospect: 'a prospect watching' });
    sharedBefore = await digestOf(stranger.secret);
    expect(sharedBefore.digest).not.toBeNull();
    // What the last shared night found eligible (its snapshot), and when each falls due.
    const { rows } = await service.db.query<Invoice & { seller_id: string; debtor_id: string }>(
      `SELECT sr.invoice_id, i.due_date::text AS due_date, i.seller_id, i.debtor_id
         FROM opportunity_snapshot_rows sr JOIN invoices i ON i.id = sr.invoice_id
        WHERE sr.run_id = (SELECT run_id FROM opportunity_digests WHERE id = $1)
        ORDER BY i.due_date, i.id`,
      [sharedBefore.digest.digest_id],
    );
    expect(rows.length).toBe(sharedBefore.digest.eligible.count);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    shown = rows.map(({ invoice_id, due_date }) => ({ invoice_id, due_date }));
    // The request's new day: all but the last of those invoices have fallen due by then.
    day = rows.at(-2)!.due_date;
    expect(rows.at(-1)!.due_date > day).toBe(true);
    // And one of the clients adds an invoice since: eligible that night, not the last.
    const added = await service.ops<{ invoice: Invoice & { id: string } }>('POST', '/ops/v1/invoices', {
      seller_id: rows[0]!.seller_id,
      debtor_id: rows[0]!.debtor_id,
      number: 'RE-ADVANCE-1',
      amount: 4_321,
      issue_date: await today(),
      due_date: addDays(day, 30),
      source: 'erp',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    pool = [...shown, { invoice_id: added.body.invoice.id, due_date: added.body.invoice.due_date }];
    expected = nightLines(day, shown);
    expect(count('no_longer_eligible')).toBeGreaterThan(0);
    expect(count('new')).toBe(1);
  });

  it('lists the shown invoices fallen due by the request’s new day as no longer eligible (rules), for this key', async () => {
    const id = await made(daysBetween(await today(), day) + 30, {}, mover.secret);
    moved = await advance(id, daysBetween(await today(), day), mover.secret);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.time.today).toBe(day);
    expect(moved.body.happened.digest).toEqual({
      digest_id: expect.any(String),
      date: day,
      line_count: expected.length,
      lines: `/v1/opportunities?date=${day}`,
    });
    const latest = await digestOf(mover.secret);
    expect(latest.date).toBe(day);
    expect(latest.digest).toMatchObject({
      digest_id: moved.body.happened.digest.digest_id,
      date: day,
      stale: false,
      clients: sharedBefore.digest.clients,
      eligible: { count: sharedBefore.digest.eligible.count - count('no_longer_eligible') + count('new') },
      new: { count: count('new'), total: 4_321 },
      changes: { paid: 0, disputed: 0, no_longer_eligible: count('no_longer_eligible') },
      line_count: expected.length,
    });
    expect(linesOf(latest)).toEqual(expected);
    expect(await digestOf(mover.secret, `?date=${day}`)).toEqual(latest);
    // The days crossed on the way have no digest: only the new day has one.
    expect(await digestOf(mover.secret, `?date=${addDays(day, -1)}`)).toMatchObject({
      date: null,
      digest: null,
    });
    expect(await previewsOf(mover.id)).toEqual([{ digest_date: day, n: 1 }]);
  });

  it('leaves every other key with the shared digest, and none of the preview’s lines', async () => {
    expect(await digestOf(stranger.secret)).toEqual(sharedBefore);
    expect(await digestOf(stranger.secret, `?date=${day}`)).toMatchObject({
      date: null,
      digest: null,
      lines: [],
    });
    expect(await digestOf(stranger.secret, `?date=${day}&offset=0&limit=10`)).toMatchObject({
      date: null,
      digest: null,
      lines: [],
    });
    // The key that made the requests of the tests above (it has previews of its own days).
    const other = await digestOf(sandbox.key, `?date=${day}`);
    expect(other.digest?.digest_id).not.toBe(moved.body.happened.digest.digest_id);
    // Another sandbox funder of the demonstration plane sees nothing of it either.
    const elsewhere = await service.given.funderWithKey({ environment: 'sandbox' });
    expect(await digestOf(elsewhere.key, `?date=${day}`)).toMatchObject({ date: null, digest: null });
    // That funder has no clients: no night makes it a digest, and neither does moving time.
    const theirs = await made(60, {}, elsewhere.key);
    const nothing = await advance(theirs, daysBetween(await today(), day), elsewhere.key);
    expect(nothing.status, JSON.stringify(nothing.body)).toBe(200);
    expect(nothing.body.happened.digest).toBeNull();
    expect(await digestOf(elsewhere.key)).toMatchObject({ date: null, digest: null });
  });

  it('sends opportunities.daily to this key’s events only', async () => {
    const events = await dailyEventsOf(mover.secret);
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({
        digest_id: moved.body.happened.digest.digest_id,
        date: day,
        stale: false,
        new: { count: count('new'), total: 4_321 },
        changes: { paid: 0, disputed: 0, no_longer_eligible: count('no_longer_eligible') },
        lines: `/v1/opportunities?date=${day}`,
      }),
    ]);
    expect(await dailyEventsOf(stranger.secret)).toEqual([]);
  });

  it('keeps one preview of a day: another request moved to the same day answers the same digest', async () => {
    const id = await made(daysBetween(await today(), day) + 10, {}, mover.secret);
    const again = await advance(id, daysBetween(await today(), day), mover.secret);
    expect(again.status).toBe(200);
    expect(again.body.happened.digest).toEqual(moved.body.happened.digest);
    expect(await previewsOf(mover.id)).toEqual([{ digest_date: day, n: 1 }]);
    expect(await dailyEventsOf(mover.secret)).toHaveLength(1);
  });

  it('compares a preview with the latest night the key sees before it, whatever order the days were previewed in', async () => {
    const wanderer = await service.given.key({ bankId: sandbox.bankId, prospect: 'a prospect moving back' });
    const [near, mid, far] = shown.map((invoice) => invoice.due_date);
    const previewOf = async (day: string) => {
      const id = await made(daysBetween(await today(), day) + 1, {}, wanderer.secret);
      const answer = await advance(id, daysBetween(await today(), day), wanderer.secret);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.happened.digest.date).toBe(day);
      return linesOf(await digestOf(wanderer.secret, `?date=${day}`));
    };
    // The shared night, then the key's own nights before each day: never another key's.
    expect(await previewOf(near!)).toEqual(nightLines(near!, shown));
    expect(await previewOf(far!)).toEqual(nightLines(far!, eligibleOn(near!)));
    // Made after the farther day, the day between compares with the nearer one, still kept.
    expect(await previewOf(mid!)).toEqual(nightLines(mid!, eligibleOn(near!)));
    expect((await previewsOf(wanderer.id)).map((row) => row.digest_date)).toEqual([near, mid, far].sort());
    // The latest of its days is what the key reads without a date.
    expect((await digestOf(wanderer.secret)).date).toBe(far);
  });

  it('lets the real night of that day publish its own digest, which the key then sees', async () => {
    await moveClockToMadrid(service, day, '01:00');
    await service.runtime.services.opportunities.startNight(day);
    const worker = service.runtime.createWorker();
    for (let i = 0; i < 20 && (await worker.runOnce()) > 0; i++);
    await moveClockToMadrid(service, day, '06:30');
    for (let i = 0; i < 20 && (await worker.runOnce()) > 0; i++);

    const shared = await digestOf(stranger.secret);
    expect(shared.date).toBe(day);
    expect(shared.digest.digest_id).not.toBe(moved.body.happened.digest.digest_id);
    // The night compared with the last shared night, not with the key's preview: the same lines.
    expect(linesOf(shared)).toEqual(expected);
    // The key now reads the real digest of that day, as every key does; its preview stays apart.
    expect(await digestOf(mover.secret)).toEqual(shared);
    expect(await digestOf(mover.secret, `?date=${day}`)).toEqual(shared);
    expect(await previewsOf(mover.id)).toEqual([{ digest_date: day, n: 1 }]);

    // The key's next preview compares with that night, and drops its own snapshot of the day
    // it had previewed (no later preview can compare with it); the shared snapshot stays.
    const snapshotRows = async (table: string, digestTable: string, digestId: string) =>
      (
        await service.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE run_id = (SELECT run_id FROM ${digestTable} WHERE id = $1)`,
          [digestId],
        )
      ).rows[0]!.n;
    const preview = moved.body.happened.digest.digest_id;
    expect(
      await snapshotRows('opportunity_preview_snapshot_rows', 'opportunity_preview_digests', preview),
    ).toBe(eligibleOn(day).length);
    const next = addDays(day, 1);
    const id = await made(5, {}, mover.secret);
    expect(
      (await advance(id, daysBetween(await today(), next), mover.secret)).body.happened.digest.date,
    ).toBe(next);
    expect(linesOf(await digestOf(mover.secret))).toEqual(nightLines(next, eligibleOn(day)));
    expect(
      await snapshotRows('opportunity_preview_snapshot_rows', 'opportunity_preview_digests', preview),
    ).toBe(0);
    expect(
      await snapshotRows('opportunity_snapshot_rows', 'opportunity_digests', shared.digest.digest_id),
    ).toBe(eligibleOn(day).length);
  });

  it('goes with the demonstration plane on a reset, as the shared digests do', async () => {
    const previews = async () =>
      (await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM opportunity_preview_digests'))
        .rows[0]!.n;
    expect(await previews()).toBeGreaterThan(0);
    expect((await service.ops('POST', '/ops/v1/demo/reset')).status).toBe(200);
    expect(await previews()).toBe(0);
    expect((await digestOf(mover.secret)).date).toBe(addDays(await today(), -1));
  });
});
