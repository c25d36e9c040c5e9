import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, untilWithin, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import { claimAttemptsForOps } from './webhooks.dispatch.store.ts';
import { ATTEMPT_LEASE_SECONDS } from './webhooks.dispatcher.ts';

/**
 * The short lease of an attempt: renewed while the attempt is being sent, so a slow receiver
 * keeps it with its dispatcher past one lease; left to run out by a dispatcher that renews
 * nothing (a dead one), after which another sends the same delivery again. On the manual clock:
 * the test moves it past the lease.
 */
interface Hit {
  path: string;
  deliveryId: string;
}
const hits: Hit[] = [];
const held: ServerResponse[] = [];
let bench: WebhookBench;
let service: TestService;

beforeAll(async () => {
  bench = await startWebhookBench((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ path: req.url ?? '', deliveryId: String(req.headers['service-delivery-id']) });
      held.push(res);
    });
  });
  service = bench.service;
});
afterAll(async () => {
  for (const res of held.splice(0)) res.destroy();
  await bench?.close();
});

const until = untilWithin(60_000);
const answerAll = () => {
  for (const res of held.splice(0)) {
    res.writeHead(200);
    res.end();
  }
};

async function lease(endpointId: string) {
  const { rows } = await service.db.query<{
    locked_by: string | null;
    locked_until: Date | null;
    status: string;
  }>('SELECT locked_by, locked_until, status FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]);
  return rows[0]!;
}

/** An endpoint at `path` with one test event waiting to be delivered. */
async function oneEvent(path: string): Promise<string> {
  const { key } = await service.given.funderWithKey({ environment: 'live' });
  const id = await bench.endpoint(key, path);
  expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
  return id;
}

describe('the lease of an attempt being sent', () => {
  it('is renewed while the receiver holds the attempt: past one lease, another dispatcher sends nothing', async () => {
    const id = await oneEvent('/renewed');
    const keeper = service.runtime.createDispatcher({ workerId: 'keeper', leaseRenewMs: 20 });
    const other = service.runtime.createDispatcher({ workerId: 'other' });
    try {
      const sending = keeper.drain();
      await until(() => hits.some((hit) => hit.path === '/renewed'), 'the attempt at the receiver');
      await service.advanceClock(ATTEMPT_LEASE_SECONDS + 2);
      const now = service.runtime.clock.now().getTime();
      await until(
        async () => ((await lease(id)).locked_until?.getTime() ?? 0) >= now + ATTEMPT_LEASE_SECONDS * 1000,
        'the lease renewed past the clock',
      );
      expect(await lease(id)).toMatchObject({ locked_by: 'keeper', status: 'pending' });
      expect(await other.drain()).toBe(0);
      expect(hits.filter((hit) => hit.path === '/renewed')).toHaveLength(1);
      answerAll();
      expect(await sending).toBe(1);
      expect(await lease(id)).toMatchObject({ locked_by: null, status: 'delivered' });
    } finally {
      answerAll();
      await keeper.stop();
      await other.stop();
    }
  });

  it('runs out when its dispatcher renews nothing: another sends the same delivery again', async () => {
    const id = await oneEvent('/ran-out');
    // A dispatcher that renews nothing within the test: as a dead one.
    const dead = service.runtime.createDispatcher({ workerId: 'dead', leaseRenewMs: 3_600_000 });
    const other = service.runtime.createDispatcher({ workerId: 'other' });
    try {
      const stuck = dead.drain();
      await until(() => hits.some((hit) => hit.path === '/ran-out'), 'the attempt at the receiver');
      await service.advanceClock(ATTEMPT_LEASE_SECONDS - 1);
      expect(await other.drain()).toBe(0);
      await service.advanceClock(2);
      const resent = other.drain();
      await until(() => hits.filter((hit) => hit.path === '/ran-out').length === 2, 'the attempt sent again');
      answerAll();
      expect(await resent).toBe(1);
      await stuck;
      const both = hits.filter((hit) => hit.path === '/ran-out');
      expect(both[0]!.deliveryId).toBe(both[1]!.deliveryId);
      // The late answer to the dead one's attempt is not recorded over the other's.
      expect(await lease(id)).toMatchObject({ locked_by: null, status: 'delivered' });
    } finally {
      answerAll();
      await dead.stop();
      await other.stop();
    }
  });

  it('runs out while its own dispatcher still sends: that one claims it no second time, nor another of the endpoint', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const id = await bench.endpoint(key, '/stalled');
    expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
    const stalled = service.runtime.createDispatcher({ workerId: 'stalled', leaseRenewMs: 3_600_000 });
    try {
      const sending = stalled.drain();
      await until(() => hits.some((hit) => hit.path === '/stalled'), 'the attempt at the receiver');
      const [first] = (
        await service.db.query<{ id: string }>(
          `SELECT id::text FROM webhook_deliveries WHERE endpoint_id = $1 AND locked_by = 'stalled'`,
          [id],
        )
      ).rows;
      // A second delivery of the endpoint, due while the first is still being sent.
      expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
      await service.advanceClock(ATTEMPT_LEASE_SECONDS + 2);
      const now = service.runtime.clock.now();
      // Each claim is rolled back: it is only looked at.
      const claim = async (sendingIds: readonly string[]) => {
        let taken: string[] = [];
        await runAs(OPERATOR, () =>
          service.db.transaction(async (tx) => {
            const rows = await claimAttemptsForOps(tx, {
              workerId: 'stalled',
              now,
              leaseSeconds: ATTEMPT_LEASE_SECONDS,
              limit: 8,
              perEndpoint: 1,
              sending: sendingIds,
            });
            taken = rows.map((row) => row.id);
            throw new Error('looked at only');
          }),
        ).catch(() => undefined);
        return taken;
      };
      // Without the ids it sends, the lapsed lease reads as free: the first attempt again.
      expect(await claim([])).toEqual([first!.id]);
      // With them, the first is its own still, and fills the endpoint's one place.
      expect(await claim([first!.id])).toEqual([]);
      // Answered, the first makes room for the second, sent by the same drain.
      answerAll();
      await until(() => hits.filter((hit) => hit.path === '/stalled').length === 2, 'the second delivery');
      answerAll();
      expect(await sending).toBe(2);
    } finally {
      answerAll();
      await stalled.stop();
    }
  });
});
