import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/support/database.ts';
import { dispatcherProcesses } from '../../../test/support/dispatcher-processes.ts';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, untilWithin, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Tx } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import { signalOutboxCommit } from '../../platform/outbox.ts';
import { type ClaimedAttempt, claimAttemptsForOps } from './webhooks.dispatch.store.ts';
import { PER_ENDPOINT_CONCURRENCY } from './webhooks.dispatcher.ts';
import { insertDeliveriesForOps } from './webhooks.fan-out.store.ts';

/**
 * The per-endpoint bound on attempts in flight holds over every dispatcher, not per dispatcher:
 * the receiver counts the requests of one endpoint it holds open at once. Nothing here is timed:
 * the receiver answers a little later so that attempts overlap, and the tests wait on conditions.
 */
let bench: WebhookBench;
let service: TestService;
/** Per path: requests open now, the most ever open at once, and the event ids received. */
const seen = new Map<string, { open: number; most: number; events: Set<string> }>();

beforeAll(async () => {
  bench = await startWebhookBench((req, res) => {
    const path = req.url ?? '';
    const entry = seen.get(path) ?? { open: 0, most: 0, events: new Set<string>() };
    seen.set(path, entry);
    entry.open++;
    entry.most = Math.max(entry.most, entry.open);
    req.resume();
    req.on('end', () => {
      // Answered a few milliseconds later: attempts pile up to whatever the dispatchers allow.
      setTimeout(() => {
        entry.events.add(String(req.headers['service-event-id']));
        entry.open--;
        res.writeHead(200);
        res.end();
      }, 3);
    });
  });
  service = bench.service;
});
afterAll(() => bench?.close());

const until = untilWithin(300_000);

/**
 * Events committed in several bursts, each with its own NOTIFY: every burst wakes every
 * dispatcher at once, so their claims meet again and again.
 */
async function bursts(funderId: string, count: number, size: number): Promise<string[]> {
  const all: string[] = [];
  for (let n = 0; n < count; n++) {
    const ids = Array.from({ length: size }, () => newId());
    await service.db.query(
      `INSERT INTO outbox_events (id, funder_id, plane, type, api_version, payload, created_at)
       SELECT id, $2, 'live', 'request.funded', '2026-09-23', jsonb_build_object('n', n), $3
         FROM unnest($1::uuid[]) WITH ORDINALITY AS e(id, n)`,
      [ids, funderId, service.runtime.clock.now()],
    );
    await service.db.query(`SELECT pg_notify('funder_api_outbox', '')`);
    // Wakes the dispatchers of this process too (the embedded database has no NOTIFY).
    signalOutboxCommit();
    all.push(...ids);
  }
  return all;
}

