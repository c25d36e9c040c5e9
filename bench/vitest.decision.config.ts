import { defineConfig } from 'vitest/config';

/** Runs bench/decision.bench.ts alone: `npx vitest run --config bench/vitest.decision.config.ts`. */
export default defineConfig({
  test: {
    include: ['bench/decision.bench.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
