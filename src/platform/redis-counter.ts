import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type { DependencyMetrics } from './metrics.ts';
import {
  type DatabaseRateCounter,
  type RateCounter,
  type RateWindow,
  type WindowCount,
  windowStart,
} from './rate-limit.ts';

/**
 * Rate counts in Redis (REDIS_URL), with the database as the fallback.
 *
 * Every wait on Redis is bounded: a command that has no answer within `commandTimeoutMs` fails,
 * commands are never queued while the connection is down, and a connection is given up after
 * `connectTimeoutMs`. A call whose count fails or times out is counted in the database instead.
 * Then Redis is known bad: every call counts in the database at once, without paying the time-out
 * again, until a probe (one PING every `probeIntervalMs`, whatever the state) is answered. Each
 * change of state writes one warning line and moves `funder_api_dependency_up{dependency="redis"}`.
 *
 * A window keeps its count across a switch (docs/decisions/platform.md, "A window's count
 * survives a Redis transition"): the server remembers, per bucket, the highest count it was
 * answered in each current window, from either store. A count in the database starts from at
 * least that (Redis failed mid-window); a count in Redis too (Redis came back, or came back
 * empty); and where this server counted in the database during the window, its first count in
 * Redis after the switch reads the database's count first and raises Redis to it.
 */

export interface RedisCounterOptions {
  /** Where calls count while Redis fails; none: every call waits for Redis (tests of Redis alone). */
  fallback?: DatabaseRateCounter;
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  probeIntervalMs?: number;
  log?: { warn(details: object, message: string): void };
  metrics?: DependencyMetrics;
}

export interface RedisRateCounter extends RateCounter {
  /** Resolves once the first connection is ready (true) or its time-out passed (false). */
  connected(): Promise<boolean>;
  /** Whether calls count in Redis now. */
  readonly up: boolean;
}

/**
 * Each window's key raised to its floor when below it, then counted, with its life set: one round
 * trip, atomic in Redis. KEYS: one per window; ARGV: floor and milliseconds to live, per window.
 */
const COUNT_SCRIPT = `
local counts = {}
for i, key in ipairs(KEYS) do
  local floor = tonumber(ARGV[2 * i - 1])
  if floor > 0 then
    local current = tonumber(redis.call('GET', key) or '0')
    if current < floor then redis.call('SET', key, floor) end
  end
  counts[i] = redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[2 * i])
end
return counts`;

