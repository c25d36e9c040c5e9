import { describe, expect, it } from 'vitest';
import { DAY_MS, decisionsGiven, UUID } from '../../../test/support/decisions-given.ts';
import { errorOf } from '../../../test/support/errors.ts';
import { type Refusal, refusals } from '../../../test/support/refusals.ts';
import { startGiven } from '../../../test/support/service.ts';
import { shared } from '../../../test/support/shared.ts';
import { addDays, madridDate, madridMidnight } from '../../platform/clock.ts';

const { service, given } = startGiven();
const { decide, expectRefused, packet, snapshot } = decisionsGiven(service);

type Body = Record<string, unknown>;

/** Funds the whole request today, under one transfer reference: what each gate test tries. */
const fundToday = async (funder: Parameters<typeof decide>[0], request: Parameters<typeof decide>[1]) =>
  decide(funder, request, { decision: 'fund', value_date: await given.today(), reference: 'TRF-0001' });
type Case<Now> = Refusal & { body: (now: Now) => Body };

/** An approved request of 10,000 euros whose debtors acknowledged their notices: ready to fund. */
const approved = shared(async () => {
  const funder = await given.funder();
  return {
    funder,
    request: await given.approvedRequest({
      funder,
      debtorsAcknowledged: true,
      invoices: [{ amount: 10_000 }],
    }),
  };
});

/** A funded request of 10,000 euros, nothing of it received yet. */
const funded = shared(async () => {
  const funder = await given.funder();
  return { funder, request: await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] }) };
});

// ------------------------------------------------------------------------------------- fund

