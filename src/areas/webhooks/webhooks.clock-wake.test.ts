import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database.ts';
import { startWorkCommand } from '../../../test/support/dispatcher-processes.ts';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, untilWithin, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
import { RETRY_SCHEDULE_SECONDS } from './webhooks.dispatcher.ts';

/**
 * Under the manual clock, a move of the clock (POST /ops/v1/clock) wakes the running
 * dispatchers: a retry it made due is sent at once. Every dispatcher here has its safety wake an
 * hour away, so an attempt seen after the move can only come from the wake-up. Waits are on
 * conditions with long bounds, never on durations.
 */
const SAFETY_WAKE_SECONDS = 3600;

/** Every request received, by path; the first one of each path is answered 500, the rest 200. */
const hits = new Map<string, number>();
let bench: WebhookBench;
let service: TestService;

beforeAll(async () => {
  bench = await startWebhookBench(
    (req, res) => {
      req.resume();
      req.on('end', () => {
        const path = req.url ?? '/';
        const seen = (hits.get(path) ?? 0) + 1;
        hits.set(path, seen);
        res.writeHead(seen === 1 ? 500 : 200);
        res.end();
      });
    },
    { webhookSafetyWakeSeconds: SAFETY_WAKE_SECONDS },
  );
  service = bench.service;
  // The service clock's instant, written where every process reads it.
  await service.advanceClock(1);
});
afterAll(() => bench?.close());

const until = untilWithin(180_000);

/**
 * An endpoint at `path` whose test event the running dispatcher tried once (answered 500):
 * then the clock moves to when the retry is due, and the retry must arrive.
 */
async function retryArrivesAfterTheClockMoves(path: string): Promise<void> {
  const { key } = await service.given.funderWithKey({ environment: 'live' });
  const id = await bench.endpoint(key, path);
  expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
  const log = async () =>
    (
      await service.call<{
        deliveries: { status: string; attempts: number; response_code: number | null }[];
      }>(key, 'GET', `/v1/webhooks/${id}/deliveries`)
    ).body.deliveries[0];
  // Waits read the row itself: polling the API would spend the key's rate limit.
  const row = async () =>
    (
      await service.db.query<{ status: string; response_code: number | null }>(
        'SELECT status, response_code FROM webhook_deliveries WHERE endpoint_id = $1',
        [id],
      )
    ).rows[0];
  await until(async () => (await row())?.response_code === 500, 'the first attempt, failed and recorded');
  expect(await log()).toMatchObject({ status: 'pending', attempts: 1 });
  expect(hits.get(path)).toBe(1);

  const moved = await service.ops('POST', '/ops/v1/clock', { advance_seconds: RETRY_SCHEDULE_SECONDS[0] });
  expect(moved.status).toBe(200);
  await until(async () => (await row())?.status === 'delivered', 'the retry the move made due');
  expect(hits.get(path)).toBe(2);
  expect(await log()).toMatchObject({ status: 'delivered', attempts: 2, response_code: 200 });
}

describe('moving the manual clock wakes the dispatchers', () => {
  it('the dispatcher running beside the jobs in the server sends a retry as soon as the clock makes it due', async () => {
    // What `serve` runs in its own process when it runs the jobs (the embedded database's default).
    const worker = service.runtime.createWorker();
    worker.start();
    try {
      await worker.ready();
      await retryArrivesAfterTheClockMoves('/inline');
    } finally {
      await worker.stop();
    }
  });

  it.skipIf(!onPostgres())(
    'a `work` process on PostgreSQL sends a retry as soon as the clock makes it due',
    async () => {
      const work = await startWorkCommand({
        databaseUrl: bench.database.url ?? '',
        secretsKey: bench.secretsKey,
        env: { WEBHOOK_SAFETY_WAKE_SECONDS: String(SAFETY_WAKE_SECONDS) },
      });
      try {
        await retryArrivesAfterTheClockMoves('/work');
      } finally {
        await work.stop();
      }
    },
    600_000,
  );
});
