import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUpRedis,
  type OwnRedis,
  ownRedis,
  redisServerInstalled,
} from '../../test/faults/support/redis.ts';
import { startService, type TestService } from '../../test/support/service.ts';
import { databaseRateCounter } from './rate-limit.ts';
import { type RedisRateCounter, redisRateCounter } from './redis-counter.ts';

/**
 * The Redis counter on a Redis of the test's own, with the database as its fallback: bounded
 * waits, one warning and one gauge move per change of state, and counts carried across a switch.
 */

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await cleanUpRedis();
  await service?.close();
});

const windows = [
  { seconds: 60, limit: 10 },
  { seconds: 3600, limit: 100 },
];
// Windows on the service clock, in the future so that nothing has expired yet.
const at = () => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000 + 5_000);
const bucket = () => `test:${randomBytes(8).toString('hex')}`;

describe.skipIf(!redisServerInstalled)('the Redis counter with the database as fallback', () => {
  let redis: OwnRedis;
  let counter: RedisRateCounter;
  const warnings: { details: object; message: string }[] = [];
  const gauge: boolean[] = [];

  beforeAll(async () => {
    redis = await ownRedis();
    await redis.start();
    counter = redisRateCounter(redis.url, {
      fallback: databaseRateCounter(service.db),
      commandTimeoutMs: 200,
      probeIntervalMs: 200,
      log: { warn: (details, message) => warnings.push({ details, message }) },
      metrics: { dependencyUp: (_name, up) => gauge.push(up) },
    });
    expect(await counter.connected()).toBe(true);
  });
  afterAll(async () => {
    await counter?.close();
    await redis?.cleanUp();
  });

  const until = async (condition: () => boolean, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`never: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const hits = async (b: string, now: Date) => (await counter.hit(b, windows, now)).map((w) => w.hits);

  it('frozen: a count is answered from the database within a bound, and the windows go on where Redis was, then back in Redis', async () => {
    const now = at();
    const b = bucket();
    expect(await hits(b, now)).toEqual([1, 1]);
    expect(await hits(b, now)).toEqual([2, 2]);
    const warned = warnings.length;
    redis.freeze();
    try {
      const started = performance.now();
      // The first count waits for the command's bound, then counts in the database from 2.
      expect(await hits(b, now)).toEqual([3, 3]);
      expect(counter.up).toBe(false);
      expect(await hits(b, now)).toEqual([4, 4]);
      // A bound about hangs, generous: the command's own is 200 ms.
      expect(performance.now() - started).toBeLessThan(5_000);
      await expect(counter.ping!()).rejects.toThrow();
    } finally {
      redis.thaw();
    }
    await until(() => counter.up, 'Redis up again');
    // Redis held 2 (and the timed-out count, run once it was thawed): it goes on from 4 at least.
    const back = await hits(b, now);
    expect(back[0]).toBeGreaterThanOrEqual(5);
    expect(back[0]).toBeLessThanOrEqual(6);
    expect(warnings.slice(warned).map((w) => w.message)).toEqual([
      expect.stringContaining('Redis does not answer'),
      expect.stringContaining('Redis answers again'),
    ]);
    expect(gauge.slice(-2)).toEqual([false, true]);
  });

  it('killed and started empty: counts go on from what this server saw, and from what the database counted meanwhile', async () => {
    const now = at();
    const b = bucket();
    expect(await hits(b, now)).toEqual([1, 1]);
    expect(await hits(b, now)).toEqual([2, 2]);
    const warned = warnings.length;
    await redis.kill();
    await until(() => !counter.up, 'Redis down');
    expect(await hits(b, now)).toEqual([3, 3]);
    // Another server counted in the database meanwhile, from where it had seen Redis.
    const other = databaseRateCounter(service.db);
    expect((await other.hit(b, windows, now, [2, 2])).map((w) => w.hits)).toEqual([4, 4]);
    await redis.start();
    await until(() => counter.up, 'Redis up again');
    // The empty Redis is raised to the database's count before counting.
    expect(await hits(b, now)).toEqual([5, 5]);
    expect(await hits(b, now)).toEqual([6, 6]);
    expect(warnings.slice(warned)).toHaveLength(2);
  });

  it('an empty Redis this server never saw go down still goes on from the counts it answered', async () => {
    const now = at();
    const b = bucket();
    for (let i = 1; i <= 3; i++) expect(await hits(b, now)).toEqual([i, i]);
    // The counts vanish (an eviction, a restart between two probes) without a failed command.
    const key = `funder-api:rate:${b}:60:${Math.floor(now.getTime() / 60_000) * 60_000}`;
    expect(await redis.rateKeys()).toContain(key);
    const warned = warnings.length;
    await redis.flushAll();
    expect(await hits(b, now)).toEqual([4, 4]);
    expect(counter.up).toBe(true);
    expect(warnings).toHaveLength(warned);
  });
});