describe('fund', () => {
  it('funding an approved request answers 200 with the advance, value date and reference, and makes the funder the funder of record', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({
      funder,
      debtorsAcknowledged: true,
      invoices: [{ amount: 10_000 }],
    });
    const today = await given.today();
    const now = await given.now();
    const answer = await decide(funder, request, {
      decision: 'fund',
      value_date: today,
      reference: '  TRF-2026-0001 ',
      amount: 8_000,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      decision: 'fund',
      request_id: request.id,
      status: 'funded',
      funded_amount: 8_000,
      value_date: today,
      reference: 'TRF-2026-0001',
      funded_at: now.toISOString(),
    });
    expect((await snapshot(request)).request).toMatchObject({
      status: 'funded',
      funder_of_record_id: funder.bankId,
      funded_value_date: today,
      funded_reference: 'TRF-2026-0001',
    });
  });

  it('funding up to 7 days ahead is accepted', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const answer = await decide(funder, request, {
      decision: 'fund',
      value_date: addDays(await given.today(), 7),
      reference: 'TRF',
    });
    expect(answer.status).toBe(200);
  });

  it('funding before every debtor acknowledged its notice is refused with funding_gate_failed, naming the debtors', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, invoices: 2 });
    const [signed, waiting] = request.debtors;
    await given.debtorAnswers(request, { answer: 'acknowledged', debtor: signed! });
    const answer = await expectRefused(request, () => fundToday(funder, request), 409, 'funding_gate_failed');
    expect(errorOf(answer)).toMatchObject({
      signals: [],
      disputes: [],
      debtors: [
        {
          debtor_name: waiting!.name,
          debtor_tax_id: waiting!.tax_id,
          status: 'pending',
          level_required: 'acknowledgment',
          level_achieved: null,
        },
      ],
    });
  });

  it('a debtor that signed below the level required does not open the funding gate', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder });
    await given.debtorAnswers(request, { answer: 'acknowledged', level: 'receipt' });
    const answer = await expectRefused(request, () => fundToday(funder, request), 409, 'funding_gate_failed');
    expect(errorOf(answer).debtors).toEqual([
      expect.objectContaining({ status: 'acknowledged', level_achieved: 'receipt' }),
    ]);
  });

  it('an open hard risk signal blocks funding until the operations team clears it', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const signal = await given.riskSignal(request, { hard: true, code: 'credit_note_against_invoice' });
    const fund = () => fundToday(funder, request);
    const blocked = await expectRefused(request, fund, 409, 'funding_gate_failed');
    expect(errorOf(blocked).signals).toEqual([
      { id: signal, code: 'credit_note_against_invoice', severity: 'high' },
    ]);
    await given.signalReviewed(signal, 'cleared');
    expect((await fund()).status).toBe(200);
  });

  it('a hard risk signal the operations team confirmed keeps blocking funding', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    await given.signalReviewed(await given.riskSignal(request, { hard: true }), 'confirmed');
    await expectRefused(request, () => fundToday(funder, request), 409, 'funding_gate_failed');
  });

  it('a soft risk signal only flags: funding goes through', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    await given.riskSignal(request, { hard: false });
    const answer = await fundToday(funder, request);
    expect(answer.status).toBe(200);
  });

  it('an open dispute blocks funding until it is resolved', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const dispute = await given.dispute(request, { raisedBy: 'debtor', reason: 'Goods returned.' });
    const fund = () => fundToday(funder, request);
    const blocked = await expectRefused(request, fund, 409, 'funding_gate_failed');
    expect(errorOf(blocked).disputes).toEqual([{ id: dispute, reason: 'Goods returned.' }]);
    await given.disputeResolved(dispute);
    expect((await fund()).status).toBe(200);
  });

  it('a confirming request is funded without debtor notices', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, type: 'confirming' });
    const answer = await decide(funder, request, {
      decision: 'fund',
      value_date: await given.today(),
      reference: 'TRF-0001',
    });
    expect(answer.status).toBe(200);
  });

  const details = (name: string, body: (today: string) => Body): Case<string> => ({
    name,
    body,
    status: 422,
    code: 'invalid_funding_details',
  });
  refusals<Case<string>>(
    '$name is refused with $code and changes nothing',
    [
      details('a missing value_date', () => ({ reference: 'TRF-0001' })),
      details('a value_date that is not a date', () => ({ value_date: '2026-02-30', reference: 'TRF-0001' })),
      details('a value_date written day first', () => ({ value_date: '20/11/2026', reference: 'TRF-0001' })),
      details('a value_date with a time', (t) => ({ value_date: `${t}T10:00:00Z`, reference: 'TRF-0001' })),
      details('a value_date sent as a number', () => ({ value_date: 20261120, reference: 'TRF-0001' })),
      details('a value_date more than 7 days ahead', (t) => ({
        value_date: addDays(t, 8),
        reference: 'TRF-0001',
      })),
      details('a missing reference', (t) => ({ value_date: t })),
      details('a reference that is too short', (t) => ({ value_date: t, reference: 'ab' })),
      details('a reference of spaces around two characters', (t) => ({
        value_date: t,
        reference: '   ab   ',
      })),
      details('a reference longer than 140 characters', (t) => ({
        value_date: t,
        reference: 'R'.repeat(141),
      })),
      details('a huge reference', (t) => ({ value_date: t, reference: 'R'.repeat(50_000) })),
      details('a reference sent as a number', (t) => ({ value_date: t, reference: 123456 })),
      {
        name: 'an amount other than the accepted advance',
        body: (t) => ({ value_date: t, reference: 'TRF-0001', amount: 7_999.99 }),
        status: 409,
        code: 'funding_amount_mismatch',
        error: { expected_amount: 8_000 },
      },
    ],
    {
      send: async ({ body }) => {
        const { funder, request } = await approved();
        return decide(funder, request, { decision: 'fund', ...body(await given.today()) });
      },
      unchanged: async () => snapshot((await approved()).request),
    },
  );
});

// ----------------------------------------------------------------------------------- settle

