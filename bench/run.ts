/**
 * `npm run bench [-- --db pglite|postgres|both --duration 10 --warmup 2 --connections 50 --pool 10 --rounds 1]`
 *
 * For each database: a fresh migrated database, the real app and a bare Fastify baseline in
 * this process, and autocannon in a forked child process loading GET /v1/health, GET /v1/me
 * and the bare route in turn. Prints requests/s, p50 and p99 latency, the ratio to the
 * baseline and where the CPU time went (bench/cpu.ts), then checks the figures against the
 * targets. A missed target is reported, not an error: the exit code is non-zero only when
 * something failed (setup, non-2xx answers, socket errors, lost rate-limit counts).
 * See bench/README.md.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type CompiledServer, imageNodeFlags, startCompiledServer } from './compiled.ts';
import type { LoadFigures } from './load.ts';
import { load, type Measured, stepJob } from './load-fork.ts';
import { measureOffers } from './offers.ts';
import { mixedPlan, printVerdicts, readPlan, type Step, TARGET_RSS_MB } from './read-plan.ts';
import { ISSUE_VOLUME, type SeedVolume } from './seed.ts';
import {
  type BenchDatabase,
  countedHits,
  type DatabaseKind,
  LIST_PAGE,
  pgliteDatabase,
  postgresDatabase,
  postgresReachable,
  setPolicies,
  startTargets,
  type Targets,
} from './targets.ts';

/** Above this share of the machine used by other programs, a run's figures are flagged. */
const OTHERS_BUSY_WARNING = 0.05;

interface Options {
  databases: DatabaseKind[];
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  poolMax: number;
  postgresUrl: string;
  /** The volume seeded: 100,000 requests on the plane (one in twenty visible) times `--scale`. */
  volume: SeedVolume;
  /** Also load the reads with writes among them (`--mixed off` leaves them out). */
  mixed: boolean;
  /** PostgreSQL: measure the compiled server only, not the in-process app beside it. */
  skipInProcess: boolean;
  /** Kept answers (FUNDER_API_READ_CACHE): `on` as deployed, `off` to measure every read made. */
  readCache: 'on' | 'off';
  /** Times the whole plan, bare SELECT first, is loaded; the verdicts take each figure's median. */
  rounds: number;
  /** Only the steps whose ids start with one of these (the bare SELECT always): null for all. */
  only: string[] | null;
  /** A folder the compiled server writes a V8 CPU profile into as it stops (`--cpu-prof`), or null. */
  cpuProf: string | null;
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
      requests: { type: 'string' },
      scale: { type: 'string' },
      mixed: { type: 'string', default: 'on' },
      'compiled-only': { type: 'boolean', default: false },
      'read-cache': { type: 'string', default: 'on' },
      rounds: { type: 'string' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run bench -- [--db pglite|postgres|both] [--duration 10] [--warmup 2]\n' +
        '                        [--connections 50] [--pool 10] [--scale 1] [--requests 100000]\n' +
        '                        [--compiled-only] [--read-cache on|off] [--mixed on|off] [--rounds 1]\n' +
        '                        [--only list,events] [--cpu-prof DIR]\n' +
        'PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)',
    );
    process.exit(0);
  }
  const db = values.db;
  if (db !== 'pglite' && db !== 'postgres' && db !== 'both') {
    throw new Error('--db must be pglite, postgres or both');
  }
  const scale = positiveInt('scale', values.scale, 1);
  if (values.mixed !== 'on' && values.mixed !== 'off') throw new Error('--mixed must be on or off');
  const readCache = values['read-cache'];
  if (readCache !== 'on' && readCache !== 'off') throw new Error('--read-cache must be on or off');
  return {
    databases: db === 'both' ? ['pglite', 'postgres'] : [db],
    durationSeconds: positiveInt('duration', values.duration, 10),
    warmupSeconds: positiveInt('warmup', values.warmup, 2, 0),
    connections: positiveInt('connections', values.connections, 50),
    // The service's own default (DB_POOL_MAX), unless told otherwise.
    poolMax: positiveInt('pool', values.pool ?? process.env.DB_POOL_MAX, 10),
    postgresUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    // Ten times the data: ten times the requests, sellers and events; the same 2,000 debtors (the
    // limit book keeps its size, each debtor carrying ten times the invoices).
    volume: {
      ...ISSUE_VOLUME,
      requests: positiveInt('requests', values.requests, ISSUE_VOLUME.requests * scale, 1000),
      sellers: ISSUE_VOLUME.sellers * scale,
      events: ISSUE_VOLUME.events * scale,
    },
    mixed: values.mixed === 'on',
    skipInProcess: values['compiled-only'] ?? false,
    readCache,
    rounds: positiveInt('rounds', values.rounds, 1),
    only: values.only ? values.only.split(',').filter((id) => id !== '') : null,
    cpuProf: values['cpu-prof'] ?? null,
  };
}

