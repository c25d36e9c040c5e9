import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPS_PORT } from '../src/config.ts';
import { freePort, root } from './support/cli.ts';
import { onPostgres } from './support/database.ts';
import {
  canSwitchUser,
  imageEnvironment,
  replayDockerfile,
  replayKept,
  type Stage,
  userOptions,
} from './support/dockerfile.ts';

/**
 * SLOW (minutes: it installs the packages twice). No container engine runs here, so the image
 * the Dockerfile describes is built by replaying its steps (support/dockerfile.ts reads them from
 * the file) in a clean temporary directory, then started as the image would start: its CMD, as
 * its USER (when this test runs as root; otherwise as the user running it), with the image's
 * environment and what `docker run -e` would add (a free OPS_PORT among it). On PostgreSQL as
 * compose.yaml runs it: the image's `db setup-sql` run as the superuser, its `migrate` as the
 * owner role, its CMD as the login role; on the embedded database, the CMD alone (a first start
 * migrates its volume). Then readiness answers 200 on the operations port, the public port
 * answers nothing internal, and the HEALTHCHECK's command exits 0. The machine's Node.js stands
 * in for the image's (CI runs Node.js 24, as the image does).
 */
const TIMEOUT = 20 * 60_000;
const OPS_TOKEN = `ops_${randomBytes(24).toString('hex')}`;
const SECRETS_KEY = randomBytes(32).toString('base64');
const suffix = randomBytes(5).toString('hex');
const names = {
  database: `funder_api_image_${suffix}`,
  owner: `funder_image_owner_${suffix}`,
  login: `funder_image_app_${suffix}`,
};

let base: string;
let image: Stage;
let server: ChildProcess | null = null;
let serverOutput = '';
let admin: pg.Client | null = null;

/** The machine's part of every process's environment: where node and npm are, npm's cache. */
const machine: Record<string, string> = {
  PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
  // The lockfile decides every version: what npm's cache holds needs no asking the registry.
  npm_config_prefer_offline: 'true',
  ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
  ...(process.env.npm_config_registry ? { npm_config_registry: process.env.npm_config_registry } : {}),
};

interface Outcome {
  code: number | null;
  output: string;
}

/** Runs `command` from the image (in its working directory, as its user) to its end. */
function runInImage(command: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: join(image.root, image.workdir),
      env: imageEnvironment(image, machine, env),
      ...userOptions(image.user),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The image's CMD with another subcommand in place of its last word (as compose's `command:`). */
const cmdWith = (subcommand: string) => [...image.cmd!.slice(0, -1), subcommand];

async function readyz(port: number): Promise<number | null> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(10_000) })).status;
  } catch {
    return null;
  }
}

