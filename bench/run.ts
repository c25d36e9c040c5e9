/**
 * `npm run bench [-- --db pglite|postgres|both --duration 10 --warmup 2 --connections 50 --pool 10]`
 *
 * For each database: a fresh migrated database, the real app and a bare Fastify baseline in
 * this process, and autocannon in a forked child process loading GET /v1/health, GET /v1/me
 * and the bare route in turn. Prints requests/s, p50 and p99 latency, the ratio to the
 * baseline and where the CPU time went (bench/cpu.ts), then checks the figures against the
 * targets. A missed target is reported, not an error: the exit code is non-zero only when
 * something failed (setup, non-2xx answers, socket errors, lost rate-limit counts).
 * See bench/README.md.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuSnapshot, cpuSpent } from './cpu.ts';
import type { LoadFigures, LoadJob, LoadMeasuring, LoadOutcome } from './load.ts';
import {
  type BenchDatabase,
  countedHits,
  type DatabaseKind,
  pgliteDatabase,
  postgresDatabase,
  postgresReachable,
  SEEDED_REQUESTS,
  setPolicies,
  startTargets,
} from './targets.ts';

/** From the issue: GET /v1/me on PostgreSQL, 50 connections. */
const TARGET_ME_RATIO = 0.4;
const TARGET_ME_P99_MS = 25;
/** Above this share of the machine used by other programs, a run's figures are flagged. */
const OTHERS_BUSY_WARNING = 0.05;

interface Options {
  databases: DatabaseKind[];
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  poolMax: number;
  postgresUrl: string;
}

function positiveInt(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return value;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      pool: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run bench -- [--db pglite|postgres|both] [--duration 10] [--warmup 2]\n' +
        '                        [--connections 50] [--pool 10]\n' +
        'PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)',
    );
    process.exit(0);
  }
  const db = values.db;
  if (db !== 'pglite' && db !== 'postgres' && db !== 'both') {
    throw new Error('--db must be pglite, postgres or both');
  }
  return {
    databases: db === 'both' ? ['pglite', 'postgres'] : [db],
    durationSeconds: positiveInt('duration', values.duration, 10),
    warmupSeconds: positiveInt('warmup', values.warmup, 2, 0),
    connections: positiveInt('connections', values.connections, 50),
    // The service's own default (DB_POOL_MAX), unless told otherwise.
    poolMax: positiveInt('pool', values.pool ?? process.env.DB_POOL_MAX, 10),
    postgresUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

interface Measured {
  figures: LoadFigures;
  warmupOk: number;
  /** CPU time per request of this process: the servers, and PGlite when embedded. */
  serverCpuMicrosPerRequest: number;
  /** Of PostgreSQL's processes, when it runs on this machine (Linux); else null. */
  postgresCpuMicrosPerRequest: number | null;
  loadCpuMicrosPerRequest: number;
  machineBusy: number;
  othersBusy: number;
}

/** Forks bench/load.ts through the same TypeScript loader as `npm run bench`. */
function load(job: LoadJob, withPostgres: boolean): Promise<Measured> {
  const runner = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));
  const script = fileURLToPath(new URL('./load.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(runner, [script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let outcome: LoadOutcome | null = null;
    let atStart = cpuSnapshot(withPostgres);
    let atEnd = atStart;
    child.on('message', (message: LoadOutcome | LoadMeasuring) => {
      if ('phase' in message) {
        atStart = cpuSnapshot(withPostgres);
        return;
      }
      atEnd = cpuSnapshot(withPostgres);
      outcome = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!outcome) return reject(new Error(`load generator exited with code ${code}`));
      if (!outcome.ok) return reject(new Error(outcome.error));
      const { figures } = outcome;
      const spent = cpuSpent(atStart, atEnd, figures.loadCpuMicros);
      const answered = Math.max(1, figures.requestsTotal);
      resolve({
        figures,
        warmupOk: outcome.warmupOk,
        serverCpuMicrosPerRequest: spent.selfMicros / answered,
        postgresCpuMicrosPerRequest: spent.postgresMicros === null ? null : spent.postgresMicros / answered,
        loadCpuMicrosPerRequest: figures.loadCpuMicros / answered,
        machineBusy: spent.machineBusy,
        othersBusy: spent.othersBusy,
      });
    });
    child.send(job);
  });
}

