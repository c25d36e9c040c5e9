import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, type WebhookBench } from '../../../test/support/webhook-receiver.ts';

/**
 * One endpoint receives its deliveries one at a time, in the order they were made: first
 * attempts, a batch of retries coming due together and a recovery, with the dispatcher's own
 * bounds (nothing narrowed for the test). The receiver records the order of arrival and how
 * many requests it held open at once; it holds each one a moment, so that attempts sent side by
 * side would overlap there.
 */
interface Hit {
  path: string;
  eventId: string;
}
let hits: Hit[] = [];
/** Requests open at the receiver now, and the most seen at once, per path. */
const open = new Map<string, number>();
const most = new Map<string, number>();
const answers = new Map<string, number>();
let bench: WebhookBench;
let service: TestService;

beforeAll(async () => {
  bench = await startWebhookBench((req, res) => {
    const path = req.url ?? '/';
    hits.push({ path, eventId: String(req.headers['service-event-id']) });
    open.set(path, (open.get(path) ?? 0) + 1);
    most.set(path, Math.max(most.get(path) ?? 0, open.get(path)!));
    req.resume();
    req.on('end', () => {
      // A moment held open: long enough for a second attempt sent meanwhile to arrive.
      setTimeout(() => {
        open.set(path, open.get(path)! - 1);
        res.writeHead(answers.get(path) ?? 200);
        res.end('ok');
      }, 30);
    });
  });
  service = bench.service;
});
afterAll(() => bench?.close());

/** Sends what is due with a dispatcher as the service runs one (its default bounds). */
async function deliver(): Promise<void> {
  const dispatcher = service.runtime.createDispatcher();
  try {
    await dispatcher.drain();
  } finally {
    await dispatcher.stop();
  }
}

/** `count` test events for the endpoint, asked for one after the other: their ids in that order. */
async function testEvents(key: string, id: string, count: number): Promise<string[]> {
  for (let i = 0; i < count; i++) {
    expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
  }
  const listed = await service.call<{ events: { id: string; data: { webhook_id: string } }[] }>(
    key,
    'GET',
    '/v1/events?type=webhook.test&limit=200',
  );
  const ids = listed.body.events.filter((event) => event.data.webhook_id === id).map((event) => event.id);
  expect(ids).toHaveLength(count);
  return ids;
}

const arrivals = (path: string) => hits.filter((hit) => hit.path === path).map((hit) => hit.eventId);

describe('the order in which one endpoint receives its deliveries', () => {
  it('sends first attempts, then retries due together, in the order the deliveries were made, once each and one at a time', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const id = await bench.endpoint(key, '/retries');
    answers.set('/retries', 503);
    const made = await testEvents(key, id, 5);
    hits = [];
    await deliver();
    expect(arrivals('/retries')).toEqual(made);

    // Every one failed once and waits for its first retry; the receiver is back when they come due.
    answers.set('/retries', 200);
    await service.advanceClock(3600);
    hits = [];
    await deliver();
    expect(arrivals('/retries')).toEqual(made);
    expect(most.get('/retries')).toBe(1);
  });

  it('sends a recovery in the order the deliveries were made, once each and one at a time', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const id = await bench.endpoint(key, '/recover');
    answers.set('/recover', 500);
    const since = service.runtime.clock.now();
    const made = await testEvents(key, id, 5);
    await deliver();
    answers.set('/recover', 200);
    const recovered = await service.call<{ recovered: number }>(key, 'POST', `/v1/webhooks/${id}/recover`, {
      body: { since: since.toISOString() },
    });
    expect(recovered.status).toBe(200);
    expect(recovered.body.recovered).toBe(5);
    hits = [];
    await deliver();
    expect(arrivals('/recover')).toEqual(made);
    expect(most.get('/recover')).toBe(1);
  });

  it('orders each endpoint on its own: two endpoints of one funder each receive theirs in order', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const one = await bench.endpoint(key, '/side-a');
    const two = await bench.endpoint(key, '/side-b');
    const first = await testEvents(key, one, 3);
    const second = await testEvents(key, two, 3);
    hits = [];
    await deliver();
    expect(arrivals('/side-a')).toEqual(first);
    expect(arrivals('/side-b')).toEqual(second);
    // Each endpoint had one open at a time; the claims took both (the bulkhead tests show one
    // endpoint never waits for another's).
    expect(most.get('/side-a')).toBe(1);
    expect(most.get('/side-b')).toBe(1);
  });
});
