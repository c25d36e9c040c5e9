import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridDate } from '../src/platform/clock.ts';
import { freePort } from './support/cli.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * SLOW (one to several minutes: it installs every package): what a new user gets. The committed
 * code (HEAD of the repository this test runs in, not the developer's working tree) is cloned
 * into a temporary directory and installed there as the README says, with `npm ci`, then
 * `npm install`; the tree must stay as committed, and the typed client's README walk-through
 * must run as written against a running service. npm uses its usual cache (and the registry for
 * whatever the cache lacks); the clone is removed afterwards.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
/** Guards against a hung install, not a measure of speed: minutes on a loaded machine. */
const INSTALL_TIMEOUT = 15 * 60_000;
const STEP_TIMEOUT = 5 * 60_000;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of every command in the clone: the machine's own, without what an npm run
 * around this test set for the project it runs in (npm_package_*, npm_lifecycle_*, its prefix),
 * which would point npm in the clone at the developer's tree. npm's settings (cache, registry,
 * proxies) stay. CI=true: no question is ever asked.
 */
function cloneEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const keep =
    /^npm_config_(cache|registry|userconfig|globalconfig|proxy|https_proxy|noproxy|cafile|strict_ssl)$/i;
  for (const [name, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(name) && !keep.test(name)) continue;
    env[name] = value;
  }
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'REDIS_URL', 'TEST_REDIS_URL', 'INIT_CWD'])
    delete env[name];
  return { ...env, CI: 'true', NO_UPDATE_NOTIFIER: '1' };
}

