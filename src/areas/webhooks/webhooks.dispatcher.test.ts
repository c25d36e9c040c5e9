import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database.ts';
import { dispatcherProcesses } from '../../../test/support/dispatcher-processes.ts';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, untilWithin, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
import { newId } from '../../platform/ids.ts';
import type { Dispatcher } from './webhooks.dispatcher.ts';

/**
 * The dispatcher running on its own: woken by the commit that made an event (no polling), two
 * dispatchers never sending one attempt twice, and a dispatcher killed with SIGKILL mid-burst
 * losing nothing. Waits are on conditions with long bounds, never on durations.
 */
interface Hit {
  path: string;
  eventId: string;
  deliveryId: string;
  bodyId: string;
}
let hits: Hit[] = [];
let bench: WebhookBench;
let service: TestService;
let delayMs = 0;

beforeAll(async () => {
  bench = await startWebhookBench((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
      const answer = () => {
        hits.push({
          path: req.url ?? '',
          eventId: String(req.headers['service-event-id']),
          deliveryId: String(req.headers['service-delivery-id']),
          bodyId: body.id,
        });
        res.writeHead(200);
        res.end();
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  service = bench.service;
});
afterAll(() => bench?.close());

const running: Dispatcher[] = [];
afterEach(async () => {
  for (const dispatcher of running.splice(0)) await dispatcher.stop();
  hits = [];
  delayMs = 0;
});

const until = untilWithin(180_000);

/** A burst of events committed at once, as the areas' writes would leave them. */
async function burst(funderId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  await service.db.query(
    `INSERT INTO outbox_events (id, funder_id, plane, type, api_version, payload, created_at)
     SELECT id, $2, 'live', 'request.funded', '2026-09-23', jsonb_build_object('n', n), $3
       FROM unnest($1::uuid[]) WITH ORDINALITY AS e(id, n)`,
    [ids, funderId, service.runtime.clock.now()],
  );
  await service.db.query(`SELECT pg_notify('funder_api_outbox', '')`);
  return ids;
}

describe('the dispatcher on its own', () => {
  it('is woken by the commit that made the event, with no polling to fall back on', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const id = await bench.endpoint(key, '/woken');
    const dispatcher = service.runtime.createDispatcher({ safetyWakeMs: 3_600_000 });
    running.push(dispatcher);
    await dispatcher.start();
    // Started with nothing to do: only a wake can bring the test event now.
    await service.call(key, 'POST', `/v1/webhooks/${id}/test`);
    await until(() => hits.some((hit) => hit.path === '/woken'), 'the test event');
    expect(hits.filter((hit) => hit.path === '/woken')).toHaveLength(1);
  });

  it.skipIf(!onPostgres())('listens again after its LISTEN connection is cut (PostgreSQL)', async () => {
    const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
    await bench.endpoint(key, '/relisten');
    const dispatcher = service.runtime.createDispatcher({ safetyWakeMs: 3_600_000 });
    running.push(dispatcher);
    await dispatcher.start();
    const listening = async () => {
      const { rows } = await service.db.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
      return rows.map((row) => row.pid);
    };
    const [first] = await listening();
    expect(first).toBeDefined();
    await service.db.query('SELECT pg_terminate_backend($1)', [first]);
    await until(async () => (await listening()).some((pid) => pid !== first), 'a new LISTEN connection');
    // Committed outside the service's writer: only the NOTIFY can wake the dispatcher.
    const [event] = await burst(bankId, 1);
    await until(
      () => hits.some((hit) => hit.path === '/relisten' && hit.eventId === event),
      'the event after the cut',
    );
  });

  it('never sends one attempt twice with two dispatchers on one burst', async () => {
    const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
    await bench.endpoint(key, '/twice-a');
    await bench.endpoint(key, '/twice-b');
    const ids = await burst(bankId, 150);
    const one = service.runtime.createDispatcher({ workerId: 'one' });
    const two = service.runtime.createDispatcher({ workerId: 'two' });
    running.push(one, two);
    delayMs = 2;
    await Promise.all([one.drain(), two.drain()]);
    const mine = hits.filter((hit) => hit.path.startsWith('/twice-'));
    expect(mine).toHaveLength(300);
    expect(new Set(mine.map((hit) => hit.deliveryId)).size).toBe(300);
    expect(new Set(mine.map((hit) => `${hit.path} ${hit.eventId}`)).size).toBe(300);
    expect(new Set(mine.map((hit) => hit.eventId))).toEqual(new Set(ids));
  });
});

describe.skipIf(!onPostgres())(
  'a dispatcher killed with SIGKILL mid-burst (PostgreSQL: needs a second process)',
  () => {
    const processes = dispatcherProcesses(() => ({
      databaseUrl: bench.database.url ?? '',
      secretsKey: bench.secretsKey,
    }));
    afterAll(() => processes.killAll());
    const startWorker = () => processes.start();

    it('delivers every one of 1,000 events to two endpoints; repeats carry the same event id', async () => {
      const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
      await bench.endpoint(key, '/kill-a');
      await bench.endpoint(key, '/kill-b');
      delayMs = 3;
      // The service clock's instant, written where every process reads it.
      await service.advanceClock(1);
      const first = await startWorker();
      const ids = await burst(bankId, 1000);
      const mine = () => hits.filter((hit) => hit.path.startsWith('/kill-'));
      await until(() => mine().length >= 300, 'the burst under way');
      first.kill('SIGKILL');
      await new Promise((exited) => first.once('exit', exited));
      const beforeRestart = mine().length;
      expect(beforeRestart).toBeLessThan(2000);

      await startWorker();
      // Attempts the killed process held stay claimed until their lease ends on the service
      // clock: move it past the lease, then wake the dispatchers.
      await service.advanceClock(61);
      await service.db.query(`SELECT pg_notify('funder_api_outbox', '')`);
      const expected = new Set(ids.flatMap((id) => [`/kill-a ${id}`, `/kill-b ${id}`]));
      await until(
        () => new Set(mine().map((hit) => `${hit.path} ${hit.eventId}`)).size === expected.size,
        'every event at both endpoints',
      );
      const seen = mine();
      expect(new Set(seen.map((hit) => `${hit.path} ${hit.eventId}`))).toEqual(expected);
      // A repeat (an attempt cut by the kill) is the same event: same id in the header and the body.
      for (const hit of seen) expect(hit.bodyId).toBe(hit.eventId);
      const { rows } = await service.db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE e.funder_id = $1 GROUP BY status`,
        [bankId],
      );
      expect(rows).toEqual([{ status: 'delivered', n: 2000 }]);
    }, 600_000);
  },
);
