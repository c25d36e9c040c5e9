/**
 * `node bin/run-ts.mjs bench/exports.bench.ts [--scale 1] [--explain debtors,invoices]`
 *
 * Exporting the bench funder of `npm run bench`'s plane on PostgreSQL (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database
 * `funder_api_bench_<random>` is created and dropped). The plane is seeded by `seedVolume`
 * (bench/seed.ts): 100,000 requests times `--scale`, the bench funder seeing one in twenty, the
 * others routed to three other funders. The export is asked for through the real app and built
 * by the worker in this process, into a temporary data directory. Printed: the build's wall
 * time, the rows it wrote per second, the process's peak resident memory; then per entity its
 * rows, its own COPY as the build runs it (alone, its lines read and dropped) and a bare
 * `COPY ... TO STDOUT` of the same rows by the `psql` client in the same run, as the floor to
 * compare with. `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of the named entities' statements.
 * A missed target is reported, not an error. See bench/README.md, "Exports".
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  copyEntityLines,
  ENTITIES,
  type Entity,
  exportReadTransaction,
} from '../src/areas/exports/exports.content.store.ts';
import { CopyBinaryLines } from '../src/areas/exports/exports.formats.ts';
import { linesSql } from '../src/areas/exports/exports.lines.store.ts';
import type { FunderScope } from '../src/platform/caller.ts';
import { GATE, OPERATOR, runAs } from '../src/platform/db/actor.ts';
import { runLong } from '../src/platform/db/bounds.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createPostgresDb } from '../src/platform/db/postgres.ts';
import { SCOPES } from '../src/platform/http/scopes.ts';
import { imageNodeFlags } from './compiled.ts';
import { ISSUE_VOLUME, seedVolume } from './seed.ts';
import { type BenchDatabase, benchRuntime, postgresDatabase } from './targets.ts';

const TARGET_PEAK_MB = 200;
const TARGET_COPY_SHARE = 0.25;
const MB = 1024 * 1024;
const BENCH_CALLER = { kind: 'operator', requestId: 'bench' } as const;

/** An entity's statement with the funder and the plane written in, as the build sends it. */
function literalSql(sql: string, scope: FunderScope): string {
  const literals: Record<string, string> = {
    $1: `'${scope.funderId}'::uuid`,
    $2: `'${scope.plane}'::text`,
    $3: 'NULL::uuid[]',
  };
  return sql.replace(/\$([123])(?!\d)/g, (p) => literals[p]!);
}

/**
 * A bare COPY of the same rows the export wrote, by psql into /dev/null: every entity's own FROM,
 * WHERE and ORDER BY, its columns as they are stored, in COPY's text format, one statement after
 * the other in one psql session. Only the export's formatting is left out. Answers the seconds
 * of each entity's statement as psql timed it.
 */
function sameRowsCopy(url: string, scope: FunderScope): Map<string, number> | { error: string } {
  const statements = ENTITIES.map((entity) => {
    const columns = entity.columns.map((c) => c.sql ?? `${entity.alias}.${c.name}`).join(', ');
    const order = entity.key.map((k) => k.sql).join(', ');
    const sql = literalSql(`SELECT ${columns} FROM ${entity.from} ORDER BY ${order}`, scope);
    return `COPY (${sql.replace(/\s+/g, ' ')}) TO STDOUT;`;
  });
  const script = ['\\timing on', '\\o /dev/null', ...statements].join('\n');
  const run = spawnSync('psql', [url, '-X', '-v', 'ON_ERROR_STOP=1', '-q', '-f', '-'], {
    input: script,
    encoding: 'utf8',
    maxBuffer: 16 * MB,
  });
  if (run.status !== 0) return { error: run.error?.message ?? run.stderr };
  const times = [...run.stdout.matchAll(/^Time: ([\d.]+) ms/gm)].map((m) => Number(m[1]) / 1000);
  if (times.length !== ENTITIES.length) return { error: `psql timed ${times.length} statements` };
  return new Map(ENTITIES.map((entity, i) => [entity.name, times[i]!]));
}

/** One entity's COPY as the build runs it, alone, its lines split and dropped: seconds and rows. */
async function timedEntity(
  db: Parameters<typeof exportReadTransaction>[0],
  scope: FunderScope,
  entity: Entity,
): Promise<{ seconds: number; rows: number }> {
  const started = process.hrtime.bigint();
  let rows = 0;
  await runLong(() =>
    runAs(OPERATOR, () =>
      exportReadTransaction(db, (tx) =>
        copyEntityLines(tx, scope, entity, async (chunks) => {
          const lines = new CopyBinaryLines();
          for await (const chunk of chunks) {
            lines.push(chunk);
            lines.take();
          }
          lines.end();
          rows = lines.rows;
        }),
      ),
    ),
  );
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, rows };
}

const pad = (text: string, width: number) => text.padStart(width);

