import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/support/service.ts';
import { startWebhookBench, untilWithin, type WebhookBench } from '../../../test/support/webhook-receiver.ts';
import { newId } from '../../platform/ids.ts';
import { PREPARATION_ERRORS } from './webhooks.attempt.ts';
import { type Dispatcher, FAILED_CYCLE_RETRY_MS, RETRY_SCHEDULE_SECONDS } from './webhooks.dispatcher.ts';

/**
 * Bulkheads in the dispatcher: a delivery whose signing secret will not open fails alone, on its
 * own schedule and visibly, while every other delivery of the claim goes out; a cycle that throws
 * schedules the next one. The faults are real: a sealed secret overwritten in the database, a
 * trigger of the test's database that refuses claims.
 */
interface Hit {
  path: string;
  deliveryId: string;
}
let hits: Hit[] = [];
let bench: WebhookBench;
let service: TestService;

beforeAll(async () => {
  bench = await startWebhookBench((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ path: req.url ?? '', deliveryId: String(req.headers['service-delivery-id']) });
      res.writeHead(200);
      res.end();
    });
  });
  service = bench.service;
});
afterAll(() => bench?.close());
const running: Dispatcher[] = [];
afterEach(async () => {
  for (const dispatcher of running.splice(0)) await dispatcher.stop();
  hits = [];
});

const until = untilWithin(60_000);

/** Events committed for one funder outside the service's writer (the dispatcher fans them out). */
async function events(funderId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  await service.db.query(
    `INSERT INTO outbox_events (id, funder_id, plane, type, api_version, payload, created_at)
     SELECT id, $2, 'live', 'request.funded', '2026-09-23', jsonb_build_object('n', n), $3
       FROM unnest($1::uuid[]) WITH ORDINALITY AS e(id, n)`,
    [ids, funderId, service.runtime.clock.now()],
  );
  return ids;
}

async function deliveriesOf(endpointId: string) {
  const { rows } = await service.db.query<{
    id: string;
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date | null;
  }>(
    `SELECT id::text, status, attempts, last_error, next_attempt_at FROM webhook_deliveries
      WHERE endpoint_id = $1 ORDER BY seq`,
    [endpointId],
  );
  return rows;
}

async function preparationFailures(): Promise<number> {
  const text = await service.runtime.metrics.render();
  const line = text
    .split('\n')
    .find((l) => l.startsWith('funder_api_webhook_preparation_failures_total{reason="secret"}'));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

describe('a delivery that cannot be prepared', () => {
  it("fails alone: another funder's deliveries of the same claim go out, the bad ones keep their schedule and say why", async () => {
    const bad = await service.given.funderWithKey({ environment: 'live' });
    const good = await service.given.funderWithKey({ environment: 'live' });
    const badId = await bench.endpoint(bad.key, '/bad');
    const goodId = await bench.endpoint(good.key, '/good');
    const { rows: kept } = await service.db.query<{ sealed: string }>(
      'SELECT sealed FROM webhook_secrets WHERE endpoint_id = $1',
      [badId],
    );
    // A damaged row (or a key it was not sealed under): the sealed secret opens no more.
    await service.db.query(
      `UPDATE webhook_secrets SET sealed = 'v1.garbage.garbage' WHERE endpoint_id = $1`,
      [badId],
    );
    const before = await preparationFailures();
    // The bad funder's events first: the claim takes them before the good funder's.
    await events(bad.bankId, 3);
    await events(good.bankId, 3);

    const dispatcher = service.runtime.createDispatcher();
    running.push(dispatcher);
    expect(await dispatcher.drain()).toBe(6);
    expect(hits.filter((hit) => hit.path === '/good')).toHaveLength(3);
    expect(hits.filter((hit) => hit.path === '/bad')).toHaveLength(0);
    expect((await deliveriesOf(goodId)).map((row) => row.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);

    const now = service.runtime.clock.now().getTime();
    const failed = await deliveriesOf(badId);
    for (const row of failed) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: PREPARATION_ERRORS.secret });
      expect(row.next_attempt_at?.getTime()).toBe(now + RETRY_SCHEDULE_SECONDS[0] * 1000);
      // Nothing of the secret or of the key in what the funder reads.
      expect(row.last_error).not.toContain('garbage');
    }
    expect(await preparationFailures()).toBe(before + 3);
    // The funder sees why in its delivery log; the endpoint is not counted as failing.
    const log = await service.call<{ deliveries: { last_error: string | null }[] }>(
      bad.key,
      'GET',
      `/v1/webhooks/${badId}/deliveries`,
    );
    expect(log.status).toBe(200);
    expect(log.body.deliveries.map((row) => row.last_error)).toEqual(
      Array(3).fill(PREPARATION_ERRORS.secret),
    );
    const { rows: endpoint } = await service.db.query<{ failing_since: Date | null; active: boolean }>(
      'SELECT failing_since, active FROM webhook_endpoints WHERE id = $1',
      [badId],
    );
    expect(endpoint).toEqual([{ failing_since: null, active: true }]);

    // The row repaired (the right key back): the next attempt, on schedule, sends the same deliveries.
    await service.db.query('UPDATE webhook_secrets SET sealed = $2 WHERE endpoint_id = $1', [
      badId,
      kept[0]!.sealed,
    ]);
    await service.advanceClock(RETRY_SCHEDULE_SECONDS[0]);
    expect(await dispatcher.drain()).toBe(3);
    expect(new Set(hits.filter((hit) => hit.path === '/bad').map((hit) => hit.deliveryId))).toEqual(
      new Set(failed.map((row) => row.id)),
    );
  });
});