interface Row extends Measured {
  target: string;
  id: string;
  policiesOff: boolean;
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

/** One load run of a plan's step, printed as it ends; non-2xx answers are failures. */
async function runStep(
  step: Step,
  kind: DatabaseKind,
  options: Options,
  serverPid: number | null,
  failures: string[],
): Promise<Row> {
  process.stdout.write(`   loading ${step.target} ...`);
  await step.before?.();
  const measured = await load(stepJob(step, options), kind === 'postgres', serverPid).finally(() =>
    step.after?.(),
  );
  const f = measured.figures;
  const w = f.writes;
  process.stdout.write(
    ` ${fmt(f.requestsPerSecond)} req/s` +
      (w
        ? `; writes ${fmt(w.ok)} ok, ${fmt(w.failed)} failed, p50 ${fmt(w.latencyP50)} ms, p99 ${fmt(w.latencyP99)} ms`
        : '') +
      '\n',
  );
  if (w && w.failed > 0)
    failures.push(`${kind} ${step.target}: ${w.failed} writes failed (${w.firstFailure})`);
  if (f.non2xx > 0 || f.errors > 0 || f.timeouts > 0) {
    failures.push(
      `${kind} ${step.target}: ${f.non2xx} non-2xx answers, ${f.errors} errors, ${f.timeouts} timeouts`,
    );
  }
  return { target: step.target, id: step.id, policiesOff: step.policiesOff ?? false, ...measured };
}

/** Every target answers 200 (and the list a full page) before anything is measured. */
async function checkAnswers(steps: readonly Step[]): Promise<void> {
  for (const step of steps) {
    const answer = await fetch(step.url, { headers: step.headers });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`${step.url}: ${answer.status} ${text}`);
    if (step.id.startsWith('list')) {
      const listed = (JSON.parse(text) as { requests?: unknown[] }).requests?.length;
      if (listed !== LIST_PAGE) throw new Error(`${step.url}: ${listed} items instead of ${LIST_PAGE}`);
    }
  }
}

/** Loads one served app (in process, or compiled in its own process) through the read plan. */
async function benchServer(
  kind: DatabaseKind,
  options: Options,
  database: BenchDatabase,
  targets: Targets,
  served: { label: string; url: string; pid: number | null },
  failures: string[],
): Promise<Row[]> {
  const auth = { authorization: `Bearer ${targets.secret}` };
  const plan = [
    ...readPlan(served.url, targets, auth),
    ...(options.mixed ? mixedPlan(served.url, targets, auth) : []),
  ].filter((step) => options.only === null || options.only.some((id) => step.id.startsWith(id)));
  await checkAnswers(plan);
  // The baseline, /v1/health and /v1/me, then each read with the policies on and at once off
  // (the role switch stays, the second wall's cost goes). Turning them off waits for the
  // calls a run left behind, so a slow read never weighs on the next one. Each round loads the
  // whole plan again, its own bare SELECT first.
  const bare: Step = {
    id: 'bare',
    target: 'bare SELECT (baseline)',
    url: `${targets.bareUrl}/bare`,
    headers: {},
  };
  const rounds: Row[][] = [];
  for (let round = 1; round <= options.rounds; round++) {
    if (options.rounds > 1) console.log(`   round ${round} of ${options.rounds}`);
    const rows: Row[] = [];
    for (const step of [bare, ...plan]) {
      rows.push(await runStep(step, kind, options, served.pid, failures));
      if (!step.policed) continue;
      const policed = await setPolicies(database.db, false);
      try {
        const off = { ...step, target: `${step.target}, policies off`, policiesOff: true };
        rows.push(await runStep(off, kind, options, served.pid, failures));
      } finally {
        await setPolicies(database.db, true, policed);
      }
    }
    rounds.push(rows);
  }
  for (const [index, rows] of rounds.entries()) {
    const round = options.rounds > 1 ? `, round ${index + 1} of ${options.rounds}` : '';
    printTable(`${database.version}, ${served.label}${round}`, rows, rows[0]!.figures);
  }
  const busiest = Math.max(...rounds.flat().map((row) => row.othersBusy));
  if (busiest > OTHERS_BUSY_WARNING) {
    console.log(
      `   note: other programs used up to ${fmt(busiest * 100)}% of the machine during these runs; ` +
        'the figures are lower and noisier than on an otherwise idle machine',
    );
  }
  printVerdicts(kind, options.readCache, rounds, (line) => console.log(`   ${line}`));
  return rounds.flat();
}