/** `serverUrl` pointed at the test's database, as `role` (the superuser when none). */
function urlAs(role?: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${names.database}`;
  if (role) url.username = role;
  return url.toString();
}

describe('the container image (Dockerfile replayed without a container engine)', { timeout: TIMEOUT }, () => {
  beforeAll(async () => {
    const build = { dockerfile: join(root, 'Dockerfile'), context: root, env: machine };
    // CI's two runs share one replay (see replayKept); on its own the test replays afresh.
    const keep = process.env.FUNDER_API_IMAGE_REPLAY_DIR;
    if (keep) {
      base = join(keep, 'image');
      image = (await replayKept({ ...build, keep })).at(-1)!;
      return;
    }
    base = await mkdtemp(join(tmpdir(), 'funder-api-image-'));
    await chmod(base, 0o755);
    image = (await replayDockerfile({ ...build, base })).at(-1)!;
  }, TIMEOUT);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${names.database} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${names.owner}`);
      await admin.query(`DROP ROLE IF EXISTS ${names.login}`);
      await admin.end();
    }
    if (base) await rm(base, { recursive: true, force: true });
  }, TIMEOUT);

  it('is built in two stages on Node.js 24 slim, the version CI runs, and runs as a user other than root', async () => {
    const ciNode = /^node_version=(\S+)$/m.exec(await readFile(join(root, '.ci', 'run'), 'utf8'))?.[1];
    expect(image.image).toBe(`node:${ciNode}-slim`);
    expect(image.name).toBe('runtime');
    expect(image.user).not.toBeNull();
    expect(image.user!.uid).not.toBe(0);
    expect(image.volumes).toEqual([image.env.DATA_DIR]);
    // The operations listener's port in plain sight, the one production uses anyway; exposed is
    // the public port alone, so `docker run -P` never publishes the operations one.
    expect(image.env.NODE_ENV).toBe('production');
    expect(image.env.OPS_PORT).toBe(String(DEFAULT_OPS_PORT));
    expect(image.env.OPS_HOST).toBeUndefined();
    expect(image.exposed).toEqual([image.env.PORT]);
    expect(image.healthcheck?.cmd).toEqual(['node', 'scripts/healthcheck.mjs']);
    // node, stack traces mapped to the sources, its heap settings (docs/operations.md, "Memory"),
    // the compiled command line, serve.
    expect(image.cmd).toEqual([
      'node',
      '--enable-source-maps',
      '--max-semi-space-size=8',
      '--heap-growing-percent=20',
      'dist/app/cli.mjs',
      'serve',
    ]);
    // Noted, not asserted: whether the start below really ran as that user.
    if (!canSwitchUser()) console.info('not root: the image is started as the user running the test');
  });

  it('holds the compiled JavaScript and the production packages, and no sources or development packages', async () => {
    const app = join(image.root, image.workdir);
    expect((await readdir(app)).sort()).toEqual(
      [
        'dist',
        'migrations',
        'node_modules',
        'package-lock.json',
        'package.json',
        'packages',
        'scripts',
      ].sort(),
    );
    expect((await readdir(join(app, 'dist'))).sort()).toEqual(['app', 'sbom.cdx.json']);
    expect(existsSync(join(app, 'dist', 'app', 'cli.mjs'))).toBe(true);
    expect(existsSync(join(app, 'src'))).toBe(false);
    for (const production of ['fastify', 'pg', '@electric-sql/pglite'])
      expect(existsSync(join(app, 'node_modules', production))).toBe(true);
    // The tools and the test helpers are development packages; so is the reference page's
    // package, whose bundle the build copied beside the compiled modules.
    expect(existsSync(join(app, 'dist', 'app', 'renderer', 'scalar.js'))).toBe(true);
    for (const development of [
      'typescript',
      'vitest',
      '@biomejs/biome',
      'playwright-core',
      'tsx',
      'esbuild',
      'standardwebhooks',
      '@scalar/fastify-api-reference',
      '@opentelemetry/sdk-trace-node',
    ])
      expect({ development, present: existsSync(join(app, 'node_modules', development)) }).toEqual({
        development,
        present: false,
      });
  });

  it('carries the bill of materials of exactly the packages its production install holds', async () => {
    const app = join(image.root, image.workdir);
    const bom = JSON.parse(await readFile(join(app, 'dist', 'sbom.cdx.json'), 'utf8')) as {
      bomFormat: string;
      components: { name: string; version: string }[];
    };
    expect(bom.bomFormat).toBe('CycloneDX');
    // What `npm ci --omit=dev` installed, as npm records it in the image (a link, the
    // workspace's, is listed as its target).
    const installed = JSON.parse(await readFile(join(app, 'node_modules', '.package-lock.json'), 'utf8')) as {
      packages: Record<string, { name?: string; version?: string; link?: boolean }>;
    };
    const held = Object.entries(installed.packages)
      .filter(([, entry]) => !entry.link)
      .map(
        ([path, entry]) =>
          `${entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 13)}@${entry.version}`,
      );
    expect(bom.components.map((component) => `${component.name}@${component.version}`).sort()).toEqual(
      [...new Set(held)].sort(),
    );
  });

  it('answers --help with every command, and a command it does not know with the usage exit code', async () => {
    const help = await runInImage(cmdWith('--help'), {});
    expect(help.code, help.output).toBe(0);
    for (const command of ['serve', 'work', 'migrate', 'funders', 'keys', 'backup', 'secrets'])
      expect(help.output).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    const unknown = await runInImage(cmdWith('no-such-command'), {});
    expect(unknown.code, unknown.output).toBe(2);
  });

  it("compose's PostgreSQL init script is the image's `db setup-sql` for the default names", async () => {
    const printed = await runInImage(cmdWith('db').concat('setup-sql'), {});
    expect(printed.code, printed.output).toBe(0);
    const committed = await readFile(
      join(root, 'deploy', 'postgres', 'initdb', '10-funder-api-setup.sql'),
      'utf8',
    );
    expect(committed).toBe(printed.output);
  });

  it('starts with its CMD, migrated, answers readiness on its operations port only, and its HEALTHCHECK passes', async () => {
    const port = await freePort();
    // As `docker run -e OPS_PORT=...` would: the image's own 9090 may be taken on a test machine.
    const opsPort = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      OPS_PORT: String(opsPort),
      OPS_TOKEN,
      SECRETS_KEY,
      SHUTDOWN_GRACE_SECONDS: '0',
    };
    if (onPostgres()) {
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${names.database}`);
      const printed = await runInImage(
        cmdWith('db').concat(
          'setup-sql',
          '--owner',
          names.owner,
          '--login',
          names.login,
          '--database',
          names.database,
        ),
        {},
      );
      expect(printed.code, printed.output).toBe(0);
      const dba = new pg.Client({ connectionString: urlAs() });
      await dba.connect();
      try {
        await dba.query(printed.output);
      } finally {
        await dba.end();
      }
      const migrated = await runInImage(cmdWith('migrate'), { DATABASE_URL: urlAs(names.owner) });
      expect(migrated.code, migrated.output).toBe(0);
      expect(migrated.output).toContain('Applied: 0001_foundation.sql');
      Object.assign(env, { DATABASE_URL: urlAs(names.login) });
    }

    server = spawn(image.cmd![0]!, image.cmd!.slice(1), {
      cwd: join(image.root, image.workdir),
      env: imageEnvironment(image, machine, env),
      ...userOptions(image.user),
    });
    server.stdout!.on('data', (chunk: Buffer) => {
      serverOutput += chunk.toString('utf8');
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      serverOutput += chunk.toString('utf8');
    });
    // A guard against a server that never comes up, not a measure of speed.
    let status: number | null = null;
    for (let attempt = 0; attempt < 600 && status !== 200 && server.exitCode === null; attempt += 1) {
      status = await readyz(opsPort);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status, serverOutput).toBe(200);
    // Nothing internal on the public port: the same 404 as an unknown path.
    for (const path of ['/readyz', '/metrics', '/ops/v1/clock']) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`);
      const body = (await answer.json()) as { error?: { code?: string } };
      expect({ path, status: answer.status, code: body.error?.code }).toEqual({
        path,
        status: 404,
        code: 'not_found',
      });
    }
    const metrics = await fetch(`http://127.0.0.1:${opsPort}/metrics`);
    expect(metrics.status).toBe(200);
    await metrics.arrayBuffer();
    // The one-off commands against the running service (on the embedded database through its
    // operations API, on PostgreSQL directly): a funder and its key, which then answers /v1/me.
    const created = await runInImage(
      cmdWith('funders').concat('create', '--name', 'Image Bank', '--environment', 'live', '--json'),
      env,
    );
    expect(created.code, created.output).toBe(0);
    const bankId = (JSON.parse(created.output) as { funder: { bank_id: string } }).funder.bank_id;
    const issued = await runInImage(
      cmdWith('keys').concat(
        'issue',
        '--bank-id',
        bankId,
        '--name',
        'image',
        '--scope',
        'requests:read',
        '--json',
      ),
      env,
    );
    expect(issued.code, issued.output).toBe(0);
    const { secret } = JSON.parse(issued.output) as { secret: string };
    const me = await fetch(`http://127.0.0.1:${port}/v1/me`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(me.status, serverOutput).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(bankId);
    // The published document and its page, from the compiled build alone (the image holds no
    // source: what the document reads, its recorded event examples included, is in the build).
    for (const path of ['/v1/openapi.json', '/docs']) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`);
      expect({ path, status: answer.status }, serverOutput).toEqual({ path, status: 200 });
      await answer.arrayBuffer();
    }

    const healthcheck = image.healthcheck!.cmd;
    const healthy = await runInImage(healthcheck, env);
    expect(healthy, serverOutput).toEqual({
      code: 0,
      output: expect.stringContaining(`http://127.0.0.1:${opsPort}/readyz: 200`),
    });
    // OPS_PORT emptied: in production the check asks the default port, as the server would
    // listen on it (whether anything answers there on this machine is not the point).
    const unset = await runInImage(healthcheck, { ...env, OPS_PORT: '' });
    expect(unset.output).toContain(`http://127.0.0.1:${DEFAULT_OPS_PORT}/readyz: `);
    // Nothing answering: unhealthy, at once, not a hang.
    const closed = String(await freePort());
    expect((await runInImage(healthcheck, { ...env, OPS_PORT: closed })).code).toBe(1);

    // The embedded database lives in the volume.
    if (!onPostgres()) expect(existsSync(join(image.root, image.env.DATA_DIR!, 'pglite'))).toBe(true);

    server.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => {
      if (server!.exitCode !== null) resolve(server!.exitCode);
      else server!.on('exit', (exitCode) => resolve(exitCode));
    });
    expect(code, serverOutput).toBe(0);

    // The worker's command, on the same database: it says its jobs run, and stops on SIGTERM.
    const work = spawn(cmdWith('work')[0]!, cmdWith('work').slice(1), {
      cwd: join(image.root, image.workdir),
      env: imageEnvironment(image, machine, { ...env, LOG_LEVEL: 'info' }),
      ...userOptions(image.user),
    });
    let workOutput = '';
    const workExit = new Promise<number | null>((resolve) =>
      work.once('exit', (exitCode) => resolve(exitCode)),
    );
    const running = await new Promise<boolean>((resolve) => {
      const note = (chunk: Buffer) => {
        workOutput += chunk.toString('utf8');
        if (workOutput.includes('background jobs running')) resolve(true);
      };
      work.stdout.on('data', note);
      work.stderr.on('data', note);
      work.once('exit', () => resolve(false));
    });
    expect(running, workOutput).toBe(true);
    work.kill('SIGTERM');
    expect(await workExit, workOutput).toBe(0);
  });
});
