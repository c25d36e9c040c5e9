import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that drive the command line on the embedded database alone, whatever TEST_DATABASE_URL
 * says: the PostgreSQL run would repeat them unchanged, so it leaves them to the embedded run.
 */
const embeddedOnly = [
  'test/build.test.ts',
  'test/cli.test.ts',
  'test/files-at-rest.test.ts',
  'test/fresh-clone.test.ts',
  'test/production-start.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? embeddedOnly : [])],
    globalSetup: ['test/support/global-setup.ts'],
    // Guards against a hung test, not measures of speed: on a loaded two-core machine starting
    // the embedded database alone can take a minute.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two cores: two files at a time keeps PGlite's start-up from starving the tests.
    maxWorkers: 2,
  },
});