describe('a dispatcher cycle that throws', () => {
  it('schedules the next one: what it could not claim goes out with no commit to wake it', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const id = await bench.endpoint(key, '/after-failure');
    // Claims refused while the flag table has a row; a refusal is seen by the sequence it moves
    // (which the rolled-back claim does not undo). The function runs with its owner's rights: the
    // dispatcher's role has none on the test's own table and sequence.
    await service.db.query('CREATE TABLE test_claims_refused (on_purpose boolean)');
    await service.db.query('CREATE SEQUENCE test_claim_refusals');
    await service.db.query(`CREATE FUNCTION test_refuse_claims() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
      BEGIN
        IF NEW.locked_by IS NOT NULL AND OLD.locked_by IS NULL AND EXISTS (SELECT 1 FROM test_claims_refused) THEN
          PERFORM nextval('test_claim_refusals');
          RAISE EXCEPTION 'claims refused by the test';
        END IF;
        RETURN NEW;
      END $$`);
    await service.db.query(
      'CREATE TRIGGER test_refuse_claims BEFORE UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION test_refuse_claims()',
    );
    try {
      await service.db.query('INSERT INTO test_claims_refused VALUES (true)');
      // Only the cycle's own retry can bring the delivery: the safety net is an hour away.
      const dispatcher = service.runtime.createDispatcher({ safetyWakeMs: 3_600_000 });
      running.push(dispatcher);
      await dispatcher.start();
      // The event's commit wakes the dispatcher; its claim is refused and the cycle throws.
      expect((await service.call(key, 'POST', `/v1/webhooks/${id}/test`)).status).toBe(202);
      const refused = async () =>
        (await service.db.query<{ is_called: boolean }>('SELECT is_called FROM test_claim_refusals')).rows[0]!
          .is_called;
      await until(refused, 'a claim refused');
      // The fault ends without a commit of the outbox or a move of the clock.
      await service.db.query('TRUNCATE test_claims_refused');
      const ended = Date.now();
      await until(() => hits.some((hit) => hit.path === '/after-failure'), 'the event');
      // A generous bound: the retry comes FAILED_CYCLE_RETRY_MS after the failed cycle.
      expect(Date.now() - ended).toBeLessThan(FAILED_CYCLE_RETRY_MS + 10_000);
    } finally {
      await service.db.query('DROP TRIGGER test_refuse_claims ON webhook_deliveries');
      await service.db.query('DROP FUNCTION test_refuse_claims()');
      await service.db.query('DROP TABLE test_claims_refused');
      await service.db.query('DROP SEQUENCE test_claim_refusals');
    }
  });
});
