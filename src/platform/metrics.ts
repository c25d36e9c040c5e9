import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from './clock.ts';
import type { Db, PoolStats, UnavailableCause } from './db/db.ts';
import { createScrapeGauges, type ScrapeGauge, type ScrapeReads } from './metrics-scrape.ts';

/**
 * The service's Prometheus metrics (docs/operations.md, "Metrics"). One registry per runtime,
 * never prom-client's global one: several services may run in one process (the tests do), and
 * each answers for its own calls only.
 *
 * Code that counts reaches its part through the small interfaces below, handed to it by the
 * composition root. An area declares its own instruments through the `MetricsRegistry` its
 * deps carry (`AreaDeps.metrics`: `<area>.metrics.ts`), on the same registry, under the same
 * prefix; it never imports the registry itself.
 */

/** Counts the calls of a listener (platform/http/metrics-route.ts) and the rate limits' refusals. */
export interface HttpMetrics {
  httpCall(call: { method: string; route: string | null; status: number; seconds: number }): void;
  /** A call refused 429 by a rate limit: a key's own windows, or bad credentials from an address. */
  rateLimited(limit: 'key' | 'bad_credential', windowSeconds: number): void;
  /** A call answered 503 because the database was unavailable or too slow (platform/db/db.ts). */
  databaseUnavailable(cause: UnavailableCause): void;
}

/**
 * What became of a call to a kept read (platform/read-cache): the kept answer served, read again
 * because a write since touched it (or its time ran out), or read with none kept.
 */
export type KeptAnswerOutcome = 'served' | 'changed' | 'read';

export interface ReadCacheMetrics {
  keptAnswer(outcome: KeptAnswerOutcome): void;
}

/**
 * Whether a dependency the service can do without answers (1) or not (0): Redis, where rate limits
 * count while it answers (platform/redis-counter.ts).
 */
export interface DependencyMetrics {
  dependencyUp(dependency: 'redis', up: boolean): void;
}

/** What a `/metrics` route answers (platform/http/metrics-route.ts). */
export interface MetricsExposition {
  readonly contentType: string;
  /**
   * Every metric in the text format. The figures read from the database are those of the last
   * read when it ended less than a second ago, else read first, in one statement within a bound.
   */
  render(): Promise<string>;
}

/** A counter an area declared, by its labels. */
export interface AreaCounter<L extends string> {
  inc(labels: Record<L, string>, value?: number): void;
}

/** A histogram an area declared, by its labels. */
export interface AreaHistogram<L extends string> {
  observe(labels: Record<L, string>, value: number): void;
}

/** An instrument's name (after the service's prefix), its help text and its label names. */
export interface InstrumentSpec<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

/**
 * Where an area declares its own instruments: on the runtime's one registry, named with the
 * service's prefix. A name declared twice stops the start.
 */
export interface MetricsRegistry {
  counter<L extends string>(spec: InstrumentSpec<L>): AreaCounter<L>;
  histogram<L extends string>(spec: InstrumentSpec<L> & { buckets: readonly number[] }): AreaHistogram<L>;
}

/** What the runtime's code counts through, the registry its exposition reads, and the areas' instruments. */
export interface Metrics extends HttpMetrics, ReadCacheMetrics, DependencyMetrics, MetricsRegistry {
  readonly registry: Registry;
}

/** Counts nothing: for code built without a runtime's metrics (unit tests, one-off commands). */
export const NO_METRICS: HttpMetrics & ReadCacheMetrics & DependencyMetrics & MetricsRegistry = {
  httpCall() {},
  dependencyUp() {},
  rateLimited() {},
  databaseUnavailable() {},
  keptAnswer() {},
  counter: () => ({ inc() {} }),
  histogram: () => ({ observe() {} }),
};

const PREFIX = 'funder_api_';

/** Seconds: from a cached read to a call cut by the request timeout (30 s by default). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A call no route matched: its path is never a label (any caller could make up new ones). */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the exposition reads beside the counters: the scrape-time figures of the database. */
export interface ExpositionDeps {
  /** The counters, and the registry they are in. */
  metrics: Metrics;
  db: Db;
  clock: Clock;
  /** The job kinds this code runs: each is reported, 0 when none is waiting. */
  jobKinds: readonly string[];
  /** The scrape-time statements of the platform's tables, from the stores that own them. */
  read: ScrapeReads;
  /** The gauges the areas read from their tables when scraped. */
  gauges: readonly ScrapeGauge[];
  /** The scrape-time statement's bound (tests). */
  scrapeTimeoutMs?: number;
  /**
   * Milliseconds of a monotonic clock, for how long the figures read when scraped are kept
   * (performance.now by default; tests pass one they move by hand).
   */
  monotonicNow?: () => number;
}

