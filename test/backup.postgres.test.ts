import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bin,
  cleanUpProcesses,
  cliWithEnv,
  envFor,
  freePort,
  httpCaller,
  PROCESS_MINUTES,
  root,
  type Server,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';
import { onPostgres } from './support/database.ts';

/**
 * The PostgreSQL runbook's backup and restore (docs/operations.md, "Backup and restore"), run as
 * written: the commands between its markers, through a shell, with the variables the runbook
 * names set. A fresh database set up as the runbook says (the setup SQL, `migrate` as the owner,
 * data written through the API by a server on the login role), dumped as the owner, restored into
 * a new database, then every table compared row by row as the superuser, and the restored
 * database served again. Roles belong to the whole cluster: this file makes its own, with names
 * apart from the service's (`funder_api_…`, which another test lists), and drops them.
 */
const TEST_TIMEOUT = 4 * PROCESS_MINUTES * 60_000;
const OPS_TOKEN = `ops_${'8'.repeat(48)}`;
const suffix = randomBytes(5).toString('hex');
const names = {
  source: `funder_bk_source_${suffix}`,
  restored: `funder_bk_restored_${suffix}`,
  owner: `funder_bk_owner_${suffix}`,
  login: `funder_bk_app_${suffix}`,
};
const passwords = { owner: randomBytes(12).toString('hex'), login: randomBytes(12).toString('hex') };
const secretsKey = randomBytes(32).toString('base64');

/** `TEST_DATABASE_URL` pointed at `database`, as the superuser or as one of this file's roles. */
function urlOf(database: string, role?: 'owner' | 'login'): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${database}`;
  if (role) {
    url.username = names[role];
    url.password = passwords[role];
  }
  return url.toString();
}

async function asSuperuser<T extends pg.QueryResultRow>(
  database: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The shell commands of the runbook between `<!-- NAME:start -->` and `<!-- NAME:end -->`. */
async function documented(name: string): Promise<string> {
  const doc = await readFile(join(root, 'docs', 'operations.md'), 'utf8');
  const pattern = new RegExp(
    `<!-- ${name}:start -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`,
    'g',
  );
  const blocks = [...doc.matchAll(pattern)].map((match) => match[1]!);
  expect(blocks, `one block marked ${name} in docs/operations.md`).toHaveLength(1);
  return blocks[0]!;
}

interface Ran {
  code: number | null;
  output: string;
}

let dataDir: string;
let shimDir: string;

/**
 * Runs `commands` as a reader pasting them would, through bash stopping at the first failure, in
 * `cwd`: `funder-api` is the compiled command line, `createdb` and `psql` connect as the
 * superuser through libpq's own variables (as "Least privilege in PostgreSQL", step 1, has them).
 */
function runDocumented(commands: string, cwd: string, variables: Record<string, string>): Promise<Ran> {
  const server = new URL(process.env.TEST_DATABASE_URL ?? '');
  const env = envFor(dataDir, {
    ...variables,
    PATH: `${shimDir}:${process.env.PATH ?? ''}`,
    PGHOST: server.hostname,
    PGPORT: server.port || '5432',
    PGUSER: decodeURIComponent(server.username),
    PGPASSWORD: decodeURIComponent(server.password),
    PGDATABASE: server.pathname.slice(1) || 'postgres',
  });
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-eu', '-o', 'pipefail', '-c', commands], { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_MINUTES * 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Every table of the schema `public`: its row count and a hash of its rows in a fixed order. */
async function tableContents(database: string): Promise<Record<string, { rows: number; hash: string }>> {
  const tables = await asSuperuser<{ name: string }>(
    database,
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const contents: Record<string, { rows: number; hash: string }> = {};
  for (const { name } of tables) {
    const [row] = await asSuperuser<{ rows: number; hash: string | null }>(
      database,
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS hash
         FROM public.${name} t`,
    );
    contents[name] = { rows: row!.rows, hash: row!.hash ?? '' };
  }
  return contents;
}

/**
 * What the schema `public` holds, as the catalogue says: each relation with its kind, owner,
 * rights and row-security flags and its columns, each policy with its roles and expressions,
 * each function with its owner, rights and security, each trigger and index by name.
 */
