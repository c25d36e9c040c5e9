import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, type WebhookBench } from '../../../test/support/webhook-receiver.ts';

/**
 * `POST /v1/webhooks/{id}/recover`: what failed, or waits for a retry after a failure, since
 * `since` is sent again, oldest first, once each; what is already due is not counted twice.
 */
interface Hit {
  path: string;
  eventId: string;
}
let hits: Hit[] = [];
/** What each path answers (200 unless told). */
const answers = new Map<string, number>();
let bench: WebhookBench;
let service: TestService;

beforeAll(async () => {
  bench = await startWebhookBench((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      hits.push({ path, eventId: String(req.headers['service-event-id']) });
      res.writeHead(answers.get(path) ?? 200);
      res.end('ok');
    });
  });
  service = bench.service;
});
afterAll(() => bench?.close());

const clockNow = () => service.runtime.clock.now();

/** Sends what is due, one attempt of an endpoint at a time (so arrival order is claim order). */
async function deliver(): Promise<void> {
  const dispatcher = service.runtime.createDispatcher({ perEndpoint: 1 });
  try {
    await dispatcher.drain();
  } finally {
    await dispatcher.stop();
  }
}

interface DeliveryLog {
  deliveries: {
    id: string;
    event_id: string;
    status: string;
    attempts: number;
    next_attempt_at: string | null;
  }[];
}
const log = async (key: string, id: string) =>
  (await service.call<DeliveryLog>(key, 'GET', `/v1/webhooks/${id}/deliveries`)).body.deliveries;

/** A test event, fanned out and tried once; answers its event id. */
async function testEvent(key: string, id: string): Promise<string> {
  expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
  const before = new Set((await log(key, id)).map((d) => d.event_id));
  await deliver();
  const made = (await log(key, id)).find((d) => !before.has(d.event_id));
  expect(made).toBeDefined();
  return made!.event_id;
}

/** Moves the clock to each next attempt and sends it, until no delivery of the endpoint is pending. */
async function failUntilSpent(key: string, id: string): Promise<void> {
  for (;;) {
    const waiting = (await log(key, id)).filter((d) => d.status === 'pending' && d.next_attempt_at);
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map((d) => new Date(d.next_attempt_at!).getTime()));
    await service.advanceClock(Math.max(1, Math.ceil((next - clockNow().getTime()) / 1000)));
    await deliver();
  }
}