describe('settle', () => {
  it('partial settlements add up, and the request is settled when they reach its amount, which the answer’s final says', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 6_000 }, { amount: 4_000 }] });
    const now = await given.now();
    const first = await decide(funder, request, {
      decision: 'settle',
      amount: 2_500.5,
      reference: 'CAMT-1',
      note: 'First payment.',
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      decision: 'settle',
      request_id: request.id,
      settlement_id: expect.stringMatching(UUID),
      amount: 2_500.5,
      received_at: now.toISOString(),
      reference: 'CAMT-1',
      final: false,
      settled_amount: 2_500.5,
      remaining_amount: 7_499.5,
      status: 'funded',
    });
    // Sent without final, it settles the request all the same, and its answer says so.
    const second = await decide(funder, request, { decision: 'settle', amount: 7_499.5, final: false });
    expect(second.body).toMatchObject({
      status: 'settled',
      final: true,
      settled_amount: 10_000,
      remaining_amount: 0,
      reference: null,
    });
    const read = await packet(funder, request);
    expect(read.body.request).toMatchObject({
      status: 'settled',
      settled_amount: 10_000,
      settled_at: now.toISOString(),
    });
    expect((await snapshot(request)).settlements).toHaveLength(2);
  });

  it('a settlement with final: true closes the request before the amount is reached', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const answer = await decide(funder, request, { decision: 'settle', amount: 9_000, final: true });
    expect(answer.body).toMatchObject({
      status: 'settled',
      final: true,
      settled_amount: 9_000,
      remaining_amount: 1_000,
    });
    expect(await given.statusOf(request)).toBe('settled');
  });

  it('a settlement received earlier is recorded with its own date', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const now = await given.now();
    const earlier = new Date(now.getTime() - 3 * DAY_MS).toISOString();
    const nearlyTomorrow = new Date(now.getTime() + 23 * 3_600_000).toISOString();
    expect(
      (await decide(funder, request, { decision: 'settle', amount: 10, received_at: earlier })).body,
    ).toMatchObject({ received_at: earlier });
    expect(
      (await decide(funder, request, { decision: 'settle', amount: 10, received_at: nearlyTomorrow })).status,
    ).toBe(200);
  });

  const amount = (name: string, body: Body): Case<Date> => ({
    name,
    body: () => ({ decision: 'settle', ...body }),
    status: 422,
    code: 'invalid_amount',
  });
  const receivedAt = (name: string, at: (now: Date) => unknown): Case<Date> => ({
    name,
    body: (now: Date) => ({ decision: 'settle', amount: 100, received_at: at(now) }),
    status: 422,
    code: 'invalid_received_at',
  });
  const member = (name: string, body: Body): Case<Date> => ({
    name,
    body: () => ({ decision: 'settle', amount: 100, ...body }),
    status: 422,
    code: 'body_invalid',
  });
  refusals(
    '$name is refused with $code and counts nothing',
    [
      amount('an amount of 0', { amount: 0 }),
      amount('a negative amount', { amount: -5 }),
      amount('an amount with 3 decimals', { amount: 10.005 }),
      amount('an amount sent as text', { amount: '100' }),
      amount('a missing amount', {}),
      amount('a null amount', { amount: null }),
      amount('an amount above what remains', { amount: 10_000.01 }),
      amount('an amount above a trillion euros', { amount: 1_000_000_000_000.01 }),
      amount('an amount past exact integer cents', { amount: 2 ** 53 }),
      receivedAt('a received_at in words', () => 'yesterday'),
      receivedAt('a received_at with a month 13', () => '2026-13-01T10:00:00Z'),
      receivedAt('a received_at written day first', () => '20/11/2026 10:00'),
      receivedAt('a received_at without a time', (now) => now.toISOString().slice(0, 10)),
      receivedAt('a received_at sent as a number', (now) => now.getTime()),
      receivedAt('a received_at more than one day ahead (the day after tomorrow in Madrid)', (now) =>
        madridMidnight(addDays(madridDate(now), 2)).toISOString(),
      ),
      member('a reference longer than 140 characters', { reference: 'R'.repeat(141) }),
      member('a note longer than 1,000 characters', { note: 'n'.repeat(1_001) }),
      member('final sent as text', { final: 'yes' }),
      member('a member settle does not know', { currency: 'EUR' }),
    ],
    {
      send: async ({ body }) => {
        const { funder, request } = await funded();
        return decide(funder, request, body(await given.now()));
      },
      unchanged: async () => snapshot((await funded()).request),
    },
  );

  it('a settlement above what remains after a partial one names the remaining amount', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    await decide(funder, request, { decision: 'settle', amount: 6_000 });
    const answer = await expectRefused(
      request,
      () => decide(funder, request, { decision: 'settle', amount: 4_000.01 }),
      422,
      'invalid_amount',
    );
    expect(errorOf(answer).remaining_amount).toBe(4_000);
  });

  it('a settlement by a funder that is not the funder of record is refused with not_your_request', async () => {
    const earlier = await given.funder();
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder: earlier });
    await given.routed(request, funder);
    await given.offerFrom(funder, request);
    await given.sellerAccepts(request);
    await given.debtorAnswers(request, { answer: 'acknowledged' });
    const today = await given.today();
    expect(
      (await decide(funder, request, { decision: 'fund', value_date: today, reference: 'TRF-0001' })).status,
    ).toBe(200);

    await expectRefused(
      request,
      () => decide(earlier, request, { decision: 'settle', amount: 100 }),
      403,
      'not_your_request',
    );
    await expectRefused(
      request,
      () => decide(earlier, request, { decision: 'decline', reason: 'other' }),
      409,
      'not_routed_to_you',
    );
    expect((await decide(funder, request, { decision: 'settle', amount: 100 })).status).toBe(200);
  });
});
