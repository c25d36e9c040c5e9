import { Redis } from 'ioredis';
import type { Db, Queryable } from './db/db.ts';

export interface RateWindow {
  seconds: number;
  limit: number;
}

export interface WindowCount extends RateWindow {
  hits: number;
  /** When this window ends and its count starts again. */
  resetAt: Date;
}

/**
 * Fixed-window counters shared by every server. Counting reads the service clock (not the
 * system time), so a manual clock moves the windows too.
 */
export interface RateCounter {
  hit(bucket: string, windows: readonly RateWindow[], now: Date): Promise<WindowCount[]>;
  close(): Promise<void>;
  /** Where counting leaves the database (Redis): answers once that store answers. */
  ping?(): Promise<void>;
}

const windowStart = (now: Date, seconds: number): Date =>
  new Date(Math.floor(now.getTime() / (seconds * 1000)) * seconds * 1000);

/**
 * Counts in PostgreSQL (or PGlite): one row per bucket holding its windows, one upsert per call.
 *
 * The upsert commits without waiting for its WAL to reach the disk (synchronous_commit off,
 * for this statement's own transaction only). Every call of one key updates the same row,
 * and a row lock is held until commit: with a durable commit, calls of one key queue behind
 * one disk flush each, whatever the number of servers. An asynchronous commit is visible to
 * every server at once, exactly as before; the only thing given up is that a crash of the
 * database server may forget the last fraction of a second of counts (at most three times
 * wal_writer_delay, 0.6 s by default). Takes the Db, never a transaction: inside one, the
 * setting would apply to the caller's writes too.
 */
export function databaseRateCounter(db: Db): RateCounter {
  return {
    async hit(bucket, windows, now) {
      const target = counterTarget(bucket, windows, now);
      const { rows } = await db.query<CounterRow>(
        `INSERT INTO rate_counters AS c (bucket, first_start, first_hits, second_start, second_hits, expires_at)
         SELECT $1, $2::bigint, 1, $3::bigint, CASE WHEN $3::bigint IS NULL THEN NULL ELSE 1 END,
                to_timestamp($4::double precision)
           FROM (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed
         ${counterUpsert()}`,
        [target.bucket, target.firstStart, target.secondStart, target.expires],
        // Run on every call: planned once per connection.
        { name: 'rate_counter_hit_row' },
      );
      return countsFrom(target, rows[0]!);
    },
    async close() {},
  };
}

export interface CounterRow {
  first_hits: number;
  second_hits: number | null;
}

/** The row a bucket's windows are counted in, and where each window ends. */
export function counterTarget(bucket: string, windows: readonly RateWindow[], now: Date) {
  if (windows.length < 1 || windows.length > 2)
    throw new Error('the database counter keeps one or two windows');
  const starts = windows.map((w) => windowStart(now, w.seconds));
  const ends = starts.map((start, i) => start.getTime() + windows[i]!.seconds * 1000);
  return {
    windows,
    ends,
    // The windows of a bucket are part of its name: one row never mixes two layouts.
    bucket: `${bucket}|${windows.map((w) => w.seconds).join(',')}`,
    suffix: `|${windows.map((w) => w.seconds).join(',')}`,
    firstStart: starts[0]!.getTime() / 1000,
    secondStart: starts[1] ? starts[1].getTime() / 1000 : null,
    expires: Math.max(...ends) / 1000,
  };
}

/**
 * The conflict clause of a count, which adds the calls the inserted row counts (one, or several
 * counted ahead: rate-lease.ts). A window newer than the row's starts again from those; a call
 * stamped with an older window (a server whose clock lags) counts in the row's current one.
 * `giveBack`, a parameter, takes calls counted ahead and never made off the second window while it
 * is still the row's (the hour, when a server's minute ended with calls left), never below zero.
 */
export const counterUpsert = (giveBack = '0') => `ON CONFLICT (bucket) DO UPDATE SET
           first_hits = CASE WHEN EXCLUDED.first_start > c.first_start THEN EXCLUDED.first_hits
                             ELSE c.first_hits + EXCLUDED.first_hits END,
           first_start = GREATEST(c.first_start, EXCLUDED.first_start),
           second_hits = CASE WHEN EXCLUDED.second_start IS NULL THEN NULL
                              WHEN c.second_start IS NULL OR EXCLUDED.second_start > c.second_start
                                THEN EXCLUDED.second_hits
                              WHEN EXCLUDED.second_start = c.second_start
                                THEN GREATEST(c.second_hits - ${giveBack}, 0) + EXCLUDED.second_hits
                              ELSE c.second_hits + EXCLUDED.second_hits END,
           second_start = GREATEST(c.second_start, EXCLUDED.second_start),
           expires_at = GREATEST(c.expires_at, EXCLUDED.expires_at)
         RETURNING first_hits, second_hits`;

export function countsFrom(target: ReturnType<typeof counterTarget>, row: CounterRow): WindowCount[] {
  return target.windows.map((w, i) => ({
    ...w,
    hits: (i === 0 ? row.first_hits : row.second_hits) ?? 1,
    resetAt: new Date(target.ends[i]!),
  }));
}

/** The states of a Redis connection that was lost. */
const LOST = new Set(['reconnecting', 'close', 'end']);

/**
 * Counts in Redis where REDIS_URL is set: INCR per window key, expiring with the window.
 *
 * Given a `fallback`: while Redis is lost, or a count there fails, the call is counted by the
 * fallback (the database) instead: calls are still answered and still limited, per window, across servers.
 * Counting returns to Redis as soon as it is connected again (docs/decisions/operations.md).
 */
export function redisRateCounter(url: string, fallback?: RateCounter): RateCounter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Errors are the connection's; it reconnects by itself, and counting falls back meanwhile.
  redis.on('error', () => undefined);
  const inRedis = async (
    bucket: string,
    windows: readonly RateWindow[],
    now: Date,
  ): Promise<WindowCount[]> => {
    const starts = windows.map((w) => windowStart(now, w.seconds));
    const multi = redis.multi();
    windows.forEach((w, i) => {
      const key = `funder-api:rate:${bucket}:${w.seconds}:${starts[i]!.getTime()}`;
      multi.incr(key);
      // Relative to the service's clock, not Redis's: a window's key lives until a minute past
      // its end, whatever instant the clock shows (a manual clock may be days from real time).
      multi.pexpire(key, starts[i]!.getTime() + w.seconds * 1000 + 60_000 - now.getTime());
    });
    const replies = (await multi.exec()) ?? [];
    return windows.map((w, i) => {
      const [err, value] = replies[i * 2] ?? [null, 1];
      if (err) throw err;
      return { ...w, hits: Number(value), resetAt: new Date(starts[i]!.getTime() + w.seconds * 1000) };
    });
  };
  return {
    async hit(bucket, windows, now) {
      if (!fallback) return inRedis(bucket, windows, now);
      // Lost and not back yet: no wait for the reconnection. (While it first connects, counts
      // wait for it in the offline queue.)
      if (LOST.has(redis.status)) return fallback.hit(bucket, windows, now);
      try {
        return await inRedis(bucket, windows, now);
      } catch {
        return fallback.hit(bucket, windows, now);
      }
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export async function pruneRateCounters(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM rate_counters WHERE expires_at < $1', [now]);
  return rowCount;
}
