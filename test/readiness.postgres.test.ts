import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, clusterSkipReason, createCluster } from './faults/support/cluster.ts';
import {
  cleanUpProcesses,
  freePort,
  PROCESS_MINUTES,
  type Server,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';

/**
 * Readiness against a PostgreSQL cluster the test starts itself (initdb and pg_ctl, on a port
 * of its own): 200 while it answers, 503 `not_ready` in the envelope promptly once it is
 * stopped (never a hang), 200 again by itself once it is back; 503 too when the schema is not
 * at the version the code expects.
 */

afterAll(cleanUpProcesses);

interface Ready {
  status: number;
  body: {
    status?: string;
    checks?: unknown[];
    error?: { code: string; checks: unknown[]; request_id?: string };
  };
}

describe.skipIf(clusterSkipReason !== null)(
  `readiness on a PostgreSQL cluster of its own (${clusterSkipReason ?? 'runs'})`,
  () => {
    let cluster: Cluster;
    let port: number;
    let url: string;
    let server: Server;
    let apiPort: number;

    /** One readiness call; it must answer within a generous bound, never hang. */
    const ready = async (): Promise<Ready> => {
      const response = await fetch(`http://127.0.0.1:${apiPort}/readyz`, {
        signal: AbortSignal.timeout(60_000),
      });
      return { status: response.status, body: (await response.json()) as Ready['body'] };
    };

    /** Asks until the answer has `status`; every answer on the way is 200 or 503, never anything else. */
    const until = async (status: number): Promise<Ready> => {
      const deadline = Date.now() + PROCESS_MINUTES * 60_000;
      for (;;) {
        const answer = await ready();
        expect([200, 503]).toContain(answer.status);
        if (answer.status === status) return answer;
        if (Date.now() > deadline) throw new Error(`readiness never answered ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    beforeAll(async () => {
      cluster = await createCluster();
      ({ port, url } = cluster);
      apiPort = await freePort();
      server = await startServer(await tempDataDir(), apiPort, 'background jobs not run in this process', {
        DATABASE_URL: url,
        OPS_TOKEN: `ops_${'5'.repeat(48)}`,
        SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
        LOG_LEVEL: 'info',
      });
    }, SUITE_TIMEOUT);

    afterAll(async () => {
      if (server) await stop(server);
      await cluster?.remove();
    }, SUITE_TIMEOUT);

    it(
      'answers 200 while the database answers, 503 in the envelope once it is stopped, and 200 again once it is back',
      async () => {
        const up = await ready();
        expect(up).toEqual({
          status: 200,
          body: {
            status: 'ready',
            checks: [
              { name: 'database', status: 'ok' },
              { name: 'migrations', status: 'ok' },
            ],
          },
        });

        await cluster.stop('immediate');
        const down = await until(503);
        expect(down.body.error).toMatchObject({ code: 'not_ready', request_id: expect.any(String) });
        expect(down.body.error?.checks).toContainEqual({ name: 'database', status: 'failing' });
        // Check names only: no address, no driver message.
        expect(JSON.stringify(down.body)).not.toContain(String(port));
        expect(JSON.stringify(down.body)).not.toMatch(/ECONNREFUSED|connect/i);
        // The other routes still answer, without the database.
        expect((await fetch(`http://127.0.0.1:${apiPort}/v1/health`)).status).toBe(200);

        await cluster.start();
        expect((await until(200)).body.status).toBe('ready');
      },
      SUITE_TIMEOUT,
    );

    it(
      'answers 503 naming the migrations while the schema is behind the code',
      async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const { rows } = await client.query<{ name: string }>(
            'SELECT max(name) AS name FROM schema_migrations',
          );
          const last = rows[0]!.name;
          await client.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
          const behind = await until(503);
          expect(behind.body.error?.checks).toEqual([
            { name: 'database', status: 'ok' },
            { name: 'migrations', status: 'failing' },
          ]);
          await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last]);
          await until(200);
        } finally {
          await client.end();
        }
      },
      SUITE_TIMEOUT,
    );
  },
);
