import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that drive the command line on the embedded database alone, whatever TEST_DATABASE_URL
 * says: the PostgreSQL run would repeat them unchanged, so it leaves them to the embedded run.
 */
const embeddedOnly = [
  'test/backup.test.ts',
  'test/build.test.ts',
  'test/cli.test.ts',
  'test/docs-samples.test.ts',
  // The reference page in a browser: a document, its one call (GET /v1/me) the one every file
  // makes on PostgreSQL.
  'test/docs.browser.test.ts',
  'test/draining.test.ts',
  'test/faults/redis.test.ts',
  'test/files-at-rest.test.ts',
  'test/fresh-clone.test.ts',
  // `funder-api listen` follows the event log over HTTP: the log's reads on PostgreSQL are the
  // subject of the events tests, which run there.
  'test/listen.test.ts',
  'test/production-start.test.ts',
  'test/readiness.redis.test.ts',
  'test/samples.test.ts',
  'test/secrets-rotation.cli.test.ts',
  'test/suites.test.ts',
];

/**
 * The release suite: the files that install the project's packages or build a tree other than
 * the working one (a fresh clone installed with npm, the Dockerfile replayed, the previous
 * release built from git history). Minutes of a core each, so `npm test` leaves them out unless
 * FUNDER_API_TEST_RELEASE=1 asks for them; `npm run test:release` (vitest.release.config.ts)
 * runs them alone. `embeddedOnly` applies to them as to any file.
 */
export const releaseSuite = [
  'test/container-image.test.ts',
  'test/fresh-clone.test.ts',
  'test/upgrade.test.ts',
];

/**
 * The longest files, started first (longest first) so that none of them is left running alone
 * at the end of a run: without the timings of an earlier run (a fresh clone, CI), vitest would
 * order the files by size. Ranked from the two suites of a measured CI run (each file's time as
 * the default reporter prints it; a file of one database only placed by its time there); the
 * release suite's files lead, for the runs that include them. An ordering only: a file missing
 * here runs all the same.
 */
const longestFirst = [
  'test/fresh-clone.test.ts',
  'test/container-image.test.ts',
  'test/upgrade.test.ts',
  'test/cli.paths.test.ts',
  'test/backup.test.ts',
  'test/pagination.walk.test.ts',
  'test/cli.test.ts',
  'test/secrets-rotation.cli.test.ts',
  'src/areas/demo/demo.reset.test.ts',
  'test/faults/postgres.test.ts',
  'test/docs.browser.test.ts',
  'test/probe.test.ts',
  'test/faults/redis.test.ts',
  'src/areas/webhooks/webhooks.test.ts',
  'test/draining.test.ts',
  'test/docs-samples.test.ts',
  'test/cli.operators.test.ts',
  'src/areas/exports/exports.build.test.ts',
  'test/backup.postgres.test.ts',
  'test/db-roles.test.ts',
  'test/production-start.test.ts',
  'test/files-at-rest.test.ts',
  'test/build.test.ts',
  'src/platform/http/idempotency.test.ts',
  'src/areas/webhooks/webhooks.dispatcher.test.ts',
  'test/listen.test.ts',
  'src/platform/log-safety.test.ts',
  'test/cli.worker.test.ts',
  'src/areas/exports/exports.test.ts',
  'src/areas/documents/documents.test.ts',
  'src/areas/ops/ops.test.ts',
  'test/log-credentials.test.ts',
  'test/tracing.test.ts',
  'test/samples.test.ts',
  'test/bad-input-bodies.test.ts',
  'src/areas/webhooks/webhooks.typed-events.test.ts',
  'src/platform/db/named-statements.test.ts',
  'src/areas/requests/requests.test.ts',
  'test/secrets-rotation.links.test.ts',
  'test/bad-input.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = longestFirst.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return at < 0 ? longestFirst.length : at;
    };
    // A stable sort: the files not listed keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The suite's configuration: `default` is `npm test` without the release suite, `release` the
 * release suite alone, `whole` both.
 */
export function suite(which: 'default' | 'release' | 'whole') {
  return defineConfig({
    test: {
      include:
        which === 'release'
          ? releaseSuite
          : ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
      exclude: [
        ...configDefaults.exclude,
        ...(which === 'default' ? releaseSuite : []),
        ...(process.env.TEST_DATABASE_URL ? embeddedOnly : []),
      ],
      globalSetup: ['test/support/global-setup.ts'],
      // Guards against a hung test, not measures of speed: on a loaded two-core machine starting
      // the embedded database alone can take a minute.
      testTimeout: 120_000,
      hookTimeout: 300_000,
      pool: 'forks',
      // Two cores: two files at a time keeps PGlite's start-up from starving the tests.
      maxWorkers: 2,
      // Each worker process runs file after file, its imported modules (the service's own, the
      // packages', PGlite's compiled WebAssembly) loaded once: about three seconds of a core saved
      // per file. Every file still starts its own service on its own database.
      isolate: false,
      sequence: { sequencer: LongestFirst },
    },
  });
}

export default suite(process.env.FUNDER_API_TEST_RELEASE === '1' ? 'whole' : 'default');
