import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { limitsKit } from '../../../test/support/limits-fixtures.ts';
import type { FunderFixture, InvoiceFixture } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

const { service, given } = startGiven({ demoPlane: true });

const { lineOf } = limitsKit(() => service);

type EarlyPayment = {
  id: string;
  status: string;
  amount_due: number;
  offered_amount: number;
  maturity_date: string;
  outstanding: number;
  repaid_amount: number;
  paid: { amount: number; value_date: string; reference: string } | null;
  repayments: { amount: number }[];
  buyer: { tax_id: string };
  supplier: { seller_id: string };
};

/** A buyer-approved invoice of a live supplier, offered early with `funder` as its funder. */
async function released(
  funder: FunderFixture,
  options: { amount?: number; dueInDays?: number; offered?: number } = {},
): Promise<{ ep: EarlyPayment; invoice: InvoiceFixture }> {
  const supplier = await given.liveSeller();
  const invoice = await given.invoice(supplier, {
    amount: options.amount ?? 12_000,
    dueInDays: options.dueInDays ?? 60,
  });
  const answer = await service.ops<EarlyPayment>('POST', '/ops/v1/early-payments', {
    bank_id: funder.bankId,
    invoice_id: invoice.id,
    ...(options.offered === undefined ? {} : { offered_amount: options.offered }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { ep: answer.body, invoice };
}

async function accepted(funder: FunderFixture, options: Parameters<typeof released>[1] = {}) {
  const made = await released(funder, options);
  const answer = await service.ops<EarlyPayment>('POST', `/ops/v1/early-payments/${made.ep.id}/accept`, {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...made, ep: answer.body };
}

const pay = (key: string, id: string, body: Record<string, unknown>) =>
  service.call<EarlyPayment>(key, 'POST', `/v1/early-payments/${id}/paid`, { body });
const repay = (key: string, id: string, body: Record<string, unknown>) =>
  service.call<EarlyPayment>(key, 'POST', `/v1/early-payments/${id}/repayment`, { body });

describe('an early payment through its life', () => {
  it('released, accepted, paid, repaid in two parts, with the buyer’s exposure following', async () => {
    const funder = await given.funder();
    const today = await given.today();
    const { ep, invoice } = await released(funder, { amount: 12_000, offered: 11_760 });
    expect(ep).toMatchObject({ status: 'released', amount_due: 12_000, offered_amount: 11_760, paid: null });
    expect(await lineOf(funder.key, invoice.debtor.debtor_key)).toMatchObject({
      offered: 12_000,
      exposure: 12_000,
    });

    // Paying before the supplier accepted is refused.
    expectError(
      await pay(funder.key, ep.id, { amount: 11_760, value_date: today, reference: 'TRF-1' }),
      409,
      'early_payment_state',
    );

    const accept = await service.ops<EarlyPayment>('POST', `/ops/v1/early-payments/${ep.id}/accept`, {});
    expect(accept.body.status).toBe('accepted');
    expect(await lineOf(funder.key, invoice.debtor.debtor_key)).toMatchObject({
      committed: 12_000,
      offered: 0,
    });

    expectError(
      await pay(funder.key, ep.id, { amount: 12_000.01, value_date: today, reference: 'TRF-1' }),
      422,
      'invalid_amount',
    );
    const future = await pay(funder.key, ep.id, {
      amount: 11_760,
      value_date: '2099-01-01',
      reference: 'TRF-1',
    });
    expect(expectError(future, 422, 'invalid_payment_details').field).toBe('value_date');
    expectError(
      await pay(funder.key, ep.id, { amount: 11_760, value_date: '2020-01-01', reference: 'TRF-1' }),
      422,
      'invalid_payment_details',
    );

    const paid = await pay(funder.key, ep.id, { amount: 11_760, value_date: today, reference: 'TRF-1' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'paid',
      paid: { amount: 11_760, value_date: today, reference: 'TRF-1' },
      outstanding: 12_000,
    });
    expect(await lineOf(funder.key, invoice.debtor.debtor_key)).toMatchObject({
      outstanding: 12_000,
      committed: 0,
    });
    expectError(
      await pay(funder.key, ep.id, { amount: 11_760, value_date: today, reference: 'TRF-2' }),
      409,
      'early_payment_state',
    );

    const part = await repay(funder.key, ep.id, { amount: 5_000, value_date: today, reference: 'BUY-1' });
    expect(part.body).toMatchObject({ status: 'paid', repaid_amount: 5_000, outstanding: 7_000 });
    expect(part.body.repayments).toHaveLength(1);
    expect(await lineOf(funder.key, invoice.debtor.debtor_key)).toMatchObject({ outstanding: 7_000 });

    const tooMuch = await repay(funder.key, ep.id, {
      amount: 7_000.01,
      value_date: today,
      reference: 'BUY-2',
    });
    expect(expectError(tooMuch, 422, 'repayment_exceeds_outstanding')).toMatchObject({ outstanding: 7_000 });

    const rest = await repay(funder.key, ep.id, { amount: 7_000, value_date: today, reference: 'BUY-2' });
    expect(rest.body).toMatchObject({ status: 'repaid', repaid_amount: 12_000, outstanding: 0 });
    expect(rest.body.repayments).toHaveLength(2);
    expect(await lineOf(funder.key, invoice.debtor.debtor_key)).toBeUndefined();
    expectError(
      await repay(funder.key, ep.id, { amount: 1, value_date: today, reference: 'BUY-3' }),
      409,
      'early_payment_state',
    );

    const { rows } = await service.db.query<{ type: string }>(
      `SELECT type FROM outbox_events WHERE funder_id = $1 AND type LIKE 'early_payment.%' ORDER BY created_at, type`,
      [funder.bankId],
    );
    expect(rows.map((r) => r.type).sort()).toEqual(
      [
        'early_payment.released',
        'early_payment.accepted',
        'early_payment.paid',
        'early_payment.repayment_recorded',
        'early_payment.repaid',
      ].sort(),
    );
    const evidence = await service.db.query<{ kind: string }>(
      `SELECT kind FROM evidence_entries WHERE subject_type = 'early_payment' AND subject_id = $1 ORDER BY seq`,
      [ep.id],
    );
    expect(evidence.rows.map((r) => r.kind)).toEqual([
      'early_payment.released',
      'early_payment.accepted',
      'early_payment.paid',
      'early_payment.repayment',
      'early_payment.repayment',
    ]);
  });

  it('reads overdue the day after maturity, not on it, until repaid', async () => {
    const funder = await given.funder();
    const { ep, invoice } = await accepted(funder, { dueInDays: 3 });
    const today = await given.today();
    expect(
      (await pay(funder.key, ep.id, { amount: 12_000, value_date: today, reference: 'TRF-OD' })).status,
    ).toBe(200);
    await service.advanceClock(3 * 86_400);
    const onMaturity = await service.call<EarlyPayment>(funder.key, 'GET', `/v1/early-payments/${ep.id}`);
    expect(onMaturity.body.maturity_date).toBe(await given.today());
    expect(onMaturity.body.status).toBe('paid');
    await service.advanceClock(86_400);
    const after = await service.call<EarlyPayment>(funder.key, 'GET', `/v1/early-payments/${ep.id}`);
    expect(after.body.status).toBe('overdue');
    const list = await service.call<{
      early_payments: EarlyPayment[];
      totals: Record<string, { count: number }>;
    }>(funder.key, 'GET', '/v1/early-payments?status=overdue');
    expect(list.body.early_payments.map((e) => e.id)).toEqual([ep.id]);
    expect(list.body.totals.overdue).toMatchObject({ count: 1, outstanding: 12_000 });
    expect(await lineOf(funder.key, invoice.debtor.debtor_key)).toMatchObject({
      overdue_count: 1,
      outstanding: 12_000,
    });
    const repaid = await repay(funder.key, ep.id, {
      amount: 12_000,
      value_date: await given.today(),
      reference: 'LATE',
    });
    expect(repaid.body.status).toBe('repaid');
  });

  it('declined by the supplier or withdrawn by the buyer before payment, never after', async () => {
    const funder = await given.funder();
    const first = await released(funder);
    const declined = await service.ops<EarlyPayment>(
      'POST',
      `/ops/v1/early-payments/${first.ep.id}/decline`,
      {
        reason: 'Does not need the cash now',
      },
    );
    expect(declined.body).toMatchObject({ status: 'declined', close_reason: 'Does not need the cash now' });
    expectError(
      await service.ops('POST', `/ops/v1/early-payments/${first.ep.id}/accept`, {}),
      409,
      'early_payment_state',
    );
    // The same invoice may be offered again once declined; not twice at once.
    const again = await service.ops<EarlyPayment>('POST', '/ops/v1/early-payments', {
      bank_id: funder.bankId,
      invoice_id: first.invoice.id,
    });
    expect(again.status).toBe(201);
    expectError(
      await service.ops('POST', '/ops/v1/early-payments', {
        bank_id: funder.bankId,
        invoice_id: first.invoice.id,
      }),
      409,
      'conflict',
    );

    const second = await accepted(funder);
    const withdrawn = await service.ops<EarlyPayment>(
      'POST',
      `/ops/v1/early-payments/${second.ep.id}/withdraw`,
      {},
    );
    expect(withdrawn.body.status).toBe('withdrawn');
    expectError(
      await pay(funder.key, second.ep.id, { amount: 1, value_date: await given.today(), reference: 'X' }),
      409,
      'early_payment_state',
    );

    const third = await accepted(funder);
    await pay(funder.key, third.ep.id, {
      amount: 12_000,
      value_date: await given.today(),
      reference: 'TRF-3',
    });
    expectError(
      await service.ops('POST', `/ops/v1/early-payments/${third.ep.id}/withdraw`, {}),
      409,
      'early_payment_state',
    );

    // Offers above the face value, and invoices without a due date, are refused.
    const supplier = await given.liveSeller();
    const noDue = await given.invoice(supplier, { dueInDays: null });
    expectError(
      await service.ops('POST', '/ops/v1/early-payments', { bank_id: funder.bankId, invoice_id: noDue.id }),
      422,
      'body_invalid',
    );
    const invoice = await given.invoice(supplier, { amount: 100 });
    expectError(
      await service.ops('POST', '/ops/v1/early-payments', {
        bank_id: funder.bankId,
        invoice_id: invoice.id,
        offered_amount: 100.01,
      }),
      422,
      'invalid_amount',
    );
  });
});

describe('walls and inputs', () => {
  it('another funder’s early payment is not found, nor listed', async () => {
    const owner = await given.funder();
    const other = await given.funder();
    const { ep } = await accepted(owner);
    expectError(await service.call(other.key, 'GET', `/v1/early-payments/${ep.id}`), 404, 'not_found');
    expectError(
      await pay(other.key, ep.id, { amount: 1, value_date: await given.today(), reference: 'X' }),
      404,
      'not_found',
    );
    const list = await service.call<{ count: number; totals: Record<string, unknown> }>(
      other.key,
      'GET',
      '/v1/early-payments',
    );
    expect(list.body).toMatchObject({ count: 0, totals: {} });
  });

  it('refuses bad queries and bodies with the field named, changing nothing', async () => {
    const funder = await given.funder();
    const { ep } = await accepted(funder);
    expectError(
      await service.call(funder.key, 'GET', '/v1/early-payments?status=late'),
      422,
      'status_invalid',
    );
    expectError(await service.call(funder.key, 'GET', '/v1/early-payments?limit=0'), 422, 'query_invalid');
    expectError(await service.call(funder.key, 'GET', '/v1/early-payments?limit=201'), 422, 'query_invalid');
    const today = await given.today();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 10, value_date: today }, 'invalid_payment_details', 'reference'],
      [{ amount: 'ten', value_date: today, reference: 'R' }, 'invalid_amount', 'amount'],
      [{ amount: 10.001, value_date: today, reference: 'R' }, 'invalid_amount', 'amount'],
      [{ amount: 10, value_date: '05/10/2026', reference: 'R' }, 'invalid_payment_details', 'value_date'],
      [{ amount: 10, value_date: today, reference: '' }, 'invalid_payment_details', 'reference'],
      [{ amount: 10, value_date: today, reference: 'R', extra: 1 }, 'body_invalid', ''],
    ];
    for (const [body, code, field] of cases) {
      const error = expectError(await pay(funder.key, ep.id, body), 422, code);
      if (field) expect(error.field, JSON.stringify(error)).toBe(field);
    }
    const after = await service.call<EarlyPayment>(funder.key, 'GET', `/v1/early-payments/${ep.id}`);
    expect(after.body.status).toBe('accepted');
  });

  it('a key that may only read cannot record payments', async () => {
    const funder = await given.funder();
    const { ep } = await accepted(funder);
    const reader = await given.keyOf(funder, ['requests:read']);
    expect((await service.call(reader, 'GET', `/v1/early-payments/${ep.id}`)).status).toBe(200);
    expectError(
      await pay(reader, ep.id, { amount: 1, value_date: await given.today(), reference: 'X' }),
      403,
      'forbidden',
    );
  });
});

describe('sandbox helpers', () => {
  it('a sandbox key walks an early payment from offer to repayment, on its own rows only', async () => {
    const sandbox = await service.given.demoFunder();
    const other = await given.funder({ environment: 'sandbox' });
    const made = await service.call<EarlyPayment>(sandbox.key, 'POST', '/v1/sandbox/early-payments', {
      body: { amount: 5_000, due_in_days: 30 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'released', amount_due: 5_000, offered_amount: 4_900 });

    expectError(
      await service.call(other.key, 'POST', `/v1/sandbox/early-payments/${made.body.id}/accept`, {
        body: {},
      }),
      404,
      'not_found',
    );
    const accept = await service.call<EarlyPayment>(
      sandbox.key,
      'POST',
      `/v1/sandbox/early-payments/${made.body.id}/accept`,
      {
        body: {},
      },
    );
    expect(accept.body.status).toBe('accepted');
    const today = await given.today();
    expect(
      (await pay(sandbox.key, made.body.id, { amount: 4_900, value_date: today, reference: 'SBX' })).status,
    ).toBe(200);
    const repaid = await repay(sandbox.key, made.body.id, {
      amount: 5_000,
      value_date: today,
      reference: 'SBX-R',
    });
    expect(repaid.body.status).toBe('repaid');

    const declineMe = await service.call<EarlyPayment>(sandbox.key, 'POST', '/v1/sandbox/early-payments', {
      body: {},
    });
    expect(declineMe.body).toMatchObject({ amount_due: 12_000, offered_amount: 11_760 });
    const declined = await service.call<EarlyPayment>(
      sandbox.key,
      'POST',
      `/v1/sandbox/early-payments/${declineMe.body.id}/decline`,
      { body: { reason: 'The supplier prefers to wait' } },
    );
    expect(declined.body.status).toBe('declined');
  });

  it('refuses live keys', async () => {
    const live = await given.funder();
    expectError(
      await service.call(live.key, 'POST', '/v1/sandbox/early-payments', { body: {} }),
      403,
      'sandbox_only',
    );
  });
});
