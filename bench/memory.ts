/**
 * `node bin/run-ts.mjs bench/memory.ts [--requests 20000 --duration 5 --rounds 2 --flags=none]`
 *
 * Where the compiled server's resident memory goes (target: under 200 MB after the reads).
 * On a fresh PostgreSQL database seeded as `npm run bench` seeds it, the compiled server
 * (bench/compiled.ts) is started and its memory read at three moments: started; after the
 * OpenAPI document and the reference page with its scripts were first served; after each read
 * of the benchmark's plan (bench/read-plan.ts) was loaded in turn by the load generator in its
 * own process. Each reading gives the resident set (anonymous and file-backed, from /proc) and
 * the V8 heap and external memory the server itself reports on /metrics.
 *
 * The server runs with the image's `node` flags (the Dockerfile's CMD). With `--flags`
 * (repeatable), servers started with those flags instead take turns with it, in a rotated order
 * each round, so a V8 setting is judged on the memory and the throughput of the same run;
 * `--flags=none` starts node without any.
 */
import { parseArgs } from 'node:util';
import { type CompiledServer, imageNodeFlags, type Residency, startCompiledServer } from './compiled.ts';
import { load, stepJob } from './load-fork.ts';
import { readPlan } from './read-plan.ts';
import { ISSUE_VOLUME } from './seed.ts';
import { postgresDatabase, postgresReachable, startTargets, type Targets } from './targets.ts';

