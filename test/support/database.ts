import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../../src/platform/db/db.ts';
import { createPgliteDb } from '../../src/platform/db/pglite.ts';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';

export const onPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase {
  db: Db;
  /** A connection string for more servers on the same database (PostgreSQL only). */
  url: string | null;
  /** Opens another pool on the same database (PostgreSQL only). */
  connect(): Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file (or one test). */
export async function freshDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `funder_api_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const pools: Db[] = [];
    const connect = () => {
      const db = createPostgresDb(url.toString(), { max: 10 });
      pools.push(db);
      return db;
    };
    const db = connect();
    return {
      db,
      url: url.toString(),
      connect,
      async drop() {
        for (const pool of pools) await pool.close().catch(() => undefined);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await admin.end();
      },
    };
  }
  const template = await readFile(inject('pgliteTemplate'));
  const db = await createPgliteDb({ dataDir: null, loadDataDir: new Blob([template]) });
  return {
    db,
    url: null,
    connect() {
      throw new Error('a second connection needs PostgreSQL (TEST_DATABASE_URL)');
    },
    async drop() {
      await db.close();
    },
  };
}