function run(command: string, args: string[], cwd: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cloneEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function mustRun(command: string, args: string[], cwd: string): Promise<string> {
  const outcome = await run(command, args, cwd);
  if (outcome.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${outcome.code}):\n${outcome.stdout}\n${outcome.stderr}`,
    );
  }
  return outcome.stdout.trim();
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The walk-through of a README: the TypeScript block that imports the client and ends with the
 * settled request, with its `options` line given this test's service, key and date. Every other
 * line is the README's own.
 */
function walkThroughOf(readme: string, options: { baseUrl: string; apiKey: string; today: string }): string {
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const block = blocks.find(
    (b) => b.includes("from '@funder-api/client'") && b.includes("settled.status is now 'settled'"),
  );
  if (!block) throw new Error('no walk-through block (importing the client, ending settled) in the README');
  const lines = block.split('\n');
  const at = lines.findIndex((line) => line.startsWith('const options = {'));
  if (at < 0) throw new Error('the walk-through has no `const options = {...}` line to fill in');
  lines[at] = `const options = ${JSON.stringify(options)};`;
  // What the run reports, so the test can check where it ended.
  lines.push(
    'console.log(JSON.stringify({ id: request.id, status: settled.status, first: first.final, second: second.final }));',
  );
  return lines.join('\n');
}

describe('a fresh clone of the committed code (slow: installs every package)', () => {
  let dir: string;
  let clone: string;
  let head: string;
  let ci: Outcome;
  let service: TestService;
  let baseUrl: string;
  let sandboxKey: string;

  beforeAll(async () => {
    head = await mustRun('git', ['rev-parse', 'HEAD'], root);
    dir = await mkdtemp(join(tmpdir(), 'funder-api-clone-'));
    clone = join(dir, 'funder-api');
    await mustRun('git', ['clone', '--quiet', '--no-checkout', root, clone], dir);
    // The commit checked out where the test runs, even when no branch points at it (CI).
    await mustRun('git', ['fetch', '--quiet', root, 'HEAD'], clone);
    await mustRun('git', ['checkout', '--quiet', '--detach', 'FETCH_HEAD'], clone);
    ci = await run(npm, ['ci', '--no-audit', '--no-fund'], clone);

    service = await startService({ demoPlane: true });
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    ({ key: sandboxKey } = await service.given.demoFunder());
  }, INSTALL_TIMEOUT);

  afterAll(async () => {
    await service?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds the commit the test runs at', async () => {
    expect(await mustRun('git', ['rev-parse', 'HEAD'], clone)).toBe(head);
  });

  it('installs with npm ci from the committed lockfile, the typed client built on the way', () => {
    expect(ci.code, `${ci.stdout}\n${ci.stderr}`).toBe(0);
    expect(existsSync(join(clone, 'packages', 'client', 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(clone, 'node_modules', '@funder-api', 'client'))).toBe(true);
  });

  it(
    'stays as committed after the README’s npm install: git status shows nothing',
    async () => {
      await mustRun(npm, ['install', '--no-audit', '--no-fund'], clone);
      expect(await mustRun('git', ['status', '--porcelain'], clone)).toBe('');
    },
    STEP_TIMEOUT,
  );

  it(
    'serves with the README’s `npm start`: the compiled build made on the way, the printed sandbox key answered',
    async () => {
      const port = await freePort();
      const opsPort = await freePort();
      const dataDir = join(dir, 'data');
      // Its own process group, so that npm and the node it starts end together.
      // As on a laptop: no NODE_ENV (the first start outside production prints a sandbox key).
      const env: NodeJS.ProcessEnv = {
        ...cloneEnv(),
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        OPS_PORT: String(opsPort),
      };
      delete env.NODE_ENV;
      const child = spawn(npm, ['start'], {
        cwd: clone,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      const note = (chunk: Buffer) => {
        output += chunk.toString('utf8');
      };
      child.stdout.on('data', note);
      child.stderr.on('data', note);
      try {
        // A guard against a server that never comes up, not a measure of speed.
        let key: string | undefined;
        for (let attempt = 0; attempt < 600 && !key && child.exitCode === null; attempt += 1) {
          key = /sandbox key\s+(svc_fk_[0-9a-f]{64})/.exec(output)?.[1];
          if (!key) await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(key, output).toBeDefined();
        expect(existsSync(join(clone, 'dist', 'app', 'cli.mjs'))).toBe(true);
        const me = await fetch(`http://127.0.0.1:${port}/v1/me`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(me.status, output).toBe(200);
        await me.arrayBuffer();
      } finally {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
        await new Promise((resolve) =>
          child.exitCode === null ? child.once('exit', resolve) : resolve(null),
        );
      }
      // The build is ignored by git: the tree stays as committed.
      expect(await mustRun('git', ['status', '--porcelain'], clone)).toBe('');
    },
    STEP_TIMEOUT,
  );

  it.each([['packages/client/README.md'], ['README.md']])(
    'runs the walk-through of %s as written, from the clone’s root, against a running service',
    async (readme) => {
      const today = madridDate(service.runtime.clock.now());
      const source = walkThroughOf(await readFile(join(clone, readme), 'utf8'), {
        baseUrl,
        apiKey: sandboxKey,
        today,
      });
      const name = `walk-through-${readme.includes('/') ? 'client' : 'root'}`;
      // The block is TypeScript that is also JavaScript: the compiler checks it against the
      // built package's types, then Node runs it.
      await writeFile(join(clone, `${name}.mts`), source);
      await writeFile(join(clone, `${name}.mjs`), source);
      const tsc = await run(
        process.execPath,
        [
          join(clone, 'node_modules', 'typescript', 'bin', 'tsc'),
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--target',
          'es2022',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--types',
          'node',
          `${name}.mts`,
        ],
        clone,
      );
      expect(tsc.code, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
      const ran = await run(process.execPath, [`${name}.mjs`], clone);
      expect(ran.code, ran.stderr).toBe(0);
      const report = JSON.parse(ran.stdout.trim().split('\n').pop()!) as {
        id: string;
        status: string;
        first: boolean;
        second: boolean;
      };
      expect(report).toMatchObject({ status: 'settled', first: false, second: true });
      // It was this service the lines spoke to.
      const read = await service.call<{ request: { status: string } }>(
        sandboxKey,
        'GET',
        `/v1/requests/${report.id}`,
      );
      expect(read.body.request.status).toBe('settled');
    },
    STEP_TIMEOUT,
  );
});
