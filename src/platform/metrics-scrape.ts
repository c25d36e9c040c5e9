import { Gauge, type Registry } from 'prom-client';
import type { Clock } from './clock.ts';
import { OPERATOR, runAs } from './db/actor.ts';
import type { Db, Queryable } from './db/db.ts';
import type { JobQueueCount } from './jobs.store.ts';

/**
 * The metrics read from the database when scraped: the job queue, the oldest webhook delivery
 * due, the evidence chain's unsealed days. Each is one statement of the store owning its table,
 * run as the operator role (they cross funders), all at once, each within a bound.
 *
 * A statement that fails or does not answer in time leaves its metrics out of that scrape
 * (never a stale value, never a made-up zero) and sets `funder_api_metrics_source_up` to 0 for
 * it: the scrape still answers 200 with everything else (docs/decisions/operations.md, "Metrics").
 */

/** The scrape-time statements, each from the store that owns its table. */
export interface ScrapeReaders {
  jobs(q: Queryable, now: Date): Promise<JobQueueCount[]>;
  /** Seconds since the oldest pending delivery fell due, null when none is due. */
  oldestDueDelivery(q: Queryable, now: Date): Promise<number | null>;
  /** UTC days that ended (past the seal's grace) with entries and no root yet. */
  unsealedDays(q: Queryable, now: Date): Promise<number>;
}

/** Each statement's bound: a Prometheus scrape times out after 10 seconds by default. */
export const SCRAPE_TIMEOUT_MS = 3_000;

interface Source {
  name: string;
  /** Reads; answers how to set its gauges, applied only once the read succeeded. */
  read(now: Date): Promise<() => void>;
  /** Its gauges have no value this scrape. */
  clear(): void;
}

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
  jobKinds: () => readonly string[];
  read: ScrapeReaders;
  scrapeTimeoutMs?: number;
  registers: Registry[];
  prefix: string;
}): { refresh(): Promise<void> } {
  const { registers, prefix } = deps;
  const timeoutMs = deps.scrapeTimeoutMs ?? SCRAPE_TIMEOUT_MS;
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name: `${prefix}${name}`, help, labelNames, registers });

  const up = gauge(
    'metrics_source_up',
    'Whether the scrape-time statement of a source answered (1) or not (0).',
    ['source'],
  );
  const queued = gauge('jobs_queued', 'Jobs due and waiting for a worker, by kind.', ['kind']);
  const running = gauge('jobs_running', 'Jobs a worker holds now, by kind.', ['kind']);
  const oldest = gauge(
    'jobs_oldest_queued_seconds',
    'How long the oldest job due and waiting has been due, by kind (0 when none waits).',
    ['kind'],
  );
  const dueDelivery = gauge(
    'webhook_oldest_due_seconds',
    'How long the oldest pending webhook delivery has been due (0 when none is).',
  );
  const unsealed = gauge(
    'evidence_unsealed_days',
    'UTC days that ended more than the grace ago, with evidence entries and no day root yet.',
  );

  const jobGauges = [queued, running, oldest];
  const sources: Source[] = [
    {
      name: 'jobs',
      async read(now) {
        const rows = await deps.read.jobs(deps.db, now);
        return () => {
          for (const g of jobGauges) g.reset();
          const byKind = new Map(rows.map((row) => [row.kind, row]));
          for (const kind of new Set([...deps.jobKinds(), ...byKind.keys()])) {
            const row = byKind.get(kind);
            queued.set({ kind }, row?.queued ?? 0);
            running.set({ kind }, row?.running ?? 0);
            oldest.set({ kind }, row?.oldest_queued_seconds ?? 0);
          }
        };
      },
      clear: () => {
        for (const g of jobGauges) g.reset();
      },
    },
    {
      name: 'webhooks',
      async read(now) {
        const seconds = await deps.read.oldestDueDelivery(deps.db, now);
        return () => dueDelivery.set(seconds ?? 0);
      },
      clear: () => dueDelivery.remove({}),
    },
    {
      name: 'evidence',
      async read(now) {
        const days = await deps.read.unsealedDays(deps.db, now);
        return () => unsealed.set(days);
      },
      clear: () => unsealed.remove({}),
    },
  ];

  async function round(): Promise<void> {
    // A manual clock is shared through the database: its instant is read there first.
    const now = runAs(OPERATOR, async () => {
      if (deps.clock.manual) await deps.clock.sync(deps.db);
      return deps.clock.now();
    });
    await Promise.all(
      sources.map(async (source) => {
        try {
          const apply = await within(
            timeoutMs,
            now.then((at) => runAs(OPERATOR, () => source.read(at))),
          );
          apply();
          up.set({ source: source.name }, 1);
        } catch {
          source.clear();
          up.set({ source: source.name }, 0);
        }
      }),
    );
  }

  // Scrapes arriving while a round runs share it: several scrapers never pile statements on a
  // database that is slow to answer.
  let inFlight: Promise<void> | null = null;
  return {
    refresh() {
      inFlight ??= round().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
