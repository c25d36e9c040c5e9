import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
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
