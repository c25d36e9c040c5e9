/**
 * `node bin/run-ts.mjs bench/webhooks.bench.ts [--events 5000] [--rounds 3] [--rate 100] [--seconds 10]`
 *
 * Webhook delivery on PostgreSQL (BENCH_DATABASE_URL, default the local server; a database
 * `funder_api_bench_<random>` is made and dropped): two dispatcher processes
 * (bench/webhook-worker.ts) and a local receiver on 127.0.0.1 answering 200 at once, two
 * endpoints of one funder subscribed to every event.
 *
 * 1. Throughput: `--events` events committed in one transaction; deliveries per second from
 *    the commit to the last delivery received. Beside it, in the same run, a bare loop posting
 *    the very bodies received to the same receiver with the same concurrency the dispatchers
 *    allow (2 endpoints x 8) through Node's fetch (undici): the floor of HTTP alone. `--rounds`
 *    times, each dispatcher measure followed at once by its bare loop; each round's ratio and
 *    the medians are printed (the machine may be shared: a ratio of one round compares two
 *    measures taken under the same load).
 * 2. Latency: events committed one by one at `--rate` per second for `--seconds`; time from
 *    each commit to the first attempt reaching the receiver (p50, p99, max).
 *
 * Figures in bench/README.md. Not a test: nothing here fails on a missed target.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { OPERATOR, runAs } from '../src/platform/db/actor.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createPostgresDb } from '../src/platform/db/postgres.ts';
import { SCOPES } from '../src/platform/http/scopes.ts';
import { insertOutboxEvents } from '../src/platform/outbox.ts';
import { createRuntime } from '../src/runtime.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const ROUNDS = Number(values.rounds);
const EVENTS = Number(values.events);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CONCURRENCY = 16;

const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `funder_api_bench_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const db = createPostgresDb(databaseUrl, { max: 10 });
const workers: ChildProcess[] = [];

// The receiver: first arrival per endpoint and event, and the bodies for the bare loop.
const firstSeen = new Map<string, number>();
const bodies: { path: string; body: string }[] = [];
let bareHits = 0;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = req.url ?? '/';
    if (path.startsWith('/bare')) {
      bareHits++;
    } else {
      const key = `${path} ${req.headers['service-event-id']}`;
      if (!firstSeen.has(key)) {
        firstSeen.set(key, performance.now());
        if (bodies.length < EVENTS * 2) bodies.push({ path, body: Buffer.concat(chunks).toString('utf8') });
      }
    }
    res.writeHead(200);
    res.end();
  });
});
await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

async function until(done: () => boolean, boundMs = 600_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > boundMs) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

try {
  await migrate(db);
  const secretsKey = randomBytes(32);
  const opsToken = `ops_${randomBytes(24).toString('hex')}`;
  const config = {
    ...loadConfig({}),
    databaseUrl,
    clock: 'system' as const,
    logLevel: 'silent',
    webhookAllowLoopback: true,
  };
  const runtime = await createRuntime(config, {
    db,
    logger: pino({ level: 'silent' }),
    secrets: { opsToken, secretsKey },
  });
  const operator = { kind: 'operator', requestId: 'bench' } as const;
  const funder = await runtime.services.account.createFunder(operator, {
    name: 'Bench Funder',
    environment: 'live',
  });
  const issued = await runtime.services.account.issueKey(operator, {
    bank_id: funder.bank_id,
    name: 'bench key',
    scopes: [...SCOPES],
    rate_limit: { per_minute: 10_000_000, per_hour: 100_000_000 },
  });
  const app = await runtime.buildApp();
  for (const path of ['/a', '/b']) {
    const answer = await app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { authorization: `Bearer ${issued.secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${base}${path}` }),
    });
    if (answer.statusCode !== 201) throw new Error(`register: ${answer.statusCode} ${answer.body}`);
  }
  await app.close();

  const runner = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));
  const script = fileURLToPath(new URL('./webhook-worker.ts', import.meta.url));
  for (let i = 0; i < 2; i++) {
    // BENCH_WORKER_NODE_ARGS: extra node flags for the dispatcher processes (e.g. --cpu-prof).
    const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, runner, script], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SECRETS_KEY: secretsKey.toString('base64'),
        OPS_TOKEN: opsToken,
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'bench',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    workers.push(child);
    await new Promise<void>((ready) =>
      child.stdout!.on('data', (c: Buffer) => c.includes('ready') && ready()),
    );
  }

  const emit = (count: number) =>
    runAs(OPERATOR, () =>
      db.transaction((tx) =>
        insertOutboxEvents(
          tx,
          new Date(),
          Array.from({ length: count }, (_, n) => ({
            funderId: funder.bank_id,
            plane: 'live' as const,
            type: 'request.funded',
            data: { n, reference: `TRF-${n}`, amount: 1250.5 },
          })),
        ),
      ),
    );

  /** Posts every body received to the same receiver, `CONCURRENCY` at a time. */
  const bareLoop = async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < bodies.length) {
          const { path, body } = bodies[next++]!;
          const answer = await fetch(`${base}/bare${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          await answer.arrayBuffer();
        }
      }),
    );
  };

  // Warm-up, of the dispatchers and of the bare loop: connections open, statements planned,
  // code compiled.
  await emit(50);
  await until(() => firstSeen.size >= 100);
  await bareLoop();
  bareHits = 0;
  firstSeen.clear();
  bodies.length = 0;

  // 1. Throughput, in rounds: each round's dispatchers and bare loop run back to back, so a
  // ratio compares two measures taken under the same load of a shared machine.
  const rounds: { dispatched: number; bare: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    firstSeen.clear();
    bodies.length = 0;
    const t0 = performance.now();
    await emit(EVENTS);
    await until(() => firstSeen.size >= EVENTS * 2);
    const dispatched = (EVENTS * 2) / ((performance.now() - t0) / 1000);

    const b0 = performance.now();
    await bareLoop();
    const bare = bodies.length / ((performance.now() - b0) / 1000);
    rounds.push({ dispatched, bare });
    if (bareHits !== bodies.length) console.log(`(bare loop: ${bareHits} of ${bodies.length} answered)`);
    bareHits = 0;
  }

  // 2. Latency from commit to first attempt at a steady rate.
  firstSeen.clear();
  const committed = new Map<string, number>();
  const total = RATE * SECONDS;
  const l0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = l0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const [id] = await emit(1);
    committed.set(id!, performance.now());
  }
  await until(() => firstSeen.size >= total * 2);
  const latencies = [...committed].map(([id, at]) => firstSeen.get(`/a ${id}`)! - at).sort((x, y) => x - y);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;

  const { rows } = await db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  console.log(`date       ${new Date().toISOString()}`);
  console.log(
    `machine    ${os.cpus()[0]?.model.trim()} x ${os.cpus().length}, load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.log(`database   PostgreSQL ${rows[0]?.v}, 2 dispatcher processes, 2 endpoints`);
  console.log(
    `\nthroughput ${EVENTS} events x 2 endpoints, ${ROUNDS} rounds (bare fetch: concurrency ${CONCURRENCY})`,
  );
  for (const [n, r] of rounds.entries()) {
    console.log(
      `  round ${n + 1}   dispatchers ${r.dispatched.toFixed(0)} deliveries/s   bare ${r.bare.toFixed(0)} posts/s   ratio ${((r.dispatched / r.bare) * 100).toFixed(0)} %`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  console.log(
    `  median      dispatchers ${median(rounds.map((r) => r.dispatched)).toFixed(0)} deliveries/s   ratio ${median(rounds.map((r) => (r.dispatched / r.bare) * 100)).toFixed(0)} %`,
  );
  console.log(`\ncommit to first attempt, ${RATE} events/s for ${SECONDS} s`);
  console.log(
    `  p50 ${pct(50).toFixed(1)} ms   p99 ${pct(99).toFixed(1)} ms   max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
  await runtime.close().catch(() => undefined);
} finally {
  for (const child of workers) child.kill('SIGTERM');
  await Promise.all(
    workers.map(
      (child) => new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done))),
    ),
  );
  receiver.close();
  await db.close().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
