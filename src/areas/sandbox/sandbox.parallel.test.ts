import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startGiven } from '../../../test/support/service.ts';

/*
 * An integrator's CI runs its tests side by side: the sandbox helpers answer every call sent at
 * once, and the parties they find or make are made once. On PostgreSQL the requests run in
 * parallel transactions; on PGlite they queue on its one connection.
 */

let sandbox: { bankId: string; key: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  sandbox = await service.given.demoFunder();
});

type Created = { request: { id: string; status: string } };

const createAtOnce = (count: number, body?: unknown) =>
  Promise.all(
    Array.from({ length: count }, () =>
      service.call<Created>(sandbox.key, 'POST', '/v1/sandbox/requests', body === undefined ? {} : { body }),
    ),
  );

async function debtorsNamed(taxIds: string[]) {
  const { rows } = await service.db.query<{ tax_id: string; n: number }>(
    `SELECT tax_id, count(*)::int AS n FROM debtors WHERE plane = 'demo' AND country = 'ES' AND tax_id = ANY ($1)
      GROUP BY tax_id ORDER BY tax_id`,
    [taxIds],
  );
  return rows;
}

describe('twenty sandbox requests sent at once', () => {
  it('all answer 201 with the default body, right after a reset', async () => {
    const defaults = ['A28000101', 'B46000102'];
    const answers = await createAtOnce(20);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body.request.id)).size).toBe(20);
    expect(await debtorsNamed(defaults)).toEqual([
      { tax_id: 'A28000101', n: 1 },
      { tax_id: 'B46000102', n: 1 },
    ]);
  });

  it('all answer 201 when every body names the same new debtors, made once each', async () => {
    const taxIds = [`B${randomInt(10_000_000, 99_999_999)}`, `A${randomInt(10_000_000, 99_999_999)}`];
    const invoices = taxIds.map((taxId, i) => ({
      debtor_name: `Cliente Paralelo ${i + 1} SL`,
      debtor_tax_id: taxId,
      debtor_country: 'ES',
      amount: 5_000 + i,
      due_date: '2027-01-29',
    }));
    const answers = await createAtOnce(20, { invoices });
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(await debtorsNamed(taxIds)).toEqual([...taxIds].sort().map((tax_id) => ({ tax_id, n: 1 })));
    // Each request's invoices are owed by those same two debtors.
    const { rows } = await service.db.query<{ n: number }>(
      `SELECT count(DISTINCT i.debtor_id)::int AS n FROM request_invoices ri JOIN invoices i ON i.id = ri.invoice_id
        WHERE ri.request_id = ANY ($1)`,
      [answers.map((a) => a.body.request.id)],
    );
    expect(rows[0]!.n).toBe(2);
  });
});