/** Resident memory now and how it splits (V8's heap, memory outside it), for the stages' lines. */
function memoryNow(stage: string): string {
  const m = process.memoryUsage();
  const mb = (n: number) => (n / MB).toFixed(0);
  return `${stage}: resident ${mb(m.rss)} MB (V8 heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB, outside it ${mb(m.external)} MB)`;
}

/** A plane seeded by an earlier run with `--keep`: used as it is, closed (not dropped) at the end. */
function seededDatabase(url: string): BenchDatabase {
  const db = createPostgresDb(url, { max: 10 });
  return { kind: 'postgres', db, version: 'PostgreSQL (kept database)', url, drop: () => db.close() };
}

/**
 * Runs this benchmark again in a child `node` with the image's flags (the Dockerfile's CMD), or
 * those given (`--flags "..."`, `none` for none), unless this process is that child: the memory
 * target is about the process as the image runs it. Answers whether it ran the child.
 */
async function ranWithFlags(given: string | undefined): Promise<boolean> {
  if (process.env.EXPORTS_BENCH_CHILD) return false;
  const flags =
    given === undefined ? await imageNodeFlags() : given.split(/\s+/).filter((f) => f !== '' && f !== 'none');
  console.log(`node ${flags.join(' ') || '(no flags)'}`);
  // Under bin/run-ts.mjs the file is not in the arguments any more: it is this module.
  const script = process.argv[1]!.endsWith('run-ts.mjs')
    ? [process.argv[1]!, fileURLToPath(import.meta.url)]
    : [process.argv[1]!];
  const child = spawnSync(
    process.execPath,
    [...flags, ...process.execArgv, ...script, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, EXPORTS_BENCH_CHILD: '1' },
    },
  );
  process.exitCode = child.status ?? 1;
  return true;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      explain: { type: 'string', default: '' },
      flags: { type: 'string' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
    },
  });
  if (await ranWithFlags(values.flags)) return;
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1) throw new Error('--scale takes a whole number from 1');
  const explain = values.explain ? values.explain.split(',') : [];
  for (const name of explain) {
    if (!ENTITIES.some((e) => e.name === name)) throw new Error(`no entity ${name} to explain`);
  }
  const volume = { ...ISSUE_VOLUME, requests: ISSUE_VOLUME.requests * scale };
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = values.reuse ? seededDatabase(values.reuse) : await postgresDatabase(serverUrl, 10);
  const dataDir = await mkdtemp(join(tmpdir(), 'funder-api-export-bench-'));
  try {
    await migrate(database.db);
    const stages = [memoryNow('migrated')];
    const runtime = await benchRuntime(database.db, { dataDir });
    const funders: string[] = [];
    for (const name of [
      'Bench Funder',
      'Other Bench Funder 1',
      'Other Bench Funder 2',
      'Other Bench Funder 3',
    ]) {
      const found = values.reuse
        ? await runAs(GATE, () =>
            database.db.query<{ id: string }>('SELECT id FROM funders WHERE name = $1', [name]),
          )
        : null;
      funders.push(
        found?.rows[0]?.id ??
          (await runtime.services.account.createFunder(BENCH_CALLER, { name, environment: 'live' })).bank_id,
      );
    }
    const key = await runtime.services.account.issueKey(BENCH_CALLER, {
      bank_id: funders[0]!,
      name: 'bench key',
      scopes: [...SCOPES],
    });
    const scope: FunderScope = { funderId: funders[0]!, plane: 'live' };
    if (values.reuse) {
      console.log(`(reusing the plane seeded in ${values.reuse}: --scale is taken as it was seeded)`);
    } else {
      console.log(
        `${database.version}: seeding ${volume.requests} requests (scale ${scale}), the bench funder seeing one in twenty...`,
      );
      const seedStart = performance.now();
      // Seeded as the connecting role (the tables' owner), with a job's statement bounds; then, as
      // a database that has run a while, vacuumed and analysed (bench/targets.ts does the same).
      const seeded = await runLong(() => seedVolume(database.db, funders, volume));
      // VACUUM runs outside a transaction, which a job's bounds open: psql runs it, unbounded.
      const vacuum = spawnSync('psql', [database.url!, '-X', '-q', '-c', 'VACUUM (ANALYZE)'], {
        encoding: 'utf8',
      });
      if (vacuum.status !== 0) throw new Error(`VACUUM failed: ${vacuum.stderr}`);
      console.log(
        `seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s; the funder sees ${seeded.visible} requests`,
      );
    }

    stages.push(memoryNow('seeded'));
    const app = await runtime.buildApp();
    stages.push(memoryNow('app built'));
    const asked = await app.inject({
      method: 'POST',
      url: '/v1/exports',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    if (asked.statusCode !== 202)
      throw new Error(`POST /v1/exports answered ${asked.statusCode}: ${asked.body}`);
    const exportId = (asked.json() as { export: { id: string } }).export.id;

    const rssBefore = process.memoryUsage().rss;
    // Resident memory sampled while the build runs: what the build itself adds.
    let buildPeak = rssBefore;
    // How that highest sample split.
    let atPeak = memoryNow('at the highest sample');
    const sampler = setInterval(() => {
      const rss = process.memoryUsage.rss();
      if (rss > buildPeak) {
        buildPeak = rss;
        atPeak = memoryNow('at the highest sample');
      }
    }, 10);
    const worker = runtime.createWorker();
    const started = process.hrtime.bigint();
    const busyBefore = performance.eventLoopUtilization();
    await worker.runOnce();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // How much of the build the main thread was busy: near 100 % means the JavaScript is what
    // holds the build back; well below, the build waits on the server or on the disk.
    const busy = performance.eventLoopUtilization(busyBefore).utilization;
    clearInterval(sampler);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    stages.push(atPeak, memoryNow('built'));

    const view = await app.inject({
      method: 'GET',
      url: `/v1/exports/${exportId}`,
      headers: { authorization: `Bearer ${key.secret}` },
    });
    const built = (
      view.json() as { export: { status: string; row_counts: Record<string, number>; size_bytes: number } }
    ).export;
    if (built.status !== 'ready') throw new Error(`the export is ${built.status}, not ready`);
    const rows = Object.values(built.row_counts).reduce((a, b) => a + b, 0);

    console.log(
      `export: ${rows} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s (main thread busy ${(busy * 100).toFixed(0)}% of it)`,
    );
    console.log(
      `        ${(built.size_bytes / MB).toFixed(1)} MiB of ZIP; resident memory before the build ${(rssBefore / MB).toFixed(0)} MB, highest sampled during the build ${(buildPeak / MB).toFixed(0)} MB (+${((buildPeak - rssBefore) / MB).toFixed(0)} MB), peak of the process ${peakMb.toFixed(0)} MB`,
    );

    for (const line of stages) console.log(`        ${line}`);

    // Per entity, after the build: its own COPY alone, and the same rows' bare COPY by psql.
    const same = sameRowsCopy(database.url!, scope);
    const timed = new Map<string, { seconds: number; rows: number }>();
    for (const entity of ENTITIES) timed.set(entity.name, await timedEntity(database.db, scope, entity));
    const sum = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);
    const copySeconds = sum([...timed.values()].map((t) => t.seconds));
    console.log('');
    console.log(
      `${'entity'.padEnd(22)} ${pad('rows', 9)} ${pad('COPY s', 8)} ${pad('rows/s', 9)} ${pad('same-rows s', 11)}`,
    );
    for (const entity of ENTITIES) {
      const t = timed.get(entity.name)!;
      if (t.rows === 0 && t.seconds < 0.05) continue;
      const floor = 'error' in same ? '' : same.get(entity.name)!.toFixed(3);
      console.log(
        `${entity.name.padEnd(22)} ${pad(String(t.rows), 9)} ${pad(t.seconds.toFixed(3), 8)} ${pad(t.rows ? String(Math.round(t.rows / t.seconds)) : '', 9)} ${pad(floor, 11)}`,
      );
    }
    console.log(
      `${'(every entity)'.padEnd(22)} ${pad(String(rows), 9)} ${pad(copySeconds.toFixed(3), 8)} ${pad(String(Math.round(rows / copySeconds)), 9)} ${pad('error' in same ? '' : sum(same.values()).toFixed(3), 11)}`,
    );
    console.log('');
    if ('error' in same) {
      console.log(`bare COPY of the same rows: not measured (${same.error.trim()})`);
    } else {
      const sameSeconds = sum(same.values());
      const share = rows / seconds / (rows / sameSeconds);
      console.log(
        `bare COPY TO STDOUT of the same rows (every entity's own query, no formatting): ${rows} rows in ${sameSeconds.toFixed(1)} s = ${Math.round(rows / sameSeconds)} rows/s`,
      );
      console.log(
        `export speed / same-rows COPY speed: ${(share * 100).toFixed(0)}% (target at least ${TARGET_COPY_SHARE * 100}%)${share < TARGET_COPY_SHARE ? '  MISSED' : ''}`,
      );
    }
    console.log(
      `peak memory: ${peakMb.toFixed(0)} MB (target under ${TARGET_PEAK_MB} MB)${peakMb >= TARGET_PEAK_MB ? '  MISSED' : ''}`,
    );

    for (const name of explain) {
      const entity = ENTITIES.find((e) => e.name === name)!;
      const plan = await runLong(() =>
        runAs(OPERATOR, () =>
          database.db.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${literalSql(linesSql(entity), scope)}`,
          ),
        ),
      );
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${name}, as the operator role:`);
      for (const row of plan.rows) console.log(row['QUERY PLAN']);
    }
    await app.close();
    await runtime.rateCounter.close();
  } finally {
    if (values.keep && !values.reuse) {
      await database.db.close();
      console.log(`kept the database for --reuse: ${database.url}`);
    } else {
      await database.drop();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
