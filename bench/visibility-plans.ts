/**
 * The second wall's cost on the request reads, statement by statement, before and after the
 * funder visibility tables (migrations 0059 and 0060), in one database:
 *
 *   node bin/run-ts.mjs bench/visibility-plans.ts [--requests N] [--runs N] [--from 0061] [--only list]
 *
 * A fresh database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * migrated up to the migration before 0059, seeded as `npm run bench` seeds it (bench/seed.ts),
 * then each statement run under the funder role with the caller's settings, `--runs` times,
 * with `EXPLAIN (ANALYZE, BUFFERS)`: the limit book, the packet's receivables and notices, the
 * list's page and what GET /v1/requests reads after it in the same transaction (the page's latest
 * offers, notices and the consent settings). `--from` names the first migration measured as
 * "after" (default 0059); `--only` keeps the statements whose names start with one of its
 * comma-separated words. Then the remaining migrations (their back-fill timed), ANALYZE, and the same
 * statements again (`--after-only`: every migration first, so the seed goes through the
 * triggers, and the statements once). It prints the fastest run of each, with its buffers, and the plans of the
 * last run to a file beside it. The database is dropped at the end, unless `--keep`: then it stays,
 * and a file beside the plans names it for `--reuse FILE`, which measures the statements again on
 * it (migrating it first to the tree's migrations) without seeding: a volume of a million
 * requests takes a quarter of an hour to seed.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { debtorBookPage } from '../src/areas/limits/limits.book-page.store.ts';
import { debtorBook, nextOfferExpiry } from '../src/areas/limits/limits.exposure.store.ts';
import { listRowsOf, listVisibleRequests } from '../src/areas/requests/requests.list.store.ts';
import { noticeAnswersOf, noticesOf } from '../src/areas/requests/requests.notices.store.ts';
import { latestOffers } from '../src/areas/requests/requests.offers.store.ts';
import { receivablesOf } from '../src/areas/requests/requests.receivables.store.ts';
import { findSettings } from '../src/areas/settings/settings.store.ts';
import type { FunderScope } from '../src/platform/caller.ts';
import { madridDate } from '../src/platform/clock.ts';
import { GATE, runAs } from '../src/platform/db/actor.ts';
import { runLong } from '../src/platform/db/bounds.ts';
import type { Queryable } from '../src/platform/db/db.ts';
import { migrate, migrationsDir } from '../src/platform/db/migrate.ts';
import { createPostgresDb } from '../src/platform/db/postgres.ts';
import { ISSUE_VOLUME, seedVolume } from './seed.ts';
import { postgresDatabase } from './targets.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    runs: { type: 'string' },
    'after-only': { type: 'boolean' },
    from: { type: 'string' },
    only: { type: 'string' },
    keep: { type: 'boolean' },
    reuse: { type: 'string' },
  },
});
const requests = Number(values.requests ?? ISSUE_VOLUME.requests);
const runs = Number(values.runs ?? 5);
// The first migration measured as "after" (`--from 0061`: everything before it is "before").
const FIRST_NEW = values.from ?? '0059';

/** Runs `EXPLAIN (ANALYZE, BUFFERS)` of every statement the store sends, and keeps the plans. */
function explaining(tx: Queryable, plans: string[][]): Queryable {
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      plans.push(rows.map((r) => r['QUERY PLAN']));
      // Then for real, so that a store reading in two steps runs its second on the first's rows.
      return tx.query<T>(sql, params);
    },
    exec: (sql) => tx.exec(sql),
  } as Queryable;
}

