import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../packages/client/src/index.ts';
import { expectError } from '../../../test/support/errors.ts';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, untilWithin, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
import { RETRY_SCHEDULE_SECONDS } from './webhooks.dispatcher.ts';

/**
 * A manual retry sends the delivery now in every state but one: while an attempt of it is being
 * sent. A pending delivery keeps its schedule when the attempt sent now fails.
 */
interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
/** What each path answers (200 unless told). */
const answers = new Map<string, number>();
/** Paths whose requests wait for the test to let them go, and the answers waiting. */
const held = new Set<string>();
const waiting: (() => void)[] = [];

let bench: WebhookBench;
let service: TestService;

beforeAll(async () => {
  bench = await startWebhookBench((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      hits.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = () => {
        res.writeHead(answers.get(path) ?? 200);
        res.end('ok');
      };
      if (held.has(path)) waiting.push(answer);
      else answer();
    });
  });
  service = bench.service;
});
afterAll(async () => {
  for (const answer of waiting.splice(0)) answer();
  await bench?.close();
});

const until = untilWithin(180_000);
const at = (path: string) => hits.filter((hit) => hit.path === path);
const clockNow = () => service.runtime.clock.now();

/** Sends what is due and waits for every attempt to be recorded. */
async function deliver(): Promise<void> {
  const dispatcher = service.runtime.createDispatcher();
  try {
    await dispatcher.drain();
  } finally {
    await dispatcher.stop();
  }
}

interface Delivery {
  id: string;
  event_id: string;
  status: string;
  attempts: number;
  response_code: number | null;
  next_attempt_at: string | null;
}

/** A funder's endpoint at `path` with one test event delivered once (its first attempt made). */
async function deliveredOnce(path: string) {
  const { key } = await service.given.funderWithKey({ environment: 'live' });
  const made = await service.call<{ webhook: { id: string }; secret: string }>(key, 'POST', '/v1/webhooks', {
    body: { url: `${bench.base}${path}` },
  });
  expect(made.status).toBe(201);
  const webhookId = made.body.webhook.id;
  expect((await service.call(key, 'POST', `/v1/webhooks/${webhookId}/test`)).status).toBe(202);
  await deliver();
  expect(at(path)).toHaveLength(1);
  const log = async (): Promise<Delivery> => {
    const answer = await service.call<{ deliveries: Delivery[] }>(
      key,
      'GET',
      `/v1/webhooks/${webhookId}/deliveries`,
    );
    expect(answer.body.deliveries).toHaveLength(1);
    return answer.body.deliveries[0]!;
  };
  const first = await log();
  const retry = () =>
    service.call<{ delivery: Delivery }>(
      key,
      'POST',
      `/v1/webhooks/${webhookId}/deliveries/${first.id}/retry`,
    );
  return { key, webhookId, secret: made.body.secret, first, log, retry };
}

/** The attempt at `hit` carries the delivery's event, signed at the given instant. */
function expectSignedAt(hit: Hit, secret: string, eventId: string, signedAt: Date) {
  const header = String(hit.headers['service-signature']);
  expect(header).toContain(`t=${Math.floor(signedAt.getTime() / 1000)},`);
  expect(verifyWebhook<{ id: string }>(hit.body, header, [secret], { now: clockNow() }).id).toBe(eventId);
  expect(hit.headers['service-event-id']).toBe(eventId);
}

