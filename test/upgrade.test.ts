import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { madridDate } from '../src/platform/clock.ts';
import { GATE, runAs } from '../src/platform/db/actor.ts';
import type { Db } from '../src/platform/db/db.ts';
import { expectedMigration, migrationsDir } from '../src/platform/db/migrate.ts';
import { createPgliteDb } from '../src/platform/db/pglite.ts';
import {
  cleanUpProcesses,
  envFor,
  freePort,
  httpCaller,
  migratedDataDir,
  PROCESS_MINUTES,
  root,
  tempDataDir,
} from './support/cli.ts';
import { freshDatabase, onPostgres, type TestDatabase } from './support/database.ts';

/**
 * A rolling upgrade's promise (docs/operations.md, "Upgrades"), tried for real: the server of
 * the previous release (the commit named in upgrade/previous-release, taken out of git history)
 * runs against a database migrated by this code, and a request goes through its whole life over
 * HTTP. Its own migration at start must apply nothing and refuse nothing. Its readiness answers
 * 503 (that release counts a schema ahead of it as not ready; this one does not), its API works.
 */
const execFileAsync = promisify(execFile);
const previousCommit = readFileSync(join(root, 'upgrade', 'previous-release'), 'utf8').trim();

/** Whether git history holds the previous release (a shallow clone has only the last commit). */
function historyHolds(commit: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Packages the previous release imports that this one no longer installs, each with why a
 * stand-in does: none of them is on the path of the walk. Any other missing package fails the test.
 */
const STAND_INS: Record<string, { why: string; module: string }> = {
  '@fastify/swagger-ui': {
    why: 'the reference page at /docs only (this release serves it with another package)',
    // A Fastify plugin that registers nothing: /docs answers 404 on the previous server.
    module: 'export default async function referencePageLeftOut() {}\n',
  },
  '@fastify/helmet': {
    why: "the security headers only (this release sets helmet's headers itself); the walk reads answers, not headers",
    // A Fastify plugin that registers nothing: the previous server answers without those headers.
    module: 'export default async function securityHeadersLeftOut() {}\n',
  },
};

const OPS_TOKEN = `ops_${'5'.repeat(48)}`;
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const TIMEOUT = 4 * PROCESS_MINUTES * 60_000;

const made: string[] = [];
const servers: ChildProcess[] = [];

afterAll(async () => {
  for (const child of servers)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of made) await rm(dir, { recursive: true, force: true });
  await cleanUpProcesses();
});

/**
 * The previous release's tree, extracted with `git archive` under the project's .test-data (so
 * its build tool finds the project's packages), its node_modules a link to the project's, and
 * a stand-in beside it for each package listed in STAND_INS that is no longer installed; then
 * compiled with that release's own build script. Answers its command line's entry.
 */
