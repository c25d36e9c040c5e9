import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, startGiven } from '../../../test/support/service.ts';
import { databaseRateCounter, type RateCounter } from '../rate-limit.ts';
import { redisRateCounter } from '../redis-counter.ts';
import { DEFAULT_PER_HOUR, DEFAULT_PER_MINUTE } from './auth.ts';

const { service } = startGiven();

function expectRateLimited(answer: Answer, fields: { retryAfter: number; limit: number; window: number }) {
  expect(answer.status).toBe(429);
  expect(answer.headers['retry-after']).toBe(String(fields.retryAfter));
  expect(answer.body).toEqual({
    error: {
      code: 'rate_limited',
      message: expect.any(String),
      request_id: answer.headers['request-id'],
      retry_after_seconds: fields.retryAfter,
      limit: fields.limit,
      window_seconds: fields.window,
    },
  });
}

async function clockNow(): Promise<Date> {
  return new Date((await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now);
}

/** Moves the manual clock to the start of the next window, so a test sees one whole window. */
async function startOfNextWindow(seconds: number): Promise<void> {
  const now = Math.floor((await clockNow()).getTime() / 1000);
  await service.advanceClock(seconds - (now % seconds));
}

const me = (key: string) => service.call(key, 'GET', '/v1/me');

describe('calls per key', () => {
  it(`a key may make ${DEFAULT_PER_MINUTE} calls in a minute; the next is refused with rate_limited until the minute is over`, async () => {
    await startOfNextWindow(60);
    const { key } = await service.given.funderWithKey();

    const remaining: string[] = [];
    for (let i = 1; i <= 120; i++) {
      const answer = await me(key);
      expect(answer.status, `call ${i}`).toBe(200);
      remaining.push(String(answer.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(Array.from({ length: 120 }, (_, i) => String(119 - i)));

    const refused = await me(key);
    expectRateLimited(refused, { retryAfter: 60, limit: 120, window: 60 });
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-limit']).toBe('120');

    // Retry-After counts down to the end of the minute; refused calls do not extend it.
    await service.advanceClock(45);
    expectRateLimited(await me(key), { retryAfter: 15, limit: 120, window: 60 });

    await service.advanceClock(15);
    const again = await me(key);
    expect(again.status).toBe(200);
    expect(again.headers['ratelimit-remaining']).toBe('119');
  });

  it('every answer carries RateLimit headers describing the window closest to its limit', async () => {
    await startOfNextWindow(60);
    const { key } = await service.given.funderWithKey();
    const answers = [await me(key), await me(key), await me(key)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(
      answers.map((a) => [
        a.headers['ratelimit-limit'],
        a.headers['ratelimit-remaining'],
        a.headers['ratelimit-reset'],
        a.headers['ratelimit-policy'],
      ]),
    ).toEqual([
      ['120', '119', '60', `"minute";q=${DEFAULT_PER_MINUTE};w=60, "hour";q=${DEFAULT_PER_HOUR};w=3600`],
      ['120', '118', '60', '"minute";q=120;w=60, "hour";q=3000;w=3600'],
      ['120', '117', '60', '"minute";q=120;w=60, "hour";q=3000;w=3600'],
    ]);
    await service.advanceClock(20);
    expect((await me(key)).headers['ratelimit-reset']).toBe('40');
  });

  it('limits are counted per key: another key of the same funder keeps its own allowance', async () => {
    await startOfNextWindow(60);
    const funder = await service.given.funderAccount();
    const first = await service.given.key({ bankId: funder.bank_id, perMinute: 2 });
    const second = await service.given.key({ bankId: funder.bank_id, perMinute: 2 });
    expect((await me(first.secret)).status).toBe(200);
    expect((await me(first.secret)).status).toBe(200);
    expect((await me(first.secret)).status).toBe(429);
    expect((await me(second.secret)).status).toBe(200);
  });

  it('a limit the operations team set for a key refuses the call after it', async () => {
    await startOfNextWindow(60);
    const funder = await service.given.funderAccount();
    const key = await service.given.key({ bankId: funder.bank_id, perMinute: 5 });
    const keys = await service.ops<{ keys: { id: string; rate_limit: unknown }[] }>(
      'GET',
      `/ops/v1/keys?bank_id=${funder.bank_id}`,
    );
    expect(keys.body.keys.find((k) => k.id === key.id)?.rate_limit).toEqual({
      per_minute: 5,
      per_hour: null,
    });

    for (let i = 1; i <= 5; i++) {
      const answer = await me(key.secret);
      expect(answer.status, `call ${i}`).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBe('5');
      expect(answer.headers['ratelimit-remaining']).toBe(String(5 - i));
      expect(answer.headers['ratelimit-policy']).toBe('"minute";q=5;w=60, "hour";q=3000;w=3600');
    }
    expectRateLimited(await me(key.secret), { retryAfter: 60, limit: 5, window: 60 });
    await service.advanceClock(60);
    expect((await me(key.secret)).status).toBe(200);
  });

  it('the hourly limit holds even when each minute stays under its own', async () => {
    await startOfNextWindow(3600);
    const funder = await service.given.funderAccount();
    const key = await service.given.key({ bankId: funder.bank_id, perHour: 5 });

    for (let i = 1; i <= 5; i++) {
      const answer = await me(key.secret);
      expect(answer.status, `call ${i}`).toBe(200);
      // The hour is now the window closest to its limit.
      expect(answer.headers['ratelimit-limit']).toBe('5');
      expect(answer.headers['ratelimit-remaining']).toBe(String(5 - i));
      expect(answer.headers['ratelimit-reset']).toBe('3600');
    }
    expectRateLimited(await me(key.secret), { retryAfter: 3600, limit: 5, window: 3600 });

    await service.advanceClock(60);
    expectRateLimited(await me(key.secret), { retryAfter: 3540, limit: 5, window: 3600 });

    await service.advanceClock(3540);
    expect((await me(key.secret)).status).toBe(200);
  });

  it(`by default a key may make ${DEFAULT_PER_HOUR} calls in an hour`, async () => {
    await startOfNextWindow(3600);
    const { key, keyId } = await service.given.funderWithKey();
    // 2,998 calls spread over the hour's earlier minutes, written as the counter would hold them.
    const hourStart = await clockNow();
    const hourStartSeconds = new Date(hourStart).getTime() / 1000;
    await service.db.query(
      `INSERT INTO rate_counters (bucket, first_start, first_hits, second_start, second_hits, expires_at)
       VALUES ($1, $2::bigint, 0, $2::bigint, 2998, to_timestamp($2::bigint + 3600))`,
      [`key:${keyId}|60,3600`, hourStartSeconds],
    );
    await service.advanceClock(1800);

    const last = [await me(key), await me(key)];
    expect(last.map((a) => a.status)).toEqual([200, 200]);
    expect(last[1]!.headers['ratelimit-limit']).toBe('3000');
    expect(last[1]!.headers['ratelimit-remaining']).toBe('0');
    expectRateLimited(await me(key), { retryAfter: 1800, limit: 3000, window: 3600 });
  });

  it('a key with a high limit is counted ahead, never below the calls answered, and refused right after its limit', async () => {
    await startOfNextWindow(60);
    const funder = await service.given.funderAccount();
    const key = await service.given.key({ bankId: funder.bank_id, perMinute: 640 });
    const counted = async () => {
      const { rows } = await service.db.query<{ hits: number }>(
        'SELECT first_hits AS hits FROM rate_counters WHERE bucket = $1',
        [`key:${key.id}|60,3600`],
      );
      return rows[0]?.hits ?? 0;
    };

    const remaining: string[] = [];
    const ahead: number[] = [];
    for (let i = 1; i <= 640; i++) {
      const answer = await me(key.secret);
      expect(answer.status, `call ${i}`).toBe(200);
      remaining.push(String(answer.headers['ratelimit-remaining']));
      if (i % 40 === 0) ahead.push((await counted()) - i);
    }
    // The server answers each call in its place of the shared count: 639, 638, ..., 0.
    expect(remaining).toEqual(Array.from({ length: 640 }, (_, i) => String(639 - i)));
    // Counted ahead while the key had room (at most a 64th of what was left), never behind.
    expect(ahead.every((n) => n >= 0 && n <= 10)).toBe(true);
    expect(ahead.some((n) => n > 0)).toBe(true);
    // Near the limit every call is counted on its own: the count is exactly the calls answered.
    expect(await counted()).toBe(640);
    expectRateLimited(await me(key.secret), { retryAfter: 60, limit: 640, window: 60 });

    // A new minute starts from one, whatever was counted in the last.
    await service.advanceClock(60);
    expect((await me(key.secret)).headers['ratelimit-remaining']).toBe('639');
    expect(await counted()).toBe(1);
  });

  it('the calls a minute leaves unused are taken off the hour by the next count', async () => {
    await startOfNextWindow(3600);
    const funder = await service.given.funderAccount();
    const key = await service.given.key({ bankId: funder.bank_id, perMinute: 6400, perHour: 100_000 });
    const counts = async () => {
      const { rows } = await service.db.query<{ minute: number; hour: number }>(
        'SELECT first_hits AS minute, second_hits AS hour FROM rate_counters WHERE bucket = $1',
        [`key:${key.id}|60,3600`],
      );
      return rows[0];
    };
    for (let i = 1; i <= 100; i++) expect((await me(key.secret)).status).toBe(200);
    // Counted ahead: more than the 100 calls made, in both windows.
    const ahead = await counts();
    expect(ahead!.minute).toBeGreaterThan(100);
    expect(ahead!.hour).toBe(ahead!.minute);

    await service.advanceClock(60);
    const next = await me(key.secret);
    expect(next.status).toBe(200);
    // The new minute counts one call; the hour counts the 101 calls made, not those never made.
    expect(await counts()).toEqual({ minute: 1, hour: 101 });
    expect(next.headers['ratelimit-policy']).toBe('"minute";q=6400;w=60, "hour";q=100000;w=3600');
  });

  it('a key with the default limits is counted one call at a time', async () => {
    await startOfNextWindow(60);
    const { key, keyId } = await service.given.funderWithKey();
    for (let i = 1; i <= 30; i++) expect((await me(key)).status).toBe(200);
    const { rows } = await service.db.query<{ first: number; second: number }>(
      'SELECT first_hits AS first, second_hits AS second FROM rate_counters WHERE bucket = $1',
      [`key:${keyId}|60,3600`],
    );
    expect(rows).toEqual([{ first: 30, second: 30 }]);
  });

  it('GET /v1/health is never rate limited, even with an exhausted key in the header', async () => {
    const funder = await service.given.funderAccount();
    const key = await service.given.key({ bankId: funder.bank_id, perMinute: 1 });
    expect((await me(key.secret)).status).toBe(200);
    expect((await me(key.secret)).status).toBe(429);

    for (let i = 1; i <= 200; i++) {
      const answer = await service.call(key.secret, 'GET', '/v1/health');
      expect(answer.status, `health call ${i}`).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBeUndefined();
      expect(answer.headers['retry-after']).toBeUndefined();
    }
  });
});

/** The same contract for both counters: PostgreSQL (or PGlite) and Redis. */
function counterContract(name: string, open: () => RateCounter, opts: { shared: () => RateCounter }) {
  describe(name, () => {
    let counter: RateCounter;
    const others: RateCounter[] = [];
    beforeAll(() => {
      counter = open();
    });
    afterAll(async () => {
      await counter?.close();
      for (const other of others) await other.close();
    });

    // Windows on the service clock, in the future so that nothing has expired yet.
    const hourAhead = () => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
    const bucket = () => `test:${randomBytes(8).toString('hex')}`;
    const windows = [
      { seconds: 60, limit: 3 },
      { seconds: 3600, limit: 10 },
    ];

    it('counts each call in every window and says when each window ends', async () => {
      const start = hourAhead();
      const at = new Date(start.getTime() + 90_500);
      const b = bucket();
      const first = await counter.hit(b, windows, at);
      const second = await counter.hit(b, windows, at);
      expect(first).toEqual([
        { seconds: 60, limit: 3, hits: 1, resetAt: new Date(start.getTime() + 120_000) },
        { seconds: 3600, limit: 10, hits: 1, resetAt: new Date(start.getTime() + 3_600_000) },
      ]);
      expect(second.map((w) => w.hits)).toEqual([2, 2]);
    });

    it('starts a new minute from one while the hour keeps counting', async () => {
      const start = hourAhead();
      const b = bucket();
      await counter.hit(b, windows, new Date(start.getTime() + 59_999));
      const next = await counter.hit(b, windows, new Date(start.getTime() + 60_000));
      expect(next.map((w) => w.hits)).toEqual([1, 2]);
    });

    it('keeps buckets apart', async () => {
      const at = hourAhead();
      const a = bucket();
      await counter.hit(a, windows, at);
      await counter.hit(a, windows, at);
      expect((await counter.hit(bucket(), windows, at)).map((w) => w.hits)).toEqual([1, 1]);
    });

    it('is shared by every server counting in the same place', async () => {
      const other = opts.shared();
      others.push(other);
      const at = hourAhead();
      const b = bucket();
      await counter.hit(b, windows, at);
      expect((await other.hit(b, windows, at)).map((w) => w.hits)).toEqual([2, 2]);
      expect((await counter.hit(b, windows, at)).map((w) => w.hits)).toEqual([3, 3]);
    });

    it('counts every one of many simultaneous calls', async () => {
      const at = hourAhead();
      const b = bucket();
      const all = await Promise.all(Array.from({ length: 25 }, () => counter.hit(b, windows, at)));
      expect(all.map((w) => w[0]!.hits).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
    });
  });
}

describe('the rate counter', () => {
  counterContract('in the database', () => databaseRateCounter(service.db), {
    shared: () => databaseRateCounter(service.db),
  });

  it('goes on from a floor given for a window, never lowers a higher count, and says what it counted', async () => {
    const counter = databaseRateCounter(service.db);
    const b = `floor:${randomBytes(4).toString('hex')}`;
    const windows = [
      { seconds: 60, limit: 10 },
      { seconds: 3600, limit: 100 },
    ];
    const at = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000 + 30_000);
    expect(await counter.counted(b, windows, at)).toEqual([0, 0]);
    // Redis had counted 4 in the minute and 40 in the hour before it failed.
    expect((await counter.hit(b, windows, at, [4, 40])).map((w) => w.hits)).toEqual([5, 41]);
    // A lower floor (a server that saw less) never lowers the count; a higher one raises it.
    expect((await counter.hit(b, windows, at, [2, 20])).map((w) => w.hits)).toEqual([6, 42]);
    expect((await counter.hit(b, windows, at, [0, 50])).map((w) => w.hits)).toEqual([7, 51]);
    expect(await counter.counted(b, windows, at)).toEqual([7, 51]);
    // The next minute starts from its own floor; the hour keeps counting.
    const nextMinute = new Date(at.getTime() + 60_000);
    expect(await counter.counted(b, windows, nextMinute)).toEqual([0, 51]);
    expect((await counter.hit(b, windows, nextMinute)).map((w) => w.hits)).toEqual([1, 52]);
  });

  it('relaxes durability for the count alone: a write after it commits durably again', async () => {
    const counter = databaseRateCounter(service.db);
    await counter.hit(
      `durability:${randomBytes(4).toString('hex')}`,
      [{ seconds: 60, limit: 10 }],
      new Date(),
    );
    await service.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      expect(rows[0]!.synchronous_commit).toBe('on');
    });
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  describe.skipIf(!redisUrl)('in Redis', () => {
    counterContract('with REDIS_URL', () => redisRateCounter(redisUrl!), {
      shared: () => redisRateCounter(redisUrl!),
    });

    it('lets each window’s key expire a minute after the window ends, on the service clock', async () => {
      const counter = redisRateCounter(redisUrl!);
      const redis = new Redis(redisUrl!);
      try {
        // A manual clock days away from real time: the key's life is measured on that clock.
        const windowStart = new Date('2026-03-29T00:59:00Z');
        const now = new Date(windowStart.getTime() + 15_000);
        const b = `test:${randomBytes(8).toString('hex')}`;
        await counter.hit(b, [{ seconds: 60, limit: 1 }], now);
        const keys = await redis.keys(`funder-api:rate:${b}:*`);
        expect(keys).toEqual([`funder-api:rate:${b}:60:${windowStart.getTime()}`]);
        // The window ends 45 s after `now`; the key outlives it by one minute.
        const ttl = await redis.pttl(keys[0]!);
        expect(ttl).toBeGreaterThan(100_000);
        expect(ttl).toBeLessThanOrEqual(105_000);
      } finally {
        await counter.close();
        redis.disconnect();
      }
    });
  });
});
