import { performance } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from './clock.ts';
import { OPERATOR, runAs } from './db/actor.ts';
import type { Db } from './db/db.ts';
import {
  readScrapeFigures,
  type ScrapeFigures,
  type ScrapeGauge,
  type ScrapeReads,
} from './metrics-scrape.store.ts';

export type { ScrapeGauge, ScrapeReads } from './metrics-scrape.store.ts';

/**
 * The metrics read from the database when scraped: the job queue and the evidence chain's
 * unsealed days (the platform's), and the gauges the areas declare (`ScrapeGauge`: the webhooks'
 * oldest delivery due). Each source is a fragment of the store owning its tables; together they are one statement (metrics-scrape.store.ts), run as the operator role
 * (they cross funders) in a transaction of its own, within a bound the database enforces too.
 *
 * The figures read are kept for a second of the process's monotonic clock, counted from the end
 * of the read: a scrape within it answers them without touching the database, and scrapes
 * arriving while a read runs share it. However many scrape, a server runs at most one such
 * statement at a time and starts the next a second after the last one ended.
 *
 * A read that fails or does not answer in time leaves every figure out until the next read
 * (never a stale value, never a made-up zero) and sets `funder_api_metrics_source_up` to 0 for
 * each source: the scrape still answers 200 with everything else (docs/decisions/operations.md,
 * "Metrics").
 */

/** The read's bound: a Prometheus scrape times out after 10 seconds by default. */
export const SCRAPE_TIMEOUT_MS = 3_000;

/** How long, in real time, the figures read are answered again before the database is read anew. */
export const SCRAPE_KEEP_MS = 1_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createScrapeGauges(deps: {
  db: Db;
  clock: Clock;
  jobKinds: readonly string[];
  read: ScrapeReads;
  /** The areas' gauges (joinAreas), read in the same statement. */
  gauges: readonly ScrapeGauge[];
  scrapeTimeoutMs?: number;
  /** Milliseconds of a monotonic clock (performance.now); tests pass one they move by hand. */
  monotonicNow?: () => number;
  registers: Registry[];
  prefix: string;
}): { refresh(): Promise<void> } {
  const { registers, prefix } = deps;
  const timeoutMs = deps.scrapeTimeoutMs ?? SCRAPE_TIMEOUT_MS;
  const monotonicNow = deps.monotonicNow ?? (() => performance.now());
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name: `${prefix}${name}`, help, labelNames, registers });

  const up = gauge(
    'metrics_source_up',
    'Whether the scrape-time statement answered (1) or not (0), for each source it reads.',
    ['source'],
  );
  const queued = gauge('jobs_queued', 'Jobs due and waiting for a worker, by kind.', ['kind']);
  const running = gauge('jobs_running', 'Jobs a worker holds now, by kind.', ['kind']);
  const oldest = gauge(
    'jobs_oldest_queued_seconds',
    'How long the oldest job due and waiting has been due, by kind (0 when none waits).',
    ['kind'],
  );
  const declared = deps.gauges.map((g) => gauge(g.name, g.help));
  const sources = ['jobs', ...new Set(deps.gauges.map((g) => g.source)), 'evidence'];
  const unsealed = gauge(
    'evidence_unsealed_days',
    'UTC days that ended more than the grace ago, with evidence entries and no day root yet.',
  );
  const jobGauges = [queued, running, oldest];

  function apply(figures: ScrapeFigures): void {
    for (const g of jobGauges) g.reset();
    const byKind = new Map(figures.jobs.map((row) => [row.kind, row]));
    for (const kind of new Set([...deps.jobKinds, ...byKind.keys()])) {
      const row = byKind.get(kind);
      queued.set({ kind }, row?.queued ?? 0);
      running.set({ kind }, row?.running ?? 0);
      oldest.set({ kind }, row?.oldest_queued_seconds ?? 0);
    }
    declared.forEach((g, i) => {
      g.set(figures.gauges[i]!);
    });
    unsealed.set(figures.unsealedDays);
    for (const source of sources) up.set({ source }, 1);
  }

  function leaveOut(): void {
    for (const g of jobGauges) g.reset();
    for (const g of declared) g.remove({});
    unsealed.remove({});
    for (const source of sources) up.set({ source }, 0);
  }

  async function read(): Promise<void> {
    try {
      const figures = await within(
        timeoutMs,
        runAs(OPERATOR, () =>
          deps.db.transaction(
            async (tx) => {
              // A manual clock (tests, demonstrations) is shared through the database: its
              // instant is read first, in the same transaction.
              if (deps.clock.manual) await deps.clock.sync(tx);
              return readScrapeFigures(tx, deps.read, deps.gauges, deps.clock.now());
            },
            { statementTimeoutMs: timeoutMs },
          ),
        ),
      );
      apply(figures);
    } catch {
      leaveOut();
    }
  }

  let inFlight: Promise<void> | null = null;
  let readAt: number | null = null;
  return {
    refresh() {
      if (inFlight) return inFlight;
      if (readAt !== null && monotonicNow() - readAt < SCRAPE_KEEP_MS) return Promise.resolve();
      inFlight = read().finally(() => {
        readAt = monotonicNow();
        inFlight = null;
      });
      return inFlight;
    },
  };
}
