import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.ts';
import { freshDatabase, type TestDatabase } from './support/database.ts';
import { expectOk } from './support/errors.ts';
import { limitsKit } from './support/limits-fixtures.ts';
import { startService, type TestService } from './support/service.ts';
import { runDueJobs } from './support/worker.ts';

/**
 * Nothing stale (issue 45): the list items and packets kept for the request reads (migration
 * 0076). The test servers run the kept answers in `verify` mode, in which every kept item or
 * packet served is also built afresh and compared (a difference fails the call); here a walk
 * through every transition that changes what an item or a packet shows reads both funders' lists
 * and the walk's packets after each step, so a write that left one stale without raising its
 * stamp fails this test. Then: they are served as they are kept (a row changed behind the
 * service's back shows, where verifying is off), and a verifying server refuses to serve it.
 */
let database: TestDatabase;
// One database, two servers: the tests' own (verifying) and one reading without keeping answers.
let service: TestService;
let plain: TestService;
beforeAll(async () => {
  database = await freshDatabase();
  const secretsKey = randomBytes(32);
  service = await startService({ database, secretsKey });
  plain = await startService({ database, secretsKey, config: { readCache: 'off' } });
});
afterAll(async () => {
  await plain?.close();
  await service?.close();
  await database?.drop();
});
const { given, funderWithKey } = limitsKit(() => service);

interface Item {
  id: string;
  status: string;
  company_name: string;
  invoice_count: number;
  my_offer: { status: string; rate: number } | null;
  debtor_consent: { status: string; meets_requirement: boolean; debtor_name: string }[];
}

const listAll = async (key: string, on?: TestService) => {
  const answer = expectOk(
    await (on ?? service).call<{ requests: Item[] }>(key, 'GET', '/v1/requests?status=all&limit=200'),
    'list',
  );
  return answer.requests;
};

