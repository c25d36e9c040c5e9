/**
 * Calls a server has counted ahead for a key with a high limit.
 *
 * Counting every call in the shared row makes every call a write on the same row. For a key
 * whose limit leaves room, a server instead counts several calls at once (one statement adds
 * `units` to the shared row) and answers the next calls of that key from what it counted, with
 * only the key's lookup for each: the shared count is never below the calls answered, so a
 * limit still holds across all servers, and a call is never answered past it. What a server
 * keeps is never more than a 64th of what the key had left when it was counted, nor more than
 * `MAX_UNITS` calls, so the calls another server holds can refuse a call early by at most that
 * much. A key with the default limits (120 a minute) never leaves room for more than one: every
 * call is counted on its own, as before. Units belong to the windows they were counted in and
 * to the limits in force then: a new minute, or a limit changed by the operations team, drops
 * them; those a minute leaves unmade are taken off the hour by the key's next count on this
 * server (docs/decisions/platform.md, "Calls of a key with a high limit are counted ahead").
 */

/** The most calls one count reserves. */
export const MAX_UNITS = 64;
/** A count reserves at most this fraction of what the tightest window has left. */
const SHARE_OF_REMAINING = 64;
/** Above this many keys, keys whose windows are over are forgotten. */
const SWEEP_ABOVE = 10_000;

/** The windows a count was made in: their starts (seconds) and limits. */
export interface LeaseWindows {
  starts: readonly (number | null)[];
  limits: readonly number[];
}

/** A counted call: its place in each window's count. */
export interface LeasedUnit {
  hits: number[];
  limits: readonly number[];
}

interface Pool extends LeaseWindows {
  /** Counted calls not answered yet, as runs of consecutive places. */
  runs: { next: number[]; count: number }[];
  /** The units the next count of this key reserves (doubled after each count, up to the cap). */
  size: number;
  /** The highest totals a count has returned in these windows. */
  totals: number[];
}

/** Two lists of window starts, or of limits, alike item by item. */
export const sameValues = (a: readonly (number | null)[], b: readonly (number | null)[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

export function rateLeases() {
  const pools = new Map<string, Pool>();

  /** Calls counted ahead in windows that ended, still unmade, that the hour may take back. */
  const unmade = new Map<string, { hourStart: number | null; calls: number }>();

  const remember = (key: string, starts: readonly (number | null)[], calls: number) => {
    if (calls <= 0 || starts.length < 2) return;
    const earlier = unmade.get(key);
    const before = earlier && earlier.hourStart === starts[1] ? earlier.calls : 0;
    unmade.set(key, { hourStart: starts[1]!, calls: before + calls });
  };

  const current = (key: string, starts: readonly (number | null)[]): Pool | undefined => {
    const pool = pools.get(key);
    if (pool && !sameValues(pool.starts, starts)) {
      pools.delete(key);
      const calls = pool.runs.reduce((sum, run) => sum + run.count, 0);
      remember(key, pool.starts, calls);
      return undefined;
    }
    return pool;
  };

  const sweep = (starts: readonly (number | null)[]) => {
    if (pools.size > SWEEP_ABOVE) {
      for (const [key, pool] of pools) if (!sameValues(pool.starts, starts)) pools.delete(key);
    }
    if (unmade.size > SWEEP_ABOVE) {
      for (const [key, left] of unmade) if (left.hourStart !== starts[1]) unmade.delete(key);
    }
  };

  return {
    /** A call this server already counted for the key in these windows, if it holds one. */
    take(key: string, starts: readonly (number | null)[]): LeasedUnit | null {
      const pool = current(key, starts);
      const run = pool?.runs[0];
      if (!pool || !run) return null;
      const hits = [...run.next];
      run.next = run.next.map((h) => h + 1);
      run.count -= 1;
      if (run.count === 0) pool.runs.shift();
      return { hits, limits: pool.limits };
    },

    /** Forgets what was counted for the key (its limits changed). */
    drop(key: string): void {
      pools.delete(key);
      unmade.delete(key);
    },

    /**
     * What the next count of this key makes: how many calls it reserves (one unless the key has
     * room), and how many calls counted ahead in an earlier minute of the same hour and never made
     * it takes off the hour's count (a minute that ends with calls left would otherwise leave them
     * counted in the hour).
     */
    nextCount(key: string, starts: readonly (number | null)[]): { units: number; giveBack: number } {
      // The limits of the key's last count: a limit changed since is applied when the count returns.
      const pool = current(key, starts);
      const left = unmade.get(key);
      unmade.delete(key);
      const giveBack = left && starts.length > 1 && left.hourStart === starts[1] ? left.calls : 0;
      if (!pool) return { units: 1, giveBack };
      const room = Math.min(...pool.limits.map((limit, i) => limit - (pool.totals[i] ?? 0)));
      const units = Math.max(1, Math.min(pool.size, MAX_UNITS, Math.floor(room / SHARE_OF_REMAINING)));
      return { units, giveBack };
    },

    /**
     * Records a count that reserved `units` calls and brought the windows to `totals`: the
     * first is the calling call's, the others are kept for the key's next calls, as far as they
     * stay within every limit. Returns the calling call's place in each window.
     */
    counted(key: string, windows: LeaseWindows, units: number, totals: readonly number[]): number[] {
      const hits = totals.map((total) => total - units + 1);
      const extra = Math.min(units - 1, ...windows.limits.map((limit, i) => limit - hits[i]!));
      // A count that returns after this server moved on to a later window keeps nothing for it.
      const later = pools.get(key)?.starts[0];
      if (typeof later === 'number' && (windows.starts[0] ?? 0) < later) {
        remember(key, windows.starts, extra);
        return hits;
      }
      let pool = current(key, windows.starts);
      if (!pool || !sameValues(pool.limits, windows.limits)) {
        sweep(windows.starts);
        pool = { starts: windows.starts, limits: windows.limits, runs: [], size: 1, totals: [] };
        pools.set(key, pool);
      }
      if (extra > 0) pool.runs.push({ next: hits.map((h) => h + 1), count: extra });
      // Counts of one key may come back out of order: keep the highest of each window.
      pool.totals = totals.map((total, i) => Math.max(total, pool.totals[i] ?? 0));
      pool.size = Math.min(MAX_UNITS, Math.max(pool.size, units) * 2);
      return hits;
    },
  };
}

export type RateLeases = ReturnType<typeof rateLeases>;
