import { beforeAll, describe, expect, it } from 'vitest';
import { type Body, bankDataGiven } from '../../../test/support/bank-data-fixtures.ts';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';

let sandbox: { bankId: string; key: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  sandbox = await service.given.demoFunder();
});

const { invoice, callAs, call, approved, today, fund, sellerOf } = bankDataGiven(
  () => service,
  () => sandbox.key,
);

describe('the demonstration scenario', () => {
  it('shows a connected seller and a payment alert on its confidential funded request', async () => {
    const list = (await call('GET', '/v1/requests?status=all&limit=200')).body.requests as Body[];
    const ours = list.filter((r) => r.company_name === 'Ceramiche Riservate Demo Srl');
    expect(ours).toHaveLength(2);
    const views = [];
    for (const r of ours) views.push((await call('GET', `/v1/requests/${r.id}/cash-flow`)).body);
    for (const view of views) {
      expect(view.cash_flow.payout_account).toMatchObject({ confirmed: true });
      expect(view.cash_flow.movements.months).toHaveLength(12);
    }
    const alerted = views.filter((v) => v.payment_alerts.length > 0);
    expect(alerted).toHaveLength(1);
    expect(alerted[0]!.payment_alerts[0]).toMatchObject({
      debtor_name: 'Arredo Casa Nord SpA',
      amount: 18400,
    });
    const overview = (await call('GET', '/v1/bank-data')).body;
    expect(overview.sellers_sharing).toBe(1);
    expect(overview.payment_alerts.count).toBe(1);
    expect(overview.collection_connections).toEqual([
      expect.objectContaining({ bank_name: 'Banco Demostración', status: 'connected' }),
    ]);
    // The consent (30 days ago) and the collection read (40 days ago): one month or two.
    expect((overview.charges as Body[]).reduce((sum, c) => sum + c.reads, 0)).toBe(2);
  });
});

describe('GET /v1/requests/{id}/cash-flow', () => {
  it('answers cash_flow null until the seller connects for the caller, then a year by month', async () => {
    const id = await approved({ disclosure: 'confidential', bank_data: 'requested' });
    const before = await call('GET', `/v1/requests/${id}/cash-flow`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ request_id: id, bank_data: 'requested', cash_flow: null });
    expect(before.body.bank_data_problems).toEqual([
      expect.objectContaining({ problem: 'not_connected', holds_funding: false }),
    ]);
    expect(before.body.bank_data_problems[0].asked_at).toEqual(expect.any(String));

    const connected = await call('POST', `/v1/sandbox/requests/${id}/bank-connection`);
    expect(connected.status).toBe(201);
    expect(connected.body).toMatchObject({ payout_account_own: true, replaced_connection_id: null });
    expect(connected.body.movements).toBeGreaterThan(40);

    const after = (await call('GET', `/v1/requests/${id}/cash-flow`)).body;
    expect(after.bank_data_problems).toEqual([]);
    expect(after.cash_flow.connection).toMatchObject({ status: 'active' });
    expect(after.cash_flow.accounts).toHaveLength(2);
    expect(after.cash_flow.accounts.map((a: Body) => a.iban_last4)).toEqual(connected.body.accounts);
    expect(after.cash_flow.accounts[0]).toMatchObject({ in_company_name: true, currency: 'EUR' });
    expect(after.cash_flow.balances.map((b: Body) => b.amount)).toEqual([48250.4, 12900]);
    const months = after.cash_flow.movements.months as Body[];
    expect(months).toHaveLength(12);
    const day = await today();
    expect(after.cash_flow.movements.to_month).toBe(day.slice(0, 7));
    expect(months[11]!.month).toBe(day.slice(0, 7));
    expect(months.reduce((sum, m) => sum + m.movements, 0)).toBe(connected.body.movements);
    expect(months[0]).toMatchObject({ credits: expect.any(Number), debits: expect.any(Number) });
    expect(months[0]!.net).toBeCloseTo(months[0]!.credits - months[0]!.debits, 2);
    expect(after.cash_flow.payout_account).toEqual({
      iban_last4: connected.body.payout_iban_last4,
      returned_by_bank: true,
      in_company_name: true,
      confirmed: true,
    });
  });

  it('`requested` does not hold funding; `required` does until the payout account is the seller’s own', async () => {
    const asked = await approved({ disclosure: 'confidential', bank_data: 'requested' });
    expect((await fund(asked)).status).toBe(200);

    const id = await approved({ disclosure: 'confidential', bank_data: 'required' });
    const unconnected = expectError(await fund(id), 409, 'funding_gate_failed');
    expect(unconnected.gates).toEqual([{ gate: 'bank_data', problems: ['not_connected'] }]);
    const problems = (await call('GET', `/v1/requests/${id}/cash-flow`)).body.bank_data_problems;
    expect(problems).toEqual([expect.objectContaining({ problem: 'not_connected', holds_funding: true })]);

    const elsewhere = await call('POST', `/v1/sandbox/requests/${id}/bank-connection`, {
      payout_account_own: false,
    });
    expect(elsewhere.status).toBe(201);
    const notOwn = expectError(await fund(id), 409, 'funding_gate_failed');
    expect(notOwn.gates).toEqual([{ gate: 'bank_data', problems: ['payout_account_not_returned'] }]);
    const view = (await call('GET', `/v1/requests/${id}/cash-flow`)).body;
    expect(view.cash_flow.payout_account).toMatchObject({ returned_by_bank: false, confirmed: false });

    const own = await call('POST', `/v1/sandbox/requests/${id}/bank-connection`, {
      payout_account_own: true,
    });
    expect(own.body.replaced_connection_id).toBe(elsewhere.body.connection_id);
    const funded = await fund(id);
    expect(funded.status).toBe(200);
    expect(funded.body.status).toBe('funded');
  });

  it('names the bank data gate beside the confidential gates', async () => {
    const id = await approved({ disclosure: 'confidential', bank_data: 'required' }, sandbox.key, [
      { ...invoice(), source: 'upload' },
    ]);
    const refused = expectError(await fund(id), 409, 'funding_gate_failed');
    expect((refused.gates as Body[]).map((g) => g.gate)).toEqual(['invoice_source', 'bank_data']);
  });

  it('is 404 for a request the caller cannot see, and refuses a malformed id', async () => {
    const id = await approved({ disclosure: 'confidential' });
    const other = await service.given.funderWithKey({ environment: 'sandbox' });
    expectError(await callAs(other.key, 'GET', `/v1/requests/${id}/cash-flow`), 404, 'not_found');
    const live = await service.given.funderWithKey();
    expectError(await callAs(live.key, 'GET', `/v1/requests/${id}/cash-flow`), 404, 'not_found');
    expect((await call('GET', '/v1/requests/not-a-uuid/cash-flow')).status).toBe(404);
    expectError(await service.call(null, 'GET', `/v1/requests/${id}/cash-flow`), 401, 'unauthorized');
  });

  it('shows a seller’s consent only to the funder it was given to', async () => {
    const other = await service.given.funderWithKey({ environment: 'sandbox' });
    const id = await approved({ disclosure: 'confidential' }, other.key);
    expect((await callAs(other.key, 'POST', `/v1/sandbox/requests/${id}/bank-connection`)).status).toBe(201);
    const seller = await sellerOf(id);
    const conn = await service.db.query<{ funder_id: string }>(
      "SELECT funder_id FROM bank_connections WHERE seller_id = $1 AND status = 'active'",
      [seller],
    );
    expect(conn.rows.map((r) => r.funder_id)).toEqual([other.bankId]);
    expect((await callAs(other.key, 'GET', `/v1/requests/${id}/cash-flow`)).body.cash_flow).not.toBeNull();
    // The demonstration funder's key cannot see this request at all.
    expectError(await call('GET', `/v1/requests/${id}/cash-flow`), 404, 'not_found');
  });
});

