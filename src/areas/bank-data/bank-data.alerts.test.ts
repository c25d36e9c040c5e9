import { beforeAll, describe, expect, it } from 'vitest';
import { type Body, bankDataGiven } from '../../../test/support/bank-data-fixtures.ts';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';

let sandbox: { bankId: string; key: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  sandbox = await service.given.demoFunder();
});

const { invoice, callAs, call, rawText, approved, today, fund, sellerOf, eventsOf } = bankDataGiven(
  () => service,
  () => sandbox.key,
);

describe('payment alerts', () => {
  it('alerts once on a payment from a debtor of a request funded under confidential terms', async () => {
    const inv = invoice();
    const id = await approved({ disclosure: 'confidential' }, sandbox.key, [inv]);
    expect((await call('POST', `/v1/sandbox/requests/${id}/bank-connection`)).status).toBe(201);
    // Before funding: recorded, no alert.
    const early = await call('POST', `/v1/sandbox/requests/${id}/seller-payment`, { amount: 100 });
    expect(early.status).toBe(201);
    expect(early.body).toMatchObject({ recorded: true, alerts: [], debtor_tax_id: inv.debtor_tax_id });
    expect((await fund(id)).status).toBe(200);

    // Another debtor's payment: no alert.
    const stranger = await call('POST', `/v1/sandbox/requests/${id}/seller-payment`, {
      debtor_tax_id: 'B00000000',
      amount: 250,
    });
    expect(stranger.body.alerts).toEqual([]);

    const paid = await call('POST', `/v1/sandbox/requests/${id}/seller-payment`, {
      debtor_tax_id: inv.debtor_tax_id,
      amount: 4000,
    });
    expect(paid.status).toBe(201);
    expect(paid.body.alerts).toEqual([
      expect.objectContaining({
        request_id: id,
        debtor_tax_id: inv.debtor_tax_id,
        debtor_name: inv.debtor_name,
        amount: 4000,
      }),
    ]);
    const first = (await call('GET', `/v1/requests/${id}/cash-flow`)).body.payment_alerts;
    const second = (await call('GET', `/v1/requests/${id}/cash-flow`)).body.payment_alerts;
    expect(first).toEqual(second);
    expect(first).toHaveLength(1);
    expect(first[0].alert_id).toBe(paid.body.alerts[0].alert_id);

    const events = await eventsOf(sandbox.bankId, id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.alert).toMatchObject({ alert_id: first[0].alert_id, amount: 4000 });

    // The same payment read again through the consent (the operations side, same reference):
    // kept once, no second alert, no second event.
    const seller = await sellerOf(id);
    const again = await service.ops<Body>('POST', '/ops/v1/bank-data/seller-payments', {
      seller_id: seller,
      debtor_tax_id: inv.debtor_tax_id,
      amount: 4000,
      reference: first[0].reference,
    });
    expect(again.status).toBe(200);
    expect(again.body.reads).toEqual([expect.objectContaining({ recorded: false, alerts: [] })]);
    expect(await eventsOf(sandbox.bankId, id)).toHaveLength(1);

    // A new payment through the operations side alerts again, once.
    const more = await service.ops<Body>('POST', '/ops/v1/bank-data/seller-payments', {
      seller_id: seller,
      debtor_tax_id: inv.debtor_tax_id.toLowerCase(),
      amount: 500,
      reference: 'OPS-PAY-2',
    });
    expect(more.body.reads[0].alerts).toHaveLength(1);
    expect(await eventsOf(sandbox.bankId, id)).toHaveLength(2);

    // The same payment delivered twice at once: one is recorded, one alert, one event.
    const twice = await Promise.all(
      [1, 2].map(() =>
        service.ops<Body>('POST', '/ops/v1/bank-data/seller-payments', {
          seller_id: seller,
          debtor_tax_id: inv.debtor_tax_id,
          amount: 75,
          reference: 'OPS-PAY-TWICE',
        }),
      ),
    );
    expect(twice.map((t) => t.status)).toEqual([200, 200]);
    expect(twice.map((t) => t.body.reads[0].recorded).sort()).toEqual([false, true]);
    expect(await eventsOf(sandbox.bankId, id)).toHaveLength(3);
    expect((await call('GET', `/v1/requests/${id}/cash-flow`)).body.payment_alerts).toHaveLength(3);
  });

  it('does not alert on a request funded under announced terms', async () => {
    const inv = invoice();
    const created = await call('POST', '/v1/sandbox/requests', {
      terms: { disclosure: 'announced' },
      invoices: [inv],
    });
    const id = created.body.request.id as string;
    await call('POST', `/v1/requests/${id}/decision`, { decision: 'offer', rate: 2, advance_pct: 80 });
    await call('POST', `/v1/sandbox/requests/${id}/accept`);
    expect(
      (
        await call('POST', `/v1/sandbox/requests/${id}/debtor-answer`, {
          answer: 'acknowledged',
          level: 'acceptance',
        })
      ).status,
    ).toBe(200);
    expect((await fund(id)).status).toBe(200);
    await call('POST', `/v1/sandbox/requests/${id}/bank-connection`);
    const paid = await call('POST', `/v1/sandbox/requests/${id}/seller-payment`, { amount: 900 });
    expect(paid.body).toMatchObject({ recorded: true, alerts: [] });
    expect(await eventsOf(sandbox.bankId, id)).toHaveLength(0);
  });

  it('refuses a payment before the seller connects, and bad amounts', async () => {
    const id = await approved({ disclosure: 'confidential' });
    expectError(
      await call('POST', `/v1/sandbox/requests/${id}/seller-payment`, { amount: 10 }),
      409,
      'invalid_state',
    );
    expectError(
      await call('POST', `/v1/sandbox/requests/${id}/seller-payment`, { amount: 0 }),
      422,
      'invalid_amount',
    );
    expectError(await call('POST', `/v1/sandbox/requests/${id}/seller-payment`, {}), 422, 'invalid_amount');
    expectError(
      await call('POST', `/v1/sandbox/requests/${id}/bank-connection`, { payout_account_own: 'yes' }),
      422,
      'body_invalid',
    );
    expectError(
      await call('POST', `/v1/sandbox/requests/${id}/bank-connection`, { other: true }),
      422,
      'body_invalid',
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await call('POST', `/v1/sandbox/requests/${unknown}/bank-connection`), 404, 'not_found');
    const live = await service.given.funderWithKey();
    expectError(
      await callAs(live.key, 'POST', `/v1/sandbox/requests/${id}/bank-connection`),
      403,
      'sandbox_only',
    );
    expectError(
      await callAs(live.key, 'POST', `/v1/sandbox/requests/${id}/seller-payment`, { amount: 1 }),
      403,
      'sandbox_only',
    );
  });
});

