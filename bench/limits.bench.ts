/**
 * `node bin/run-ts.mjs bench/limits.bench.ts [--db pglite|postgres|both] [--rows 2000]`
 *
 * Writing 2,000 debtor limits: one `POST /v1/credit-limits/import` against 2,000 single
 * `PUT /v1/credit-limits` calls, through the real app over HTTP, on PGlite and on a throwaway
 * PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Each import writes debtors never seen before (a fresh set of tax ids), after a small warm-up.
 * Peak memory is the process's resident memory sampled every 5 ms during the phase (on PGlite it
 * includes the embedded database). A missed target is reported, not an error.
 */
import { parseArgs } from 'node:util';
import {
  type BenchDatabase,
  pgliteDatabase,
  postgresDatabase,
  postgresReachable,
  startTargets,
} from './targets.ts';

const TARGET_IMPORT_MS_POSTGRES = 300;
const TARGET_SPEEDUP = 20;
const MB = 1024 * 1024;

interface Phase {
  ms: number;
  peakMb: number;
}

async function measure(work: () => Promise<void>): Promise<Phase> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms: Math.round(ms * 10) / 10, peakMb: Math.round(peak / MB) };
}

const rowsFor = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    debtor_tax_id: `${prefix}${String(i).padStart(7, '0')}`,
    debtor_country: 'ES',
    debtor_name: `Bench Debtor ${prefix} ${i}`,
    amount: 10_000 + (i % 500) * 250,
    note: 'benchmark',
  }));

async function benchOne(database: BenchDatabase, rows: number) {
  const targets = await startTargets(database);
  const headers = { authorization: `Bearer ${targets.secret}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${targets.appUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as { written?: number };
  };
  try {
    // Warm-up: compiled schemas, connections, plans.
    await call('POST', '/v1/credit-limits/import', { rows: rowsFor('W', 50), source: 'import' });
    for (const row of rowsFor('V', 20)) await call('PUT', '/v1/credit-limits', row);

    const imports: Phase[] = [];
    for (const prefix of ['A', 'B', 'C']) {
      const batch = rowsFor(prefix, rows);
      imports.push(
        await measure(async () => {
          const answer = await call('POST', '/v1/credit-limits/import', {
            rows: batch,
            source: 'insurer',
            source_ref: prefix,
          });
          if (answer.written !== rows) throw new Error(`import wrote ${answer.written} of ${rows}`);
        }),
      );
    }
    const singles = await measure(async () => {
      for (const row of rowsFor('S', rows)) await call('PUT', '/v1/credit-limits', row);
    });
    const best = imports.reduce((a, b) => (b.ms < a.ms ? b : a));
    return { imports, best, singles };
  } finally {
    await targets.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { db: { type: 'string', default: 'both' }, rows: { type: 'string', default: '2000' } },
  });
  const rows = Number(values.rows);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const kinds = values.db === 'both' ? ['pglite', 'postgres'] : [values.db];
  console.log(
    `Credit-limit import: ${rows} rows in one call against ${rows} single PUTs (HTTP, keep-alive)\n`,
  );
  for (const kind of kinds) {
    if (kind === 'postgres') {
      const problem = await postgresReachable(serverUrl);
      if (problem) {
        console.log(`postgres: skipped (${problem})`);
        continue;
      }
    }
    const database = kind === 'postgres' ? await postgresDatabase(serverUrl, 10) : await pgliteDatabase();
    try {
      const { imports, best, singles } = await benchOne(database, rows);
      const speedup = Math.round((singles.ms / best.ms) * 10) / 10;
      console.log(`${database.version}`);
      console.log(
        `  import of ${rows} rows: ${imports.map((p) => `${p.ms} ms`).join(', ')} (best ${best.ms} ms), peak RSS ${best.peakMb} MB`,
      );
      console.log(
        `  ${rows} single PUTs:  ${singles.ms} ms (${Math.round((singles.ms / rows) * 100) / 100} ms each), peak RSS ${singles.peakMb} MB`,
      );
      console.log(
        `  import is ${speedup}× faster (target ≥ ${TARGET_SPEEDUP}×: ${speedup >= TARGET_SPEEDUP ? 'met' : 'MISSED'})`,
      );
      if (database.kind === 'postgres') {
        console.log(
          `  import under ${TARGET_IMPORT_MS_POSTGRES} ms: ${best.ms < TARGET_IMPORT_MS_POSTGRES ? 'met' : 'MISSED'}`,
        );
      }
      console.log('');
    } finally {
      await database.drop();
    }
  }
}

await main();
