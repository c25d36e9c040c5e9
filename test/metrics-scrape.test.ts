import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundTo, GATE } from '../src/platform/db/actor.ts';
import type { Db, Queryable, QueryOptions, TransactionOptions, Tx } from '../src/platform/db/db.ts';
import { enqueueJob } from '../src/platform/jobs.store.ts';
import { SCRAPE_KEEP_MS } from '../src/platform/metrics-scrape.ts';
import { freshDatabase, type TestDatabase } from './support/database.ts';
import { parse, type Sample, sampleValue } from './support/prometheus.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * What a flood of scrapes costs the database, over HTTP: the service runs on its own database
 * through a Db that hands every statement on as it is and notes it (and every transaction it
 * opens), and its monotonic clock is one the test moves by hand. The system clock is the
 * service's clock here, so no manual clock's instant is read either: whatever a scrape sends
 * the database is the figures' own.
 */

interface Seen {
  transactions: number;
  statements: string[];
}

/** `db`, unchanged, noting every transaction opened and every statement sent through it. */
function noting(db: Db, seen: Seen): Db {
  const note = <Q extends Queryable>(q: Q): Pick<Queryable, 'query' | 'exec'> => ({
    query: <T>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      seen.statements.push(sql);
      return q.query<T>(sql, params, options);
    },
    exec: (sql: string) => {
      seen.statements.push(sql);
      return q.exec(sql);
    },
  });
  return {
    kind: db.kind,
    ...note(db),
    transaction: <T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions) => {
      seen.transactions += 1;
      return db.transaction((tx) => fn({ ...tx, ...note(tx) }), options);
    },
    close: () => db.close(),
    ...(db.poolStats ? { poolStats: db.poolStats.bind(db) } : {}),
  };
}

let database: TestDatabase;
let service: TestService;
let base: string;
const seen: Seen = { transactions: 0, statements: [] };
let monotonicMs = 0;

beforeAll(async () => {
  database = await freshDatabase();
  service = await startService({
    database: { ...database, db: noting(database.db, seen) },
    config: { clock: 'system' },
    monotonicNow: () => monotonicMs,
  });
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await service?.close();
  await database?.drop();
});

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  return parse(await response.text());
}

/** What the database was sent while `work` ran. */
async function sentDuring(work: () => Promise<unknown>): Promise<Seen> {
  const from = { transactions: seen.transactions, statements: seen.statements.length };
  await work();
  return {
    transactions: seen.transactions - from.transactions,
    statements: seen.statements.slice(from.statements),
  };
}

const queuedOf = (samples: Sample[]) =>
  sampleValue(samples, 'funder_api_jobs_queued', { kind: 'flood.test' });

describe('a flood of scrapes', () => {
  it('reads the database once a second at most, in one statement, and keeps the figures in between', async () => {
    // The first scrape reads every figure: one transaction, one statement, over the three sources.
    const first = await sentDuring(scrape);
    expect(first.transactions).toBe(1);
    expect(first.statements).toHaveLength(1);
    for (const table of ['jobs', 'webhook_deliveries', 'evidence_entries'])
      expect(first.statements[0]).toMatch(new RegExp(`FROM ${table}\\b`));

    // A job due from now on, written past the service's Db: nothing the service sends.
    await enqueueJob(boundTo(database.superuser(), GATE), { kind: 'flood.test', runAt: new Date(0) });

    // Forty scrapes within the second, twenty at once and twenty one after another: not a
    // statement, and the kept figures (the job is not seen yet).
    let kept: Sample[][] = [];
    const flood = await sentDuring(async () => {
      kept = await Promise.all(Array.from({ length: 20 }, scrape));
      for (let i = 0; i < 20; i++) kept.push(await scrape());
    });
    expect(flood).toEqual({ transactions: 0, statements: [] });
    expect(kept.map(queuedOf)).toEqual(kept.map(() => undefined));
    for (const samples of kept)
      expect(sampleValue(samples, 'funder_api_metrics_source_up', { source: 'jobs' })).toBe(1);

    // Still within the second: kept.
    monotonicMs += SCRAPE_KEEP_MS - 1;
    const late = await sentDuring(async () => expect(queuedOf(await scrape())).toBeUndefined());
    expect(late).toEqual({ transactions: 0, statements: [] });

    // The second over, twenty scrapes at once share one read, which sees the job.
    monotonicMs += 1;
    let fresh: Sample[][] = [];
    const next = await sentDuring(async () => {
      fresh = await Promise.all(Array.from({ length: 20 }, scrape));
    });
    expect(next.transactions).toBe(1);
    expect(next.statements).toEqual([first.statements[0]]);
    expect(fresh.map(queuedOf)).toEqual(fresh.map(() => 1));
  });

  it('keeps only the database figures: the counters of calls are those of the moment', async () => {
    const route = { route: '/v1/health', method: 'GET', status: '200' };
    const before = sampleValue(await scrape(), 'funder_api_http_requests_total', route) ?? 0;
    expect((await fetch(`${base}/v1/health`)).status).toBe(200);
    const sent = await sentDuring(async () => {
      expect(sampleValue(await scrape(), 'funder_api_http_requests_total', route)).toBe(before + 1);
    });
    expect(sent).toEqual({ transactions: 0, statements: [] });
  });
});
