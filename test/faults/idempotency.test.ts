import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freePort,
  listenersCaller,
  SUITE_TIMEOUT,
  startServer,
  tempDataDir,
} from '../support/cli.ts';
import { freshDatabase, onPostgres, type TestDatabase } from '../support/database.ts';

/*
 * An API server killed after its write committed and before its answer went out. A trigger of
 * the test's own database holds the answer's last statement for a moment (the window a crash
 * falls in: the write is committed, the client has no answer yet), and the server is killed
 * with SIGKILL right then. The client sends the same call again, with the same Idempotency-Key,
 * to a new server: it gets the first call's answer, and the write is there once.
 */

let database: TestDatabase | undefined;
afterAll(async () => {
  await cleanUpProcesses();
  await database?.drop();
});

/** Polls until `probe` answers true, at most `ms` (real time). */
async function until(what: string, probe: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!onPostgres())(
  'a server killed between its commit and its answer',
  { timeout: SUITE_TIMEOUT },
  () => {
    it('leaves a key that answers the first answer on any server, with the write made once', async () => {
      database = await freshDatabase();
      // The server's superuser on the test's own database: the trigger is the test's, not the service's.
      const adminUrl = new URL(process.env.TEST_DATABASE_URL!);
      adminUrl.pathname = new URL(database.url!).pathname;
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      // Dropping the database at the end ends this connection too: not an error of the test.
      admin.on('error', () => undefined);
      const env = {
        DATABASE_URL: database.url!,
        SECRETS_KEY: randomBytes(32).toString('base64'),
        OPS_TOKEN: `ops_${randomBytes(24).toString('hex')}`,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
      };
      const start = async () => {
        const port = await freePort();
        const opsPort = await freePort();
        const server = await startServer(await tempDataDir(), port, 'background jobs', {
          ...env,
          PORT: String(port),
          OPS_PORT: String(opsPort),
        });
        return { server, call: listenersCaller(port, opsPort) };
      };

      const first = await start();
      const funder = await first.call(env.OPS_TOKEN, 'POST', '/ops/v1/funders', {
        name: 'Crash After Commit',
        environment: 'live',
      });
      expect(funder.status, funder.text).toBe(201);
      const bankId = (JSON.parse(funder.text) as { funder: { bank_id: string } }).funder.bank_id;
      const issued = await first.call(env.OPS_TOKEN, 'POST', '/ops/v1/keys', {
        bank_id: bankId,
        name: 'crash after commit',
        scopes: ['limits:write', 'limits:read'],
      });
      expect(issued.status, issued.text).toBe(201);
      const key = (JSON.parse(issued.text) as { secret: string }).secret;

      // The answer's own statement after the commit (the key keeping what was sent) waits here.
      await admin.query(`
        CREATE FUNCTION test_hold_answer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_sleep(2); RETURN NEW; END $$;
        CREATE TRIGGER test_hold_answer BEFORE UPDATE ON idempotency_keys FOR EACH ROW
          WHEN (OLD.write_committed AND NEW.idempotency_key LIKE 'hold-%')
          EXECUTE FUNCTION test_hold_answer();`);

      const limitsSet = async () =>
        Number(
          (
            await admin.query<{ n: string }>(
              `SELECT count(*) AS n FROM evidence_entries WHERE kind = 'credit_limit.set'`,
            )
          ).rows[0]!.n,
        );
      const before = await limitsSet();
      const body = { debtor_tax_id: 'B76543210', debtor_country: 'ES', amount: 25_000 };
      const headers = { 'idempotency-key': 'hold-1' };
      const lost = first.call(key, 'PUT', '/v1/credit-limits', body, headers).then(
        (answer) => answer,
        (err: Error) => err,
      );
      const holding = async () =>
        (
          await admin.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE 'UPDATE idempotency_keys%' AND wait_event = 'PgSleep'`,
          )
        ).rows[0]!.n !== '0';
      await until('the answer held after the commit', holding);
      const committed = await admin.query<{ write_committed: boolean }>(
        `SELECT write_committed FROM idempotency_keys WHERE idempotency_key = 'hold-1'`,
      );
      expect(committed.rows[0]?.write_committed).toBe(true);

      first.server.child.kill('SIGKILL');
      await first.server.exited;
      // The crashed server's connection goes with it.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'UPDATE idempotency_keys%' AND wait_event = 'PgSleep'`,
      );
      const answerLost = await lost;
      // The client never had an answer.
      expect(answerLost).toBeInstanceOf(Error);

      const second = await start();
      const retry = await second.call(key, 'PUT', '/v1/credit-limits', body, headers);
      const fresh = await second.call(key, 'GET', '/v1/credit-limits');
      const figures = {
        retry_status: retry.status,
        writes_acknowledged: 1,
        writes_present: (await limitsSet()) - before,
      };
      console.log(`crash after commit: ${JSON.stringify(figures)}`);
      // The first call's answer, marked as a replay; the limit set once, as the list shows it.
      expect(retry.status, retry.text).toBe(200);
      const limit = JSON.parse(retry.text) as { debtor_tax_id?: string; amount?: number };
      expect(JSON.stringify(limit)).toContain('B76543210');
      expect(fresh.text).toContain('B76543210');
      expect(figures.writes_present).toBe(1);
      second.server.child.kill('SIGTERM');
      await second.server.exited;
      await admin.end();
    });
  },
);
