/**
 * `node bin/run-ts.mjs bench/exports.bench.ts [--requests 100000]`
 *
 * Exporting a live funder with 100,000 requests (two invoices each) on PostgreSQL
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database
 * `funder_api_bench_<random>` is created and dropped). The export is asked for through the real
 * app and built by the worker in this process, into a temporary data directory. Printed: the
 * build's wall time, the rows it wrote per second, the process's peak resident memory, and
 * beside them a bare `COPY ... TO STDOUT` of the same tables (requests, invoices and the links
 * between them) by the `psql` client in the same run, as the floor to compare with.
 * A missed target is reported, not an error. See bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ENTITIES } from '../src/areas/exports/exports.content.store.ts';
import { boundTo, GATE } from '../src/platform/db/actor.ts';
import type { Db } from '../src/platform/db/db.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { SCOPES } from '../src/platform/http/scopes.ts';
import { benchRuntime, postgresDatabase } from './targets.ts';

const TARGET_PEAK_MB = 200;
const TARGET_COPY_SHARE = 0.25;
const MB = 1024 * 1024;
const OPERATOR = { kind: 'operator', requestId: 'bench' } as const;

/** Requests assigned to the funder, each with two invoices of one seller and 250 debtors. */
async function seed(db: Db, funderId: string, requests: number): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.query(
      `INSERT INTO sellers (id, plane, name, tax_id, country, verification_status, created_at)
       VALUES (gen_random_uuid(), 'live', 'Bench Seller SL', 'B99999999', 'ES', 'approved', $1)`,
      [now],
    );
    await tx.query(
      `INSERT INTO debtors (id, plane, name, tax_id, country, created_at)
       SELECT gen_random_uuid(), 'live', 'Distribuidora Bench ' || g || ' SL', 'A' || lpad(g::text, 8, '0'), 'ES', $1
         FROM generate_series(0, 249) g`,
      [now],
    );
    await tx.query(
      `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                     assigned_funder_id, created_at, updated_at)
       SELECT gen_random_uuid(), 'live', 'BENCH-' || lpad(g::text, 7, '0'), 'factoring', 'submitted',
              (SELECT id FROM sellers WHERE tax_id = 'B99999999'), 2000 + g % 997, 1600, $1, $2, $2
         FROM generate_series(1, $3::int) g`,
      [funderId, now, requests],
    );
    await tx.query(
      `WITH v AS (
         SELECT gen_random_uuid() AS id, r.id AS request_id, r.seller_id, j AS position, r.request_ref,
                (SELECT d.id FROM debtors d WHERE d.tax_id = 'A' || lpad((abs(hashtext(r.request_ref)) % 250)::text, 8, '0')) AS debtor_id
           FROM funding_requests r CROSS JOIN generate_series(1, 2) j
       ), i AS (
         INSERT INTO invoices (id, plane, seller_id, debtor_id, number, amount, issue_date, due_date, source, created_at)
         SELECT id, 'live', seller_id, debtor_id, request_ref || '-' || position, 1000, '2026-08-01', '2026-11-01', 'erp', $1 FROM v
       )
       INSERT INTO request_invoices (request_id, invoice_id, position) SELECT request_id, id, position FROM v`,
      [now],
    );
  });
}

const COPIED = ['funding_requests', 'invoices', 'request_invoices'];

/**
 * Runs each script in a psql session of its own (read from standard input), output into
 * /dev/null: the seconds they took together.
 */
function timedPsql(url: string, scripts: readonly string[]): { seconds: number } | { error: string } {
  const sink = openSync('/dev/null', 'w');
  const started = process.hrtime.bigint();
  try {
    for (const script of scripts) {
      const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-f', '-'], {
        input: script,
        stdio: ['pipe', sink, 'pipe'],
        encoding: 'utf8',
      });
      if (run.status !== 0) return { error: run.error?.message ?? run.stderr };
    }
  } finally {
    closeSync(sink);
  }
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** A bare COPY of the same tables to standard output, by psql (one session per table). */
const bareCopy = (url: string) =>
  timedPsql(
    url,
    COPIED.map((table) => `COPY ${table} TO STDOUT (FORMAT csv);`),
  );

/**
 * A bare COPY of the same rows the export wrote, by psql: every entity's own FROM, WHERE and
 * ORDER BY, its columns as they are stored, in COPY's text format, one statement after the
 * other in one psql session. Only the export's formatting is left out.
 */