interface Row extends Measured {
  target: string;
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printTable(title: string, rows: Row[], baseline: LoadFigures): void {
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'vs bare',
    'requests',
    'CPU/req: server',
    'postgres',
    'load',
    'machine busy',
    'others',
  ];
  const lines = rows.map((row) => [
    row.target,
    fmt(row.figures.requestsPerSecond),
    fmt(row.figures.latencyP50),
    fmt(row.figures.latencyP99),
    fmt(row.figures.latencyMax),
    `${fmt((row.figures.requestsPerSecond / baseline.requestsPerSecond) * 100)}%`,
    fmt(row.figures.requestsTotal),
    `${fmt(row.serverCpuMicrosPerRequest)} us`,
    row.postgresCpuMicrosPerRequest === null ? '-' : `${fmt(row.postgresCpuMicrosPerRequest)} us`,
    `${fmt(row.loadCpuMicrosPerRequest)} us`,
    `${fmt(row.machineBusy * 100)}%`,
    `${fmt(row.othersBusy * 100)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const render = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(render(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(render(line));
}

function machineFacts(): string[] {
  const cpus = os.cpus();
  return [
    `date        ${new Date().toISOString()}`,
    `cpu         ${cpus[0]?.model.trim() ?? 'unknown'} x ${cpus.length}`,
    `memory      ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `node        ${process.version}`,
    `os          ${os.type()} ${os.release()} ${os.arch()}`,
    `load avg    ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (1, 5, 15 min) at start`,
  ];
}

/** Drops the database in use if the run is interrupted (Ctrl-C), so none is left behind. */
let dropOnInterrupt: (() => Promise<void>) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: dropping the benchmark database`);
    void (dropOnInterrupt ?? (async () => undefined))().finally(() => process.exit(130));
  });
}

async function benchOne(kind: DatabaseKind, options: Options): Promise<{ failures: string[] }> {
  const failures: string[] = [];
  let database: BenchDatabase;
  if (kind === 'postgres') {
    database = await postgresDatabase(options.postgresUrl, options.poolMax);
  } else {
    database = await pgliteDatabase();
  }
  dropOnInterrupt = () => database.drop();
  try {
    const targets = await startTargets(database);
    try {
      const pool = kind === 'postgres' ? `, pool ${options.poolMax}` : '';
      console.log(
        `\n== ${database.version}${pool}: ${options.connections} connections, ` +
          `${options.warmupSeconds} s warm-up + ${options.durationSeconds} s per target`,
      );

      // A request of each kind first: a benchmark of error answers would measure nothing.
      const auth = { authorization: `Bearer ${targets.secret}` };
      for (const [url, headers] of [
        [`${targets.appUrl}/v1/health`, {}],
        [`${targets.appUrl}/v1/me`, auth],
        [`${targets.bareUrl}/bare`, {}],
      ] as const) {
        const answer = await fetch(url, { headers });
        if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
        await answer.arrayBuffer().catch(() => undefined);
      }
      let meCalls = 1;
      // The request list: one page of the funder's requests, read under its role and policies.
      const listUrl = `${targets.appUrl}/v1/requests?status=all&limit=${SEEDED_REQUESTS}`;
      const list = await fetch(listUrl, { headers: auth });
      const listed = ((await list.json()) as { requests?: unknown[] }).requests?.length;
      if (list.status !== 200 || listed !== SEEDED_REQUESTS) {
        throw new Error(`${listUrl}: ${list.status}, ${listed} items instead of ${SEEDED_REQUESTS}`);
      }

      const database_ = database.db;
      let policed: string[] = [];
      const plan: {
        target: string;
        url: string;
        headers: Record<string, string>;
        /** A list takes far longer than one row: fewer connections, so none times out. */
        connections?: number;
        before?: () => Promise<void>;
        after?: () => Promise<void>;
      }[] = [
        { target: 'bare SELECT (baseline)', url: `${targets.bareUrl}/bare`, headers: {} },
        { target: 'GET /v1/health', url: `${targets.appUrl}/v1/health`, headers: {} },
        { target: 'GET /v1/me', url: `${targets.appUrl}/v1/me`, headers: auth },
        {
          target: `GET /v1/requests (${SEEDED_REQUESTS} items)`,
          url: listUrl,
          headers: auth,
          connections: 10,
        },
        {
          target: `GET /v1/requests, policies off`,
          url: listUrl,
          headers: auth,
          connections: 10,
          // Same role switch, no policies: what the second wall itself costs.
          before: async () => {
            policed = await setPolicies(database_, false);
          },
          after: async () => void (await setPolicies(database_, true, policed)),
        },
      ];
      const rows: Row[] = [];
      for (const step of plan) {
        process.stdout.write(`   loading ${step.target} ...`);
        await step.before?.();
        const measured = await load(
          {
            url: step.url,
            headers: step.headers,
            connections: Math.min(step.connections ?? options.connections, options.connections),
            durationSeconds: options.durationSeconds,
            warmupSeconds: options.warmupSeconds,
          },
          kind === 'postgres',
        ).finally(() => step.after?.());
        const f = measured.figures;
        process.stdout.write(` ${fmt(f.requestsPerSecond)} req/s\n`);
        if (f.non2xx > 0 || f.errors > 0 || f.timeouts > 0) {
          failures.push(
            `${kind} ${step.target}: ${f.non2xx} non-2xx answers, ${f.errors} errors, ${f.timeouts} timeouts`,
          );
        }
        if (step.target === 'GET /v1/me') meCalls += measured.warmupOk + f.ok;
        rows.push({ target: step.target, ...measured });
      }

      // Every answered /v1/me call must have been counted by the rate limiter (calls cut off
      // when autocannon stops may be counted without being answered: hence "at least").
      // With Redis counting (BENCH_REDIS_URL) the database holds no counts to check.
      const counted = process.env.BENCH_REDIS_URL ? meCalls : await countedHits(database.db, targets.keyId);
      const countLine = process.env.BENCH_REDIS_URL
        ? 'rate counter: counted in Redis (BENCH_REDIS_URL)'
        : `rate counter: ${fmt(counted)} hits counted for ${fmt(meCalls)} answered /v1/me calls`;
      if (counted < meCalls) failures.push(`${kind}: ${countLine} (counts lost)`);

      const baseline = rows[0]!.figures;
      printTable(`${database.version}`, rows, baseline);
      console.log(`   ${countLine}`);
      const busiest = Math.max(...rows.map((row) => row.othersBusy));
      if (busiest > OTHERS_BUSY_WARNING) {
        console.log(
          `   note: other programs used up to ${fmt(busiest * 100)}% of the machine during these runs; ` +
            'the figures are lower and noisier than on an otherwise idle machine',
        );
      }
      const withPolicies = rows[3]!.figures;
      const withoutPolicies = rows[4]!.figures;
      console.log(
        `   second wall: GET /v1/requests with policies at ${fmt(
          (withPolicies.requestsPerSecond / withoutPolicies.requestsPerSecond) * 100,
        )}% of the same list without them (p99 ${fmt(withPolicies.latencyP99)} ms against ${fmt(
          withoutPolicies.latencyP99,
        )} ms)`,
      );
      const me = rows.find((row) => row.target === 'GET /v1/me')!.figures;
      const ratio = me.requestsPerSecond / baseline.requestsPerSecond;
      const onTarget = kind === 'postgres' ? 'target' : 'target (set for PostgreSQL; shown for reference)';
      console.log(
        `   ${onTarget}: /v1/me >= ${TARGET_ME_RATIO * 100}% of bare: ${fmt(ratio * 100)}% ` +
          `${ratio >= TARGET_ME_RATIO ? 'met' : 'MISSED'}; ` +
          `p99 < ${TARGET_ME_P99_MS} ms: ${fmt(me.latencyP99)} ms ` +
          `${me.latencyP99 < TARGET_ME_P99_MS ? 'met' : 'MISSED'}`,
      );
    } finally {
      await targets.close();
    }
  } finally {
    dropOnInterrupt = null;
    await database.drop();
  }
  return { failures };
}

async function main(): Promise<number> {
  const options = readOptions();
  console.log('funder-api benchmark');
  for (const line of machineFacts()) console.log(`   ${line}`);

  const failures: string[] = [];
  for (const kind of options.databases) {
    if (kind === 'postgres') {
      const unreachable = await postgresReachable(options.postgresUrl);
      if (unreachable) {
        const message = `PostgreSQL not reachable at BENCH_DATABASE_URL (${unreachable})`;
        // Asked for by name, its absence is an error; as part of "both", only a notice.
        if (options.databases.length === 1) {
          failures.push(message);
        } else {
          console.log(`\n== PostgreSQL skipped: ${message}`);
        }
        continue;
      }
    }
    try {
      failures.push(...(await benchOne(kind, options)).failures);
    } catch (err) {
      failures.push(`${kind}: ${(err as Error).stack ?? String(err)}`);
    }
  }

  if (failures.length > 0) {
    console.error('\nbenchmark failed:');
    for (const failure of failures) console.error(`   ${failure}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error((err as Error).stack ?? err);
    process.exit(1);
  },
);
