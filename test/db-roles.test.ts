import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_ROLES } from '../src/platform/db/setup-sql.ts';
import {
  cleanUpProcesses,
  cliWithEnv,
  freePort,
  httpCaller,
  PROCESS_MINUTES,
  type Server,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';
import { onPostgres } from './support/database.ts';
import { startWorkCommand } from './support/dispatcher-processes.ts';

/**
 * Least privilege on PostgreSQL, as a bank's database administrator sets it up: a fresh
 * database, the SQL `db setup-sql` prints run as a superuser (twice: it is idempotent),
 * `migrate` as the owner role, then `serve` and `work` as the login role, which owns nothing,
 * may create nothing and only belongs to the policy roles. All through the compiled command
 * line. The embedded database is one superuser in the process: there are no roles to separate.
 */
const TEST_TIMEOUT = 4 * PROCESS_MINUTES * 60_000;
const OPS_TOKEN = `ops_${'7'.repeat(48)}`;
const suffix = randomBytes(5).toString('hex');
const names = {
  database: `funder_api_roles_${suffix}`,
  owner: `funder_api_owner_${suffix}`,
  login: `funder_api_app_${suffix}`,
  /** A role that may create in its database's schema but belongs to no policy role. */
  bare: `funder_api_bare_${suffix}`,
  bareDatabase: `funder_api_roles_bare_${suffix}`,
};
const passwords = { owner: randomBytes(12).toString('hex'), login: randomBytes(12).toString('hex') };

let admin: pg.Client;
let dataDir: string;
let created = false;

/** A connection string for `role` on the test's database, on the superuser's server. */
function urlAs(role: 'owner' | 'login' | 'admin'): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${names.database}`;
  if (role !== 'admin') {
    url.username = names[role];
    url.password = passwords[role];
  }
  return url.toString();
}

/** Runs `sql` (one or more statements, no parameters) as the superuser in the test's database. */
async function asSuperuser<T extends pg.QueryResultRow>(sql: string): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: urlAs('admin') });
  await client.connect();
  try {
    return await client.query<T>(sql);
  } finally {
    await client.end();
  }
}

const cliJson = async (databaseUrl: string, ...args: string[]) => {
  const outcome = await cliWithEnv(dataDir, { DATABASE_URL: databaseUrl }, ...args, '--json');
  return { code: outcome.code, body: JSON.parse(outcome.stdout) as Record<string, unknown> };
};

describe('db setup-sql', { timeout: TEST_TIMEOUT }, () => {
  afterAll(cleanUpProcesses);

  it('prints the SQL for the default names without a database, and refuses a name SQL would need quoted', async () => {
    const dir = await tempDataDir();
    const printed = await cliWithEnv(dir, {}, 'db', 'setup-sql');
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toContain("IF current_database() <> 'funder_api' THEN");
    expect(printed.stdout).toContain(
      'GRANT funder_api_funder, funder_api_sandbox, funder_api_operator TO funder_api_app;',
    );
    expect(printed.stdout).toContain('ALTER SCHEMA public OWNER TO funder_api_owner;');
    // Nothing secret: no password is ever printed.
    expect(printed.stdout).not.toMatch(/PASSWORD '/i);

    const refused = await cliWithEnv(dir, {}, 'db', 'setup-sql', '--login', 'App"; DROP', '--json');
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      error: { code: 'name_invalid', options: ['login'] },
    });
    const same = await cliWithEnv(dir, {}, 'db', 'setup-sql', '--owner', 'one', '--login', 'one', '--json');
    expect(same.code).toBe(2);
    expect(JSON.parse(same.stdout)).toMatchObject({ error: { code: 'name_invalid' } });
  });
});

describe.skipIf(!onPostgres())(
  'least privilege on PostgreSQL (the embedded database is one superuser: nothing to separate)',
  { timeout: TEST_TIMEOUT },
  () => {
    beforeAll(async () => {
      dataDir = await tempDataDir();
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${names.database}`);
      created = true;
    });
    afterAll(async () => {
      await cleanUpProcesses();
      if (!admin) return;
      if (created) await admin.query(`DROP DATABASE IF EXISTS ${names.database} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${names.bareDatabase} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${names.bare}`);
      await admin.query(`DROP ROLE IF EXISTS ${names.owner}`);
      await admin.query(`DROP ROLE IF EXISTS ${names.login}`);
      await admin.end();
    });

    it('the printed SQL, migrate as the owner, then serve and work as the login role through a lifecycle', async () => {
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
        names.database,
      );
      expect(printed.code, printed.stderr).toBe(0);
      // Run twice: the second run finds everything in place and changes nothing.
      await asSuperuser(printed.stdout);
      await asSuperuser(printed.stdout);
      await asSuperuser(
        `ALTER ROLE ${names.owner} PASSWORD '${passwords.owner}';
         ALTER ROLE ${names.login} PASSWORD '${passwords.login}'`,
      );

      // The login role may not migrate: it says so, and which role should.
      const refused = await cliJson(urlAs('login'), 'migrate');
      expect(refused.code).toBe(1);
      expect(refused.body).toMatchObject({ error: { code: 'migrations_pending' } });

      const migrated = await cliJson(urlAs('owner'), 'migrate');
      expect(migrated.code, JSON.stringify(migrated.body)).toBe(0);
      expect((migrated.body.applied as string[]).length).toBeGreaterThan(0);
      // Nothing left to apply: the login role's own check passes.
      expect(await cliJson(urlAs('login'), 'migrate')).toEqual({
        code: 0,
        body: { applied: [], already_applied: (migrated.body.applied as string[]).length },
      });

      // What each role is, as the catalogue says.
      const roles = await asSuperuser<{
        rolname: string;
        rolsuper: boolean;
        rolcreaterole: boolean;
        rolcreatedb: boolean;
        rolbypassrls: boolean;
        may_create: boolean;
        owns: number;
        member_of: string[];
      }>(
        `SELECT r.rolname, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls,
                has_schema_privilege(r.oid, 'public', 'CREATE') AS may_create,
                (SELECT count(*) FROM pg_class c WHERE c.relowner = r.oid)::int
                  + (SELECT count(*) FROM pg_proc p WHERE p.proowner = r.oid)::int
                  + (SELECT count(*) FROM pg_namespace n WHERE n.nspowner = r.oid)::int
                  + (SELECT count(*) FROM pg_type t WHERE t.typowner = r.oid)::int AS owns,
                ARRAY(SELECT g.rolname::text FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
                       WHERE m.member = r.oid ORDER BY 1) AS member_of
           FROM pg_roles r WHERE r.rolname IN ('${names.owner}', '${names.login}')`,
      );
      const login = roles.rows.find((row) => row.rolname === names.login)!;
      const owner = roles.rows.find((row) => row.rolname === names.owner)!;
      expect(login).toMatchObject({
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        rolbypassrls: false,
        may_create: false,
        owns: 0,
      });
      expect(login.member_of).toEqual([...POLICY_ROLES].sort());
      // The owner made every object: the login role made none.
      expect(owner).toMatchObject({ rolsuper: false, rolcreaterole: false, rolbypassrls: false });
      expect(owner.owns).toBeGreaterThan(0);

      // Creating anything in the schema is refused to the login role, under any policy role too.
      const direct = new pg.Client({ connectionString: urlAs('login') });
      await direct.connect();
      try {
        await expect(direct.query('CREATE TABLE intruder (id int)')).rejects.toMatchObject({ code: '42501' });
        await expect(
          direct.query('BEGIN; SET LOCAL ROLE funder_api_operator; CREATE TABLE intruder (id int)'),
        ).rejects.toMatchObject({ code: '42501' });
        await direct.query('ROLLBACK');
        // The migration record: the login role reads it (readiness does), never writes it, nor
        // does any policy role it may switch to; only the owner, which migrated.
        const applied = await direct.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
        expect(applied.rows[0]!.n).toBe((migrated.body.applied as string[]).length);
        await expect(
          direct.query(`INSERT INTO schema_migrations (name) VALUES ('9999_forged.sql')`),
        ).rejects.toMatchObject({ code: '42501' });
        for (const role of POLICY_ROLES) {
          await expect(
            direct.query(
              `BEGIN; SET LOCAL ROLE ${role}; DELETE FROM schema_migrations WHERE name = '0001_foundation.sql'`,
            ),
          ).rejects.toMatchObject({ code: '42501' });
          await direct.query('ROLLBACK');
        }
      } finally {
        await direct.end();
      }

      const secretsKey = randomBytes(32);
      const shared = { SECRETS_KEY: secretsKey.toString('base64'), OPS_TOKEN };
      // The server as the login role, running the jobs too, building the demonstration plane.
      const port = await freePort();
      let server: Server | null = await startServer(
        dataDir,
        port,
        'background jobs running',
        {
          DATABASE_URL: urlAs('login'),
          ...shared,
          FUNDER_API_DEMO: 'true',
          LOG_LEVEL: 'info',
          NODE_ENV: 'test',
        },
        ['--worker'],
      );
      try {
        const sandboxKey = /sandbox key\s+(svc_fk_[0-9a-f]{64})/.exec(server.output())?.[1] ?? '';
        expect(sandboxKey).toMatch(/^svc_fk_/);
        // A funder and its key, made with the command line as the login role (the operator role).
        const funder = await cliWithEnv(
          dataDir,
          { DATABASE_URL: urlAs('login'), ...shared },
          'funders',
          'create',
          '--name',
          'Least Privilege Bank',
          '--environment',
          'live',
          '--json',
        );
        expect(funder.code, funder.stdout).toBe(0);
        const bankId = (JSON.parse(funder.stdout) as { funder: { bank_id: string } }).funder.bank_id;
        const issued = await cliWithEnv(
          dataDir,
          { DATABASE_URL: urlAs('login'), ...shared },
          'keys',
          'issue',
          '--bank-id',
          bankId,
          '--name',
          'first',
          '--scope',
          'requests:read',
          '--json',
        );
        expect(issued.code, issued.stdout).toBe(0);
        const liveKey = (JSON.parse(issued.stdout) as { secret: string }).secret;

        const call = httpCaller(port);

        const me = await call<{ environment: string }>(liveKey, 'GET', '/v1/me');
        expect(me.status, JSON.stringify(me.body)).toBe(200);
        expect(me.body.environment).toBe('live');
        expect((await call(OPS_TOKEN, 'GET', '/ops/v1/funders')).status).toBe(200);

        const made = await call<{ request: { id: string; status: string } }>(
          sandboxKey,
          'POST',
          '/v1/sandbox/requests',
        );
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        const offer = await call(sandboxKey, 'POST', `/v1/requests/${made.body.request.id}/decision`, {
          decision: 'offer',
          rate: 2.5,
          advance_pct: 80,
          days: 60,
        });
        expect(offer.status, JSON.stringify(offer.body)).toBe(201);
        expect(offer.body).toMatchObject({ decision: 'offer', status: 'terms_sent' });
        const accepted = await call<{ request: { status: string } }>(
          sandboxKey,
          'POST',
          `/v1/sandbox/requests/${made.body.request.id}/accept`,
        );
        expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
        expect(accepted.body.request.status).toBe('approved');
        // The live key sees none of the demonstration plane's requests.
        const listed = await call<{ requests: unknown[] }>(liveKey, 'GET', '/v1/requests');
        expect(listed.status).toBe(200);
        expect(listed.body.requests).toEqual([]);

        expect(await stop(server)).toBe(0);
        server = null;
      } finally {
        if (server) server.child.kill('SIGKILL');
      }

      // A background worker starts as the login role too.
      const work = await startWorkCommand({ databaseUrl: urlAs('login'), secretsKey });
      await work.stop();
    });

    it('a role that migrates without belonging to the policy roles, and may not grant them, stops naming the setup SQL', async () => {
      const password = randomBytes(12).toString('hex');
      await admin.query(`CREATE DATABASE ${names.bareDatabase}`);
      await admin.query(`CREATE ROLE ${names.bare} LOGIN PASSWORD '${password}'`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${names.bareDatabase}`;
      const inDatabase = new pg.Client({ connectionString: url.toString() });
      await inDatabase.connect();
      try {
        await inDatabase.query(`ALTER SCHEMA public OWNER TO ${names.bare}`);
      } finally {
        await inDatabase.end();
      }
      url.username = names.bare;
      url.password = password;
      const refused = await cliWithEnv(dataDir, { DATABASE_URL: url.toString() }, 'migrate', '--json');
      expect(refused.code).toBe(1);
      const { error } = JSON.parse(refused.stdout) as { error: { message: string } };
      expect(error.message).toContain(`${names.bare} is not a member of the role funder_api_funder`);
      expect(error.message).toContain('funder-api db setup-sql');
      // The failing file left nothing behind: the migrations run in one transaction.
      const left = new pg.Client({ connectionString: url.toString() });
      await left.connect();
      try {
        const tables = await left.query(
          `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
        );
        expect(tables.rows[0].n).toBe(0);
      } finally {
        await left.end();
      }
    });

    it('run by psql on the wrong database without ON_ERROR_STOP, the printed SQL changes nothing there', async () => {
      const wrong = `${names.database}_wrong`;
      const roles = { owner: `funder_api_wrongo_${suffix}`, login: `funder_api_wronga_${suffix}` };
      await admin.query(`CREATE DATABASE ${wrong}`);
      try {
        const printed = await cliWithEnv(
          dataDir,
          {},
          'db',
          'setup-sql',
          '--owner',
          roles.owner,
          '--login',
          roles.login,
          '--database',
          names.database,
        );
        expect(printed.code, printed.stderr).toBe(0);
        const file = join(dataDir, 'setup.sql');
        await writeFile(file, printed.stdout);
        const url = new URL(process.env.TEST_DATABASE_URL ?? '');
        url.pathname = `/${wrong}`;
        // psql goes on after an error unless told to stop: the script itself must fail closed.
        const run = spawnSync('psql', ['-X', '-q', '-d', url.toString(), '-f', file], {
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(run.stderr).toContain(`connect to the database "${names.database}"`);
        const left = new pg.Client({ connectionString: url.toString() });
        await left.connect();
        try {
          const owner = await left.query<{ owner: string }>(
            "SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'public'",
          );
          expect(owner.rows[0]?.owner).not.toBe(roles.owner);
          const made = await left.query('SELECT rolname FROM pg_roles WHERE rolname = ANY($1)', [
            [roles.owner, roles.login],
          ]);
          expect(made.rows).toEqual([]);
        } finally {
          await left.end();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${wrong} WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS ${roles.owner}`);
        await admin.query(`DROP ROLE IF EXISTS ${roles.login}`);
      }
    });
  },
);
