import { beforeAll, describe, expect, it } from 'vitest';
import { debtorsGiven } from '../../../test/support/debtors-given.ts';
import { errorCode as code } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';
import { addDays } from '../../platform/clock.ts';
import { monthsBefore } from '../debtor-info/debtor-info.module.ts';
import { seedDemoPayerRecords } from './payer-record.demo.ts';

let given: ReturnType<typeof debtorsGiven>;
let funder: { bankId: string; key: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  given = debtorsGiven(service);
  funder = await service.given.funderWithKey();
});

type Body = Record<string, unknown>;
type Record_ = Body & { status: string; observers: number | null };
interface LedgerLineSpec {
  invoice_number: string;
  amount: number;
  issue_date: string;
  due_date?: string | null;
  paid_date?: string | null;
}

const payerRecord = (key: string | null, query: string) =>
  service.call<{ funder: Body; payer_record: Record_ | null }>(key, 'GET', `/v1/payer-record?${query}`);

const load = (body: Body) => service.ops<Body>('POST', '/ops/v1/supplier-ledgers', body);

async function loadLines(
  buyer: { country: string; tax_id: string },
  supplierKey: string,
  lines: LedgerLineSpec[],
  plane: 'live' | 'demo' = 'live',
) {
  const answer = await load({
    plane,
    buyer_country: buyer.country,
    buyer_tax_id: buyer.tax_id,
    supplier_key: supplierKey,
    lines,
  });
  if (answer.status !== 200) throw new Error(`load: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A buyer on a request routed to the funder. */
async function buyerInScope(bankId = funder.bankId, options: { taxId?: string; country?: string } = {}) {
  const buyer = await given.debtor(options);
  await given.requestOver(bankId, [buyer]);
  return buyer;
}

const ledgerRows = async (taxId: string) =>
  (
    await service.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM supplier_ledger_lines WHERE buyer_tax_id = $1',
      [taxId],
    )
  ).rows[0]!.n;

const NULL_FIGURES = {
  observers: null,
  invoice_count: null,
  avg_days_to_pay: null,
  median_days_to_pay: null,
  on_time_pct: null,
  avg_settle_delay_days: null,
  median_settle_delay_days: null,
  p75_settle_delay_days: null,
  worst_settle_delay_days: null,
  open_count: null,
  open_amount: null,
  overdue_count: null,
  overdue_amount: null,
  window_from: null,
  refreshed_at: null,
};

describe('GET /v1/payer-record', () => {
  it('publishes the aggregates of a buyer that three suppliers observe', async () => {
    const buyer = await buyerInScope();
    const t = await given.today();
    const old = monthsBefore(t, 25);
    await loadLines(buyer, 'ES:B10000001', [
      {
        invoice_number: 'S1-1',
        amount: 1000,
        issue_date: addDays(t, -100),
        due_date: addDays(t, -70),
        paid_date: addDays(t, -70),
      },
      {
        invoice_number: 'S1-2',
        amount: 2000,
        issue_date: addDays(t, -90),
        due_date: addDays(t, -60),
        paid_date: addDays(t, -50),
      },
    ]);
    await loadLines(buyer, 'PT:500100002', [
      {
        invoice_number: 'S2-1',
        amount: 1500,
        issue_date: addDays(t, -80),
        due_date: addDays(t, -50),
        paid_date: addDays(t, -55),
      },
      { invoice_number: 'S2-2', amount: 300, issue_date: addDays(t, -60), due_date: addDays(t, -30) },
    ]);
    await loadLines(buyer, 'fr:fr10000000003', [
      {
        invoice_number: 'S3-1',
        amount: 800,
        issue_date: addDays(t, -50),
        due_date: addDays(t, -20),
        paid_date: addDays(t, -10),
      },
      {
        invoice_number: 'S3-2',
        amount: 700,
        issue_date: addDays(t, -10),
        due_date: addDays(t, 20),
        paid_date: null,
      },
      {
        invoice_number: 'S3-3',
        amount: 5000,
        issue_date: old,
        due_date: addDays(old, 30),
        paid_date: addDays(old, 40),
      },
      { invoice_number: 'S3-4', amount: 400, issue_date: addDays(t, -40), paid_date: addDays(t, -20) },
    ]);

    const answer = await payerRecord(funder.key, `tax_id=${buyer.tax_id}&country=ES`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      funder: { bank_id: funder.bankId, name: expect.any(String) },
      payer_record: {
        debtor_key: buyer.debtor_key,
        country: 'ES',
        tax_id: buyer.tax_id,
        status: 'published',
        observers: 3,
        // the line issued 25 months ago is outside the 24-month window
        invoice_count: 7,
        // paid after 30, 40, 25, 40 and 20 days
        avg_days_to_pay: 31,
        median_days_to_pay: 30,
        // on time: S1-1 and S2-1; late: S1-2, S3-1; past due and open: S2-2 (S3-2 is not due yet)
        on_time_pct: 40,
        // due date to payment: 0, 10, -5, 10
        avg_settle_delay_days: 3.8,
        median_settle_delay_days: 5,
        p75_settle_delay_days: 10,
        worst_settle_delay_days: 10,
        open_count: 2,
        open_amount: 1000,
        overdue_count: 1,
        overdue_amount: 300,
        window_from: monthsBefore(t, 24),
        refreshed_at: (await given.now()).toISOString(),
      },
    });
  });

  it('says insufficient_observers, with every figure null, when fewer than three suppliers observe the buyer in the window', async () => {
    const buyer = await buyerInScope();
    const t = await given.today();
    const old = monthsBefore(t, 30);
    await loadLines(buyer, 'ES:B20000001', [
      {
        invoice_number: 'A-1',
        amount: 100,
        issue_date: addDays(t, -40),
        due_date: addDays(t, -10),
        paid_date: addDays(t, -5),
      },
    ]);
    await loadLines(buyer, 'ES:B20000002', [
      { invoice_number: 'B-1', amount: 200, issue_date: addDays(t, -20) },
    ]);
    // A third supplier whose only line is older than the window does not count.
    await loadLines(buyer, 'ES:B20000003', [{ invoice_number: 'C-1', amount: 300, issue_date: old }]);

    const answer = await payerRecord(funder.key, `tax_id=${buyer.tax_id}&country=ES`);
    expect(answer.status).toBe(200);
    expect(answer.body.payer_record).toEqual({
      debtor_key: buyer.debtor_key,
      country: 'ES',
      tax_id: buyer.tax_id,
      status: 'insufficient_observers',
      ...NULL_FIGURES,
    });

    await loadLines(buyer, 'ES:B20000003', [
      { invoice_number: 'C-2', amount: 300, issue_date: addDays(t, -1) },
    ]);
    const published = await payerRecord(funder.key, `tax_id=${buyer.tax_id}&country=ES`);
    expect(published.body.payer_record).toMatchObject({
      status: 'published',
      observers: 3,
      invoice_count: 3,
    });
  });

  it('answers payer_record null for a buyer in scope the service knows nothing about', async () => {
    const buyer = await buyerInScope();
    const answer = await payerRecord(funder.key, `tax_id=${buyer.tax_id}&country=ES`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      funder: { bank_id: funder.bankId, name: expect.any(String) },
      payer_record: null,
    });
  });

  it('reads a tax id however it is written, and needs country only when the tax id names buyers in two countries', async () => {
    const buyer = await buyerInScope();
    const written = `${buyer.tax_id.slice(0, 3).toLowerCase()}-${buyer.tax_id.slice(3)}`;
    const answer = await payerRecord(funder.key, `tax_id=${encodeURIComponent(written)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.payer_record).toBeNull();

    await buyerInScope(funder.bankId, { taxId: buyer.tax_id, country: 'PT' });
    const ambiguous = await payerRecord(funder.key, `tax_id=${buyer.tax_id}`);
    expect(ambiguous.status).toBe(422);
    expect(code(ambiguous)).toBe('country_invalid');
    expect((await payerRecord(funder.key, `tax_id=${buyer.tax_id}&country=pt`)).status).toBe(200);
  });

  it('refuses a missing or malformed tax_id with tax_id_required and a bad country with country_invalid', async () => {
    for (const query of [
      '',
      'country=ES',
      'tax_id=',
      'tax_id=%20%20',
      'tax_id=A',
      'tax_id=%C3%91%C3%91%C3%91',
      `tax_id=${'A'.repeat(100)}`,
    ]) {
      const answer = await payerRecord(funder.key, query);
      expect(answer.status, query).toBe(422);
      expect(code(answer)).toBe('tax_id_required');
    }
    for (const query of [
      'tax_id=A12345678&country=XX',
      'tax_id=A12345678&country=E',
      'tax_id=A12345678&country=SPAIN',
    ]) {
      const answer = await payerRecord(funder.key, query);
      expect(answer.status, query).toBe(422);
      expect(code(answer)).toBe('country_invalid');
    }
    const unknown = await payerRecord(funder.key, 'tax_id=A12345678&colour=red');
    expect(unknown.status).toBe(422);
    expect(code(unknown)).toBe('query_invalid');
  });

  it('answers 404 alike for a buyer outside the caller’s scope and one nobody knows', async () => {
    const buyer = await buyerInScope();
    const t = await given.today();
    for (const supplier of ['ES:B30000001', 'ES:B30000002', 'ES:B30000003']) {
      await loadLines(buyer, supplier, [{ invoice_number: 'X-1', amount: 100, issue_date: t }]);
    }
    const stranger = await service.given.funderWithKey();
    const unclassified = await service.given.funderWithKey({ environment: 'unclassified' });
    for (const [key, query] of [
      [stranger.key, `tax_id=${buyer.tax_id}&country=ES`],
      [stranger.key, `tax_id=${buyer.tax_id}`],
      [unclassified.key, `tax_id=${buyer.tax_id}&country=ES`],
      [funder.key, 'tax_id=Z99999999&country=ES'],
      [funder.key, `tax_id=${buyer.tax_id}&country=PT`],
    ] as const) {
      const answer = await payerRecord(key, query);
      expect(answer.status, query).toBe(404);
      expect(code(answer)).toBe('not_found');
    }
  });

  it('reads a buyer on the caller’s credit-limit list even with no request, on that list’s plane only', async () => {
    const owner = await service.given.funderWithKey();
    const taxId = 'A61616161';
    const put = await service.call(owner.key, 'PUT', '/v1/credit-limits', {
      body: { debtor_tax_id: taxId, debtor_country: 'ES', amount: 10_000 },
    });
    expect(put.status).toBe(200);
    const answer = await payerRecord(owner.key, `tax_id=${taxId}&country=ES`);
    expect(answer.status).toBe(200);
    expect(answer.body.payer_record).toBeNull();
    // Without a country only requests are searched: the list is keyed by country and tax id.
    expect((await payerRecord(owner.key, `tax_id=${taxId}`)).status).toBe(404);
    expect((await payerRecord(funder.key, `tax_id=${taxId}&country=ES`)).status).toBe(404);
  });

  it('stays readable for a funder that acted on a request since routed to another', async () => {
    const first = await service.given.funderWithKey();
    const second = await service.given.funderWithKey();
    const buyer = await given.debtor();
    const requestId = await given.requestOver(first.bankId, [buyer]);
    const offer = await service.call(first.key, 'POST', `/v1/requests/${requestId}/decision`, {
      body: { decision: 'offer', rate: 2, advance_pct: 80, days: 30 },
    });
    expect(offer.status).toBe(201);
    await given.ok('POST', `/ops/v1/requests/${requestId}/route`, { bank_id: second.bankId });
    const query = `tax_id=${buyer.tax_id}&country=ES`;
    expect((await payerRecord(first.key, query)).status).toBe(200);
    expect((await payerRecord(second.key, query)).status).toBe(200);
  });

  it('opens with limits:read or requests:read, and refuses a key with only webhooks:write', async () => {
    const owner = await service.given.funderAccount();
    const buyer = await buyerInScope(owner.bank_id);
    const query = `tax_id=${buyer.tax_id}&country=ES`;
    for (const scopes of [['limits:read'], ['requests:read']]) {
      const key = await service.given.key({ bankId: owner.bank_id, scopes });
      expect((await payerRecord(key.secret, query)).status, scopes[0]).toBe(200);
    }
    const webhooks = await service.given.key({ bankId: owner.bank_id, scopes: ['webhooks:write'] });
    const refused = await payerRecord(webhooks.secret, query);
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('forbidden');
    expect((await payerRecord(null, query)).status).toBe(401);
  });
});

