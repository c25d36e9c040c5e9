import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres, type TestDatabase } from '../../test/support/database.ts';
import { startService, type TestService } from '../../test/support/service.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { manualClock } from './clock.ts';
import { boundTo, OPERATOR } from './db/actor.ts';
import { EVIDENCE_LOCK, SEAL_GRACE_SECONDS, sealFinishedDays, utcDay, verifyEvidence } from './evidence.ts';
import type { App } from './http/app.ts';

/** Seconds from the test clock to the next UTC midnight, less `before`. */
function secondsToMidnight(now: Date, before: number): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.floor((midnight - now.getTime()) / 1000) - before;
}

const days = async (service: TestService) =>
  (
    await service.db.query<{ kind: string; day: string; name: string | null }>(
      `SELECT kind, day::text AS day, payload->>'name' AS name FROM evidence_entries ORDER BY seq`,
    )
  ).rows;

describe('the evidence chain around midnight', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => service?.close());

  const createFunder = async (name: string, on: TestService = service) => {
    const answer = await on.ops('POST', '/ops/v1/funders', { name, environment: 'live' });
    expect(answer.status).toBe(201);
  };

  it('writes on both sides of midnight verify, and a day is sealed only once it ended a while ago', async () => {
    await service.advanceClock(secondsToMidnight(service.runtime.clock.now(), 30));
    const before = utcDay(service.runtime.clock.now());
    await createFunder('Before Midnight');
    await service.advanceClock(60);
    const after = utcDay(service.runtime.clock.now());
    expect(after).not.toBe(before);
    await createFunder('After Midnight');

    // Thirty seconds into the new day the old one is not sealed yet: a write still on its way
    // from a server whose clock lags a little could belong to it.
    expect(await sealFinishedDays(service.db, service.runtime.clock.now())).toEqual([]);
    await service.advanceClock(SEAL_GRACE_SECONDS);
    expect(await sealFinishedDays(service.db, service.runtime.clock.now())).toContain(before);
    await createFunder('Later That Night');

    const entries = await days(service);
    expect(entries.find((e) => e.name === 'Before Midnight')?.day).toBe(before);
    expect(entries.find((e) => e.name === 'After Midnight')?.day).toBe(after);
    expect(entries.find((e) => e.name === 'Later That Night')?.day).toBe(after);
    expect(await verifyEvidence(service.db)).toMatchObject({ ok: true, firstBroken: null });
  });

  it('the database refuses an entry in a day whose root is sealed', async () => {
    const { rows } = await service.db.query<{ day: string }>(
      'SELECT max(day)::text AS day FROM evidence_day_roots',
    );
    const sealed = rows[0]!.day;
    expect(sealed).not.toBeNull();
    await expect(
      service.db.query(
        `INSERT INTO evidence_entries (seq, id, actor, kind, payload, recorded_at, day, prev_hash, hash)
         VALUES (1000000, gen_random_uuid(), '{}', 'test.late', '{}', $1::date, $1::date, 'x', $2)`,
        [sealed, randomBytes(32).toString('hex')],
      ),
    ).rejects.toThrow(/sealed/);
    expect(await verifyEvidence(service.db)).toMatchObject({ ok: true });
  });
});

/**
 * Two API servers on one PostgreSQL database with the shared manual clock. A write on the first
 * begins before midnight and reaches the chain only after the second server has sealed that day.
 */
describe.skipIf(!onPostgres())('the evidence chain around midnight, with two servers', () => {
  let database: TestDatabase;
  let first: TestService;
  let second: Runtime;
  let secondApp: App;
  let holder: pg.Client;

  beforeAll(async () => {
    database = await freshDatabase();
    first = await startService({ database });
    second = await createRuntime(first.runtime.config, {
      db: database.connect(),
      clock: manualClock(),
      logger: pino({ level: 'silent' }),
      secrets: { opsToken: first.opsToken, secretsKey: randomBytes(32) },
    });
    secondApp = await second.buildApp();
    holder = new pg.Client({ connectionString: database.url! });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await secondApp?.close();
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  const opsOnSecond = async (method: 'POST' | 'GET', url: string, body?: unknown) => {
    const answer = await secondApp.inject({
      method,
      url,
      headers: { authorization: `Bearer ${first.opsToken}`, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.statusCode, body: answer.json() as Record<string, unknown> };
  };

  /** Sessions waiting for the chain's lock. */
  const waitersOnChain = async () =>
    (
      await holder.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND objid = $1 AND NOT granted AND database = (
            SELECT oid FROM pg_database WHERE datname = current_database())`,
        [EVIDENCE_LOCK],
      )
    ).rows[0]!.n;

  async function until(condition: () => Promise<boolean>): Promise<void> {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('a write begun before midnight never lands in the day sealed meanwhile, and verify passes', async () => {
    await first.advanceClock(secondsToMidnight(first.runtime.clock.now(), 20));
    const before = utcDay(first.runtime.clock.now());
    expect((await first.ops('POST', '/ops/v1/funders', { name: 'Early', environment: 'live' })).status).toBe(
      201,
    );
    expect(
      (await opsOnSecond('POST', '/ops/v1/funders', { name: 'Early Too', environment: 'live' })).status,
    ).toBe(201);

    // Someone holds the chain: the next write on the first server begins at 23:59:40 and waits.
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock($1)', [EVIDENCE_LOCK]);
    const straddling = first.ops('POST', '/ops/v1/funders', { name: 'Straddling', environment: 'live' });
    await until(async () => (await waitersOnChain()) >= 1);

    // The shared clock moves well past midnight (through the second server), which then seals
    // the finished day.
    expect(
      (await opsOnSecond('POST', '/ops/v1/clock', { advance_seconds: 20 + SEAL_GRACE_SECONDS + 60 })).status,
    ).toBe(200);
    const after = utcDay(second.clock.now());
    expect(after).not.toBe(before);
    let sealDone = false;
    // The worker seals days as the operator, the role that sees the whole chain (migration 0020).
    const seal = sealFinishedDays(boundTo(second.db, OPERATOR), second.clock.now()).finally(() => {
      sealDone = true;
    });
    await until(async () => sealDone || (await waitersOnChain()) >= 2);

    await holder.query('COMMIT');
    expect((await straddling).status).toBe(201);
    expect(await seal).toEqual([before]);
    expect((await opsOnSecond('POST', '/ops/v1/funders', { name: 'Late', environment: 'live' })).status).toBe(
      201,
    );

    const entries = await days(first);
    expect(entries.filter((e) => e.name === 'Early' || e.name === 'Early Too').map((e) => e.day)).toEqual([
      before,
      before,
    ]);
    expect(entries.find((e) => e.name === 'Straddling')?.day).toBe(after);
    const roots = await first.db.query<{ day: string; entry_count: number }>(
      'SELECT day::text AS day, entry_count FROM evidence_day_roots WHERE day = $1::date',
      [before],
    );
    expect(roots.rows[0]?.entry_count).toBe(entries.filter((e) => e.day === before).length);
    expect(await verifyEvidence(first.db)).toMatchObject({ ok: true, firstBroken: null });
    expect(await verifyEvidence(boundTo(second.db, OPERATOR))).toMatchObject({ ok: true, firstBroken: null });
  });
});