/** What `--keep` leaves for a later `--reuse`: the database and what the statements read in it. */
interface Kept {
  url: string;
  funders: string[];
  packetRequestId: string;
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reused: Kept | null = values.reuse ? JSON.parse(await readFile(values.reuse, 'utf8')) : null;
const database = reused
  ? { db: createPostgresDb(reused.url, { max: 2 }), drop: async () => undefined, url: reused.url }
  : await postgresDatabase(serverUrl, 2);
const out: string[] = [];
try {
  let started = Date.now();
  const { funders, seeded } = reused
    ? { funders: reused.funders, seeded: { packetRequestId: reused.packetRequestId } }
    : await seedFresh();
  const scope: FunderScope = { funderId: funders[0]!, plane: 'live' };
  const actor = { kind: 'funder' as const, ...scope };
  const now = new Date();
  const open = ['submitted', 'under_review', 'terms_sent', 'approved'] as const;
  // The ids of the list's page, for the reads the list makes after it (offers, notices).
  const pageIds = async () =>
    (
      await runAs(actor, () =>
        database.db.transaction((tx) => listVisibleRequests(tx, scope, open, 50, null, now)),
      )
    ).map((row) => row.id);
  let ids = await pageIds();
  const all: [string, (q: Queryable) => Promise<unknown>][] = [
    ['limit book', (q) => debtorBook(q, { ...scope, now, today: madridDate(now) })],
    [
      'limit page',
      (q) => debtorBookPage(q, { ...scope, now, today: madridDate(now) }, { limit: 201, after: null }),
    ],
    ['next offer expiry', (q) => nextOfferExpiry(q, scope, now)],
    ['receivables', (q) => receivablesOf(q, scope, seeded.packetRequestId)],
    ['notices', (q) => noticesOf(q, scope, [seeded.packetRequestId])],
    ['list page', (q) => listVisibleRequests(q, scope, open, 50, null, now)],
    // What GET /v1/requests reads after its page for the items it builds (requests.items.ts).
    ['list rows', (q) => listRowsOf(q, scope, ids)],
    ['list offers', (q) => latestOffers(q, scope, ids)],
    ['list notices', (q) => noticeAnswersOf(q, scope, ids)],
    ['list consent', (q) => findSettings(q, scope)],
  ];
  const only = values.only?.split(',');
  const statements = only ? all.filter(([name]) => only.some((o) => name.startsWith(o))) : all;

  const measure = async (label: string) => {
    for (const [name, run] of statements) {
      let best: string[] | null = null;
      let bestMs = Number.POSITIVE_INFINITY;
      let last: string[] = [];
      for (let i = 0; i < runs; i++) {
        const plans: string[][] = [];
        const failed = await runAs(actor, () => database.db.transaction((tx) => run(explaining(tx, plans))))
          .then(() => null)
          .catch((err: Error) => err.message);
        // The limit book's store reads the visibility table, which does not exist before 0059.
        if (failed) {
          console.log(`${label.padEnd(7)} ${name.padEnd(12)} fails: ${failed}`);
          break;
        }
        const plan = plans.flat();
        const ms = plans
          .map((p) => Number(/Execution Time: ([\d.]+)/.exec(p.at(-1) ?? '')?.[1] ?? Number.NaN))
          .reduce((a, b) => a + b, 0);
        if (ms < bestMs) {
          bestMs = ms;
          best = plan;
        }
        last = plan;
      }
      if (!best) continue;
      const buffers = best?.find((line) => line.includes('Buffers:'))?.trim() ?? '';
      const planning = best?.find((line) => line.startsWith('Planning Time'))?.trim() ?? '';
      console.log(
        `${label.padEnd(7)} ${name.padEnd(13)} execution ${bestMs.toFixed(1)} ms, ${planning}; ${buffers}`,
      );
      out.push(`==== ${label}: ${name}`, ...last, '');
    }
  };

  if (!reused && !values['after-only']) await measure('before');
  started = Date.now();
  const applied = await runLong(() => migrate(database.db));
  console.log(`migrated ${applied.applied.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await runLong(() => runAs(GATE, () => database.db.exec('ANALYZE')));
  ids = await pageIds();
  await measure('after');
  if (values.keep) {
    const file = join(tmpdir(), 'funder-api-visibility-plans.json');
    const kept: Kept = { url: database.url!, funders, packetRequestId: seeded.packetRequestId };
    await writeFile(file, JSON.stringify(kept));
    console.log(`kept the database for --reuse ${file}`);
  }
} finally {
  await writeFile(join(tmpdir(), 'funder-api-visibility-plans.txt'), out.join('\n'));
  if (!values.keep) await database.drop();
  else await database.db.close();
}

/** A fresh database migrated up to the "before" migrations, with the bench funders and the volume. */
async function seedFresh() {
  const dir = await mkdtemp(join(tmpdir(), 'funder-api-migrations-'));
  for (const file of await readdir(migrationsDir)) {
    if (file.endsWith('.sql') && (values['after-only'] || file < FIRST_NEW))
      await copyFile(join(migrationsDir, file), join(dir, file));
  }
  await runLong(() => migrate(database.db, dir));
  await rm(dir, { recursive: true, force: true });
  const funders = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await runAs(GATE, () =>
    database.db.query(
      `INSERT INTO funders (id, name, environment, created_at, updated_at)
       SELECT id, 'Bench ' || n, 'live', now(), now() FROM unnest($1::uuid[]) WITH ORDINALITY AS f(id, n)`,
      [funders],
    ),
  );
  const started = Date.now();
  const seeded = await seedVolume(database.db, funders, { ...ISSUE_VOLUME, requests });
  console.log(`seeded ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { funders, seeded };
}
