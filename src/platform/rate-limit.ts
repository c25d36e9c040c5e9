import type { Db, Queryable } from './db/db.ts';
import { namedStatement, runStatement } from './db/statements.ts';

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
  /**
   * Counts one call in each window. `floors`, one per window, are counts already made elsewhere in
   * the same windows (another store, before a switch): the count goes on from at least there.
   */
  hit(
    bucket: string,
    windows: readonly RateWindow[],
    now: Date,
    floors?: readonly number[],
  ): Promise<WindowCount[]>;
  close(): Promise<void>;
  /** Where counting leaves the database (Redis): answers once that store answers. */
  ping?(): Promise<void>;
}

export const windowStart = (now: Date, seconds: number): Date =>
  new Date(Math.floor(now.getTime() / (seconds * 1000)) * seconds * 1000);

/**
 * The head of every statement that counts a call (`rate_counters` is the platform's): the rows it
 * inserts come from the statement's own SELECT, the conflict from `counterUpsert`. The key lookup
 * that counts in its own statement (the account area's) is built from these two.
 */
export const COUNTER_INSERT =
  'INSERT INTO rate_counters AS c (bucket, first_start, first_hits, second_start, second_hits, expires_at)';

// Run on every call: planned once per connection.
const COUNTER_HIT = namedStatement<CounterRow>()({
  name: 'rate_counter_hit_row',
  columns: ['first_hits', 'second_hits'],
  sql: `${COUNTER_INSERT}
       SELECT $1, $2::bigint, $5::int + 1, $3::bigint,
              CASE WHEN $3::bigint IS NULL THEN NULL ELSE $6::int + 1 END,
              to_timestamp($4::double precision)
         FROM (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed
       ON CONFLICT (bucket) DO UPDATE SET
         first_hits = CASE WHEN EXCLUDED.first_start > c.first_start THEN EXCLUDED.first_hits
                           WHEN EXCLUDED.first_start = c.first_start
                             THEN GREATEST(c.first_hits + 1, EXCLUDED.first_hits)
                           ELSE c.first_hits + 1 END,
         first_start = GREATEST(c.first_start, EXCLUDED.first_start),
         second_hits = CASE WHEN EXCLUDED.second_start IS NULL THEN NULL
                            WHEN c.second_start IS NULL OR EXCLUDED.second_start > c.second_start
                              THEN EXCLUDED.second_hits
                            WHEN EXCLUDED.second_start = c.second_start
                              THEN GREATEST(c.second_hits + 1, EXCLUDED.second_hits)
                            ELSE c.second_hits + 1 END,
         second_start = GREATEST(c.second_start, EXCLUDED.second_start),
         expires_at = GREATEST(c.expires_at, EXCLUDED.expires_at)
       RETURNING first_hits, second_hits`,
});

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
 *
 * A floor given for a window (the count Redis had reached before it failed) raises the row's
 * count in that window to at least the floor before the call is added: a window that moves here
 * from Redis goes on from where it was, never from zero (docs/decisions/platform.md).
 */
export function databaseRateCounter(db: Db): DatabaseRateCounter {
  return {
    async hit(bucket, windows, now, floors = []) {
      const target = counterTarget(bucket, windows, now);
      const { rows } = await runStatement(db, COUNTER_HIT, [
        target.bucket,
        target.firstStart,
        target.secondStart,
        target.expires,
        Math.max(0, Math.trunc(floors[0] ?? 0)),
        Math.max(0, Math.trunc(floors[1] ?? 0)),
      ]);
      return countsFrom(target, rows[0]!);
    },
    async counted(bucket, windows, now) {
      const target = counterTarget(bucket, windows, now);
      const { rows } = await db.query<{
        first_start: string;
        first_hits: number;
        second_start: string | null;
        second_hits: number | null;
      }>('SELECT first_start, first_hits, second_start, second_hits FROM rate_counters WHERE bucket = $1', [
        target.bucket,
      ]);
      const row = rows[0];
      if (!row) return windows.map(() => 0);
      // A window the row holds another start for has no calls counted here yet.
      return [
        Number(row.first_start) === target.firstStart ? row.first_hits : 0,
        ...(windows.length > 1
          ? [
              row.second_start !== null && Number(row.second_start) === target.secondStart
                ? (row.second_hits ?? 0)
                : 0,
            ]
          : []),
      ];
    },
    async close() {},
  };
}

/** The database's counter, which can also say what it counted so far in a bucket's windows. */
export interface DatabaseRateCounter extends RateCounter {
  /** The calls counted so far in each of the bucket's current windows (0 for none). */
  counted(bucket: string, windows: readonly RateWindow[], now: Date): Promise<number[]>;
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

export async function pruneRateCounters(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM rate_counters WHERE expires_at < $1', [now]);
  return rowCount;
}
