import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from './support/cli.ts';

/**
 * The two suites (README "Development", docs/decisions/platform.md "The slow whole-project tests
 * are a release suite of their own"): `npm test` leaves the release suite out unless
 * FUNDER_API_TEST_RELEASE=1, `npm run test:release` runs it alone, and `.ci/run` runs both, in one
 * run, on each database. What each would run is asked of vitest itself (`vitest list`, which runs nothing).
 */
const run = promisify(execFile);
/** Starting vitest is slow on a loaded machine. */
const TIMEOUT = 120_000;
const RELEASE = ['test/container-image.test.ts', 'test/fresh-clone.test.ts', 'test/upgrade.test.ts'];
/** A database URL for listing only: `vitest list` connects to nothing. */
const SOME_POSTGRES = 'postgres://postgres@127.0.0.1:1/postgres';

/** The test files vitest would run with `args` and `env` added to a clean environment, sorted. */
async function listed(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^VITEST/.test(name) || ['TEST_DATABASE_URL', 'FUNDER_API_TEST_RELEASE'].includes(name)) continue;
    clean[name] = value;
  }
  const { stdout } = await run(
    process.execPath,
    [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'list', '--filesOnly', ...args],
    { cwd: root, env: { ...clean, ...env }, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('.test.ts'))
    .sort();
}

describe('the suite and the release suite', () => {
  it(
    'npm test leaves the release suite out, runs it with FUNDER_API_TEST_RELEASE=1, and test:release runs it alone',
    async () => {
      const release = ['--config', 'vitest.release.config.ts'];
      const [suite, whole, alone, aloneOnPostgres] = await Promise.all([
        listed([]),
        listed([], { FUNDER_API_TEST_RELEASE: '1' }),
        listed(release),
        listed(release, { TEST_DATABASE_URL: SOME_POSTGRES }),
      ]);
      expect(alone).toEqual(RELEASE);
      expect(suite.length).toBeGreaterThan(100);
      expect(suite.filter((file) => RELEASE.includes(file))).toEqual([]);
      expect(suite).toContain('test/suites.test.ts');
      expect(whole).toEqual([...suite, ...RELEASE].sort());
      // The embedded-only list applies to the release suite too: the fresh clone is the
      // embedded run's alone; the image and the upgrade run on both databases.
      expect(aloneOnPostgres).toEqual(['test/container-image.test.ts', 'test/upgrade.test.ts']);
    },
    TIMEOUT,
  );

  it('is wired as the README says: the script, and .ci/run running both suites together on each database', async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test).toBe('vitest run');
    expect(pkg.scripts['test:release']).toBe('vitest run --config vitest.release.config.ts');
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('npm run test:release');
    expect(readme).toContain('FUNDER_API_TEST_RELEASE=1 npm test');
    const ci = await readFile(join(root, '.ci', 'run'), 'utf8');
    const commands = ci
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^(\S+=\S* )*npm (test|run test:release)$/.test(line));
    // The embedded run, then the PostgreSQL run: each the suite and the release suite, in one run.
    expect(commands).toEqual(['FUNDER_API_TEST_RELEASE=1 npm test', 'FUNDER_API_TEST_RELEASE=1 npm test']);
    const postgresBlock = ci.slice(ci.indexOf('if pg_isready'));
    expect(postgresBlock.indexOf('export TEST_DATABASE_URL')).toBeGreaterThan(-1);
    expect(postgresBlock.indexOf('export TEST_DATABASE_URL')).toBeLessThan(postgresBlock.indexOf('npm test'));
  });
});