type CountingRedis = Redis & {
  funderApiRateCount(numKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
};

class RedisTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisTimeout(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What this server was answered in a bucket's current windows. */
interface Seen {
  starts: number[];
  seconds: number[];
  /** The highest count answered in each window, by Redis or the database. */
  hits: number[];
  /** Whether this server counted in the database in each window. */
  inDatabase: boolean[];
}

/** Above this many buckets, buckets whose windows all ended are forgotten. */
const SWEEP_ABOVE = 10_000;

function countsSeen() {
  const seen = new Map<string, Seen>();
  let sweepAbove = SWEEP_ABOVE;
  const sweep = (now: number) => {
    for (const [key, entry] of seen) {
      if (entry.starts.every((start, i) => start + entry.seconds[i]! * 1000 <= now)) seen.delete(key);
    }
    sweepAbove = Math.max(SWEEP_ABOVE, seen.size * 2);
  };
  return {
    current(key: string, windows: readonly RateWindow[], now: Date): Seen {
      const starts = windows.map((w) => windowStart(now, w.seconds).getTime());
      let entry = seen.get(key);
      if (!entry) {
        if (seen.size >= sweepAbove) sweep(now.getTime());
        entry = {
          starts,
          seconds: windows.map((w) => w.seconds),
          hits: starts.map(() => 0),
          inDatabase: starts.map(() => false),
        };
        seen.set(key, entry);
        return entry;
      }
      starts.forEach((start, i) => {
        // A newer window starts from nothing seen; a call stamped with an older one changes nothing.
        if (start > entry.starts[i]!) {
          entry.starts[i] = start;
          entry.hits[i] = 0;
          entry.inDatabase[i] = false;
        }
      });
      return entry;
    },
  };
}

export function redisRateCounter(url: string, options: RedisCounterOptions = {}): RedisRateCounter {
  const { fallback, log, metrics } = options;
  const commandTimeoutMs = options.commandTimeoutMs ?? 250;
  const connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
  const probeIntervalMs = options.probeIntervalMs ?? 1_000;
  const redis = new Redis(url, {
    lazyConnect: false,
    // A command never waits for a connection: it fails at once, and the call counts elsewhere.
    enableOfflineQueue: false,
    // Nor is it sent again on a new connection (it may have counted already).
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: connectTimeoutMs,
    retryStrategy: (times) => Math.min(times * 100, probeIntervalMs),
  }) as CountingRedis;
  redis.defineCommand('funderApiRateCount', { lua: COUNT_SCRIPT });
  // Errors are the connection's; it reconnects by itself, and counting falls back meanwhile.
  redis.on('error', () => undefined);

  let state: 'starting' | 'up' | 'down' = 'starting';
  let closed = false;
  let downSince = 0;
  let countedInDatabase = 0;
  const markDown = (cause: 'timeout' | 'error' | 'connection lost' | 'no connection') => {
    if (state === 'down' || closed) return;
    state = 'down';
    downSince = performance.now();
    countedInDatabase = 0;
    metrics?.dependencyUp('redis', false);
    log?.warn(
      { dependency: 'redis', cause },
      'Redis does not answer: rate limits are counted in the database until it answers again',
    );
  };
  const markUp = () => {
    if (state === 'up' || closed) return;
    const was = state;
    state = 'up';
    metrics?.dependencyUp('redis', true);
    if (was === 'down') {
      log?.warn(
        {
          dependency: 'redis',
          down_ms: Math.round(performance.now() - downSince),
          calls_counted_in_database: countedInDatabase,
        },
        'Redis answers again: rate limits are counted in Redis again',
      );
    }
  };
  const causeOf = (err: unknown) => (err instanceof RedisTimeout ? 'timeout' : 'error');

  const firstConnection = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), connectTimeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  void firstConnection.then((ready) => (ready ? markUp() : markDown('no connection')));
  redis.on('close', () => {
    if (state === 'up') markDown('connection lost');
  });

  let probing = false;
  const probe = async () => {
    if (probing || closed) return;
    probing = true;
    try {
      await within(redis.ping(), commandTimeoutMs);
      markUp();
    } catch (err) {
      markDown(causeOf(err));
    } finally {
      probing = false;
    }
  };
  const prober = setInterval(() => void probe(), probeIntervalMs);
  prober.unref();

  const seen = countsSeen();
  /** Counts in the database still running, per bucket: a switch back to Redis waits for them. */
  const pending = new Map<string, Set<Promise<unknown>>>();

  /** This server's counts in the call's windows (none where the call is stamped with an older one). */
  const seenIn = (entry: Seen, starts: readonly number[]) =>
    starts.map((start, i) => (entry.starts[i] === start ? entry.hits[i]! : 0));

  const record = (entry: Seen, starts: readonly number[], counts: WindowCount[], inDatabase: boolean) => {
    counts.forEach((count, i) => {
      if (entry.starts[i] !== starts[i]) return;
      entry.hits[i] = Math.max(entry.hits[i]!, count.hits);
      entry.inDatabase[i] = inDatabase;
    });
  };

  const inDatabase = async (
    key: string,
    bucket: string,
    windows: readonly RateWindow[],
    now: Date,
    entry: Seen,
    starts: readonly number[],
  ): Promise<WindowCount[]> => {
    countedInDatabase += 1;
    const run = fallback!.hit(bucket, windows, now, seenIn(entry, starts));
    const running = pending.get(key) ?? new Set<Promise<unknown>>();
    running.add(run);
    pending.set(key, running);
    try {
      const counts = await run;
      record(entry, starts, counts, true);
      return counts;
    } finally {
      running.delete(run);
      if (running.size === 0 && pending.get(key) === running) pending.delete(key);
    }
  };

  /** What Redis must count from: this server's counts, and the database's where it counted there. */
  const floorsFor = async (
    key: string,
    bucket: string,
    windows: readonly RateWindow[],
    now: Date,
    entry: Seen,
    starts: readonly number[],
  ): Promise<number[]> => {
    const floors = seenIn(entry, starts);
    if (!fallback || !entry.inDatabase.some(Boolean)) return floors;
    await Promise.allSettled([...(pending.get(key) ?? [])]);
    const there = await fallback.counted(bucket, windows, now);
    return floors.map((floor, i) =>
      entry.inDatabase[i] && entry.starts[i] === starts[i] ? Math.max(floor, there[i] ?? 0) : floor,
    );
  };

  const inRedis = async (
    bucket: string,
    windows: readonly RateWindow[],
    now: Date,
    entry: Seen,
    starts: readonly number[],
    floors: readonly number[],
  ): Promise<WindowCount[]> => {
    const keys = windows.map((w, i) => `funder-api:rate:${bucket}:${w.seconds}:${starts[i]}`);
    // Relative to the service's clock, not Redis's: a window's key lives until a minute past its
    // end, whatever instant the clock shows (a manual clock may be days from real time).
    const args = windows.flatMap((w, i) => [
      floors[i] ?? 0,
      Math.max(1_000, starts[i]! + w.seconds * 1000 + 60_000 - now.getTime()),
    ]);
    const replies = await within(redis.funderApiRateCount(keys.length, ...keys, ...args), commandTimeoutMs);
    const counts = windows.map((w, i) => ({
      ...w,
      hits: Number(replies[i]),
      resetAt: new Date(starts[i]! + w.seconds * 1000),
    }));
    record(entry, starts, counts, false);
    return counts;
  };

  return {
    async hit(bucket, windows, now) {
      const key = `${bucket}|${windows.map((w) => w.seconds).join(',')}`;
      const entry = seen.current(key, windows, now);
      const starts = windows.map((w) => windowStart(now, w.seconds).getTime());
      if (!fallback) {
        await firstConnection;
        return inRedis(
          bucket,
          windows,
          now,
          entry,
          starts,
          await floorsFor(key, bucket, windows, now, entry, starts),
        );
      }
      if (state !== 'up') return inDatabase(key, bucket, windows, now, entry, starts);
      // Outside the fallback below: a database that fails here is not Redis failing.
      const floors = await floorsFor(key, bucket, windows, now, entry, starts);
      try {
        return await inRedis(bucket, windows, now, entry, starts, floors);
      } catch (err) {
        markDown(causeOf(err));
        return inDatabase(key, bucket, windows, now, entry, starts);
      }
    },
    async ping() {
      if (state !== 'up') throw new Error('Redis does not answer');
      try {
        await within(redis.ping(), commandTimeoutMs);
      } catch (err) {
        markDown(causeOf(err));
        throw err;
      }
    },
    connected: () => firstConnection,
    get up() {
      return state === 'up';
    },
    async close() {
      closed = true;
      clearInterval(prober);
      await within(redis.quit(), commandTimeoutMs).catch(() => redis.disconnect());
    },
  };
}
