import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db, QueryOptions } from '../../src/platform/db/db.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { createPgliteDb } from '../../src/platform/db/pglite.ts';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';
import { databaseUrl, TEST_ROLES } from './postgres-roles.ts';

export const onPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase {
  db: Db;
  /** A connection string for more servers on the same database, as the login role (PostgreSQL only). */
  url: string | null;
  /** Opens another pool on the same database (PostgreSQL only). */
  connect(): Db;
  /**
   * A pool on the same database as the server's superuser, for the few tests that need powers
   * the service never has (creating a trigger, reading other roles' catalogue rows). On the
   * embedded database, its one connection (itself a superuser).
   */
  superuser(): Db;
  /** Closes every connection to it and keeps it (a template in the making). */
  close(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file (or one test). With `demoPlane`, a copy of the
 * template that also holds the demonstration plane as a reset at the test clock's start leaves
 * it (support/demo-template.ts).
 */
export async function freshDatabase(options: { demoPlane?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `funder_api_test_${randomBytes(6).toString('hex')}`;
    const template = inject(options.demoPlane ? 'postgresDemoTemplate' : 'postgresTemplate');
    return serverDatabase(serverUrl, name, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  }
  const tarball = await pgliteTemplate(options.demoPlane ? 'pgliteDemoTemplate' : 'pgliteTemplate');
  return embeddedDatabase(await createPgliteDb({ dataDir: null, loadDataDir: tarball }));
}

/**
 * A database `name` on the PostgreSQL server at `serverUrl`, made by `create` (run as the server's
 * superuser) and dropped by `drop()`. The service connects to it as the login role.
 */
export async function serverDatabase(serverUrl: string, name: string, create: string): Promise<TestDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(create);
  // The service's own role, as in production: it owns nothing and may create nothing.
  const url = databaseUrl(serverUrl, name, TEST_ROLES.login);
  const pools: Db[] = [];
  const open = (connectionString: string) => {
    const db = createPostgresDb(connectionString, { max: 10 });
    pools.push(db);
    return db;
  };
  const connect = () => open(url);
  const db = connect();
  return {
    db,
    url,
    connect,
    superuser: () => open(databaseUrl(serverUrl, name)),
    async close() {
      for (const pool of pools.splice(0)) await pool.close().catch(() => undefined);
      await admin.end();
    },
    async drop() {
      for (const pool of pools.splice(0)) await pool.close().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** An embedded database as a test's: its one connection serves the superuser's calls too. */
export function embeddedDatabase(db: Awaited<ReturnType<typeof createPgliteDb>>): TestDatabase {
  return {
    db,
    url: null,
    connect() {
      throw new Error('a second connection needs PostgreSQL (TEST_DATABASE_URL)');
    },
    superuser: (): Db => ({
      kind: db.kind,
      query: <T>(sql: string, params?: readonly unknown[], options?: QueryOptions) =>
        db.query<T>(sql, params, options),
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      // The one connection stays the test's to close.
      close: async () => undefined,
    }),
    async close() {
      await db.close();
    },
    async drop() {
      await db.close();
    },
  };
}

/**
 * A migrated embedded database, whatever database the run is on, for a test that needs PGlite's
 * own calls: a copy of the template on the embedded run, made and migrated here on PostgreSQL's
 * (which has no template of the embedded database). The test closes it.
 */
export async function migratedPglite(): Promise<Awaited<ReturnType<typeof createPgliteDb>>> {
  if (!onPostgres()) return createPgliteDb({ dataDir: null, loadDataDir: await pgliteTemplate() });
  const db = await createPgliteDb({ dataDir: null });
  await migrate(db);
  return db;
}

const templates = new Map<string, Blob>();
/**
 * A template's tarball, read once per worker process (its files share the process) and loaded
 * by each database: the blob is only read from, never written to.
 */
async function pgliteTemplate(
  which: 'pgliteTemplate' | 'pgliteDemoTemplate' = 'pgliteTemplate',
): Promise<Blob> {
  const file = inject(which);
  let blob = templates.get(file);
  if (!blob) {
    blob = new Blob([await readFile(file)]);
    templates.set(file, blob);
  }
  return blob;
}
