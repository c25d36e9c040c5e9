import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/platform/db/migrate.ts';
import { createPgliteDb } from '../../src/platform/db/pglite.ts';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';
import { pgliteDemoTemplate, postgresDemoTemplate } from './demo-template.ts';
import { applySetupSql, databaseUrl, TEST_ROLES } from './postgres-roles.ts';

/**
 * Migrates once, then every test file starts from a copy of that template: a PGlite data
 * dump (an uncompressed tarball) by default, or `CREATE DATABASE ... TEMPLATE` on the server at
 * TEST_DATABASE_URL (set up with the setup SQL and migrated by the owner role:
 * support/postgres-roles.ts). A second template adds the demonstration plane to the first
 * (support/demo-template.ts), for the files that start their service with `demoPlane`.
 * Compiles the command line once too (scripts/build.mjs, as `npm run build` does), for the
 * tests that run it as a child process: started from JavaScript, a process skips the
 * TypeScript loader, about a second of a core at every start. On the embedded database that
 * command line also migrates one data directory, whose database a test copies (support/cli.ts,
 * `migratedDataDir`) where migrating is not what it tests: some four seconds of a core each.
 */
export default async function setup(project: TestProject) {
  const dir = join(process.cwd(), '.test-data');
  await mkdir(dir, { recursive: true });
  // Inside the project, so the compiled modules find the packages in node_modules.
  const cliDir = join(dir, `cli-${process.pid}`);
  await promisify(execFile)(process.execPath, [join('scripts', 'build.mjs'), 'src/cli.ts', cliDir], {
    cwd: process.cwd(),
  });
  project.provide('cliEntry', join(cliDir, 'cli.mjs'));
  // The key of the service that builds the demonstration template, for those started on copies.
  const demoSecretsKey = randomBytes(32);
  project.provide('demoSecretsKey', demoSecretsKey.toString('hex'));
  const removeCli = () => rm(cliDir, { recursive: true, force: true });

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `funder_api_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    // As a bank runs it: the setup SQL as the superuser, the migrations as the owner role; the
    // tests' services then connect to copies of it as the login role (support/database.ts).
    await applySetupSql(serverUrl, template);
    const db = createPostgresDb(databaseUrl(serverUrl, template, TEST_ROLES.owner), { max: 1 });
    await migrate(db);
    await db.close();
    const demoTemplate = `funder_api_demo_template_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${demoTemplate}`);
    await postgresDemoTemplate(serverUrl, template, demoTemplate, demoSecretsKey);
    project.provide('postgresTemplate', template);
    project.provide('postgresDemoTemplate', demoTemplate);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteDemoTemplate', '');
    project.provide('migratedDatabase', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${demoTemplate}`);
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
      await removeCli();
    };
  }
  const dataDir = join(dir, `data-${process.pid}`);
  const migrated = await promisify(execFile)(
    process.execPath,
    [join(cliDir, 'cli.mjs'), 'migrate', '--json'],
    { cwd: process.cwd(), env: cliEnv(dataDir) },
  );
  if (!migrated.stdout.includes('"applied"'))
    throw new Error(`migrate: ${migrated.stdout}${migrated.stderr}`);
  // The database alone: the operator token and the secrets key are a first start's to make.
  project.provide('migratedDatabase', join(dataDir, 'pglite'));
  const removeData = () => rm(dataDir, { recursive: true, force: true });

  // The template is that database, dumped from a copy of it (the directory stays as the
  // command line left it): a second migration would first make a database from nothing, some
  // six CPU-seconds. Uncompressed: every file loads it, and unpacking a gzip costs a quarter of
  // a CPU-second at each load (some forty megabytes on disk instead of six).
  const copy = join(dir, `template-source-${process.pid}`);
  await cp(join(dataDir, 'pglite'), copy, { recursive: true });
  const db = await createPgliteDb({ dataDir: copy });
  // Only the write-ahead log segment in use goes into the dump: after the migrations the log is
  // near the end of its first segment and the database keeps the next one ready, 16 MiB of zeros
  // that would be a third of the dump every file loads (and near half a CPU-second at each
  // load). Switched to a new segment and checkpointed without recycling, the old one is removed
  // and no other is made ready. Run as PGlite's superuser: the adapter's statements run as an actor.
  await db.pglite.exec('SET wal_recycle = off');
  await db.pglite.query('SELECT pg_switch_wal()');
  await db.pglite.exec('CHECKPOINT');
  const dump = await db.pglite.dumpDataDir('none');
  await db.close();
  await rm(copy, { recursive: true, force: true });
  const file = join(dir, `template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  const demoFile = join(dir, `demo-template-${process.pid}.tar`);
  await pgliteDemoTemplate(dump, demoFile, demoSecretsKey);
  project.provide('pgliteTemplate', file);
  project.provide('pgliteDemoTemplate', demoFile);
  project.provide('postgresTemplate', '');
  project.provide('postgresDemoTemplate', '');
  return async () => {
    await rm(file, { force: true });
    await rm(demoFile, { force: true });
    await removeCli();
    await removeData();
  };
}

/** The command line's environment for the embedded database in `dataDir`, quiet. */
function cliEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'NODE_ENV']) delete env[name];
  return env;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** The templates with the demonstration plane built (support/demo-template.ts). */
    pgliteDemoTemplate: string;
    postgresDemoTemplate: string;
    /** The secrets key (hex) of the service that built the demonstration templates. */
    demoSecretsKey: string;
    /** The compiled command line (a .mjs file), for the tests that start it as a process. */
    cliEntry: string;
    /** A migrated embedded database folder (a data directory's `pglite`); '' on PostgreSQL. */
    migratedDatabase: string;
  }
}
