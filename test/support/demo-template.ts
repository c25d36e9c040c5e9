import { writeFile } from 'node:fs/promises';
import type { Db } from '../../src/platform/db/db.ts';
import { createPgliteDb } from '../../src/platform/db/pglite.ts';
import { embeddedDatabase, serverDatabase, type TestDatabase } from './database.ts';
import { startService } from './service.ts';

/*
 * The demonstration plane, built once per run into a template of its own: most files that work
 * on the plane need it only as a reset leaves it, and a reset is seconds of a core. A service
 * started with `demoPlane` (support/service.ts) gets a copy of that template, with the clock at
 * the same start and the secrets key of the service that built it, so it holds what a reset of
 * its own would have left (test/demo-template.test.ts compares the two). Files about the reset,
 * or that need the plane rebuilt during the file, call `given.sandbox()`, which resets for real.
 */

/** Resets the plane of `database` through the operations API; `keep` runs before the service closes. */
async function buildDemoPlane(database: TestDatabase, secretsKey: Buffer, keep: () => Promise<void>) {
  const service = await startService({ database, secretsKey });
  try {
    const answer = await service.ops<{ bank_id: string }>('POST', '/ops/v1/demo/reset');
    if (answer.status !== 200) throw new Error(`demo reset: ${JSON.stringify(answer.body)}`);
    await keep();
  } finally {
    await service.close();
  }
}

/** The embedded template: the migrated one loaded, the plane built, dumped to `file`. */
export async function pgliteDemoTemplate(migrated: Blob, file: string, secretsKey: Buffer): Promise<void> {
  const db = await createPgliteDb({ dataDir: null, loadDataDir: migrated });
  await buildDemoPlane(embeddedDatabase(db), secretsKey, async () => {
    // As for the migrated template (support/global-setup.ts): only the log segment in use.
    await db.pglite.exec('SET wal_recycle = off');
    await db.pglite.query('SELECT pg_switch_wal()');
    await db.pglite.exec('CHECKPOINT');
    const dump = await db.pglite.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  });
}

/** The server's template `name`: a copy of the migrated `template` with the plane built. */
export async function postgresDemoTemplate(
  serverUrl: string,
  template: string,
  name: string,
  secretsKey: Buffer,
): Promise<void> {
  const database = await serverDatabase(serverUrl, name, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  try {
    await buildDemoPlane(database, secretsKey, async () => undefined);
  } finally {
    // Every connection closed: a database is copied only while no one is connected to it.
    await database.close();
  }
}

/**
 * Demonstration rows per table that has a plane column, the evidence chain aside, and keys:
 * a key keeps its plane for life and survives resets. Tables only: a view shows its table's rows.
 */
export async function demoFootprint(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema() AND c.column_name = 'plane'
        AND c.table_name NOT IN ('evidence_entries', 'api_keys')
      ORDER BY c.table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE plane = 'demo'`,
    );
    counts[table] = rows[0]!.n;
  }
  return counts;
}