describe('an IBAN is never shown whole', () => {
  it('keeps the last four characters only in answers and on the evidence chain', async () => {
    const other = await service.given.funderWithKey({ environment: 'sandbox' });
    const id = await approved({ disclosure: 'confidential', bank_data: 'required' }, other.key);
    const seller = await sellerOf(id);
    const own = 'ES7921000813610123456789';
    const spare = 'ES1000492352082414205416';
    const collection = 'ES6000491500051234567892';
    const connected = await service.ops<Body>('POST', '/ops/v1/bank-data/connections', {
      bank_id: other.bankId,
      seller_id: seller,
      accounts: [
        { iban: own, holder_name: 'Sandbox Supplier SL', in_company_name: true, balance: 1000 },
        { iban: spare, holder_name: 'Someone Else', in_company_name: false, balance: 20 },
      ],
      movements: [
        { iban: own, booked_on: await today(), amount: 300 },
        { iban: spare, booked_on: await today(), amount: -20.5 },
      ],
      payout_iban: spare,
    });
    expect(connected.status).toBe(201);
    const refused = expectError(await fund(id, other.key), 409, 'funding_gate_failed');
    expect(refused.gates).toEqual([{ gate: 'bank_data', problems: ['payout_account_not_in_company_name'] }]);
    const read = await service.ops<Body>('POST', '/ops/v1/bank-data/collection-reads', {
      bank_id: other.bankId,
      bank_name: 'Banco Demo',
      accounts: [{ iban: collection, holder_name: 'Funder' }],
    });
    expect(read.status).toBe(200);

    const texts = [
      await rawText(other.key, `/v1/requests/${id}/cash-flow`),
      await rawText(other.key, '/v1/bank-data'),
      JSON.stringify(connected.body),
      JSON.stringify(read.body),
      JSON.stringify(refused),
    ];
    const evidence = await service.db.query<{ payload: unknown }>(
      "SELECT payload FROM evidence_entries WHERE funder_id = $1 AND kind LIKE 'bank_data.%'",
      [other.bankId],
    );
    expect(evidence.rows.length).toBeGreaterThanOrEqual(2);
    texts.push(JSON.stringify(evidence.rows));
    for (const text of texts) {
      for (const iban of [own, spare, collection]) {
        expect(text).not.toContain(iban);
        // Not even the middle of it.
        expect(text).not.toContain(iban.slice(4, 16));
      }
    }
    expect(texts[0]).toContain('6789');
    expect(texts[0]).toContain('5416');
    expect(texts[1]).toContain('7892');
    const view = JSON.parse(texts[0]!) as Body;
    expect(view.cash_flow.payout_account).toEqual({
      iban_last4: '5416',
      returned_by_bank: true,
      in_company_name: false,
      confirmed: false,
    });
    expect(view.cash_flow.movements.months[11]).toMatchObject({ credits: 300, debits: 20.5, net: 279.5 });
  });
});

