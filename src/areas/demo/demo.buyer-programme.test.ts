import { beforeAll, describe, expect, it } from 'vitest';
import { startGiven } from '../../../test/support/service.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { DEMO_EARLY_PAYMENTS } from '../early-payments/early-payments.demo.ts';
import { DEMO_SELLERS } from './demo.companies.ts';

/**
 * What the demonstration plane shows of the assignment registry and of buyer-programme early
 * payments, read as an integrator reads it: through the API, with a sandbox key.
 */
let key: string;
let today: string;
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  key = (await service.given.demoFunder()).key;
  today = madridDate(new Date((await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now));
});

type Item = { id: string; type: string; status: string; company_nif: string };
type Receivable = { invoice_no: string; customer_tax_id: string; customer_country: string };
type Question = {
  seller: { tax_id: string; country: string };
  debtor: { tax_id: string; country: string };
  number: string;
};

const requestsIn = async (status: string) => {
  const answer = await service.call<{ requests: Item[] }>(
    key,
    'GET',
    `/v1/requests?status=${status}&limit=200`,
  );
  expect(answer.status).toBe(200);
  return answer.body.requests;
};

/** The registry's questions about every invoice of a demonstration request, from its packet. */
const questionsOf = async (request: Item): Promise<Question[]> => {
  const packet = await service.call<{ receivables: Receivable[] }>(key, 'GET', `/v1/requests/${request.id}`);
  expect(packet.status).toBe(200);
  const seller = DEMO_SELLERS.find((s) => s.tax_id === request.company_nif);
  expect(seller, request.company_nif).toBeDefined();
  return packet.body.receivables.map((r) => ({
    seller: { tax_id: request.company_nif, country: seller!.country },
    debtor: { tax_id: r.customer_tax_id, country: r.customer_country },
    number: r.invoice_no,
  }));
};

const lookUp = async (invoices: Question[]) => {
  const answer = await service.call<{ results: { assigned: boolean }[] }>(
    key,
    'POST',
    '/v1/registry/lookups',
    {
      body: { invoices },
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.results.map((r) => r.assigned);
};

describe('the demonstration plane’s assignment registry', () => {
  it('answers yes for the invoices of a funded demonstration request and no for a settled one’s', async () => {
    const confirming = (await requestsIn('funded')).find(
      (r) => r.type === 'confirming' && r.company_nif === 'B18000007',
    );
    expect(confirming, 'the funded confirming request of Transportes Sierra Nevada').toBeDefined();
    const hit = await questionsOf(confirming!);
    expect(hit.length).toBe(2);
    expect(await lookUp(hit)).toEqual([true, true]);

    const settled = (await requestsIn('settled'))[0];
    expect(settled, 'a settled demonstration request').toBeDefined();
    const miss = await questionsOf(settled!);
    expect(await lookUp(miss)).toEqual(miss.map(() => false));

    // One call, a hit and a miss, answered in the order asked.
    expect(await lookUp([miss[0]!, hit[0]!])).toEqual([false, true]);
  });
});

type EarlyPayment = {
  status: string;
  invoice: { number: string; due_date: string };
  buyer: { tax_id: string };
  amount_due: number;
  offered_amount: number;
  maturity_date: string;
  paid: { amount: number; value_date: string } | null;
  repaid_amount: number;
  outstanding: number;
  repayments: { amount: number }[];
};

describe('the demonstration plane’s early payments', () => {
  let list: { totals: Record<string, { count: number }>; early_payments: EarlyPayment[] };
  const byNumber = (number: string) => list.early_payments.find((e) => e.invoice.number === number)!;
  beforeAll(async () => {
    const answer = await service.call<typeof list>(key, 'GET', '/v1/early-payments?limit=200');
    expect(answer.status).toBe(200);
    list = answer.body;
  });

  it('has one in each status a funder meets', async () => {
    const statuses = new Set(list.early_payments.map((e) => e.status));
    expect([...statuses].sort()).toEqual(
      ['accepted', 'declined', 'overdue', 'paid', 'released', 'repaid', 'withdrawn'].sort(),
    );
    for (const plan of DEMO_EARLY_PAYMENTS) {
      const shown = byNumber(plan.number);
      expect({ number: plan.number, status: shown?.status }).toEqual({
        number: plan.number,
        status: plan.shows,
      });
      expect(shown.maturity_date).toBe(addDays(today, plan.due));
    }
    for (const status of statuses) expect(list.totals[status]?.count, status).toBeGreaterThanOrEqual(1);
    // Each status can be asked for on its own.
    const overdue = await service.call<{ early_payments: EarlyPayment[] }>(
      key,
      'GET',
      '/v1/early-payments?status=overdue',
    );
    expect(overdue.body.early_payments.map((e) => e.invoice.number)).toEqual(['EP-DEMO-0102']);
  });

  it('adds up partial repayments: the overdue one part repaid, the repaid one in two parts', async () => {
    const overdue = byNumber('EP-DEMO-0102');
    expect(overdue.maturity_date < today).toBe(true);
    expect(overdue).toMatchObject({ repaid_amount: 4_000, outstanding: 5_875 });
    expect(overdue.paid).toMatchObject({ amount: overdue.offered_amount });

    const repaid = byNumber('EP-DEMO-0101');
    expect(repaid.repayments.map((r) => r.amount)).toEqual([6_000, 6_480]);
    expect(repaid).toMatchObject({ repaid_amount: 12_480, amount_due: 12_480, outstanding: 0 });

    const paid = byNumber('EP-DEMO-0105');
    expect(paid).toMatchObject({ repaid_amount: 0, outstanding: paid.amount_due });
    expect(paid.maturity_date >= today).toBe(true);
    for (const number of ['EP-DEMO-0107', 'EP-DEMO-0106', 'EP-DEMO-0103', 'EP-DEMO-0104']) {
      expect(byNumber(number).paid, number).toBeNull();
    }
  });
});