async function previousRelease(): Promise<string> {
  const testData = join(root, '.test-data');
  await mkdir(testData, { recursive: true });
  const base = await mkdtemp(join(testData, 'upgrade-'));
  made.push(base);
  const tree = join(base, 'release');
  await mkdir(tree);
  const archive = join(base, 'release.tar');
  await execFileAsync('git', ['archive', '--format=tar', '-o', archive, previousCommit], { cwd: root });
  await execFileAsync('tar', ['-xf', archive, '-C', tree]);
  await symlink(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');

  const wanted = Object.keys(
    (JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies,
  );
  const missing = wanted.filter((name) => !existsSync(join(root, 'node_modules', name, 'package.json')));
  // Found by Node's resolution one level up, after the project's own node_modules.
  expect(missing.filter((name) => !(name in STAND_INS))).toEqual([]);
  for (const name of missing) {
    const dir = join(base, 'node_modules', name);
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name, version: '0.0.0', type: 'module', exports: './index.js' }),
    );
    await writeFile(join(dir, 'index.js'), STAND_INS[name]!.module);
  }

  await execFileAsync(process.execPath, [join('scripts', 'build.mjs'), 'src/cli.ts', 'dist'], { cwd: tree });
  return join(tree, 'dist', 'cli.mjs');
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `serve --worker` of the previous release, up to its line saying the background jobs run. */
async function startPrevious(entry: string, dataDir: string, port: number, extra: Record<string, string>) {
  const child = spawn(process.execPath, ['--liftoff-only', entry, 'serve', '--worker'], {
    cwd: root,
    env: envFor(dataDir, {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      OPS_TOKEN,
      SECRETS_KEY,
      FUNDER_API_CLOCK: 'manual',
      FUNDER_API_DEMO: 'false',
      ...extra,
    }),
  });
  servers.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + PROCESS_MINUTES * 60_000;
  while (!text.includes('background jobs running')) {
    if (child.exitCode !== null) throw new Error(`the previous server exited ${child.exitCode}: ${text}`);
    if (Date.now() > deadline) throw new Error(`the previous server did not start: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const started: Started = { child, output: () => text, exited };
  return started;
}

/** The lifecycle walk of packages/client/README.md, over HTTP, with a sandbox key. */
async function walk(port: number): Promise<void> {
  const call = httpCaller(port);
  const expectStatus = (answer: { status: number; body: unknown }, status: number) =>
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);

  // Operations writes too: the demonstration plane and a key on it.
  const reset = await call<{ bank_id: string }>(OPS_TOKEN, 'POST', '/ops/v1/demo/reset');
  expectStatus(reset, 200);
  const issued = await call<{ secret: string }>(OPS_TOKEN, 'POST', '/ops/v1/keys', {
    bank_id: reset.body.bank_id,
    name: 'upgrade walk',
    scopes: ['requests:read', 'decisions:write', 'limits:read'],
    prospect: 'upgrade test',
  });
  expectStatus(issued, 201);
  const key = issued.body.secret;
  const clock = await call<{ now: string }>(OPS_TOKEN, 'GET', '/ops/v1/clock');
  expectStatus(clock, 200);
  const today = madridDate(new Date(clock.body.now));

  const created = await call<{ request: { id: string } }>(key, 'POST', '/v1/sandbox/requests', {});
  expectStatus(created, 201);
  const id = created.body.request.id;
  const decide = (body: Record<string, unknown>) =>
    call<{ status: string; remaining_amount?: number | null }>(
      key,
      'POST',
      `/v1/requests/${id}/decision`,
      body,
    );

  const offer = await decide({ decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 });
  expectStatus(offer, 201);
  expect(offer.body.status).toBe('terms_sent');
  const accepted = await call<{ request: { status: string } }>(
    key,
    'POST',
    `/v1/sandbox/requests/${id}/accept`,
  );
  expectStatus(accepted, 200);
  expect(accepted.body.request.status).toBe('approved');
  const answered = await call(key, 'POST', `/v1/sandbox/requests/${id}/debtor-answer`, {
    answer: 'acknowledged',
  });
  expectStatus(answered, 200);
  const funded = await decide({ decision: 'fund', value_date: today, reference: 'TRF-UPGRADE-1' });
  expectStatus(funded, 200);
  expect(funded.body.status).toBe('funded');
  const first = await decide({ decision: 'settle', amount: 100, reference: 'CAMT-UPGRADE-1' });
  expectStatus(first, 200);
  const second = await decide({
    decision: 'settle',
    amount: first.body.remaining_amount ?? 0,
    reference: 'CAMT-UPGRADE-2',
  });
  expectStatus(second, 200);
  const settled = await call<{ request: { status: string } }>(key, 'GET', `/v1/requests/${id}`);
  expectStatus(settled, 200);
  expect(settled.body.request.status).toBe('settled');

  // Expected of that release: a schema ahead of its own last migration is not ready there.
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
  const readiness = (await ready.json()) as { error: { code: string; checks: unknown[] } };
  expect(ready.status).toBe(503);
  expect(readiness.error.code).toBe('not_ready');
  expect(readiness.error.checks).toContainEqual({ name: 'migrations', status: 'failing' });
}

/** Every migration of this code stays applied, none added or removed by the previous server. */
async function expectSchemaOfThisRelease(db: Db): Promise<void> {
  const files = (await readdir(migrationsDir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  // Read as the service reads it (the embedded database's own connection plays the login role).
  const { rows } = await runAs(GATE, () =>
    db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
  );
  expect(rows.map((row) => row.name)).toEqual(files);
  expect(rows.at(-1)?.name).toBe(await expectedMigration());
}

/** Runs the previous server through the walk, stops it, and checks what its start did. */
async function previousServerWalks(dataDir: string, extra: Record<string, string>): Promise<void> {
  const entry = await previousRelease();
  const port = await freePort();
  const server = await startPrevious(entry, dataDir, port, extra);
  try {
    await walk(port);
  } finally {
    server.child.kill('SIGTERM');
  }
  expect(await server.exited).toBe(0);
  const output = server.output();
  // Its own migration at start found nothing to apply and refused nothing.
  expect(output).not.toContain('migrations applied');
  expect(output).not.toMatch(/"level":(50|60)/);
}

describe.skipIf(!historyHolds(previousCommit))(
  `the previous release (${previousCommit}) against this release's schema (skipped without git history: a shallow clone)`,
  { timeout: TIMEOUT },
  () => {
    it.skipIf(onPostgres())(
      'on the embedded database (left to the embedded run): its server starts, applies nothing, and serves a request from creation to settled',
      async () => {
        const dataDir = await migratedDataDir();
        await previousServerWalks(dataDir, {});
        const db = await createPgliteDb({ dataDir: join(dataDir, 'pglite') });
        try {
          await expectSchemaOfThisRelease(db);
        } finally {
          await db.close();
        }
      },
    );

    it.skipIf(!onPostgres())(
      'on PostgreSQL (skipped without TEST_DATABASE_URL), migrated by the owner role, its server as the login role does the same',
      async () => {
        const database: TestDatabase = await freshDatabase();
        try {
          await previousServerWalks(await tempDataDir(), { DATABASE_URL: database.url ?? '' });
          await expectSchemaOfThisRelease(database.superuser());
        } finally {
          await database.drop();
        }
      },
    );
  },
);