/** The counters and histograms the code counts through, in a registry of their own. */
export function createMetrics(deps: { db: Db }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const calls = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP calls answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a call arriving to its answer being sent, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: 'Calls refused 429 by a rate limit: a key over its window, or bad credentials from one address.',
    labelNames: ['limit', 'window_seconds'] as const,
    registers,
  });
  const unavailable = new Counter({
    name: `${PREFIX}database_unavailable_refusals_total`,
    help: 'Calls answered 503 because PostgreSQL could not be reached or did not answer in time, by cause: unreachable, timeout (no answer within the client bound), statement_timeout, lock_timeout.',
    labelNames: ['cause'] as const,
    registers,
  });
  const kept = new Counter({
    name: `${PREFIX}read_cache_answers_total`,
    help: 'Calls to a kept read (request list and packet, event log, limit books) by outcome: served (the kept answer), changed (read again after a write touched it or its time ran out), read (none kept).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const dependencies = new Gauge({
    name: `${PREFIX}dependency_up`,
    help: 'Whether a dependency the service can do without answers now (1) or not (0): redis (rate limits then count in the database).',
    labelNames: ['dependency'] as const,
    registers,
  });
  poolGauges(deps.db, registers);
  return {
    registry,
    httpCall({ method, route, status, seconds }) {
      const path = route ?? UNMATCHED_ROUTE;
      calls.inc({ route: path, method, status: String(status) });
      latency.observe({ route: path, method }, seconds);
    },
    rateLimited(limit, windowSeconds) {
      refusals.inc({ limit, window_seconds: String(windowSeconds) });
    },
    databaseUnavailable(cause) {
      unavailable.inc({ cause });
    },
    keptAnswer(outcome) {
      kept.inc({ outcome });
    },
    dependencyUp(dependency, up) {
      dependencies.set({ dependency }, up ? 1 : 0);
    },
    counter: ({ name, help, labelNames }) => {
      const counter = new Counter({ name: `${PREFIX}${name}`, help, labelNames, registers });
      return { inc: (labels, value) => counter.inc(labels, value ?? 1) };
    },
    histogram: ({ name, help, labelNames, buckets }) => {
      const histogram = new Histogram({
        name: `${PREFIX}${name}`,
        help,
        labelNames,
        buckets: [...buckets],
        registers,
      });
      return { observe: (labels, value) => histogram.observe(labels, value) };
    },
  };
}

/**
 * What `/metrics` answers: the counters' registry, with the figures read from the database when
 * scraped (the job queue by kind, the oldest due delivery, the unsealed days) added to it.
 */
export function createExposition(deps: ExpositionDeps): MetricsExposition {
  const { registry } = deps.metrics;
  const scrape = createScrapeGauges({ ...deps, registers: [registry], prefix: PREFIX });
  let processMetrics = false;
  return {
    contentType: registry.contentType,
    async render() {
      // The process's own metrics (CPU, memory, event loop, garbage collection) start with the
      // first scrape: a runtime nobody scrapes (a test, a one-off command) sets up no observer.
      if (!processMetrics) {
        processMetrics = true;
        collectDefaultMetrics({ register: registry });
      }
      await scrape.refresh();
      return registry.metrics();
    },
  };
}

/**
 * The PostgreSQL pool's connections, read when scraped. The embedded database has no pool (one
 * engine in the process, its statements one at a time): nothing is reported for it.
 */
function poolGauges(db: Db, registers: Registry[]): void {
  const stats = db.poolStats?.bind(db);
  if (!stats) return;
  const gauge = (name: string, help: string, read: (s: PoolStats) => number) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers,
      collect() {
        this.set(read(stats()));
      },
    });
  gauge(
    'db_pool_in_use',
    'Connections of the database pool running a statement or a transaction.',
    (s) => s.total - s.idle,
  );
  gauge('db_pool_idle', 'Connections of the database pool open and free.', (s) => s.idle);
  gauge('db_pool_waiting', 'Statements waiting for a connection of the database pool.', (s) => s.waiting);
  gauge('db_pool_max', 'The most connections the database pool opens (DB_POOL_MAX).', (s) => s.max);
}
