import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freePort,
  funderKeyOver,
  httpCaller,
  migratedDataDir,
  NO_DEMO,
  PROCESS_MINUTES,
  SERVING,
  type Server,
  SUITE_TIMEOUT,
  startServer,
  stop,
} from './support/cli.ts';

/**
 * With REDIS_URL, through the compiled server and a Redis it starts itself: readiness stays 200
 * and names Redis degraded while it is down, calls are still answered with their rate limits
 * counted in the database meanwhile, and counting returns to Redis once it is back.
 */

const redisServer = spawnSync('which', ['redis-server']).status === 0;

afterAll(cleanUpProcesses);

describe.skipIf(!redisServer)(
  `readiness and rate limits while Redis is down (${redisServer ? 'runs' : 'redis-server is not on PATH'})`,
  () => {
    let redisPort: number;
    let redisProcess: ChildProcess | null = null;
    let server: Server;
    let apiPort: number;
    let key: string;

    const startRedis = async () => {
      redisProcess = spawn(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      const client = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 100 });
      client.on('error', () => undefined);
      await client.connect().catch(() => undefined);
      await until(async () => (await client.ping().catch(() => null)) === 'PONG', 'Redis answering');
      client.disconnect();
    };
    const stopRedis = async () => {
      const child = redisProcess;
      redisProcess = null;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    };
    /** The rate-limit keys Redis holds now. */
    const keysInRedis = async (): Promise<number> => {
      const client = new Redis(redisPort, '127.0.0.1');
      try {
        return (await client.keys('funder-api:rate:*')).length;
      } finally {
        client.disconnect();
      }
    };

    const until = async (condition: () => Promise<boolean>, what: string) => {
      const deadline = Date.now() + PROCESS_MINUTES * 60_000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error(`never: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const ready = async () => {
      const response = await fetch(`http://127.0.0.1:${apiPort}/readyz`, {
        signal: AbortSignal.timeout(60_000),
      });
      return {
        status: response.status,
        body: (await response.json()) as { status?: string; checks?: unknown[]; error?: { code: string } },
      };
    };
    const me = () =>
      fetch(`http://127.0.0.1:${apiPort}/v1/me`, {
        headers: { authorization: `Bearer ${key}` },
        signal: AbortSignal.timeout(60_000),
      });

    beforeAll(async () => {
      redisPort = await freePort();
      await startRedis();
      apiPort = await freePort();
      const opsToken = `ops_${randomBytes(24).toString('hex')}`;
      server = await startServer(await migratedDataDir(), apiPort, SERVING, {
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        OPS_TOKEN: opsToken,
        ...NO_DEMO,
      });
      // A funder's key, made over the operations API (on the API's port outside production).
      key = (await funderKeyOver(httpCaller(apiPort), opsToken, { scopes: ['requests:read'] })).key;
    }, SUITE_TIMEOUT);

    afterAll(async () => {
      if (server) await stop(server);
      await stopRedis();
    }, SUITE_TIMEOUT);

    it(
      'stays ready naming Redis degraded while it is down, keeps answering calls counted in the database, and counts in Redis again once it is back',
      async () => {
        expect((await ready()).body.checks).toContainEqual({ name: 'redis', status: 'ok' });
        expect((await me()).status).toBe(200);
        expect(await keysInRedis()).toBeGreaterThan(0);

        await stopRedis();
        const redisDegraded = async () =>
          JSON.stringify((await ready()).body.checks ?? []).includes('"name":"redis","status":"degraded"');
        await until(redisDegraded, 'readiness naming Redis degraded');
        const down = await ready();
        // Still ready: the server serves without Redis, so the load balancer keeps sending.
        expect(down.status).toBe(200);
        expect(down.body.status).toBe('ready');
        expect(down.body.checks).toContainEqual({ name: 'database', status: 'ok' });
        // Calls are still answered, with their limits counted (in the database) and told.
        for (let i = 0; i < 5; i += 1) {
          const answer = await me();
          expect(answer.status).toBe(200);
          expect(answer.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
        }

        // A fresh Redis, empty: a key in it after a call is a call counted there again.
        await startRedis();
        expect(await keysInRedis()).toBe(0);
        await until(
          async () =>
            JSON.stringify((await ready()).body.checks ?? []).includes('"name":"redis","status":"ok"'),
          'Redis ok again in readiness',
        );
        expect((await me()).status).toBe(200);
        expect(await keysInRedis()).toBeGreaterThan(0);
      },
      SUITE_TIMEOUT,
    );
  },
);
