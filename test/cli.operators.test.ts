import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  cli,
  cliWithEnv,
  freePort,
  httpCaller,
  migratedDataDir,
  NO_DEMO,
  SERVING,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';
import { freshDatabase, onPostgres } from './support/database.ts';
import { startService } from './support/service.ts';

/*
 * `funder-api operators issue|revoke|list`: through a running server that holds the embedded
 * database and has an operations listener (OPS_PORT), directly on the embedded database, and
 * on PostgreSQL. The listeners' split itself is in test/ops-listener.test.ts.
 */

afterAll(cleanUpProcesses);

interface Issued {
  operator: { name: string };
  token: string;
}

async function json<T>(outcome: { code: number | null; stdout: string; stderr: string }): Promise<T> {
  if (outcome.code !== 0) throw new Error(`exited ${outcome.code}: ${outcome.stdout}${outcome.stderr}`);
  return JSON.parse(outcome.stdout) as T;
}

// Starting a server and the embedded database are process tests: the PostgreSQL run would repeat
// them unchanged, so it leaves them to the embedded run.
describe.skipIf(onPostgres())('operators through a running server with an operations listener', () => {
  it(
    'issue, call, list, revoke: the command line reaches the server on its operations port',
    async () => {
      const dataDir = await migratedDataDir();
      const [port, opsPort] = [await freePort(), await freePort()];
      const server = await startServer(dataDir, port, SERVING, { ...NO_DEMO, OPS_PORT: String(opsPort) });
      const onPublic = httpCaller(port);
      const onOps = httpCaller(opsPort);

      const issued = await json<Issued>(
        await cli(dataDir, 'operators', 'issue', '--name', 'night-shift', '--role', 'support', '--json'),
      );
      expect(issued.operator).toMatchObject({ name: 'night-shift', role: 'support', issued_by: 'bootstrap' });
      // A support token plays the parties but issues no operator.
      const minted = await onOps<{ error: { code: string } }>(issued.token, 'POST', '/ops/v1/operators', {
        name: 'escalated',
        role: 'admin',
      });
      expect([minted.status, minted.body.error.code]).toEqual([403, 'forbidden']);
      // The role is never a default.
      const noRole = await cli(dataDir, 'operators', 'issue', '--name', 'no-role');
      expect(noRole.code).not.toBe(0);
      expect(noRole.stderr).toContain('--role');
      expect((await onOps(issued.token, 'GET', '/ops/v1/funders')).status).toBe(200);
      expect((await onPublic(issued.token, 'GET', '/ops/v1/funders')).status).toBe(404);
      expect((await onOps('', 'GET', '/readyz')).status).toBe(200);
      expect((await onPublic('', 'GET', '/readyz')).status).toBe(404);

      const listed = await cli(dataDir, 'operators', 'list', '--json');
      const list = await json<{ operators: { name: string; revoked_at: string | null }[] }>(listed);
      expect(list.operators.map((o) => [o.name, o.revoked_at])).toEqual([['night-shift', null]]);
      expect(listed.stdout).not.toContain(issued.token);
      const human = await cli(dataDir, 'operators', 'list');
      expect(human.stdout).toContain('night-shift');
      expect(human.stdout).not.toContain(issued.token);

      // An admin the command line issued issues another; revoking the first takes the second.
      const lead = await json<Issued>(
        await cli(dataDir, 'operators', 'issue', '--name', 'lead', '--role', 'admin', '--json'),
      );
      const sub = await onOps<Issued>(lead.token, 'POST', '/ops/v1/operators', {
        name: 'sub',
        role: 'auditor',
      });
      expect(sub.status).toBe(201);
      const revokedLine = await cli(dataDir, 'operators', 'revoke', '--name', 'lead');
      expect(revokedLine.code).toBe(0);
      expect(revokedLine.stdout).toContain('Revoked with it');
      expect(revokedLine.stdout).toContain('sub (auditor, issued by lead)');
      expect((await onOps(sub.body.token, 'GET', '/ops/v1/funders')).status).toBe(401);
      // What lead did, read back through the running server.
      const trail = await json<{
        entries: { kind: string; actor: { operator: string }; payload: { name: string } }[];
      }>(await cli(dataDir, 'audit', '--operator', 'lead', '--all', '--json'));
      expect(trail.entries.map((e) => [e.kind, e.payload.name])).toEqual([['operator.issued', 'sub']]);
      const bootstrapTrail = await cli(
        dataDir,
        'audit',
        '--operator',
        'bootstrap',
        '--kind',
        'operator.revoked',
      );
      expect(bootstrapTrail.stdout).toContain('operator.revoked');

      await json(await cli(dataDir, 'operators', 'revoke', '--name', 'night-shift', '--json'));
      const refused = await onOps<{ error: { code: string } }>(issued.token, 'GET', '/ops/v1/funders');
      expect([refused.status, refused.body.error.code]).toEqual([401, 'unauthorized']);
      // The other commands still reach it too.
      expect((await cli(dataDir, 'funders', 'list', '--json')).code).toBe(0);
      expect(await stop(server)).toBe(0);
    },
    SUITE_TIMEOUT,
  );

  it(
    'issue and list on the embedded database directly; a bad name is refused before any work',
    async () => {
      const dataDir = await migratedDataDir();
      const issued = await json<Issued>(
        await cli(dataDir, 'operators', 'issue', '--name', 'alice', '--role', 'admin', '--json'),
      );
      expect(issued.token).toMatch(/^svc_op_[0-9a-f]{64}$/);
      const list = await json<{ operators: { name: string }[] }>(
        await cli(dataDir, 'operators', 'list', '--json'),
      );
      expect(list.operators.map((o) => o.name)).toEqual(['alice']);
      // The command line on the database is the issuer `cli`, and the audit trail says so.
      const trail = await cli(dataDir, 'audit', '--operator', 'cli');
      expect(trail.code).toBe(0);
      expect(trail.stdout).toMatch(/operator cli\s+operator\.issued/);
      const badSince = await cli(dataDir, 'audit', '--since', 'yesterday', '--json');
      expect(badSince.code).not.toBe(0);
      expect(JSON.parse(badSince.stdout).error.code).toBe('query_invalid');
      const bad = await cli(
        await tempDataDir(),
        'operators',
        'issue',
        '--name',
        'Not A Name',
        '--role',
        'admin',
        '--json',
      );
      expect(bad.code).not.toBe(0);
      expect(JSON.parse(bad.stdout).error.code).toBe('name_invalid');
    },
    SUITE_TIMEOUT,
  );
});

