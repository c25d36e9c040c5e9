import { type AddParam, composedParams, type Queryable } from './db/db.ts';
import type { JobQueueCount } from './jobs.store.ts';

/**
 * A figure an area reads from its own tables when scraped, as one gauge: a scalar subquery its
 * store writes (taking its values through `param`), NULL when there is nothing to measure. The
 * area declares it on its module (`scrape`); the platform reads every declared one in the
 * scrape's one statement.
 */
export interface ScrapeGauge {
  /** The source it is counted under in `funder_api_metrics_source_up` (the area's name). */
  readonly source: string;
  /** The gauge's name, without the service's prefix. */
  readonly name: string;
  readonly help: string;
  /** The scalar subquery, at `now`. */
  sql(now: Date, param: AddParam): string;
  /** The value a NULL answer stands for. */
  readonly whenNull: number;
}

/**
 * The scrape-time reads of the platform's own tables: each a scalar subquery written by the
 * store that owns them. Composed with the areas' gauges into one statement here, so a scrape
 * that reads the database costs one statement, whatever the number of sources.
 */
export interface ScrapeReads {
  /** The job queue by kind, at `now`: a jsonb array of JobQueueCount. */
  jobs(now: Date, param: AddParam): string;
  /** UTC days that ended (past the seal's grace) before `now` with entries and no root yet. */
  unsealedDays(now: Date, param: AddParam): string;
}

export interface ScrapeFigures {
  jobs: JobQueueCount[];
  unsealedDays: number;
  /** Each declared gauge's value, in the order given. */
  gauges: number[];
}

/** Every figure the scrape reads from the database, at `now`, in one statement and one row. */
export async function readScrapeFigures(
  q: Queryable,
  reads: ScrapeReads,
  gauges: readonly ScrapeGauge[],
  now: Date,
): Promise<ScrapeFigures> {
  const params = composedParams();
  const columns = [
    `${reads.jobs(now, params.add)} AS jobs`,
    `${reads.unsealedDays(now, params.add)} AS unsealed_days`,
    ...gauges.map((gauge, i) => `${gauge.sql(now, params.add)} AS g${i}`),
  ];
  const { rows } = await q.query<Record<string, unknown>>(`SELECT ${columns.join(',\n  ')}`, params.values);
  const row = rows[0] ?? {};
  return {
    jobs: (row.jobs as JobQueueCount[] | null) ?? [],
    unsealedDays: (row.unsealed_days as number | null) ?? 0,
    gauges: gauges.map((gauge, i) => (row[`g${i}`] as number | null) ?? gauge.whenNull),
  };
}