function sameRowsCopy(url: string, funderId: string): { seconds: number } | { error: string } {
  const literals: Record<string, string> = {
    $1: `'${funderId}'::uuid`,
    $2: `'live'::text`,
    $3: 'NULL::uuid[]',
  };
  const script = ENTITIES.map((entity) => {
    const columns = entity.columns.map((c) => c.sql ?? `${entity.alias}.${c.name}`).join(', ');
    const order = entity.key.map((k) => k.sql).join(', ');
    const sql = `SELECT ${columns} FROM ${entity.from} ORDER BY ${order}`.replace(
      /\$([123])(?!\d)/g,
      (p) => literals[p]!,
    );
    return `COPY (${sql.replace(/\s+/g, ' ')}) TO STDOUT;`;
  }).join('\n');
  return timedPsql(url, [script]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { requests: { type: 'string', default: '100000' } } });
  const requests = Number(values.requests);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await postgresDatabase(serverUrl, 10);
  const dataDir = await mkdtemp(join(tmpdir(), 'funder-api-export-bench-'));
  try {
    await migrate(database.db);
    const runtime = await benchRuntime(database.db, { dataDir });
    const funder = await runtime.services.account.createFunder(OPERATOR, {
      name: 'Bench Funder',
      environment: 'live',
    });
    const key = await runtime.services.account.issueKey(OPERATOR, {
      bank_id: funder.bank_id,
      name: 'bench key',
      scopes: [...SCOPES],
    });
    console.log(`${database.version}: seeding ${requests} requests with two invoices each...`);
    // Seeded and counted as the connecting role (the tables' owner), like the other benchmarks.
    const gate = boundTo(database.db, GATE);
    await seed(gate, funder.bank_id, requests);
    // The planner's statistics, as autovacuum would have gathered them after such a load: without
    // them it guesses a handful of rows and joins the invoices one index look-up at a time.
    await gate.query('ANALYZE');

    const app = await runtime.buildApp();
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
    const sampler = setInterval(() => {
      buildPeak = Math.max(buildPeak, process.memoryUsage().rss);
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
    const url = new URL(serverUrl);
    url.pathname = `/${(await gate.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name}`;
    const copied = await gate.query<{ n: string }>(
      `SELECT ((SELECT count(*) FROM funding_requests) + (SELECT count(*) FROM invoices) +
               (SELECT count(*) FROM request_invoices))::text AS n`,
    );
    const copy = { ...bareCopy(url.toString()), rows: Number(copied.rows[0]!.n) };
    const same = sameRowsCopy(url.toString(), funder.bank_id);

    console.log(
      `export: ${rows} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s (main thread busy ${(busy * 100).toFixed(0)}% of it)`,
    );
    console.log(
      `        ${(built.size_bytes / MB).toFixed(1)} MiB of ZIP; resident memory before the build ${(rssBefore / MB).toFixed(0)} MB, highest sampled during the build ${(buildPeak / MB).toFixed(0)} MB (+${((buildPeak - rssBefore) / MB).toFixed(0)} MB), peak of the process ${peakMb.toFixed(0)} MB`,
    );
    if ('error' in copy) {
      console.log(`bare COPY: not measured (${copy.error.trim()})`);
    } else {
      const copyRate = copy.rows / copy.seconds;
      const share = rows / seconds / copyRate;
      console.log(
        `bare COPY TO STDOUT (requests, invoices, links): ${copy.rows} rows in ${copy.seconds.toFixed(1)} s = ${Math.round(copyRate)} rows/s`,
      );
      console.log(
        `export speed / COPY speed: ${(share * 100).toFixed(0)}% (target at least ${TARGET_COPY_SHARE * 100}%)${share < TARGET_COPY_SHARE ? '  MISSED' : ''}`,
      );
    }
    if ('error' in same) {
      console.log(`bare COPY of the same rows: not measured (${same.error.trim()})`);
    } else {
      const sameRate = rows / same.seconds;
      const share = rows / seconds / sameRate;
      console.log(
        `bare COPY TO STDOUT of the same rows (every entity's own query, no formatting): ${rows} rows in ${same.seconds.toFixed(1)} s = ${Math.round(sameRate)} rows/s`,
      );
      console.log(
        `export speed / same-rows COPY speed: ${(share * 100).toFixed(0)}% (target at least ${TARGET_COPY_SHARE * 100}%)${share < TARGET_COPY_SHARE ? '  MISSED' : ''}`,
      );
    }
    console.log(
      `peak memory: ${peakMb.toFixed(0)} MB (target under ${TARGET_PEAK_MB} MB)${peakMb >= TARGET_PEAK_MB ? '  MISSED' : ''}`,
    );
    await app.close();
    await runtime.rateCounter.close();
  } finally {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