describe('retrying a delivery by hand', () => {
  it('sends a delivery pending after a failed attempt now, and puts it back on its schedule when that fails too', async () => {
    answers.set('/pending-fails', 500);
    const { first, secret, log, retry } = await deliveredOnce('/pending-fails');
    expect(first).toMatchObject({ status: 'pending', attempts: 1, response_code: 500 });
    const scheduled = first.next_attempt_at!;
    expect(new Date(scheduled).getTime()).toBe(clockNow().getTime() + RETRY_SCHEDULE_SECONDS[0] * 1000);

    // Before the scheduled retry is due, the funder asks for one now.
    await service.advanceClock(2);
    const retried = await retry();
    expect(retried.status).toBe(200);
    expect(retried.body.delivery).toMatchObject({
      id: first.id,
      event_id: first.event_id,
      status: 'pending',
      next_attempt_at: clockNow().toISOString(),
    });
    await deliver();
    expect(at('/pending-fails')).toHaveLength(2);
    expectSignedAt(at('/pending-fails')[1]!, secret, first.event_id, clockNow());
    // It failed again: the delivery waits for the attempt it was waiting for, as scheduled.
    expect(await log()).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: scheduled });

    // That scheduled attempt is the schedule's second one: the manual attempt did not count.
    await service.advanceClock(RETRY_SCHEDULE_SECONDS[0] - 2);
    await deliver();
    expect(at('/pending-fails')).toHaveLength(3);
    expect(await log()).toMatchObject({
      status: 'pending',
      attempts: 3,
      next_attempt_at: new Date(clockNow().getTime() + RETRY_SCHEDULE_SECONDS[1] * 1000).toISOString(),
    });
  });

  it('sends a delivery pending after a failed attempt now, and it is delivered once the endpoint is fixed', async () => {
    answers.set('/pending-fixed', 503);
    const { first, secret, log, retry } = await deliveredOnce('/pending-fixed');
    expect(first).toMatchObject({ status: 'pending', attempts: 1, response_code: 503 });
    answers.set('/pending-fixed', 204);
    await service.advanceClock(1);
    expect((await retry()).status).toBe(200);
    await deliver();
    expect(at('/pending-fixed')).toHaveLength(2);
    expectSignedAt(at('/pending-fixed')[1]!, secret, first.event_id, clockNow());
    expect(await log()).toMatchObject({
      status: 'delivered',
      attempts: 2,
      response_code: 204,
      next_attempt_at: null,
    });
    // Nothing more is scheduled: the retry that was due is not sent.
    await service.advanceClock(RETRY_SCHEDULE_SECONDS[0]);
    await deliver();
    expect(at('/pending-fixed')).toHaveLength(2);
  });

  it('sends a failed delivery again now, with its schedule started again', async () => {
    answers.set('/failed', 500);
    const { first, secret, log, retry } = await deliveredOnce('/failed');
    for (const seconds of RETRY_SCHEDULE_SECONDS) {
      await service.advanceClock(seconds);
      await deliver();
    }
    const failed = await log();
    expect(failed).toMatchObject({ status: 'failed', attempts: RETRY_SCHEDULE_SECONDS.length + 1 });
    await service.advanceClock(60);
    const retried = await retry();
    expect(retried.status).toBe(200);
    expect(retried.body.delivery).toMatchObject({
      status: 'pending',
      next_attempt_at: clockNow().toISOString(),
    });
    await deliver();
    const sent = at('/failed');
    expect(sent).toHaveLength(RETRY_SCHEDULE_SECONDS.length + 2);
    expectSignedAt(sent[sent.length - 1]!, secret, first.event_id, clockNow());
    // Still failing: the first step of a new schedule.
    expect(await log()).toMatchObject({
      status: 'pending',
      next_attempt_at: new Date(clockNow().getTime() + RETRY_SCHEDULE_SECONDS[0] * 1000).toISOString(),
    });
  });

  it('sends a delivered delivery again now, with the same event id and a fresh signature', async () => {
    const { first, secret, log, retry } = await deliveredOnce('/delivered');
    expect(first).toMatchObject({ status: 'delivered', attempts: 1 });
    await service.advanceClock(90);
    expect((await retry()).status).toBe(200);
    await deliver();
    const sent = at('/delivered');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(sent[1]!.headers['service-signature']).not.toBe(sent[0]!.headers['service-signature']);
    expectSignedAt(sent[1]!, secret, first.event_id, clockNow());
    expect(await log()).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('answers 409 delivery_attempt_in_progress while an attempt is being sent, and sends it again once that attempt is recorded', async () => {
    answers.set('/in-flight', 500);
    const { first, log, retry } = await deliveredOnce('/in-flight');
    expect(first.status).toBe('pending');
    await service.advanceClock(RETRY_SCHEDULE_SECONDS[0]);
    // The scheduled retry reaches the endpoint, which keeps the request open.
    held.add('/in-flight');
    const dispatcher = service.runtime.createDispatcher();
    const draining = dispatcher.drain();
    try {
      await until(() => at('/in-flight').length === 2, 'the attempt under way');
      expectError(await retry(), 409, 'delivery_attempt_in_progress');
      expect(await log()).toMatchObject({ status: 'pending', attempts: 2 });
    } finally {
      held.delete('/in-flight');
      for (const answer of waiting.splice(0)) answer();
      await draining;
      await dispatcher.stop();
    }
    // The attempt failed and was recorded: a retry now is accepted and sent.
    expect(await log()).toMatchObject({ status: 'pending', attempts: 2, response_code: 500 });
    answers.set('/in-flight', 200);
    expect((await retry()).status).toBe(200);
    await deliver();
    expect(at('/in-flight')).toHaveLength(3);
    expect(await log()).toMatchObject({ status: 'delivered', attempts: 3 });
  });
});