interface Options {
  requests: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  poolMax: number;
  rounds: number;
  /** Each entry a variant: the `node` flags of its servers, beside servers without any. */
  flags: string[][];
  postgresUrl: string;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '20000' },
      duration: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '50' },
      pool: { type: 'string', default: process.env.DB_POOL_MAX ?? '10' },
      rounds: { type: 'string', default: '1' },
      flags: { type: 'string', multiple: true },
    },
    strict: true,
  });
  const int = (name: string, raw: string, min: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}`);
    return value;
  };
  return {
    requests: int('requests', values.requests, 1000),
    durationSeconds: int('duration', values.duration, 1),
    warmupSeconds: int('warmup', values.warmup, 0),
    connections: int('connections', values.connections, 1),
    poolMax: int('pool', values.pool, 1),
    rounds: int('rounds', values.rounds, 1),
    flags: (values.flags ?? []).map((flags) =>
      flags.split(/\s+/).filter((flag) => flag !== '' && flag !== 'none'),
    ),
    postgresUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

/** One load of one read: its throughput and the server's CPU time per answered call. */
interface Throughput {
  perSecond: number;
  serverCpu: number;
}

interface Reading {
  variant: string;
  round: number;
  stage: string;
  residency: Residency | null;
  heap: Record<string, number>;
}

/** The V8 figures the server publishes among its metrics (prom-client's process metrics), on its operations listener. */
async function heapFigures(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const figures: Record<string, number> = {};
  const read = (pattern: RegExp, name: string) => {
    const value = pattern.exec(text)?.[1];
    if (value !== undefined) figures[name] = Number(value);
  };
  read(/^nodejs_heap_size_total_bytes (\S+)$/m, 'heap');
  read(/^nodejs_heap_size_used_bytes (\S+)$/m, 'used');
  read(/^nodejs_external_memory_bytes (\S+)$/m, 'external');
  for (const space of ['new', 'old', 'code', 'large_object', 'new_large_object']) {
    read(new RegExp(`^nodejs_heap_space_size_total_bytes\\{space="${space}"\\} (\\S+)$`, 'm'), space);
  }
  return figures;
}

/** The OpenAPI document, the reference page and every script the page names, as a reader loads them. */
async function serveDocuments(url: string): Promise<void> {
  const get = async (path: string) => {
    const answer = await fetch(new URL(path, `${url}/docs/`));
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    return text;
  };
  await get('/v1/openapi.json');
  const page = await get('/docs/');
  for (const match of page.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) await get(match[1]!);
}

const mb = (bytes: number | undefined) => (bytes === undefined ? '-' : (bytes / 1024 ** 2).toFixed(1));

async function oneServer(
  variant: { name: string; flags: string[] },
  round: number,
  options: Options,
  databaseUrl: string,
  targets: Targets,
  readings: Reading[],
  throughput: Map<string, Throughput[]>,
): Promise<void> {
  const server: CompiledServer = await startCompiledServer(databaseUrl, options.poolMax, variant.flags);
  const note = async (stage: string) => {
    readings.push({
      variant: variant.name,
      round,
      stage,
      heap: await heapFigures(server.opsUrl),
      residency: await server.residency(),
    });
  };
  try {
    await note('started');
    await serveDocuments(server.url);
    await note('documents served');
    const auth = { authorization: `Bearer ${targets.secret}` };
    for (const step of readPlan(server.url, targets, auth)) {
      const measured = await load(stepJob(step, options), true, server.pid);
      const f = measured.figures;
      if (f.non2xx > 0 || f.errors > 0)
        throw new Error(`${step.target}: ${f.non2xx} non-2xx, ${f.errors} errors`);
      const key = `${variant.name}|${step.target}`;
      throughput.set(key, [
        ...(throughput.get(key) ?? []),
        { perSecond: f.requestsPerSecond, serverCpu: measured.serverCpuMicrosPerRequest },
      ]);
      await note(`after ${step.id}`);
    }
  } finally {
    await server.close();
  }
}

function printReadings(readings: Reading[]): void {
  const header = [
    'server',
    'round',
    'moment',
    'RSS',
    'anon',
    'file',
    'peak',
    'V8 heap',
    'used',
    'new',
    'old',
    'large',
    'external',
  ];
  const rows = readings.map((r) => [
    r.variant,
    String(r.round),
    r.stage,
    mb(r.residency?.rss),
    mb(r.residency?.anon),
    mb(r.residency?.file),
    mb(r.residency?.peak),
    mb(r.heap.heap),
    mb(r.heap.used),
    mb(r.heap.new),
    mb(r.heap.old),
    mb((r.heap.large_object ?? 0) + (r.heap.new_large_object ?? 0)),
    mb(r.heap.external),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const render = (cells: string[]) =>
    cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log('\nmemory of the compiled server, MB (resident from /proc; V8 from its /metrics)');
  console.log(render(header));
  for (const row of rows) console.log(render(row));
}

async function main(): Promise<void> {
  const options = readOptions();
  const unreachable = await postgresReachable(options.postgresUrl);
  if (unreachable) throw new Error(`PostgreSQL not reachable at BENCH_DATABASE_URL (${unreachable})`);
  const database = await postgresDatabase(options.postgresUrl, options.poolMax);
  const { loadavg } = await import('node:os');
  console.log(
    `load average at start ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );
  try {
    const targets = await startTargets(database, { ...ISSUE_VOLUME, requests: options.requests });
    console.log(`seeded ${options.requests} requests, ${targets.visible} visible to the bench funder`);
    const image = await imageNodeFlags();
    const variants = [{ name: `image: ${image.join(' ') || 'none'}`, flags: image }];
    for (const flags of options.flags) variants.push({ name: flags.join(' ') || 'none', flags });
    const readings: Reading[] = [];
    const throughput = new Map<string, Throughput[]>();
    try {
      for (let round = 1; round <= options.rounds; round++) {
        // Rotated: each variant goes first in turn.
        const shift = (round - 1) % variants.length;
        const order = [...variants.slice(shift), ...variants.slice(0, shift)];
        for (const variant of order) {
          await oneServer(variant, round, options, database.url!, targets, readings, throughput);
        }
      }
    } finally {
      await targets.close();
    }
    printReadings(readings);
    console.log('\nreads per second and the server’s CPU per read, each round');
    for (const [key, values] of throughput) {
      const [variant, target] = key.split('|');
      console.log(
        `  ${variant!.padEnd(28)} ${target!.padEnd(42)} ${values
          .map((v) => `${v.perSecond.toFixed(0)}/s ${v.serverCpu.toFixed(0)} µs`)
          .join(', ')}`,
      );
    }
    console.log(
      `load average at the end ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error((err as Error).stack ?? err);
    process.exit(1);
  },
);
