import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLOCK_START } from '../../../test/support/clock.ts';
import { freshDatabase, onPostgres, type TestDatabase } from '../../../test/support/database.ts';
import { expectError } from '../../../test/support/errors.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { manualClock } from '../../platform/clock.ts';
import type { App } from '../../platform/http/app.ts';
import { createRuntime, type Runtime } from '../../runtime.ts';

/**
 * The sign-up caps of a client link hold across servers: two API servers on one PostgreSQL
 * database (counting in the database, or in Redis when TEST_REDIS_URL is set), sign-ups sent
 * to both in turn.
 */
const modes = [
  { name: 'counting in PostgreSQL', redisUrl: null as string | null, skip: false },
  {
    name: 'counting in Redis',
    redisUrl: process.env.TEST_REDIS_URL ?? null,
    skip: !process.env.TEST_REDIS_URL,
  },
];

describe.skipIf(!onPostgres())('sign-up caps across two servers', () => {
  for (const { name, redisUrl, skip } of modes)
    describe.skipIf(skip)(name, () => {
      let database: TestDatabase;
      let first: TestService;
      let secondRuntime: Runtime;
      let second: App;
      const secretsKey = randomBytes(32);

      beforeAll(async () => {
        database = await freshDatabase();
        first = await startService({ database, config: { redisUrl } });
        secondRuntime = await createRuntime(first.runtime.config, {
          db: database.connect(),
          clock: manualClock(TEST_CLOCK_START),
          logger: pino({ level: 'silent' }),
          secrets: { opsToken: first.opsToken, secretsKey },
        });
        second = await secondRuntime.buildApp();
      });
      afterAll(async () => {
        await second?.close();
        await secondRuntime?.close();
        await first?.close();
        await database?.drop();
      });

      it('refuses the 21st sign-up of an hour whichever server takes it', async () => {
        const funder = await first.given.funderWithKey();
        const link = await first.call<{ client_link: { id: string } }>(
          funder.key,
          'POST',
          '/v1/client-links',
          {
            body: {},
          },
        );
        expect(link.status).toBe(201);
        const arrival = async (server: 'first' | 'second', i: number) => {
          const body = {
            company_name: `Empresa ${i} SL`,
            tax_id: `B8${String(i).padStart(7, '0')}`,
            country: 'ES',
            email: `e${i}@x.example`,
          };
          const url = `/ops/v1/client-links/${link.body.client_link.id}/arrivals`;
          if (server === 'first') return first.ops('POST', url, body);
          const answer = await second.inject({
            method: 'POST',
            url,
            headers: { authorization: `Bearer ${first.opsToken}`, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          return { status: answer.statusCode, body: answer.json() as unknown, headers: answer.headers };
        };
        // Start at the top of an hour, on the clock both servers share.
        const now = new Date(((await first.ops('GET', '/ops/v1/clock')).body as { now: string }).now);
        await first.advanceClock(3600 - ((now.getTime() / 1000) % 3600) + 60);
        for (let i = 0; i < 20; i++) {
          const answer = await arrival(i % 2 === 0 ? 'first' : 'second', i);
          expect(answer.status).toBe(201);
        }
        expectError(await arrival('second', 20), 429, 'signup_limit');
        expectError(await arrival('first', 21), 429, 'signup_limit');
      });
    });
});
