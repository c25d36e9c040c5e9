import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLOCK_START } from '../../../test/support/clock.ts';
import { freshDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { expectOk } from '../../../test/support/errors.ts';
import { limitsGiven, type MadeRequest } from '../../../test/support/limits-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { manualClock } from '../../platform/clock.ts';
import type { App } from '../../platform/http/app.ts';
import { SCOPES } from '../../platform/http/scopes.ts';
import { createRuntime, type Runtime } from '../../runtime.ts';

/**
 * Many offers racing against one limit, sent to two API servers (each its own runtime and
 * connection pool) on one PostgreSQL database: the limit must hold whichever server takes each.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('offers racing against one limit from two servers', () => {
  let database: TestDatabase;
  let first: TestService;
  let secondRuntime: Runtime;
  let secondApp: App;
  let urls: [string, string];
  let given: ReturnType<typeof limitsGiven>;

  beforeAll(async () => {
    database = await freshDatabase();
    first = await startService({ database });
    secondRuntime = await createRuntime(first.runtime.config, {
      db: database.connect(),
      clock: manualClock(TEST_CLOCK_START),
      logger: pino({ level: 'silent' }),
      secrets: { opsToken: first.opsToken, secretsKey: randomBytes(32) },
    });
    secondApp = await secondRuntime.buildApp();
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    await secondApp.listen({ port: 0, host: '127.0.0.1' });
    const urlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    urls = [urlOf(first.app), urlOf(secondApp)];
    given = limitsGiven(first);
  });

  afterAll(async () => {
    await secondApp?.close();
    await secondRuntime?.close();
    await first?.close();
    await database?.drop();
  });

  async function funderWithKey() {
    const funder = await first.given.funderAccount();
    const key = await first.given.key({
      bankId: funder.bank_id,
      scopes: [...SCOPES],
      perMinute: 1_000_000,
      perHour: 100_000_000,
    });
    return { bankId: funder.bank_id, key: key.secret };
  }

  /** Fires one offer per request at once, alternating between the two servers. */
  async function offerAll(key: string, requests: MadeRequest[]) {
    return Promise.all(
      requests.map(async (request, i) => {
        const response = await fetch(`${urls[i % 2]}/v1/requests/${request.id}/decision`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ decision: 'offer', rate: 2, advance_pct: 80, days: 60 }),
        });
        const body = (await response.json()) as { error?: { code: string } };
        return { status: response.status, code: body.error?.code ?? null, request };
      }),
    );
  }

  /** Face value under the funder's pending offers on these requests. */
  async function offeredFaceValue(requests: MadeRequest[]): Promise<{ n: number; total: string }> {
    const { rows } = await first.db.query<{ n: number; total: string }>(
      `SELECT count(DISTINCT r.id)::int AS n, coalesce(sum(r.total_amount), 0)::text AS total
         FROM funding_requests r JOIN offers o ON o.request_id = r.id AND o.status = 'pending'
        WHERE r.id = ANY($1::uuid[])`,
      [requests.map((r) => r.id)],
    );
    return rows[0]!;
  }

  it('a debtor limit of 100,000 takes exactly ten of twenty concurrent offers of 10,000', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    expectOk(
      await first.call(funder.key, 'PUT', '/v1/credit-limits', {
        body: { debtor_tax_id: debtor.tax_id, debtor_country: 'ES', amount: 100_000 },
      }),
      'limit',
    );
    const requests: MadeRequest[] = [];
    for (let i = 0; i < 20; i++) {
      requests.push(await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 10_000 }] }));
    }

    const answers = await offerAll(funder.key, requests);
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(accepted).toHaveLength(10);
    expect(refused.map((a) => [a.status, a.code])).toEqual(Array(10).fill([409, 'credit_limit']));
    // Both servers took offers.
    expect(new Set(accepted.map((a) => requests.indexOf(a.request) % 2)).size).toBe(2);

    expect(await offeredFaceValue(requests)).toEqual({ n: 10, total: '100000.00' });
    const book = expectOk(
      await first.call<{ debtors: { debtor_key: string; offered: number; available: number }[] }>(
        funder.key,
        'GET',
        '/v1/credit-limits',
      ),
      'book',
    );
    expect(book.debtors.find((d) => d.debtor_key === debtor.debtor_key)).toMatchObject({
      offered: 100_000,
      available: 0,
    });
  });

  it('a seller limit holds the same way, across debtors', async () => {
    const funder = await funderWithKey();
    const seller = await given.seller();
    const requests: MadeRequest[] = [];
    for (let i = 0; i < 20; i++) {
      const debtor = await given.debtor();
      requests.push(
        await given.request({ bankId: funder.bankId, seller, invoices: [{ debtor, amount: 10_000 }] }),
      );
    }
    expectOk(
      await first.call(funder.key, 'PUT', '/v1/seller-limits', {
        body: { seller_id: seller.id, amount: 100_000 },
      }),
      'seller limit',
    );

    const answers = await offerAll(funder.key, requests);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409 && a.code === 'credit_limit')).toHaveLength(10);
    expect(await offeredFaceValue(requests)).toEqual({ n: 10, total: '100000.00' });
  });
});
