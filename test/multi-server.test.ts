import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/platform/clock.ts';
import type { App } from '../src/platform/http/app.ts';
import { BAD_KEY_LIMIT_PER_MINUTE } from '../src/platform/http/auth.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';
import { TEST_CLOCK_START } from './support/clock.ts';
import { freshDatabase, type TestDatabase } from './support/database.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * Two API servers, each with its own runtime and connection pool, on one PostgreSQL
 * database, answering real HTTP on 127.0.0.1: what holds "across all servers" must hold here.
 */
const modes: { name: string; redisUrl: string | null; skip: boolean }[] = [
  { name: 'counting in PostgreSQL', redisUrl: null, skip: false },
  {
    name: 'counting in Redis',
    redisUrl: process.env.TEST_REDIS_URL ?? null,
    skip: !process.env.TEST_REDIS_URL,
  },
];

interface Server {
  url: string;
  call(key: string | null, method: string, path: string, body?: unknown): Promise<Response>;
  ops(method: string, path: string, body?: unknown): Promise<Response>;
}

function serverAt(app: App, opsToken: string): Server {
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const call = (key: string | null, method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  return { url, call, ops: (method, path, body) => call(opsToken, method, path, body) };
}

/** GET /v1/me with a key, sent from a given local address. */
function statusFrom(localAddress: string, server: Server, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.url}/v1/me`,
      { localAddress, headers: { authorization: `Bearer ${key}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API servers on one database', () => {
  for (const { name, redisUrl, skip } of modes)
    describe.skipIf(skip)(name, () => {
      let database: TestDatabase;
      let first: TestService;
      let secondRuntime: Runtime;
      let secondApp: App;
      let a: Server;
      let b: Server;

      beforeAll(async () => {
        database = await freshDatabase();
        first = await startService({ database, config: { redisUrl } });
        secondRuntime = await createRuntime(first.runtime.config, {
          db: database.connect(),
          clock: manualClock(TEST_CLOCK_START),
          logger: pino({ level: 'silent' }),
          secrets: { opsToken: first.opsToken, secretsKey: randomBytes(32) },
        });
        secondApp = await secondRuntime.buildApp();
        await first.app.listen({ port: 0, host: '127.0.0.1' });
        await secondApp.listen({ port: 0, host: '127.0.0.1' });
        a = serverAt(first.app, first.opsToken);
        b = serverAt(secondApp, first.opsToken);
        expect(a.url).not.toBe(b.url);
      });

      afterAll(async () => {
        await secondApp?.close();
        await secondRuntime?.close();
        await first?.close();
        await database?.drop();
      });

      const clockOf = async (server: Server): Promise<{ now: string; manual: boolean }> =>
        (await server.ops('GET', '/ops/v1/clock')).json() as Promise<{ now: string; manual: boolean }>;

      /** Both servers read the manual clock from the database; start a fresh minute on it. */
      async function startOfNextMinute(): Promise<void> {
        const seconds = Math.floor(new Date((await clockOf(b)).now).getTime() / 1000);
        await first.advanceClock(60 - (seconds % 60));
      }

      /** The calls counted in a key's minute, shared by both servers. */
      async function hitsOf(keyId: string): Promise<number> {
        const { rows } = await first.db.query<{ hits: number }>(
          'SELECT first_hits AS hits FROM rate_counters WHERE bucket = $1',
          [`key:${keyId}|60,3600`],
        );
        return rows[0]?.hits ?? 0;
      }

      it('the manual clock moved through one server is the time the other reads', async () => {
        await first.advanceClock(3600);
        const fromA = await clockOf(a);
        const fromB = await clockOf(b);
        expect(fromA.manual).toBe(true);
        // The clock starts at the fixed test instant, never the machine's time.
        expect(new Date(fromA.now).getTime()).toBeGreaterThanOrEqual(TEST_CLOCK_START.getTime() + 3600_000);
        expect(fromB).toEqual(fromA);
      });

      it('a key limited to 10 calls a minute is refused on its 11th call, whichever servers took the first 10', async () => {
        await startOfNextMinute();
        const { key, keyId } = await first.given.funderWithKey({ perMinute: 10 });

        const remaining: string[] = [];
        for (let i = 1; i <= 10; i++) {
          const server = i % 2 === 1 ? a : b;
          const answer = await server.call(key, 'GET', '/v1/me');
          expect(answer.status, `call ${i} on ${server.url}`).toBe(200);
          remaining.push(answer.headers.get('ratelimit-remaining') ?? '');
        }
        // One count for both servers: 9, 8, ..., 0.
        expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);

        const eleventh = await a.call(key, 'GET', '/v1/me');
        expect(eleventh.status).toBe(429);
        expect(eleventh.headers.get('retry-after')).toBe('60');
        expect(await eleventh.json()).toEqual({
          error: {
            code: 'rate_limited',
            message: expect.any(String),
            request_id: eleventh.headers.get('request-id'),
            retry_after_seconds: 60,
            limit: 10,
            window_seconds: 60,
          },
        });
        expect((await b.call(key, 'GET', '/v1/me')).status).toBe(429);

        // Counted where the servers were told to count: the database, or Redis alone.
        const { rows } = await first.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM rate_counters WHERE bucket = $1',
          [`key:${keyId}|60,3600`],
        );
        expect(rows[0]!.n > 0).toBe(redisUrl === null);

        // The next minute, on either server.
        await first.advanceClock(60);
        expect((await b.call(key, 'GET', '/v1/me')).status).toBe(200);
        expect((await a.call(key, 'GET', '/v1/me')).status).toBe(200);
      });

      // Counting ahead is the database counter's (Redis counts every call on its own).
      it.skipIf(redisUrl !== null)(
        'a key with a high limit, counted ahead by each server, is never answered past its limit',
        async () => {
          await startOfNextMinute();
          const { key, keyId } = await first.given.funderWithKey({ perMinute: 640 });
          let answered = 0;
          for (let i = 1; i <= 700; i++) {
            const answer = await (i % 2 === 1 ? a : b).call(key, 'GET', '/v1/me');
            expect([200, 429], `call ${i}`).toContain(answer.status);
            if (answer.status === 200) answered += 1;
          }
          const counted = await hitsOf(keyId);
          // The shared count never fell behind the calls answered, so the limit held across both.
          expect(answered).toBeLessThanOrEqual(640);
          expect(counted).toBeGreaterThanOrEqual(answered);
          // What the other server still held refused a call early by at most a 64th of the limit.
          expect(answered).toBeGreaterThanOrEqual(640 - 640 / 64);
        },
      );

      it.skipIf(redisUrl !== null)(
        'calls a server counted ahead never outlive a revocation or a lowered limit',
        async () => {
          await startOfNextMinute();
          const revoked = await first.given.funderWithKey({ perMinute: 6400 });
          const lowered = await first.given.funderWithKey({ perMinute: 6400 });
          for (let i = 1; i <= 60; i++) {
            expect((await a.call(revoked.key, 'GET', '/v1/me')).status).toBe(200);
            expect((await a.call(lowered.key, 'GET', '/v1/me')).status).toBe(200);
          }
          // Server a holds calls counted ahead for both keys.
          expect(await hitsOf(revoked.keyId)).toBeGreaterThan(60);
          expect(await hitsOf(lowered.keyId)).toBeGreaterThan(60);

          expect((await b.ops('POST', `/ops/v1/keys/${revoked.keyId}/revoke`, {})).status).toBe(200);
          const refused = await a.call(revoked.key, 'GET', '/v1/me');
          expect(refused.status).toBe(401);

          // A limit changed in the database (no route changes one yet) applies to the next call.
          await first.db.query('UPDATE api_keys SET rate_per_minute = 5 WHERE id = $1', [lowered.keyId]);
          const limited = await a.call(lowered.key, 'GET', '/v1/me');
          expect(limited.status).toBe(429);
          expect(((await limited.json()) as { error: { limit: number } }).error.limit).toBe(5);
        },
      );

      it('repeated bad keys from one address are counted across servers too', async () => {
        await startOfNextMinute();
        // An address of its own on the loopback network, so no other run shares its bucket.
        const from = `127.${randomBytes(3).join('.')}`;
        const badKey = `svc_fk_${randomBytes(32).toString('hex')}`;
        for (let i = 1; i <= BAD_KEY_LIMIT_PER_MINUTE; i++) {
          const status = await statusFrom(from, i % 2 === 1 ? a : b, badKey);
          expect(status, `bad call ${i}`).toBe(401);
        }
        expect(await statusFrom(from, a, badKey)).toBe(429);
        expect(await statusFrom(from, b, badKey)).toBe(429);
        // Another address is still told unauthorized.
        expect(await statusFrom(`127.${randomBytes(3).join('.')}`, b, badKey)).toBe(401);
      });

      it('a key revoked through one server is refused at once by the other', async () => {
        const { key, keyId } = await first.given.funderWithKey();
        expect((await b.call(key, 'GET', '/v1/me')).status).toBe(200);
        expect((await a.ops('POST', `/ops/v1/keys/${keyId}/revoke`, {})).status).toBe(200);
        const answer = await b.call(key, 'GET', '/v1/me');
        expect(answer.status).toBe(401);
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      });

      it('a funder suspended through one server is refused by the other', async () => {
        const { key, bankId } = await first.given.funderWithKey();
        expect(
          (await b.ops('POST', `/ops/v1/funders/${bankId}/status`, { status: 'suspended' })).status,
        ).toBe(200);
        const answer = await a.call(key, 'GET', '/v1/me');
        expect(answer.status).toBe(403);
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      });
    });
});