async function benchOne(kind: DatabaseKind, options: Options): Promise<{ failures: string[] }> {
  const failures: string[] = [];
  const database =
    kind === 'postgres'
      ? await postgresDatabase(options.postgresUrl, options.poolMax)
      : await pgliteDatabase();
  dropOnInterrupt = () => database.drop();
  try {
    const seedStart = Date.now();
    const targets = await startTargets(database, options.volume, { readCache: options.readCache });
    console.log(
      `\n== ${database.version}: seeded ${fmt(options.volume.requests)} requests, ${fmt(targets.visible)} visible to the ` +
        `bench funder, in ${fmt((Date.now() - seedStart) / 1000, 1)} s; the worker's daily scoring ` +
        `scored ${fmt(targets.scoring.sellers)} sellers in ${fmt(targets.scoring.ms / 1000, 1)} s of it`,
    );
    let compiled: CompiledServer | null = null;
    try {
      const pool = kind === 'postgres' ? `, pool ${options.poolMax}` : '';
      console.log(
        `   ${options.connections} connections (10 for the reads of many rows)${pool}, ` +
          `${options.warmupSeconds} s warm-up + ${options.durationSeconds} s per target, ` +
          `kept answers ${options.readCache}` +
          (options.rounds > 1 ? `, ${options.rounds} rounds` : ''),
      );
      if (kind === 'postgres' && database.url) {
        // As an operator runs it: compiled, the image's node flags, its own process, info log
        // level with access lines.
        const flags = options.cpuProf
          ? [...(await imageNodeFlags()), '--cpu-prof', `--cpu-prof-dir=${options.cpuProf}`]
          : undefined;
        compiled = await startCompiledServer(database.url, options.poolMax, flags, {
          FUNDER_API_READ_CACHE: options.readCache,
        });
        await benchServer(
          kind,
          options,
          database,
          targets,
          {
            label: `compiled server, own process, log level info (pid ${compiled.pid})`,
            url: compiled.url,
            pid: compiled.pid,
          },
          failures,
        );
        // Last, as they change the book the reads read: offers, each with its limit check.
        const offers = await measureOffers(
          database.db,
          compiled.url,
          {
            authorization: `Bearer ${targets.secret}`,
          },
          targets.funderId,
        );
        console.log(
          `   offers: ${offers.offers} made one at a time, median ${fmt(offers.medianMs, 1)} ms, ` +
            `p90 ${fmt(offers.p90Ms, 1)} ms (answers ${JSON.stringify(offers.statuses)})`,
        );
        const rss = await compiled.rss();
        if (rss !== null) {
          const mb = rss / 1024 ** 2;
          console.log(
            `   memory: compiled server resident ${fmt(mb)} MB after the runs ` +
              `(target < ${TARGET_RSS_MB} MB: ${mb < TARGET_RSS_MB ? 'met' : 'MISSED'})`,
          );
        }
      }
      // Beside them, not instead: the app in this process, silent, as the earlier figures were.
      if (!options.skipInProcess || kind === 'pglite') {
        await benchServer(
          kind,
          options,
          database,
          targets,
          { label: 'in-process app, log level silent', url: targets.appUrl, pid: null },
          failures,
        );
      }
      if (!process.env.BENCH_REDIS_URL) {
        // Every authenticated call was counted by the rate limiter (at least as many as answered).
        const counted = await countedHits(database.db, targets.keyId);
        console.log(`   rate counter: ${fmt(counted)} hits counted`);
      }
    } finally {
      await compiled?.close();
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