const recover = (key: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
  service.call<{ webhook_id: string; since: string; recovered: number }>(
    key,
    'POST',
    `/v1/webhooks/${id}/recover`,
    { body, headers },
  );

async function endpoint(key: string, path: string): Promise<string> {
  return bench.endpoint(key, path);
}

describe('recovering what an endpoint missed', () => {
  it('sends again, oldest first and once each, what failed or waits for a retry since `since`; a second recovery adds nothing', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const id = await endpoint(key, '/down');
    answers.set('/down', 503);
    // Before `since`: failed, and stays failed.
    const old = await testEvent(key, id);
    await service.advanceClock(60);
    const since = clockNow();
    // Since `since`: A failed (its retries spent), B failed once and waits, C never tried,
    // D delivered.
    const a = await testEvent(key, id);
    await failUntilSpent(key, id);
    const statuses = new Map((await log(key, id)).map((d) => [d.event_id, d.status]));
    expect(statuses.get(old)).toBe('failed');
    expect(statuses.get(a)).toBe('failed');
    const b = await testEvent(key, id);
    answers.set('/down', 200);
    const d = await testEvent(key, id);
    expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
    expect(new Map((await log(key, id)).map((entry) => [entry.event_id, entry.status])).get(d)).toBe(
      'delivered',
    );
    const waitingB = (await log(key, id)).find((entry) => entry.event_id === b)!;
    expect(waitingB.status).toBe('pending');
    expect(new Date(waitingB.next_attempt_at!).getTime()).toBeGreaterThan(clockNow().getTime());

    const first = await recover(key, id, { since: since.toISOString() });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ webhook_id: id, since: since.toISOString(), recovered: 2 });
    // Right after, before any dispatcher ran: what the first put back is pending and due, not counted again.
    const second = await recover(key, id, { since: since.toISOString() });
    expect(second.body.recovered).toBe(0);

    hits = [];
    await deliver();
    const sent = hits.filter((hit) => hit.path === '/down').map((hit) => hit.eventId);
    const c = (await log(key, id)).find((entry) => ![old, a, b, d].includes(entry.event_id))!.event_id;
    expect(sent).toEqual([a, b, c]);
    const after = new Map((await log(key, id)).map((entry) => [entry.event_id, entry.status]));
    expect(after.get(a)).toBe('delivered');
    expect(after.get(b)).toBe('delivered');
    expect(after.get(c)).toBe('delivered');
    expect(after.get(old)).toBe('failed');
    // Nothing failed since: a third recovery sends nothing.
    expect((await recover(key, id, { since: since.toISOString() })).body.recovered).toBe(0);
    hits = [];
    await deliver();
    expect(hits).toEqual([]);
  });

  it('a recovered failed delivery that fails again starts its retry schedule again', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const id = await endpoint(key, '/still-down');
    answers.set('/still-down', 500);
    const since = clockNow();
    const a = await testEvent(key, id);
    await failUntilSpent(key, id);
    expect((await recover(key, id, { since: since.toISOString() })).body.recovered).toBe(1);
    await deliver();
    const entry = (await log(key, id)).find((row) => row.event_id === a)!;
    expect(entry.status).toBe('pending');
    expect(entry.attempts).toBe(9);
    // Its schedule starts again: the next attempt is the first retry's wait away.
    expect(new Date(entry.next_attempt_at!).getTime() - clockNow().getTime()).toBe(5_000);
  });

  it('refuses a `since` more than 14 days back, in the future or not a date-time with 422 since_invalid, changing nothing', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const id = await endpoint(key, '/bounds');
    const now = clockNow().getTime();
    const day = 86_400_000;
    expectError(
      await recover(key, id, { since: new Date(now - 14 * day - 1000).toISOString() }),
      422,
      'since_invalid',
    );
    expectError(
      await recover(key, id, { since: new Date(now + 60_000).toISOString() }),
      422,
      'since_invalid',
    );
    expectError(await recover(key, id, { since: 'yesterday' }), 422, 'since_invalid');
    expectError(await recover(key, id, { since: '2026-09-22' }), 422, 'since_invalid');
    expectError(await recover(key, id, { since: 5 }), 422, 'since_invalid');
    expectError(await recover(key, id, {}), 422, 'since_invalid');
    const atLimit = await recover(key, id, { since: new Date(now - 14 * day).toISOString() });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.recovered).toBe(0);
    // The same instant written with an offset.
    const hourAgo = new Date(now - 3600_000 + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const offset = await recover(key, id, { since: hourAgo });
    expect(offset.status, JSON.stringify(offset.body)).toBe(200);
    expect(offset.body.since).toBe(new Date(now - 3600_000).toISOString());
  });

  it('is a write on the endpoint: scopes, another funder, a stopped endpoint, and Idempotency-Key', async () => {
    const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
    const id = await endpoint(key, '/scoped');
    const since = new Date(clockNow().getTime() - 3600_000).toISOString();
    const reader = await service.given.key({ bankId, scopes: ['requests:read'] });
    expectError(await recover(reader.secret, id, { since }), 403, 'forbidden');
    const writer = await service.given.key({ bankId, scopes: ['webhooks:write'] });
    expect((await recover(writer.secret, id, { since })).status).toBe(200);
    const other = await service.given.funderWithKey({ environment: 'live' });
    expectError(await recover(other.key, id, { since }), 404, 'not_found');

    const once = await recover(key, id, { since }, { 'idempotency-key': 'recover-once-1' });
    const again = await recover(key, id, { since }, { 'idempotency-key': 'recover-once-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(once.body);
    expect(again.headers['idempotent-replayed']).toBe('true');

    expect((await service.call(key, 'DELETE', `/v1/webhooks/${id}`)).status).toBe(200);
    expectError(await recover(key, id, { since }), 404, 'not_found');
  });
});