async function catalogue(database: string): Promise<Record<string, unknown[]>> {
  const list = (sql: string) => asSuperuser(database, sql);
  return {
    relations: await list(
      `SELECT c.relname, c.relkind, pg_get_userbyid(c.relowner) AS owner, ARRAY(SELECT x::text FROM unnest(c.relacl) x ORDER BY 1) AS rights,
              c.relrowsecurity, c.relforcerowsecurity, c.relpersistence,
              ARRAY(SELECT a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
                      FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                     ORDER BY a.attnum) AS columns
         FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace ORDER BY c.relname`,
    ),
    policies: await list(
      `SELECT c.relname, p.polname, p.polcmd, p.polpermissive,
              ARRAY(SELECT CASE WHEN r = 0 THEN 'public' ELSE pg_get_userbyid(r) END FROM unnest(p.polroles) r ORDER BY 1) AS roles,
              pg_get_expr(p.polqual, p.polrelid) AS using, pg_get_expr(p.polwithcheck, p.polrelid) AS check
         FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid ORDER BY 1, 2`,
    ),
    functions: await list(
      `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS arguments, pg_get_userbyid(p.proowner) AS owner,
              ARRAY(SELECT x::text FROM unnest(p.proacl) x ORDER BY 1) AS rights, p.prosecdef
         FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    triggers: await list(
      `SELECT c.relname, t.tgname, t.tgenabled FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    schema: await list(
      `SELECT pg_get_userbyid(nspowner) AS owner, ARRAY(SELECT x::text FROM unnest(nspacl) x ORDER BY 1) AS rights FROM pg_namespace WHERE nspname = 'public'`,
    ),
  };
}

describe.skipIf(!onPostgres())(
  'backup and restore on PostgreSQL, as docs/operations.md writes them',
  { timeout: TEST_TIMEOUT },
  () => {
    beforeAll(async () => {
      dataDir = await tempDataDir();
      shimDir = join(await tempDataDir(), 'bin');
      await mkdir(shimDir);
      // `funder-api` on PATH, as an installed package puts it: the compiled command line.
      await writeFile(
        join(shimDir, 'funder-api'),
        `#!/bin/sh\nexec '${process.execPath}' --liftoff-only '${bin}' "$@"\n`,
      );
      await chmod(join(shimDir, 'funder-api'), 0o755);
    });
    afterAll(async () => {
      await cleanUpProcesses();
      for (const database of [names.source, names.restored])
        await asSuperuser('postgres', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(
          () => undefined,
        );
      for (const role of [names.owner, names.login])
        await asSuperuser('postgres', `DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
    });

    it('the documented dump as the owner holds every row; the documented restore brings each table back as it was', async () => {
      // The database as the runbook sets it up: the setup SQL as a superuser, passwords, migrate.
      await asSuperuser('postgres', `CREATE DATABASE ${names.source}`);
      const printed = await cliWithEnv(
        dataDir,
        {},
        'db',
        'setup-sql',
        '--owner',
        names.owner,
        '--login',
        names.login,
        '--database',
        names.source,
      );
      expect(printed.code, printed.stderr).toBe(0);
      await asSuperuser(names.source, printed.stdout);
      await asSuperuser(
        names.source,
        `ALTER ROLE ${names.owner} PASSWORD '${passwords.owner}';
         ALTER ROLE ${names.login} PASSWORD '${passwords.login}'`,
      );
      const migrated = await cliWithEnv(dataDir, { DATABASE_URL: urlOf(names.source, 'owner') }, 'migrate');
      expect(migrated.code, migrated.stdout + migrated.stderr).toBe(0);

      // Data written through the API by a server on the login role: the demonstration plane it
      // builds, a live funder, sandbox requests taken through an offer to its acceptance.
      const port = await freePort();
      const serving = {
        SECRETS_KEY: secretsKey,
        OPS_TOKEN,
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      };
      let server: Server | null = await startServer(
        dataDir,
        port,
        'background jobs running',
        { ...serving, DATABASE_URL: urlOf(names.source, 'login'), FUNDER_API_DEMO: 'true' },
        ['--worker'],
      );
      const call = httpCaller(port);
      const sandboxKey = /sandbox key\s+(svc_fk_[0-9a-f]{64})/.exec(server.output())?.[1] ?? '';
      expect(sandboxKey).toMatch(/^svc_fk_/);
      const funder = await call(OPS_TOKEN, 'POST', '/ops/v1/funders', {
        name: 'Backed Up Bank',
        environment: 'live',
      });
      expect(funder.status, JSON.stringify(funder.body)).toBe(201);
      const requestIds: string[] = [];
      for (let n = 0; n < 3; n += 1) {
        const made = await call<{ request: { id: string } }>(sandboxKey, 'POST', '/v1/sandbox/requests');
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        requestIds.push(made.body.request.id);
      }
      const offered = await call(sandboxKey, 'POST', `/v1/requests/${requestIds[0]}/decision`, {
        decision: 'offer',
        rate: 2.5,
        advance_pct: 80,
        days: 60,
      });
      expect(offered.status, JSON.stringify(offered.body)).toBe(201);
      const accepted = await call(sandboxKey, 'POST', `/v1/sandbox/requests/${requestIds[0]}/accept`);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      // The source's worker first scores the sellers its routings asked for: a packet read before
      // a seller's score is stored shows one computed at the read, which no later read repeats.
      // A guard against a worker that never gets to it, not a measure.
      const scoring = async () =>
        (
          await asSuperuser<{ n: number }>(
            names.source,
            `SELECT count(*)::int AS n FROM jobs
              WHERE kind = 'requests.seller_score' AND finished_at IS NULL AND failed_at IS NULL`,
          )
        )[0]!.n;
      for (let attempt = 0; attempt < 240 && (await scoring()) > 0; attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await scoring()).toBe(0);
      expect(await stop(server)).toBe(0);
      // The packet as the source serves it once its worker is gone (a job still running there,
      // a seller's score, would otherwise change it after it was read): a server without a worker,
      // as the restored one below.
      server = await startServer(dataDir, port, 'Server listening at', {
        ...serving,
        DATABASE_URL: urlOf(names.source, 'login'),
      });
      const before = await call<{ request: unknown }>(sandboxKey, 'GET', `/v1/requests/${requestIds[0]}`);
      expect(before.status).toBe(200);
      expect(await stop(server)).toBe(0);
      server = null;

      // Why the flag: the tables force row security on their owner, so a plain dump stops (and
      // leaves a partial file under the name it was given).
      const plainBox = await tempDataDir();
      const plain = await runDocumented('pg_dump --format=custom --file=plain.dump "$OWNER_URL"', plainBox, {
        OWNER_URL: urlOf(names.source, 'owner'),
      });
      expect(plain.code).not.toBe(0);
      expect(plain.output).toContain('row-level security');
      expect(await readdir(plainBox)).toEqual(['plain.dump']);

      // With it, the owner reads under the policies, and they give it every row of every table
      // that forces them: a permissive policy seeing all, for a role whose rights it has.
      const hidden = await asSuperuser<{ name: string }>(
        names.source,
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relrowsecurity
            AND (c.relforcerowsecurity OR c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = $1))
            AND NOT EXISTS (
              SELECT 1 FROM pg_policy p
               WHERE p.polrelid = c.oid AND p.polpermissive AND p.polcmd IN ('*', 'r')
                 AND pg_get_expr(p.polqual, p.polrelid) = 'true'
                 AND EXISTS (SELECT 1 FROM unnest(p.polroles) AS r(oid)
                              WHERE r.oid = 0 OR pg_has_role($1, r.oid, 'USAGE')))
          UNION ALL
         SELECT c.relname FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid WHERE NOT p.polpermissive
          ORDER BY 1`,
        [names.owner],
      );
      expect(hidden).toEqual([]);
      const owned = await asSuperuser<{ forced: number }>(
        names.source,
        `SELECT count(*)::int AS forced FROM pg_class WHERE relforcerowsecurity
            AND relnamespace = 'public'::regnamespace`,
      );
      expect(owned[0]!.forced).toBeGreaterThan(0);

      const box = await tempDataDir();
      const variables = {
        OWNER_URL: urlOf(names.source, 'owner'),
        OWNER: names.owner,
        LOGIN: names.login,
        RESTORE_DATABASE: names.restored,
        RESTORE_OWNER_URL: urlOf(names.restored, 'owner'),
      };
      const backup = await runDocumented(await documented('backup-commands'), box, variables);
      expect(backup.code, backup.output).toBe(0);
      expect((await readdir(box)).sort()).toEqual(['funder-api.dump']);

      const restore = await runDocumented(await documented('restore-commands'), box, variables);
      expect(restore.code, restore.output).toBe(0);

      // Every table, row for row, as the superuser sees them on both sides.
      const [source, restored] = [await tableContents(names.source), await tableContents(names.restored)];
      expect(Object.keys(restored)).toEqual(Object.keys(source));
      expect(restored).toEqual(source);
      // Not an empty comparison: the tables the service and the demonstration fill hold rows,
      // those forcing row security on the owner among them.
      for (const table of ['api_keys', 'funders', 'funding_requests', 'offers', 'evidence_entries'])
        expect(source[table]?.rows, table).toBeGreaterThan(0);
      // The same objects, owners, rights and policies on both sides, as the catalogue lists them.
      expect(await catalogue(names.restored)).toEqual(await catalogue(names.source));

      // The restored database serves as the login role: the same request, the same answer.
      server = await startServer(dataDir, port, 'Server listening at', {
        ...serving,
        DATABASE_URL: urlOf(names.restored, 'login'),
      });
      const after = await call<{ request: unknown }>(sandboxKey, 'GET', `/v1/requests/${requestIds[0]}`);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
      expect(await stop(server)).toBe(0);
    });

    it('a documented dump that fails leaves the dump of the last good run in place, never a partial one', async () => {
      const box = await tempDataDir();
      const good = randomBytes(64);
      await writeFile(join(box, 'funder-api.dump'), good);
      const failed = await runDocumented(await documented('backup-commands'), box, {
        OWNER_URL: urlOf(`${names.source}_missing`, 'owner'),
      });
      expect(failed.code).not.toBe(0);
      expect(await readFile(join(box, 'funder-api.dump'))).toEqual(good);
    });
  },
);
