import { type AddParam, composedParams, type Queryable } from './db/db.ts';
import type { JobQueueCount } from './jobs.store.ts';

/**
 * The scrape-time reads: each a scalar subquery written by the store that owns its tables,
 * taking its values through `param`. They are composed into one statement here, so a scrape
 * that reads the database costs one statement, whatever the number of sources.
 */
export interface ScrapeReads {
  /** The job queue by kind, at `now`: a jsonb array of JobQueueCount. */
  jobs(now: Date, param: AddParam): string;
  /** Seconds since the oldest pending delivery fell due at `now`; NULL when none is due. */
  oldestDueDelivery(now: Date, param: AddParam): string;
  /** UTC days that ended (past the seal's grace) before `now` with entries and no root yet. */
  unsealedDays(now: Date, param: AddParam): string;
}

export interface ScrapeFigures {
  jobs: JobQueueCount[];
  oldestDueSeconds: number | null;
  unsealedDays: number;
}

/** Every figure the scrape reads from the database, at `now`, in one statement and one row. */
export async function readScrapeFigures(q: Queryable, reads: ScrapeReads, now: Date): Promise<ScrapeFigures> {
  const params = composedParams();
  const { rows } = await q.query<{
    jobs: JobQueueCount[] | null;
    oldest_due_seconds: number | null;
    unsealed_days: number | null;
  }>(
    `SELECT ${reads.jobs(now, params.add)} AS jobs,
            ${reads.oldestDueDelivery(now, params.add)} AS oldest_due_seconds,
            ${reads.unsealedDays(now, params.add)} AS unsealed_days`,
    params.values,
  );
  const row = rows[0];
  return {
    jobs: row?.jobs ?? [],
    oldestDueSeconds: row?.oldest_due_seconds ?? null,
    unsealedDays: row?.unsealed_days ?? 0,
  };
}