describe('the demonstration plane', () => {
  let sandbox: { bankId: string; key: string };
  let sandboxRequestId: string;
  beforeAll(async () => {
    sandbox = await service.given.demoFunder();
    await service.runtime.services.write({ kind: 'operator', requestId: 'test-seed' }, (scope) =>
      seedDemoPayerRecords(scope),
    );
    const created = await service.call<{ request: { id: string } }>(
      sandbox.key,
      'POST',
      '/v1/sandbox/requests',
    );
    expect(created.status).toBe(201);
    sandboxRequestId = created.body.request.id;
  });

  it('gives a sandbox key the demonstration records: one published, one not', async () => {
    const published = await payerRecord(sandbox.key, 'tax_id=A28000101&country=ES');
    expect(published.status).toBe(200);
    expect(published.body.payer_record).toMatchObject({
      debtor_key: 'ES:A28000101',
      status: 'published',
      observers: 3,
      invoice_count: 10,
      open_count: 3,
      overdue_count: 1,
    });
    const unpublished = await payerRecord(sandbox.key, 'tax_id=B46000102&country=ES');
    expect(unpublished.body.payer_record).toEqual({
      debtor_key: 'ES:B46000102',
      country: 'ES',
      tax_id: 'B46000102',
      status: 'insufficient_observers',
      ...NULL_FIGURES,
    });
  });

  it('never lets a live key read a demonstration record, nor a sandbox key a live one', async () => {
    const live = await service.given.funderWithKey();
    const meseta = await buyerInScope(live.bankId, { taxId: 'A28000101' });
    const t = await given.today();
    for (const supplier of ['ES:B40000001', 'ES:B40000002', 'ES:B40000003']) {
      await loadLines(meseta, supplier, [{ invoice_number: 'L-1', amount: 100, issue_date: t }]);
    }
    const liveAnswer = await payerRecord(live.key, 'tax_id=A28000101&country=ES');
    expect(liveAnswer.body.payer_record).toMatchObject({
      status: 'published',
      observers: 3,
      invoice_count: 3,
    });
    const demoAnswer = await payerRecord(sandbox.key, 'tax_id=A28000101&country=ES');
    expect(demoAnswer.body.payer_record).toMatchObject({ status: 'published', invoice_count: 10 });

    expect((await payerRecord(live.key, 'tax_id=B46000102&country=ES')).status).toBe(404);
    const liveOnly = await buyerInScope(live.bankId);
    for (const supplier of ['ES:B40000001', 'ES:B40000002', 'ES:B40000003']) {
      await loadLines(liveOnly, supplier, [{ invoice_number: 'L-1', amount: 100, issue_date: t }]);
    }
    expect((await payerRecord(sandbox.key, `tax_id=${liveOnly.tax_id}&country=ES`)).status).toBe(404);
  });

  it('shows the demonstration debtors’ levels, the shared score and the public body’s payment period', async () => {
    const answer = await service.call<{ debtors: Body[] }>(
      sandbox.key,
      'GET',
      `/v1/requests/${sandboxRequestId}/debtors`,
    );
    expect(answer.status).toBe(200);
    const byKey = new Map(answer.body.debtors.map((d) => [d.debtor_key, d]));
    expect(byKey.get('ES:A28000101')).toMatchObject({
      level: 'books',
      score: { grade: 'B', score_100: 71, model_version: 'debtor-score-1' },
    });
    expect(byKey.get('ES:B46000102')).toMatchObject({ level: 'account', score: null });
    const { rows } = await service.db.query<{ source: string; days: string }>(
      `SELECT p.source, p.days::text AS days FROM debtor_public_payment_periods p JOIN debtors d ON d.id = p.debtor_id
        WHERE d.plane = 'demo' AND d.tax_id = 'P2800103A'`,
    );
    expect(rows).toEqual([{ source: 'hacienda_pmp', days: '41.27' }]);
  });

  it('seeds the same rows when run again', async () => {
    const before = await payerRecord(sandbox.key, 'tax_id=A28000101&country=ES');
    const again = await service.runtime.services.write(
      { kind: 'operator', requestId: 'test-seed' },
      (scope) => seedDemoPayerRecords(scope),
    );
    expect(again).toMatchObject({ ledger_lines: 13, buyers: 2 });
    const { rows } = await service.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM supplier_ledger_lines WHERE plane = 'demo'`,
    );
    expect(rows[0]!.n).toBe(13);
    const after = await payerRecord(sandbox.key, 'tax_id=A28000101&country=ES');
    expect({ ...after.body.payer_record, refreshed_at: null }).toEqual({
      ...before.body.payer_record,
      refreshed_at: null,
    });
  });
});

describe('POST /ops/v1/supplier-ledgers', () => {
  const buyer = { country: 'ES', tax_id: 'A50505050' };

  it('loads lines in one call and replaces a line loaded again', async () => {
    const t = await given.today();
    const line = {
      invoice_number: 'INV-1',
      amount: 120.5,
      issue_date: addDays(t, -30),
      due_date: addDays(t, -1),
    };
    const first = await load({
      plane: 'live',
      buyer_country: 'es',
      buyer_tax_id: 'a-50505050',
      supplier_key: 'es:b-60606060',
      lines: [line],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      plane: 'live',
      buyer_key: 'ES:A50505050',
      supplier_key: 'ES:B60606060',
      received: 1,
      inserted: 1,
      updated: 0,
    });
    const second = await loadLines(buyer, 'ES:B60606060', [
      { ...line, paid_date: t },
      { invoice_number: 'INV-2', amount: 80, issue_date: t },
    ]);
    expect(second).toMatchObject({ received: 2, inserted: 1, updated: 1 });
    const { rows } = await service.db.query<{ paid_date: string }>(
      `SELECT paid_date::text AS paid_date FROM supplier_ledger_lines WHERE buyer_tax_id = $1 AND invoice_number = 'INV-1'`,
      [buyer.tax_id],
    );
    expect(rows).toEqual([{ paid_date: t }]);
  });

  it('refuses the whole load with line_invalid naming the line, and writes nothing', async () => {
    const t = await given.today();
    const before = await ledgerRows(buyer.tax_id);
    const good = { invoice_number: 'OK-1', amount: 10, issue_date: t };
    const cases: [Body, string][] = [
      [{ invoice_number: '', amount: 10, issue_date: t }, 'invoice_number'],
      [{ invoice_number: 'N', amount: 0, issue_date: t }, 'amount'],
      [{ invoice_number: 'N', amount: -50, issue_date: t }, 'amount'],
      [{ invoice_number: 'N', amount: 10.005, issue_date: t }, 'amount'],
      [{ invoice_number: 'N', amount: 10 }, 'issue_date'],
      [{ invoice_number: 'N', amount: 10, issue_date: '2025-02-30' }, 'issue_date'],
      [{ invoice_number: 'N', amount: 10, issue_date: addDays(t, 1) }, 'issue_date'],
      [{ invoice_number: 'N', amount: 10, issue_date: t, due_date: addDays(t, -1) }, 'due_date'],
      [
        { invoice_number: 'N', amount: 10, issue_date: addDays(t, -5), paid_date: addDays(t, -6) },
        'paid_date',
      ],
      [{ invoice_number: 'N', amount: 10, issue_date: t, paid_date: addDays(t, 1) }, 'paid_date'],
      [{ invoice_number: 'N', amount: 10, issue_date: t, kind: 'credit_note' }, 'kind'],
      [{ ...good }, 'invoice_number'],
    ];
    for (const [bad, field] of cases) {
      const answer = await load({
        plane: 'live',
        buyer_country: 'ES',
        buyer_tax_id: buyer.tax_id,
        supplier_key: 'ES:B70707070',
        lines: [good, bad],
      });
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(answer.body, JSON.stringify(bad)).toMatchObject({
        error: { code: 'line_invalid', line: 2, field },
      });
    }
    expect(await ledgerRows(buyer.tax_id)).toBe(before);
  });

  it('refuses a bad envelope with body_invalid and more than 5,000 lines with too_many_lines', async () => {
    const t = await given.today();
    const line = (i: number) => ({ invoice_number: `N-${i}`, amount: 1, issue_date: t });
    const base = {
      plane: 'live',
      buyer_country: 'ES',
      buyer_tax_id: 'A80808080',
      supplier_key: 'ES:B90909090',
    };
    for (const body of [
      { ...base, lines: [] },
      { ...base, plane: 'test', lines: [line(1)] },
      { ...base, buyer_country: 'XX', lines: [line(1)] },
      { ...base, buyer_tax_id: '#', lines: [line(1)] },
      { ...base, supplier_key: 'B90909090', lines: [line(1)] },
      { ...base, supplier_key: 'ES:A80808080', lines: [line(1)] },
    ]) {
      const answer = await load(body);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(code(answer)).toBe('body_invalid');
    }
    const tooMany = await load({ ...base, lines: Array.from({ length: 5001 }, (_, i) => line(i)) });
    expect(tooMany.status).toBe(413);
    expect(code(tooMany)).toBe('too_many_lines');
    expect(await ledgerRows('A80808080')).toBe(0);

    const most = await load({ ...base, lines: Array.from({ length: 5000 }, (_, i) => line(i)) });
    expect(most.status).toBe(200);
    expect(most.body).toMatchObject({ received: 5000, inserted: 5000, updated: 0 });
  });

  it('answers only the operator token', async () => {
    const answer = await service.call(funder.key, 'POST', '/ops/v1/supplier-ledgers', {
      body: { plane: 'live', buyer_country: 'ES', buyer_tax_id: 'A1', supplier_key: 'ES:B1', lines: [] },
    });
    expect(answer.status).toBe(401);
  });
});
