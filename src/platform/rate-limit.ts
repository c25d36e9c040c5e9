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
}

const windowStart = (now: Date, seconds: number): Date =>
  new Date(Math.floor(now.getTime() / (seconds * 1000)) * seconds * 1000);

/**
 * Counts in PostgreSQL (or PGlite): one upsert per call for all its windows.
 *
 * The upsert commits without waiting for its WAL to reach the disk (synchronous_commit off,
 * for this statement's own transaction only). Every call of one key updates the same rows,
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
      const starts = windows.map((w) => windowStart(now, w.seconds));
      const { rows } = await db.query<{ window_seconds: number; hits: number }>(
        `INSERT INTO rate_counters AS c (bucket, window_seconds, window_start, hits, expires_at)
         SELECT $1, s, ws, 1, ws + make_interval(secs => s)
           FROM unnest($2::int[], $3::timestamptz[]) AS t(s, ws),
                (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed
         ON CONFLICT (bucket, window_seconds, window_start) DO UPDATE SET hits = c.hits + 1
         RETURNING window_seconds, hits`,
        [bucket, windows.map((w) => w.seconds), starts],
        // Run on every call: planned once per connection.
        { name: 'rate_counter_hit' },
      );
      return windows.map((w, i) => ({
        ...w,
        hits: rows.find((r) => r.window_seconds === w.seconds)?.hits ?? 1,
        resetAt: new Date(starts[i]!.getTime() + w.seconds * 1000),
      }));
    },
    async close() {},
  };
}

/** Counts in Redis where REDIS_URL is set: INCR per window key, expiring with the window. */
export function redisRateCounter(url: string): RateCounter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(bucket, windows, now) {
      const starts = windows.map((w) => windowStart(now, w.seconds));
      const multi = redis.multi();
      windows.forEach((w, i) => {
        const key = `funder-api:rate:${bucket}:${w.seconds}:${starts[i]!.getTime()}`;
        multi.incr(key);
        multi.pexpireat(key, starts[i]!.getTime() + w.seconds * 1000 + 60_000);
      });
      const replies = (await multi.exec()) ?? [];
      return windows.map((w, i) => {
        const [err, value] = replies[i * 2] ?? [null, 1];
        if (err) throw err;
        return { ...w, hits: Number(value), resetAt: new Date(starts[i]!.getTime() + w.seconds * 1000) };
      });
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