describe('GET /v1/bank-data', () => {
  it('shows collection connections, sellers sharing now, alerts and priced charges', async () => {
    const funder = await service.given.funderWithKey({ environment: 'sandbox' });
    const empty = (await callAs(funder.key, 'GET', '/v1/bank-data')).body;
    expect(empty).toMatchObject({
      funder: { bank_id: funder.bankId },
      collection_connections: [],
      sellers_sharing: 0,
      payment_alerts: { count: 0, alerts: [] },
      charges: [],
    });

    const inv = invoice();
    const id = await approved({ disclosure: 'confidential' }, funder.key, [inv]);
    const second = await approved({ disclosure: 'confidential' }, funder.key);
    await callAs(funder.key, 'POST', `/v1/sandbox/requests/${id}/bank-connection`);
    const secondConn = await callAs(funder.key, 'POST', `/v1/sandbox/requests/${second}/bank-connection`);
    expect((await fund(id, funder.key)).status).toBe(200);
    await callAs(funder.key, 'POST', `/v1/sandbox/requests/${id}/seller-payment`, { amount: 1200 });

    const ok = await service.ops('POST', '/ops/v1/bank-data/collection-reads', {
      bank_id: funder.bankId,
      bank_name: 'Banco Uno',
      accounts: [{ iban: 'ES9121000418450200051332' }],
    });
    expect(ok.status).toBe(200);
    await service.ops('POST', '/ops/v1/bank-data/collection-reads', {
      bank_id: funder.bankId,
      bank_name: 'Banco Dos',
      error: 'consent expired at the bank',
    });

    let view = (await callAs(funder.key, 'GET', '/v1/bank-data')).body;
    expect(view.sellers_sharing).toBe(2);
    expect(view.payment_alerts.count).toBe(1);
    expect(view.payment_alerts.alerts[0]).toMatchObject({ request_id: id, amount: 1200 });
    const day = await today();
    expect(view.payment_alerts.since < day).toBe(true);
    const byBank = Object.fromEntries((view.collection_connections as Body[]).map((c) => [c.bank_name, c]));
    expect(byBank['Banco Uno']).toMatchObject({
      status: 'connected',
      accounts: [{ iban_last4: '1332', holder_name: null, currency: 'EUR' }],
      last_error: null,
    });
    expect(byBank['Banco Uno'].last_read_at).toEqual(expect.any(String));
    expect(byBank['Banco Dos']).toMatchObject({
      status: 'failing',
      last_read_at: null,
      last_error: 'consent expired at the bank',
    });
    // Two consents and two collection reads this month; no price yet.
    expect(view.charges).toEqual([
      { month: day.slice(0, 7), reads: 4, unit_price_eur: null, amount_eur: null },
    ]);

    const price = await service.ops<Body>('PUT', '/ops/v1/bank-data/charges', {
      bank_id: funder.bankId,
      month: day.slice(0, 7),
      unit_price_eur: 0.35,
    });
    expect(price.status).toBe(200);
    view = (await callAs(funder.key, 'GET', '/v1/bank-data')).body;
    expect(view.charges).toEqual([
      { month: day.slice(0, 7), reads: 4, unit_price_eur: 0.35, amount_eur: 1.4 },
    ]);

    // A revoked consent no longer counts, and its request's cash flow goes back to null.
    const revoked = await service.ops<Body>(
      'POST',
      `/ops/v1/bank-data/connections/${secondConn.body.connection_id}/revoke`,
      { reason: 'The seller withdrew its consent' },
    );
    expect(revoked.body).toEqual({ connection_id: secondConn.body.connection_id, status: 'revoked' });
    expect((await callAs(funder.key, 'GET', '/v1/bank-data')).body.sellers_sharing).toBe(1);
    expect((await callAs(funder.key, 'GET', `/v1/requests/${second}/cash-flow`)).body.cash_flow).toBeNull();
    expectError(
      await service.ops('POST', `/ops/v1/bank-data/connections/${secondConn.body.connection_id}/revoke`, {
        reason: 'Revoked twice by mistake',
      }),
      409,
      'conflict',
    );

    // The last test of the file, as the clock moves. 180 days on, the payment's Madrid day is the
    // first day counted; a day later it is out of the window, and the request's own list keeps it.
    await service.advanceClock(180 * 86_400);
    const edge = (await callAs(funder.key, 'GET', '/v1/bank-data')).body;
    expect(edge.payment_alerts.count).toBe(1);
    expect(edge.payment_alerts.since).toBe(day);
    await service.advanceClock(86_400);
    const later = (await callAs(funder.key, 'GET', '/v1/bank-data')).body;
    expect(later.payment_alerts).toMatchObject({ count: 0, alerts: [] });
    expect(
      (await callAs(funder.key, 'GET', `/v1/requests/${id}/cash-flow`)).body.payment_alerts,
    ).toHaveLength(1);
  });

  it('answers 401 without a key', async () => {
    expectError(await service.call(null, 'GET', '/v1/bank-data'), 401, 'unauthorized');
  });
});