describe.skipIf(!onPostgres())('operators on PostgreSQL', () => {
  it(
    'a token issued by the command line opens the operations API until it is revoked',
    async () => {
      const database = await freshDatabase();
      const service = await startService({ database });
      try {
        const env = { DATABASE_URL: database.url! };
        const dataDir = await tempDataDir();
        const issued = await json<Issued>(
          await cliWithEnv(
            dataDir,
            env,
            'operators',
            'issue',
            '--name',
            'pg-operator',
            '--role',
            'admin',
            '--json',
          ),
        );
        const get = (token: string) =>
          service.app.inject({
            method: 'GET',
            url: '/ops/v1/funders',
            headers: { authorization: `Bearer ${token}` },
          });
        expect((await get(issued.token)).statusCode).toBe(200);
        const list = await cliWithEnv(dataDir, env, 'operators', 'list', '--json');
        expect(JSON.parse(list.stdout).operators.map((o: { name: string }) => o.name)).toEqual([
          'pg-operator',
        ]);
        expect(list.stdout).not.toContain(issued.token);
        await json(await cliWithEnv(dataDir, env, 'operators', 'revoke', '--name', 'pg-operator', '--json'));
        expect((await get(issued.token)).statusCode).toBe(401);
      } finally {
        await service.close();
      }
    },
    SUITE_TIMEOUT,
  );
});
