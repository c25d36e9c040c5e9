import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, untilWithin, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
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
});
