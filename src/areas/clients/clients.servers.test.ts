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
 * database, the sign-ups counted from the invitations in that database (whether or not the key
 * limits count in Redis), sent to both servers in turn and all at once.
 */
describe.skipIf(!onPostgres())('sign-up caps across two servers', () => {
  let database: TestDatabase;
  let first: TestService;
  let secondRuntime: Runtime;
  let second: App;
  const secretsKey = randomBytes(32);

  beforeAll(async () => {
    database = await freshDatabase();
    first = await startService({ database, config: { redisUrl: process.env.TEST_REDIS_URL ?? null } });
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

  async function newLink() {
    const funder = await first.given.funderWithKey();
    const link = await first.call<{ client_link: { id: string } }>(funder.key, 'POST', '/v1/client-links', {
      body: {},
    });
    expect(link.status).toBe(201);
    return link.body.client_link.id;
  }

  let n = 0;
  const arrival = async (linkId: string, server: 'first' | 'second') => {
    n += 1;
    const body = {
      company_name: `Empresa ${n} SL`,
      tax_id: `B8${String(n).padStart(7, '0')}`,
      country: 'ES',
      email: `e${n}@x.example`,
    };
    const url = `/ops/v1/client-links/${linkId}/arrivals`;
    if (server === 'first') return first.ops('POST', url, body);
    const answer = await second.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${first.opsToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: answer.statusCode, body: answer.json() as unknown, headers: answer.headers };
  };

  it('refuses the 21st sign-up of any 60 minutes whichever server takes it', async () => {
    const linkId = await newLink();
    for (let i = 0; i < 20; i++) {
      const answer = await arrival(linkId, i % 2 === 0 ? 'first' : 'second');
      expect(answer.status).toBe(201);
    }
    expectError(await arrival(linkId, 'second'), 429, 'signup_limit');
    expectError(await arrival(linkId, 'first'), 429, 'signup_limit');
  });

  it('takes exactly 20 of 30 sign-ups sent to both servers at once', async () => {
    const linkId = await newLink();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => arrival(linkId, i % 2 === 0 ? 'first' : 'second')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(20).fill(201), ...Array(10).fill(429)]);
    const { rows } = await first.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM client_invitations WHERE link_id = $1',
      [linkId],
    );
    expect(rows[0]!.n).toBe(20);
  });
});
