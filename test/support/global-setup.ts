import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/platform/db/migrate.ts';
import { createPgliteDb } from '../../src/platform/db/pglite.ts';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';

/**
 * Migrates once, then every test file starts from a copy of that template: a PGlite data
 * dump by default, or `CREATE DATABASE ... TEMPLATE` on the server at TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `funder_api_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const db = createPostgresDb(url.toString(), { max: 1 });
    await migrate(db);
    await db.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }
  const db = await createPgliteDb({ dataDir: null });
  await migrate(db);
  const dump = await db.pglite.dumpDataDir('gzip');
  await db.close();
  const dir = join(process.cwd(), '.test-data');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `template-${process.pid}.tar.gz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    const { rm } = await import('node:fs/promises');
    await rm(file, { force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