/** How many of the funders' rows hold a kept item (or packet) the reads would serve as it is. */
async function keptCount(funders: string[], what: 'item' | 'packet' = 'item'): Promise<number> {
  const { rows } = await service.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM funder_request_items
      WHERE funder_id = ANY($1::uuid[]) AND ${what} IS NOT NULL AND ${what}_stamp = stamp`,
    [funders],
  );
  return rows[0]!.n;
}

const packetOf = async (key: string, id: string, on?: TestService) =>
  expectOk(
    await (on ?? service).call<{
      request: { company_name: string };
      risk: { signals: unknown[]; disputes: unknown[] };
    }>(key, 'GET', `/v1/requests/${id}`),
    'packet',
  );

describe('kept list items', () => {
  it('equal an item built afresh after every transition, for two funders', async () => {
    const a = await funderWithKey();
    const b = await funderWithKey();
    const debtors = [await given.debtor(), await given.debtor()];
    const made = (bankId: string, amounts: number[]) =>
      given.request({
        bankId,
        invoices: amounts.map((amount, i) => ({ debtor: debtors[i % 2]!, amount, dueInDays: 10 + i * 20 })),
      });
    const step = async () => {
      for (const key of [a.key, b.key]) {
        for (const item of await listAll(key)) await packetOf(key, item.id);
      }
    };

    const offered = await made(a.bankId, [3000, 1000]);
    const funded = await made(a.bankId, [500, 300]);
    const moved = await made(a.bankId, [1200]);
    await step();
    // Kept after one read; the second read serves them (and verifies each). A packet whose score
    // is computed on the spot is of its moment: kept once the worker stored the day's score.
    expect(await keptCount([a.bankId])).toBe(3);
    expect(await keptCount([a.bankId], 'packet')).toBe(0);
    await runDueJobs(service);
    await step();
    expect(await keptCount([a.bankId], 'packet')).toBe(3);
    await step();
    // A risk signal and a dispute raised, the signal reviewed; an invoice's due date moved.
    const signal = expectOk(
      await service.ops<{ signal_id: string }>('POST', `/ops/v1/requests/${offered.id}/risk-signals`, {
        code: 'amount_above_history',
        severity: 'medium',
        hard: false,
      }),
      'signal',
    );
    await step();
    expectOk(
      await service.ops('POST', `/ops/v1/requests/${offered.id}/disputes`, {
        raised_by: 'seller',
        reason: 'Short delivery',
      }),
      'dispute',
    );
    await step();
    expectOk(
      await service.ops('POST', `/ops/v1/risk-signals/${signal.signal_id}/review`, {
        outcome: 'cleared',
        note: 'Checked',
      }),
      'review',
    );
    await step();
    await service.db.query(`UPDATE invoices SET due_date = due_date + 5 WHERE id = $1`, [
      offered.invoices[0]!.id,
    ]);
    await step();

    // An offer, replaced; expiring after a day.
    expectOk(await given.offer(a.key, offered.id, { valid_days: 1 }), 'offer');
    await step();
    expectOk(await given.offer(a.key, offered.id, { valid_days: 1, rate: 3 }), 'replacement');
    await step();
    // Accepted by the seller, acknowledged by a debtor, funded, paid in part.
    expectOk(await given.offer(a.key, funded.id), 'offer');
    await step();
    await given.accept(funded.id);
    await step();
    await given.acknowledge(funded.id);
    await step();
    await given.fund(a.key, funded.id);
    await step();
    await given.settle(a.key, funded.id, 200);
    await step();
    // The consent policy asks for approved texts: every item of A is another.
    expectOk(
      await service.call(a.key, 'PUT', '/v1/settings', {
        body: { require_counsel_approved_texts: true, reason: 'Counsel asked for approved texts' },
      }),
      'settings',
    );
    await step();
    // Re-routed to B: A keeps it as acted on, B sees it now.
    expectOk(await given.offer(a.key, moved.id), 'offer');
    await step();
    expectOk(await service.ops('POST', `/ops/v1/requests/${moved.id}/route`, { bank_id: b.bankId }), 'route');
    await step();
    expect((await listAll(b.key)).map((item) => item.id)).toContain(moved.id);
    // A seller and a debtor renamed; an invoice added to a request.
    await service.db.query(`UPDATE sellers SET name = name || ' Renamed' WHERE id = $1`, [offered.seller.id]);
    await step();
    await service.db.query(`UPDATE debtors SET name = name || ' Renamed' WHERE id = $1`, [debtors[1]!.id]);
    await step();
    const extra = await made(a.bankId, [90]);
    await service.db.query(
      `INSERT INTO request_invoices (request_id, invoice_id, position)
       SELECT $1, invoice_id, 9 FROM request_invoices WHERE request_id = $2`,
      [offered.id, extra.id],
    );
    await step();
    // Two days on: the one-day offer has run out, first by the clock, then marked by the worker.
    await service.advanceClock(2 * 86_400);
    const runOut = (await listAll(a.key)).find((item) => item.id === offered.id)!;
    expect(runOut.my_offer?.status).toBe('expired');
    await runDueJobs(service);
    await step();

    const items = await listAll(a.key);
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(offered.id)).toMatchObject({
      invoice_count: 3,
      my_offer: { status: 'expired', rate: 3 },
    });
    expect(byId.get(offered.id)!.company_name).toMatch(/ Renamed$/);
    expect(byId.get(funded.id)!.status).toBe('funded');
    expect(byId.get(funded.id)!.debtor_consent.some((c) => c.debtor_name.endsWith(' Renamed'))).toBe(true);
    // What the walk read was kept, for both funders.
    expect(await keptCount([a.bankId])).toBeGreaterThanOrEqual(4);
    expect(await keptCount([b.bankId])).toBeGreaterThanOrEqual(1);
    expect(await keptCount([a.bankId], 'packet')).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('are served as kept, and a verifying server refuses one that differs from a fresh build', async () => {
    const a = await funderWithKey();
    const request = await given.request({
      bankId: a.bankId,
      invoices: [{ debtor: await given.debtor(), amount: 1500, dueInDays: 30 }],
    });
    await listAll(a.key);
    expect(await keptCount([a.bankId])).toBe(1);
    // The row changed behind the service's back, its stamp left as it was.
    const { rows } = await service.db.query<{ item: string }>(
      'SELECT item FROM funder_request_items WHERE funder_id = $1 AND request_id = $2',
      [a.bankId, request.id],
    );
    const tampered = JSON.stringify({ ...JSON.parse(rows[0]!.item), company_name: `Kept ${newId()}` });
    await service.db.query(
      'UPDATE funder_request_items SET item = $3 WHERE funder_id = $1 AND request_id = $2',
      [a.bankId, request.id, tampered],
    );
    expect((await service.call(a.key, 'GET', '/v1/requests?status=all')).status).toBe(500);
    // A server that does not verify serves the kept item as it is.
    const served = await listAll(a.key, plain);
    expect(served.find((item) => item.id === request.id)?.company_name).toBe(
      JSON.parse(tampered).company_name,
    );
  });
});
