import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../test/support/service.ts';
import { runDueJobs } from '../../../test/support/worker.ts';
import { DELIVERY_KEEP_DAYS, pruneWebhookDeliveries } from './webhooks.retention.ts';

/**
 * Finished deliveries leave the delivery log 30 days after they finished, removed by the
 * worker's hourly upkeep; pending ones stay. The manual clock moves; only this test's endpoints
 * are counted.
 */
let receiver: Server;
let base: string;
let service: TestService;
const answers = new Map<string, number>();
const day = 24 * 3600;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answers.get(req.url ?? '') ?? 200);
      res.end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  service = await startService({ config: { webhookAllowLoopback: true } });
});
afterAll(async () => {
  await service?.close();
  await new Promise((done) => receiver?.close(done));
});

async function deliver(): Promise<void> {
  const dispatcher = service.runtime.createDispatcher();
  try {
    await dispatcher.drain();
  } finally {
    await dispatcher.stop();
  }
}

async function register(key: string, path: string): Promise<string> {
  const answer = await service.call<{ webhook: { id: string } }>(key, 'POST', '/v1/webhooks', {
    body: { url: `${base}${path}` },
  });
  expect(answer.status).toBe(201);
  return answer.body.webhook.id;
}

async function test(key: string, id: string): Promise<void> {
  expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
}

type Listed = { id: string; status: string };
async function log(key: string, id: string): Promise<Listed[]> {
  const answer = await service.call<{ deliveries: Listed[] }>(
    key,
    'GET',
    `/v1/webhooks/${id}/deliveries?limit=200`,
  );
  expect(answer.status).toBe(200);
  return answer.body.deliveries;
}

/** The worker runs its upkeep as it would in production: scheduled jobs, run when due. */
const upkeep = (): Promise<void> => runDueJobs(service);

describe('the delivery log kept 30 days', () => {
  it('drops finished deliveries 30 days after they finished, keeps newer and pending ones', async () => {
    expect(DELIVERY_KEEP_DAYS).toBe(30);
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const up = await register(key, '/kept');
    const down = await register(key, '/down');
    const gone = await register(key, '/deleted');
    answers.set('/down', 503);
    await test(key, up);
    await test(key, up);
    await test(key, down);
    await test(key, gone);
    await deliver();
    // A cancelled delivery: the endpoint deleted while a failed attempt waits for its retry.
    answers.set('/deleted', 503);
    await test(key, gone);
    await deliver();
    expect((await service.call(key, 'DELETE', `/v1/webhooks/${gone}`)).status).toBe(200);
    const old = await log(key, up);
    expect(old.map((row) => row.status)).toEqual(['delivered', 'delivered']);
    const pendingAtDown = await log(key, down);
    expect(pendingAtDown.map((row) => row.status)).toEqual(['pending']);
    expect((await log(key, gone)).map((row) => row.status).sort()).toEqual(['cancelled', 'delivered']);

    // 29 days on, one more delivery; nothing is old enough to go yet.
    await service.advanceClock(29 * day);
    await test(key, up);
    await deliver();
    await upkeep();
    expect(await log(key, up)).toHaveLength(3);
    expect(await log(key, gone)).toHaveLength(2);

    // Past 30 days from the first ones: they go, the newer one and the pending one stay.
    await service.advanceClock(day + 3600);
    await upkeep();
    const kept = await log(key, up);
    expect(kept).toHaveLength(1);
    expect(old.map((row) => row.id)).not.toContain(kept[0]!.id);
    expect(await log(key, gone)).toEqual([]);
    // The endpoint at /down was never retried in these 30 days (no dispatcher ran): still pending.
    expect((await log(key, down)).map((row) => row.id)).toEqual(pendingAtDown.map((row) => row.id));
    // A removed delivery is no longer there to retry.
    const retry = await service.call(key, 'POST', `/v1/webhooks/${up}/deliveries/${old[0]!.id}/retry`);
    expect(retry.status).toBe(404);
  });

  it('removes batch by batch until nothing past the retention is left', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const up = await register(key, '/batches');
    for (let n = 0; n < 5; n++) await test(key, up);
    await deliver();
    expect(await log(key, up)).toHaveLength(5);
    await service.advanceClock(31 * day);
    // Two at a time: the loop runs until a batch comes back short.
    await pruneWebhookDeliveries(service.db, service.runtime.clock.now(), 2);
    expect(await log(key, up)).toEqual([]);
  });
});