describe('the per-endpoint bound over two dispatchers', () => {
  const stopping: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stopping.splice(0)) await stop();
  });

  it('two dispatchers in one process never hold more than the bound open at one endpoint', async () => {
    const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
    await bench.endpoint(key, '/inproc-a');
    await bench.endpoint(key, '/inproc-b');
    for (const workerId of ['bound-one', 'bound-two']) {
      const dispatcher = service.runtime.createDispatcher({ workerId, safetyWakeMs: 3_600_000 });
      stopping.push(() => dispatcher.stop());
      await dispatcher.start();
    }
    const ids = await bursts(bankId, 12, 25);
    await until(
      () =>
        seen.get('/inproc-a')?.events.size === ids.length &&
        seen.get('/inproc-b')?.events.size === ids.length,
      'every event at both endpoints',
    );
    expect(seen.get('/inproc-a')!.events).toEqual(new Set(ids));
    expect(seen.get('/inproc-b')!.events).toEqual(new Set(ids));
    expect(seen.get('/inproc-a')!.most).toBeLessThanOrEqual(PER_ENDPOINT_CONCURRENCY);
    expect(seen.get('/inproc-b')!.most).toBeLessThanOrEqual(PER_ENDPOINT_CONCURRENCY);
  }, 600_000);

  it.skipIf(!onPostgres())(
    'a claim made while another is uncommitted waits for it and counts its leases (PostgreSQL)',
    async () => {
      const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
      await bench.endpoint(key, '/claims');
      const [hook] = (
        await service.db.query<{ id: string }>('SELECT id::text FROM webhook_endpoints WHERE url = $1', [
          `${bench.base}/claims`,
        ])
      ).rows;
      const now = service.runtime.clock.now();
      await runAs(OPERATOR, () =>
        insertDeliveriesForOps(
          service.db,
          Array.from({ length: 60 }, () => ({
            id: newId(),
            endpointId: hook!.id,
            funderId: bankId,
            plane: 'live' as const,
            eventId: newId(),
            eventType: 'request.funded',
            body: '{}',
            bodySha256: '0',
          })),
          now,
        ),
      );
      // Room for 8 each: a claim looks at a window of the first 32 due rows, so the second one
      // finds due rows the first has not locked.
      const claim = (workerId: string) => (tx: Tx) =>
        claimAttemptsForOps(tx, { workerId, now, leaseSeconds: 60, limit: 8, perEndpoint: 8, sending: [] });
      let release!: () => void;
      const released = new Promise<void>((done) => (release = done));
      let first!: (rows: ClaimedAttempt[]) => void;
      const firstClaimed = new Promise<ClaimedAttempt[]>((done) => (first = done));
      // The first claim stays uncommitted until the second has started.
      const one = runAs(OPERATOR, () =>
        service.db.transaction(async (tx) => {
          first(await claim('claims-one')(tx));
          await released;
        }),
      );
      const mine = (await firstClaimed).filter((row) => row.endpoint_id === hook!.id);
      expect(mine).toHaveLength(8);
      let secondDone = false;
      const two = runAs(OPERATOR, () => service.db.transaction(claim('claims-two'))).finally(
        () => (secondDone = true),
      );
      // Either the second claim finished without waiting (the bound would not hold), or it
      // waits on the first one's lock.
      await until(async () => {
        if (secondDone) return true;
        const { rows } = await service.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
        );
        return rows[0]!.n > 0;
      }, 'the second claim under way');
      release();
      await one;
      const theirs = (await two).filter((row) => row.endpoint_id === hook!.id);
      expect(theirs).toHaveLength(0);
    },
  );

  describe.skipIf(!onPostgres())('in two processes (PostgreSQL)', () => {
    const processes = dispatcherProcesses(() => ({
      databaseUrl: bench.database.url ?? '',
      secretsKey: bench.secretsKey,
    }));
    afterAll(() => processes.killAll());
    const startWorker = () => processes.start();

    it('never hold more than the bound open at one endpoint, and deliver everything', async () => {
      const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
      await bench.endpoint(key, '/procs-a');
      await bench.endpoint(key, '/procs-b');
      await service.advanceClock(1);
      await Promise.all([startWorker(), startWorker()]);
      const ids = await bursts(bankId, 12, 25);
      await until(
        () =>
          seen.get('/procs-a')?.events.size === ids.length &&
          seen.get('/procs-b')?.events.size === ids.length,
        'every event at both endpoints',
      );
      expect(seen.get('/procs-a')!.events).toEqual(new Set(ids));
      expect(seen.get('/procs-b')!.events).toEqual(new Set(ids));
      expect(seen.get('/procs-a')!.most).toBeLessThanOrEqual(PER_ENDPOINT_CONCURRENCY);
      expect(seen.get('/procs-b')!.most).toBeLessThanOrEqual(PER_ENDPOINT_CONCURRENCY);
      // Each answer is recorded once it has come back: wait for the last ones to be written.
      const statuses = async () =>
        (
          await service.db.query<{ status: string; n: number }>(
            `SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE funder_id = $1 GROUP BY status`,
            [bankId],
          )
        ).rows;
      await until(
        async () => (await statuses()).every((row) => row.status !== 'pending'),
        'every answer recorded',
      );
      expect(await statuses()).toEqual([{ status: 'delivered', n: ids.length * 2 }]);
    }, 600_000);
  });
});
