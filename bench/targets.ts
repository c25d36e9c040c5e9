/**
 * What the benchmark measures: a fresh, migrated database (embedded PGlite or a throwaway
 * PostgreSQL database), the real app built by the runtime, and a bare Fastify app doing one
 * indexed SELECT through the same Db adapter instance, as the baseline.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { scoreSellersOfTheDay } from '../src/areas/parties/parties.module.ts';
import { OPEN_STATUSES } from '../src/areas/requests/requests.module.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { boundTo, GATE, OPERATOR, runAs } from '../src/platform/db/actor.ts';
import { runLong } from '../src/platform/db/bounds.ts';
import type { Db } from '../src/platform/db/db.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createPostgresDb } from '../src/platform/db/postgres.ts';
import type { App } from '../src/platform/http/app.ts';
import { SCOPES } from '../src/platform/http/scopes.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';
import { type SeedVolume, seedVolume } from './seed.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchDatabase {
  kind: DatabaseKind;
  db: Db;
  /** The server's version, for the report. */
  version: string;
  /** PostgreSQL: the database's URL, for the compiled server; null when embedded. */
  url: string | null;
  drop(): Promise<void>;
}

/** PGlite in a temporary folder, like the service's default data directory. */
export async function pgliteDatabase(): Promise<BenchDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'funder-api-bench-'));
  // Loaded only here: a PostgreSQL run does not carry the embedded engine in its memory.
  const { createPgliteDb } = await import('../src/platform/db/pglite.ts');
  const db = await createPgliteDb({ dataDir: join(dir, 'pglite') });
  // As the connecting role: the service's roles may not exist before the first migration.
  const { rows } = await boundTo(db, GATE).query<{ v: string }>(
    "SELECT current_setting('server_version') AS v",
  );
  return {
    kind: 'pglite',
    db,
    version: `PGlite (PostgreSQL ${rows[0]?.v ?? '?'})`,
    url: null,
    async drop() {
      await db.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Answers whether a PostgreSQL server answers at the URL (a short connect timeout). */
export async function postgresReachable(serverUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database `funder_api_bench_<random>` on the server, dropped afterwards. */
export async function postgresDatabase(serverUrl: string, poolMax: number): Promise<BenchDatabase> {
  const name = `funder_api_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    await admin.end().catch(() => undefined);
    throw err;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.toString(), { max: poolMax });
  // As the connecting role: the service's roles may not exist before the first migration.
  const { rows } = await boundTo(db, GATE).query<{ v: string }>(
    "SELECT current_setting('server_version') AS v",
  );
  return {
    kind: 'postgres',
    db,
    version: `PostgreSQL ${rows[0]?.v ?? '?'}`,
    url: url.toString(),
    async drop() {
      await db.close().catch(() => undefined);
      await admin
        .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        .catch((err: Error) => console.warn(`could not drop the database ${name}: ${err.message}`));
      await admin.end().catch(() => undefined);
    },
  };
}

export interface Targets {
  runtime: Runtime;
  app: App;
  bare: FastifyInstance;
  appUrl: string;
  bareUrl: string;
  funderId: string;
  keyId: string;
  secret: string;
  /** A request routed to the bench funder, with invoices, notices, an offer and a risk signal. */
  packetRequestId: string;
  /** Requests the bench funder sees (routed to it or acted on by it). */
  visible: number;
  /** Sellers the worker's daily scoring scored after the seeding, and how long it took (ms). */
  scoring: { sellers: number; ms: number };
  close(): Promise<void>;
}

const BENCH_CALLER = { kind: 'operator', requestId: 'bench' } as const;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address to listen on');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * The service's runtime as the benchmarks build it on a migrated database: the system clock,
 * silent, no background jobs in the process, no demonstration plane, a fresh operator token and
 * secrets key; `overrides` for what a benchmark sets itself (a data folder, Redis).
 */
export function benchRuntime(db: Db, overrides: Partial<Config> = {}): Promise<Runtime> {
  return createRuntime(
    {
      ...loadConfig({}),
      clock: 'system',
      logLevel: 'silent',
      inlineWorker: false,
      demoOnFirstStart: false,
      ...overrides,
    },
    {
      db,
      logger: pino({ level: 'silent' }),
      secrets: { opsToken: `ops_${randomBytes(24).toString('hex')}`, secretsKey: randomBytes(32) },
    },
  );
}

/**
 * VACUUM (ANALYZE) of the whole database. It cannot run in a transaction, and at ten times the
 * volume it outlasts an API call's statement bound: on PostgreSQL it runs on a connection of its
 * own without one.
 */
async function vacuum(database: BenchDatabase): Promise<void> {
  if (database.url === null) {
    await runAs(GATE, () => database.db.exec('VACUUM (ANALYZE)'));
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
}

/** Migrates, makes a live funder and a key with a very high rate limit, and starts both apps. */
/** Without a volume nothing is seeded (the credit-limit import brings its own data). */
export async function startTargets(
  database: BenchDatabase,
  volume: SeedVolume | null = null,
  config: Partial<Config> = {},
): Promise<Targets> {
  const { db } = database;
  await migrate(db);

  // BENCH_REDIS_URL counts the rate limits in Redis, as REDIS_URL does for the service.
  const runtime = await benchRuntime(db, { redisUrl: process.env.BENCH_REDIS_URL || null, ...config });

  const funder = await runtime.services.account.createFunder(BENCH_CALLER, {
    name: 'Bench Funder',
    environment: 'live',
  });
  const issued = await runtime.services.account.issueKey(BENCH_CALLER, {
    bank_id: funder.bank_id,
    name: 'bench key',
    scopes: [...SCOPES],
    rate_limit: { per_minute: 10_000_000, per_hour: 100_000_000 },
  });

  const app = await runtime.buildApp();
  const appUrl = await listen(app);

  // Three other funders share the plane: the bench funder sees one request in twenty.
  const others: string[] = [];
  for (const name of ['Other Bench Funder 1', 'Other Bench Funder 2', 'Other Bench Funder 3']) {
    others.push(
      (await runtime.services.account.createFunder(BENCH_CALLER, { name, environment: 'live' })).bank_id,
    );
  }
  const seeded = volume
    ? await seedVolume(db, [funder.bank_id, ...others], volume)
    : { packetRequestId: '', visible: 0 };
  // As the service runs: the worker's hourly job has stored the day's score of every seller of an
  // open request (requests.seller_scores), so a packet shows a stored score as it would.
  const scoringStart = performance.now();
  const scored = volume
    ? await runLong(() => runAs(OPERATOR, () => scoreSellersOfTheDay(db, OPEN_STATUSES, runtime.clock.now())))
    : 0;
  const scoring = { sellers: scored, ms: performance.now() - scoringStart };
  // As a database that has run a while: the rows just written vacuumed (hint bits and visibility
  // map set) and their statistics current, so the first reads measured do not do that work.
  if (volume) await vacuum(database);

  // The baseline: no plugins, no hooks, one indexed read through the same adapter, as the
  // connecting role (no role switch, no policy): the floor every call is compared with.
  const gate = boundTo(db, GATE);
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => {
    const { rows } = await gate.query<{ id: string; name: string }>(
      'SELECT id, name FROM funders WHERE id = $1',
      [funder.bank_id],
    );
    return rows[0] ?? null;
  });
  const bareUrl = await listen(bare);

  return {
    runtime,
    app,
    bare,
    appUrl,
    bareUrl,
    funderId: funder.bank_id,
    keyId: issued.key.id,
    secret: issued.secret,
    packetRequestId: seeded.packetRequestId,
    visible: seeded.visible,
    scoring,
    async close() {
      await bare.close().catch(() => undefined);
      await app.close().catch(() => undefined);
      // The database itself belongs to the BenchDatabase; only the rate counter is closed here.
      await runtime.rateCounter.close().catch(() => undefined);
    },
  };
}

/**
 * Hits counted for the key in its current one-hour window: the rate limiter's view. (A run that
 * crosses the top of an hour starts a new window and reads low.)
 */
export async function countedHits(db: Db, keyId: string): Promise<number> {
  const { rows } = await boundTo(db, GATE).query<{ hits: number | null }>(
    'SELECT second_hits AS hits FROM rate_counters WHERE bucket = $1',
    [`key:${keyId}|60,3600`],
  );
  return Number(rows[0]?.hits ?? 0);
}

/** One page of GET /v1/requests. */
export const LIST_PAGE = 50;

/** Tables with row-level security, from the catalogue. */
async function policedTables(db: Db): Promise<string[]> {
  const { rows } = await boundTo(db, GATE).query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relrowsecurity ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * Turns the policies off (or back on) on every table that has them, for a measurement without
 * the second wall. The role switch stays: only the policies' own cost is taken away.
 */
export async function setPolicies(db: Db, on: boolean, tables?: string[]): Promise<string[]> {
  const names = tables ?? (await policedTables(db));
  const gate = boundTo(db, GATE);
  for (const name of names) {
    await gate.exec(`ALTER TABLE ${name} ${on ? 'ENABLE' : 'DISABLE'} ROW LEVEL SECURITY`);
  }
  return names;
}