describe('the operations side', () => {
  it('refuses what it cannot record', async () => {
    const id = await approved({ disclosure: 'confidential' });
    const seller = await sellerOf(id);
    const account = {
      iban: 'ES9121000418450200051332',
      holder_name: 'X SL',
      in_company_name: true,
      balance: 1,
    };
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(
      await service.ops('POST', '/ops/v1/bank-data/connections', {
        bank_id: unknown,
        seller_id: seller,
        accounts: [account],
      }),
      404,
      'not_found',
    );
    expectError(
      await service.ops('POST', '/ops/v1/bank-data/connections', {
        bank_id: sandbox.bankId,
        seller_id: unknown,
        accounts: [account],
      }),
      404,
      'not_found',
    );
    const live = await service.given.funderWithKey();
    expectError(
      await service.ops('POST', '/ops/v1/bank-data/connections', {
        bank_id: live.bankId,
        seller_id: seller,
        accounts: [account],
      }),
      409,
      'conflict',
    );
    expectError(
      await service.ops('POST', '/ops/v1/bank-data/connections', {
        bank_id: sandbox.bankId,
        seller_id: seller,
        accounts: [account],
        movements: [{ iban: 'ES1000492352082414205416', booked_on: await today(), amount: 5 }],
      }),
      422,
      'body_invalid',
    );
    expectError(
      await service.ops('POST', '/ops/v1/bank-data/connections', {
        bank_id: sandbox.bankId,
        seller_id: seller,
        accounts: [{ ...account, iban: 'not an iban' }],
      }),
      422,
      'body_invalid',
    );
    expectError(
      await service.ops('PUT', '/ops/v1/bank-data/charges', {
        bank_id: sandbox.bankId,
        month: '2026-13',
        unit_price_eur: 1,
      }),
      422,
      'body_invalid',
    );
    expectError(
      await service.ops('POST', '/ops/v1/bank-data/seller-payments', {
        seller_id: seller,
        debtor_tax_id: 'A1',
        amount: 1,
        received_at: '2099-01-01T00:00:00Z',
      }),
      422,
      'body_invalid',
    );
    expectError(
      await service.ops('POST', `/ops/v1/bank-data/connections/${unknown}/revoke`, {
        reason: 'no such consent',
      }),
      404,
      'not_found',
    );
    expectError(
      await service.ops('POST', '/ops/v1/bank-data/collection-reads', {
        bank_id: unknown,
        bank_name: 'Banco X',
      }),
      404,
      'not_found',
    );
    const unclassified = await service.given.funderWithKey({ environment: 'unclassified' });
    expectError(await callAs(unclassified.key, 'GET', '/v1/bank-data'), 403, 'forbidden');
    expectError(
      await call('POST', `/v1/sandbox/requests/${unknown}/seller-payment`, { amount: 5 }),
      404,
      'not_found',
    );
    // Generated movements when none are supplied.
    const made = await service.ops<Body>('POST', '/ops/v1/bank-data/connections', {
      bank_id: sandbox.bankId,
      seller_id: seller,
      accounts: [account],
    });
    expect(made.status).toBe(201);
    expect(made.body.movements).toBeGreaterThan(40);
    expectError(
      await service.ops('POST', `/ops/v1/bank-data/connections/${made.body.connection_id}/revoke`, {
        reason: 'short',
      }),
      422,
      'reason_required',
    );
  });
});
