import { describe, expect, it } from 'vitest';
import type {
  FunderFixture,
  OfferedRequest,
  RoutedRequest,
} from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { addDays, madridDate, madridMidnight } from '../../platform/clock.ts';
import {
  canMove,
  type Move,
  nextStatus,
  REQUEST_STATUSES,
  type RequestStatus,
} from '../requests/requests.status.ts';

const { service, given } = startGiven();

type Body = Record<string, unknown>;
type ErrorBody = { error: Body & { code: string; message: string } };
const code = (answer: { body: unknown }) => (answer.body as ErrorBody).error.code;
const errorOf = (answer: { body: unknown }) => (answer.body as ErrorBody).error;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY_MS = 86_400_000;

const decide = (funder: { key: string }, request: { id: string }, body: unknown) =>
  service.call<Body>(funder.key, 'POST', `/v1/requests/${request.id}/decision`, { body });
const consentLevel = (funder: { key: string }, request: { id: string }, body: unknown) =>
  service.call<Body>(funder.key, 'POST', `/v1/requests/${request.id}/consent-level`, { body });
const packet = (funder: { key: string }, request: { id: string }) =>
  service.call<{
    request: Body & { status: string; settled_amount: number; consent_level_required: string | null };
    my_offer: (Body & { id: string; status: string; rate: number }) | null;
    debtor_consent: (Body & { status: string; level_required: string; meets_requirement: boolean })[];
  }>(funder.key, 'GET', `/v1/requests/${request.id}`);

/** Everything a decision could change on a request, read straight from the database. */
async function snapshot(request: { id: string }) {
  const q = <T>(sql: string) => service.db.query<T>(sql, [request.id]).then((r) => r.rows);
  return {
    request: (
      await q(
        `SELECT status, assigned_funder_id, consent_level_required, advance_amount, settled_amount, funder_of_record_id,
                funded_value_date, funded_reference, accepted_offer_id, closed_at, close_reason, close_note, settled_at
           FROM funding_requests WHERE id = $1`,
      )
    )[0],
    offers: await q(
      'SELECT id, status, rate, advance_pct FROM offers WHERE request_id = $1 ORDER BY submitted_at, id',
    ),
    notices: await q(
      'SELECT debtor_id, status, level_required FROM debtor_notices WHERE request_id = $1 ORDER BY debtor_id',
    ),
    settlements: await q('SELECT id, amount FROM settlements WHERE request_id = $1 ORDER BY recorded_at, id'),
    history: await q<{ n: number }>('SELECT count(*)::int AS n FROM request_history WHERE request_id = $1'),
    evidence: await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM evidence_entries WHERE subject_id = $1::text`,
    ),
  };
}

/** Asserts a refusal: its status and code, and that the request is exactly as before. */
async function expectRefused(
  request: { id: string },
  attempt: () => Promise<{ status: number; body: unknown }>,
  status: number,
  errorCode: string,
) {
  const before = await snapshot(request);
  const answer = await attempt();
  expect({ status: answer.status, code: code(answer) }).toEqual({ status, code: errorCode });
  expect(await snapshot(request)).toEqual(before);
  return answer;
}

const offerBody = (terms: Body = {}) => ({ decision: 'offer', rate: 2.5, advance_pct: 80, ...terms });

// ------------------------------------------------------------------------------------ offer

describe('offer', () => {
  it('an offer answers 201 with its id, status terms_sent and an expiry valid_days ahead', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const now = await given.now();
    const answer = await decide(funder, request, offerBody({ valid_days: 14, days: 60 }));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      decision: 'offer',
      request_id: request.id,
      offer_id: expect.stringMatching(UUID),
      expires_at: new Date(now.getTime() + 14 * DAY_MS).toISOString(),
      status: 'terms_sent',
      advance_amount: 8_000,
    });
    expect(await given.statusOf(request)).toBe('terms_sent');
  });

  it("an offer without valid_days expires after the funder's default validity of 7 days", async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const now = await given.now();
    const answer = await decide(funder, request, offerBody());
    expect(answer.status).toBe(201);
    expect(answer.body.expires_at).toBe(new Date(now.getTime() + 7 * DAY_MS).toISOString());
    expect((await packet(funder, request)).body.my_offer).toMatchObject({ valid_days: 7 });
  });

  it('an offer with 4-decimal percentages such as 12.3456 and 82.3456 is accepted', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: [{ amount: 10_000 }] });
    const answer = await decide(funder, request, offerBody({ rate: 12.3456, advance_pct: 82.3456 }));
    expect(answer.status).toBe(201);
    expect(answer.body.advance_amount).toBe(8_234.56);
    expect((await packet(funder, request)).body.my_offer).toMatchObject({
      rate: 12.3456,
      advance_pct: 82.3456,
    });
  });

  it('an offer at exactly 100 percent rate and advance is accepted', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const answer = await decide(funder, request, offerBody({ rate: 100, advance_pct: 100, valid_days: 90 }));
    expect(answer.status).toBe(201);
  });

  it.each<[string, Body]>([
    ['a rate of 0', { rate: 0 }],
    ['a negative rate', { rate: -1 }],
    ['a rate above 100 percent (100.5)', { rate: 100.5 }],
    ['a rate with more than 4 decimals', { rate: 1.23456 }],
    ['a rate sent as text', { rate: '2.5' }],
    ['an offer without a rate', { rate: undefined }],
    ['an offer without advance_pct', { advance_pct: undefined }],
    ['an advance_pct of null', { advance_pct: null }],
    ['an advance_pct of 0', { advance_pct: 0 }],
    ['an advance above 100 percent', { advance_pct: 101 }],
    ['an advance_pct sent as true', { advance_pct: true }],
    ['valid_days of 0', { valid_days: 0 }],
    ['valid_days of 91', { valid_days: 91 }],
    ['valid_days of 7.5', { valid_days: 7.5 }],
    ['valid_days sent as text', { valid_days: '7' }],
    ['days of 0', { days: 0 }],
    ['days above 730', { days: 731 }],
    ['days sent as text', { days: '60' }],
    ['notes that are not text', { notes: 42 }],
    ['notes longer than 2,000 characters', { notes: 'x'.repeat(2_001) }],
    ['huge notes (100,000 characters)', { notes: 'x'.repeat(100_000) }],
  ])('%s is refused with invalid_terms and changes nothing', async (_name, terms) => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const body = JSON.parse(JSON.stringify(offerBody(terms)));
    await expectRefused(request, () => decide(funder, request, body), 422, 'invalid_terms');
  });

  it.each<[string, unknown]>([
    ['no decision at all', { rate: 2, advance_pct: 80 }],
    ['an unknown decision', { decision: 'approve' }],
    ['a decision in capitals', { decision: 'OFFER' }],
    ['a decision that is not text', { decision: 1 }],
    ['a null decision', { decision: null }],
  ])('%s is refused with invalid_decision', async (_name, body) => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    await expectRefused(request, () => decide(funder, request, body), 422, 'invalid_decision');
  });

  it('an offer with a member it does not know is refused with body_invalid and changes nothing', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const answer = await expectRefused(
      request,
      () => decide(funder, request, offerBody({ discount: 1 })),
      422,
      'body_invalid',
    );
    expect(errorOf(answer).field).toBe('discount');
  });

  it('a second offer on terms_sent supersedes the first, and my_offer shows the newest', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder, offer: { rate: 3, advance_pct: 75 } });
    const second = await decide(funder, request, offerBody({ rate: 2.25, advance_pct: 85 }));
    expect(second.status).toBe(201);
    expect(second.body.status).toBe('terms_sent');
    const { rows } = await service.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM offers WHERE request_id = $1',
      [request.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((o) => o.id === request.offerId)?.status).toBe('superseded');
    expect(rows.find((o) => o.id === second.body.offer_id)?.status).toBe('pending');
    const read = await packet(funder, request);
    expect(read.body.my_offer).toMatchObject({ id: second.body.offer_id, rate: 2.25, advance_pct: 85 });
    const listed = await service.call<{ requests: { my_offer: Body }[] }>(funder.key, 'GET', '/v1/requests');
    expect(listed.body.requests[0]?.my_offer).toMatchObject({
      rate: 2.25,
      advance_pct: 85,
      status: 'pending',
    });

    await given.sellerAccepts(request);
    expect((await packet(funder, request)).body.request).toMatchObject({
      status: 'approved',
      advance_amount: 8_500,
    });
  });

  it('days defaults to the days until the latest invoice due date, or 30 when no invoice has one', async () => {
    const funder = await given.funder();
    const dated = await given.routedRequest({ funder, invoices: [{ dueInDays: 30 }, { dueInDays: 75 }] });
    await decide(funder, dated, offerBody());
    expect((await packet(funder, dated)).body.my_offer).toMatchObject({ days: 75 });
    const undated = await given.routedRequest({ funder, invoices: [{ dueInDays: null }] });
    await decide(funder, undated, offerBody());
    expect((await packet(funder, undated)).body.my_offer).toMatchObject({ days: 30 });
  });

  it('an offer past its validity reads expired, and the seller can no longer accept it', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder, offer: { valid_days: 1 } });
    await service.advanceClock(86_401);
    expect((await packet(funder, request)).body.my_offer?.status).toBe('expired');
    const accept = await service.ops('POST', `/ops/v1/requests/${request.id}/seller-answer`, {
      answer: 'accept',
    });
    expect(accept.status).toBe(409);
    expect(code(accept)).toBe('invalid_state');
    expect(await given.statusOf(request)).toBe('terms_sent');
  });

  it.each([
    ['approved', (funder: FunderFixture) => given.approvedRequest({ funder })],
    ['funded', (funder: FunderFixture) => given.fundedRequest({ funder })],
    ['settled', (funder: FunderFixture) => given.settledRequest({ funder })],
    ['declined', (funder: FunderFixture) => given.declinedRequest({ funder })],
  ])('an offer on a %s request is refused with invalid_state', async (_status, make) => {
    const funder = await given.funder();
    const request = await make(funder);
    await expectRefused(request, () => decide(funder, request, offerBody()), 409, 'invalid_state');
  });

  it('an offer on a request the funder cannot see answers 404', async () => {
    const funder = await given.funder();
    const other = await given.funder();
    const request = await given.routedRequest({ funder: other });
    await expectRefused(request, () => decide(funder, request, offerBody()), 404, 'not_found');
  });
});

describe('listed buyers', () => {
  it('an offer naming debtors off the funder’s list is refused with debtor_not_eligible_for_funder, naming each', async () => {
    const funder = await given.funder();
    const listed = await given.debtor({ name: 'Listed Buyer SA' });
    const outside = await given.debtor({ name: 'Unlisted Buyer SL' });
    const request = await given.routedRequest({
      funder,
      invoices: [{ debtor: listed }, { debtor: outside }, { debtor: outside }],
    });
    await given.listedBuyers(funder, { only: true, buyers: [listed] });
    const answer = await expectRefused(
      request,
      () => decide(funder, request, offerBody()),
      409,
      'debtor_not_eligible_for_funder',
    );
    expect(errorOf(answer).debtors).toEqual([
      {
        name: 'Unlisted Buyer SL',
        debtor_key: outside.debtor_key,
        reason: 'not_on_list',
        invoices: [request.invoices[1]!.number, request.invoices[2]!.number],
      },
    ]);
    expect(outside.debtor_key).toBe(`ES:${outside.tax_id}`);

    await given.listedBuyers(funder, { only: true, buyers: [listed, outside] });
    expect((await decide(funder, request, offerBody())).status).toBe(201);
  });

  it('a list of buyers without listed-buyers-only does not restrict offers', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    await given.listedBuyers(funder, { only: false, buyers: [] });
    expect((await decide(funder, request, offerBody())).status).toBe(201);
  });
});

// ------------------------------------------------------------------------ required documents

describe('required documents', () => {
  it('an offer waits for the documents the funder requires: missing, then unverified, then expired, then it goes through', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, country: 'ES' });
    await given.requiredDocuments(funder, 'ES', ['es_tax_compliance', 'es_social_security_compliance']);
    const today = await given.today();

    const missing = await expectRefused(
      request,
      () => decide(funder, request, offerBody()),
      409,
      'documents_missing_for_funder',
    );
    expect(errorOf(missing)).toMatchObject({
      on_date: today,
      documents: [
        { code: 'es_tax_compliance', name: expect.any(String), problem: 'missing' },
        { code: 'es_social_security_compliance', name: expect.any(String), problem: 'missing' },
      ],
    });

    const tax = await given.sellerDocument(request.seller, 'es_tax_compliance', {
      verified: false,
      validForDays: 2,
    });
    await given.sellerDocument(request.seller, 'es_social_security_compliance');
    const unverified = await expectRefused(
      request,
      () => decide(funder, request, offerBody()),
      409,
      'documents_missing_for_funder',
    );
    expect(errorOf(unverified).documents).toEqual([
      { code: 'es_tax_compliance', name: expect.any(String), problem: 'unverified' },
    ]);

    await service.ops('POST', `/ops/v1/seller-documents/${tax}/verify`, { method: 'issuer_portal' });
    await service.advanceClock(3 * 86_400);
    const expired = await expectRefused(
      request,
      () => decide(funder, request, offerBody()),
      409,
      'documents_missing_for_funder',
    );
    expect(errorOf(expired)).toMatchObject({
      on_date: addDays(today, 3),
      documents: [{ code: 'es_tax_compliance', name: expect.any(String), problem: 'expired' }],
    });

    await given.sellerDocument(request.seller, 'es_tax_compliance', { issuedDaysAgo: 0 });
    expect((await decide(funder, request, offerBody())).status).toBe(201);
  });

  it('funding checks the documents on the value date: one valid today but expiring before it is refused', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    await given.sellerDocument(request.seller, 'es_tax_compliance', { validForDays: 1 });
    await given.requiredDocuments(funder, 'ES', ['es_tax_compliance']);
    const today = await given.today();
    const later = addDays(today, 3);
    const answer = await expectRefused(
      request,
      () => decide(funder, request, { decision: 'fund', value_date: later, reference: 'TRF-0001' }),
      409,
      'documents_missing_for_funder',
    );
    expect(errorOf(answer)).toMatchObject({
      on_date: later,
      documents: [{ code: 'es_tax_compliance', problem: 'expired' }],
    });
    const now = await decide(funder, request, { decision: 'fund', value_date: today, reference: 'TRF-0001' });
    expect(now.status).toBe(200);
  });

  it('a seller of another country is not held to the list of ES', async () => {
    const funder = await given.funder();
    await given.requiredDocuments(funder, 'ES', ['es_tax_compliance']);
    const request = await given.routedRequest({ funder, country: 'PT' });
    expect((await decide(funder, request, offerBody())).status).toBe(201);
  });
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
    const answer = await expectRefused(
      request,
      async () =>
        decide(funder, request, { decision: 'fund', value_date: await given.today(), reference: 'TRF-0001' }),
      409,
      'funding_gate_failed',
    );
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
    const answer = await expectRefused(
      request,
      async () =>
        decide(funder, request, { decision: 'fund', value_date: await given.today(), reference: 'TRF-0001' }),
      409,
      'funding_gate_failed',
    );
    expect(errorOf(answer).debtors).toEqual([
      expect.objectContaining({ status: 'acknowledged', level_achieved: 'receipt' }),
    ]);
  });

  it('an open hard risk signal blocks funding until the operations team clears it', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const signal = await given.riskSignal(request, { hard: true, code: 'credit_note_against_invoice' });
    const fund = async () =>
      decide(funder, request, { decision: 'fund', value_date: await given.today(), reference: 'TRF-0001' });
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
    await expectRefused(
      request,
      async () =>
        decide(funder, request, { decision: 'fund', value_date: await given.today(), reference: 'TRF-0001' }),
      409,
      'funding_gate_failed',
    );
  });

  it('a soft risk signal only flags: funding goes through', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    await given.riskSignal(request, { hard: false });
    const answer = await decide(funder, request, {
      decision: 'fund',
      value_date: await given.today(),
      reference: 'TRF-0001',
    });
    expect(answer.status).toBe(200);
  });

  it('an open dispute blocks funding until it is resolved', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const dispute = await given.dispute(request, { raisedBy: 'debtor', reason: 'Goods returned.' });
    const fund = async () =>
      decide(funder, request, { decision: 'fund', value_date: await given.today(), reference: 'TRF-0001' });
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

  it('an amount other than the accepted advance is refused with funding_amount_mismatch', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({
      funder,
      debtorsAcknowledged: true,
      invoices: [{ amount: 10_000 }],
    });
    const today = await given.today();
    const answer = await expectRefused(
      request,
      () =>
        decide(funder, request, {
          decision: 'fund',
          value_date: today,
          reference: 'TRF-0001',
          amount: 7_999.99,
        }),
      409,
      'funding_amount_mismatch',
    );
    expect(errorOf(answer).expected_amount).toBe(8_000);
  });

  it.each<[string, (today: string) => Body]>([
    ['a missing value_date', () => ({ reference: 'TRF-0001' })],
    ['a value_date that is not a date', () => ({ value_date: '2026-02-30', reference: 'TRF-0001' })],
    ['a value_date written day first', () => ({ value_date: '20/11/2026', reference: 'TRF-0001' })],
    ['a value_date with a time', (t) => ({ value_date: `${t}T10:00:00Z`, reference: 'TRF-0001' })],
    ['a value_date sent as a number', () => ({ value_date: 20261120, reference: 'TRF-0001' })],
    ['a value_date more than 7 days ahead', (t) => ({ value_date: addDays(t, 8), reference: 'TRF-0001' })],
    ['a missing reference', (t) => ({ value_date: t })],
    ['a reference that is too short', (t) => ({ value_date: t, reference: 'ab' })],
    ['a reference of spaces around two characters', (t) => ({ value_date: t, reference: '   ab   ' })],
    ['a reference longer than 140 characters', (t) => ({ value_date: t, reference: 'R'.repeat(141) })],
    ['a huge reference', (t) => ({ value_date: t, reference: 'R'.repeat(50_000) })],
    ['a reference sent as a number', (t) => ({ value_date: t, reference: 123456 })],
  ])('%s is refused with invalid_funding_details and changes nothing', async (_name, body) => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const today = await given.today();
    await expectRefused(
      request,
      () => decide(funder, request, { decision: 'fund', ...body(today) }),
      422,
      'invalid_funding_details',
    );
  });

  it('funding a request in terms_sent is refused with invalid_state', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder });
    await expectRefused(
      request,
      async () =>
        decide(funder, request, { decision: 'fund', value_date: await given.today(), reference: 'TRF-0001' }),
      409,
      'invalid_state',
    );
  });

  it('funding a request twice is refused with invalid_state', async () => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    await expectRefused(
      request,
      async () =>
        decide(funder, request, { decision: 'fund', value_date: await given.today(), reference: 'TRF-0002' }),
      409,
      'invalid_state',
    );
  });
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

  it.each<[string, Body]>([
    ['an amount of 0', { amount: 0 }],
    ['a negative amount', { amount: -5 }],
    ['an amount with 3 decimals', { amount: 10.005 }],
    ['an amount sent as text', { amount: '100' }],
    ['a missing amount', {}],
    ['a null amount', { amount: null }],
    ['an amount above what remains', { amount: 10_000.01 }],
    ['an amount above a trillion euros', { amount: 1_000_000_000_000.01 }],
    ['an amount past exact integer cents', { amount: 2 ** 53 }],
  ])('%s is refused with invalid_amount and counts nothing', async (_name, body) => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder, invoices: [{ amount: 10_000 }] });
    await expectRefused(
      request,
      () => decide(funder, request, { decision: 'settle', ...body }),
      422,
      'invalid_amount',
    );
  });

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

  it.each<[string, (now: Date) => unknown]>([
    ['a received_at in words', () => 'yesterday'],
    ['a received_at with a month 13', () => '2026-13-01T10:00:00Z'],
    ['a received_at written day first', () => '20/11/2026 10:00'],
    ['a received_at without a time', (now) => now.toISOString().slice(0, 10)],
    ['a received_at sent as a number', (now) => now.getTime()],
    [
      'a received_at more than one day ahead (the day after tomorrow in Madrid)',
      (now) => madridMidnight(addDays(madridDate(now), 2)).toISOString(),
    ],
  ])('%s is refused with invalid_received_at', async (_name, receivedAt) => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    const now = await given.now();
    await expectRefused(
      request,
      () => decide(funder, request, { decision: 'settle', amount: 100, received_at: receivedAt(now) }),
      422,
      'invalid_received_at',
    );
  });

  it.each<[string, Body]>([
    ['a reference longer than 140 characters', { reference: 'R'.repeat(141) }],
    ['a note longer than 1,000 characters', { note: 'n'.repeat(1_001) }],
    ['final sent as text', { final: 'yes' }],
    ['a member settle does not know', { currency: 'EUR' }],
  ])('%s is refused with body_invalid and counts nothing', async (_name, body) => {
    const funder = await given.funder();
    const request = await given.fundedRequest({ funder });
    await expectRefused(
      request,
      () => decide(funder, request, { decision: 'settle', amount: 100, ...body }),
      422,
      'body_invalid',
    );
  });

  it('a settlement on a settled request is refused with invalid_state', async () => {
    const funder = await given.funder();
    const request = await given.settledRequest({ funder });
    await expectRefused(
      request,
      () => decide(funder, request, { decision: 'settle', amount: 1 }),
      409,
      'invalid_state',
    );
  });

  it('a settlement on an approved request, not funded yet, is refused with invalid_state', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    await expectRefused(
      request,
      () => decide(funder, request, { decision: 'settle', amount: 1 }),
      409,
      'invalid_state',
    );
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

// ---------------------------------------------------------------------------------- decline

describe('decline', () => {
  it('a decline answers 200 with status declined, its reason and no step back', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const now = await given.now();
    const answer = await decide(funder, request, {
      decision: 'decline',
      reason: 'concentration',
      notes: 'Our exposure to these debtors is full.',
      internal_note: 'Limit review due in March.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      decision: 'decline',
      request_id: request.id,
      status: 'declined',
      reason: 'concentration',
      step_back: false,
      declined_at: now.toISOString(),
    });
    expect((await snapshot(request)).request).toMatchObject({
      status: 'declined',
      close_reason: 'concentration',
      close_note: 'Our exposure to these debtors is full.',
    });
  });

  it.each<[string, Body]>([
    ['no reason and no notes', {}],
    ['notes of spaces only', { notes: '    ' }],
    ['a null reason and no notes', { reason: null }],
  ])('a decline with %s is refused with reason_required (400)', async (_name, body) => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    await expectRefused(
      request,
      () => decide(funder, request, { decision: 'decline', ...body }),
      400,
      'reason_required',
    );
  });

  it.each<[string, Body]>([
    ['a reason not in the list', { reason: 'bad_debtor' }],
    ['notes that are not text', { reason: 'other', notes: 5 }],
    ['an internal note longer than 2,000 characters', { reason: 'other', internal_note: 'i'.repeat(2_001) }],
    ['a member decline does not know', { reason: 'other', severity: 'high' }],
  ])('a decline with %s is refused with body_invalid', async (_name, body) => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    await expectRefused(
      request,
      () => decide(funder, request, { decision: 'decline', ...body }),
      422,
      'body_invalid',
    );
  });

  it('a decline with only notes keeps the message with reason other', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const answer = await decide(funder, request, { decision: 'decline', notes: 'Not for us this time.' });
    expect(answer.body).toMatchObject({ status: 'declined', reason: 'other', step_back: false });
    expect((await snapshot(request)).request).toMatchObject({
      close_reason: 'other',
      close_note: 'Not for us this time.',
    });
  });

  it('declining terms the seller has not answered withdraws the offer', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder });
    expect((await decide(funder, request, { decision: 'decline', reason: 'payer_credit' })).status).toBe(200);
    expect((await packet(funder, request)).body.my_offer).toMatchObject({
      id: request.offerId,
      status: 'withdrawn',
    });
  });

  it.each([
    ['funded', (funder: FunderFixture) => given.fundedRequest({ funder })],
    ['settled', (funder: FunderFixture) => given.settledRequest({ funder })],
    ['declined', (funder: FunderFixture) => given.declinedRequest({ funder })],
  ])('a decline on a %s request is refused with invalid_state', async (_status, make) => {
    const funder = await given.funder();
    const request = await make(funder);
    await expectRefused(
      request,
      () =>
        decide(funder, request, {
          decision: 'decline',
          reason: 'other',
          notes: 'We step back from this one.',
        }),
      409,
      'invalid_state',
    );
  });

  it.each<[string, Body]>([
    ['only a reason', { reason: 'documentation' }],
    ['a message of 9 characters', { notes: 'Too late.' }],
    ['a message of spaces around 9 characters', { reason: 'other', notes: '   Too late.   ' }],
  ])(
    'stepping back from an approved request with %s is refused with step_back_message_required',
    async (_name, body) => {
      const funder = await given.funder();
      const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
      await expectRefused(
        request,
        () => decide(funder, request, { decision: 'decline', ...body }),
        422,
        'step_back_message_required',
      );
    },
  );

  it('stepping back from an approved request keeps the accepted offer and withdraws the notices', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, invoices: 2 });
    await given.debtorAnswers(request, { answer: 'acknowledged', debtor: request.debtors[0]! });
    const answer = await decide(funder, request, {
      decision: 'decline',
      notes: 'The debtor limit was withdrawn by our insurer.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      decision: 'decline',
      status: 'declined',
      step_back: true,
      reason: 'other',
    });
    const read = await packet(funder, request);
    expect(read.body.my_offer).toMatchObject({ id: request.offerId, status: 'accepted' });
    expect(read.body.debtor_consent.map((n) => n.status)).toEqual(['withdrawn', 'withdrawn']);
    expect((await snapshot(request)).request).toMatchObject({ accepted_offer_id: request.offerId });
  });
});

// ---------------------------------------------------------------------- who may decide

describe('who may decide', () => {
  it('a funder the request was re-routed away from gets not_routed_to_you on every decision', async () => {
    const earlier = await given.funder();
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder: earlier });
    await given.routed(request, funder);
    expect(await given.statusOf(request)).toBe('under_review');
    for (const body of [offerBody(), { decision: 'decline', reason: 'other' }]) {
      await expectRefused(request, () => decide(earlier, request, body), 409, 'not_routed_to_you');
    }
    expect((await decide(funder, request, offerBody())).status).toBe(201);
  });

  it('a request with terms sent cannot be routed again to the same funder', async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({ funder });
    const answer = await service.ops('POST', `/ops/v1/requests/${request.id}/route`, {
      bank_id: funder.bankId,
    });
    expect(answer.status).toBe(409);
    expect(code(answer)).toBe('invalid_state');
  });

  it('a key without decisions:write is refused with forbidden', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const reader = { key: await given.keyOf(funder, ['requests:read', 'settings:write']) };
    await expectRefused(request, () => decide(reader, request, offerBody()), 403, 'forbidden');
    await expectRefused(
      request,
      () => consentLevel(reader, request, { level: 'acceptance', reason: 'Large exposure.' }),
      403,
      'forbidden',
    );
  });

  it('a key of an unclassified funder cannot decide: forbidden', async () => {
    const unclassified = await given.funder({ environment: 'unclassified' });
    const request = await given.routedRequest({ funder: await given.funder() });
    await expectRefused(request, () => decide(unclassified, request, offerBody()), 403, 'forbidden');
  });

  it('a sandbox key cannot decide on a live request', async () => {
    const sandbox = await given.demoFunder();
    const request = await given.routedRequest({ funder: await given.funder() });
    await expectRefused(request, () => decide(sandbox, request, offerBody()), 404, 'not_found');
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine
});

// ------------------------------------------------------------------------------ bad input

describe('bad input changes nothing', () => {
  it('a body that is not JSON, an array or too large is refused before anything is read', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const url = `/v1/requests/${request.id}/decision`;
    await expectRefused(
      request,
      () =>
        service.call(funder.key, 'POST', url, {
          payload: '{"decision": "offer",',
          headers: { 'content-type': 'application/json' },
        }),
      422,
      'body_invalid',
    );
    await expectRefused(request, () => decide(funder, request, [offerBody()]), 422, 'body_invalid');
    await expectRefused(request, () => decide(funder, request, 'offer'), 422, 'body_invalid');
    await expectRefused(
      request,
      () => decide(funder, request, offerBody({ notes: 'x'.repeat(1_100_000) })),
      413,
      'body_too_large',
    );
  });

  it('a decision on a request id that is not a UUID answers 404', async () => {
    const funder = await given.funder();
    const answer = await service.call(funder.key, 'POST', '/v1/requests/42/decision', { body: offerBody() });
    expect(answer.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------- consent level

describe('consent level', () => {
  it('raising the level answers what it was and what it is now, and every pending notice follows', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: 2 });
    const answer = await consentLevel(funder, request, {
      level: 'acceptance',
      reason: 'Large exposure on these debtors.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      request_id: request.id,
      consent_level_required: 'acceptance',
      changed: true,
      from: 'acknowledgment',
    });
    const read = await packet(funder, request);
    expect(read.body.request.consent_level_required).toBe('acceptance');
    expect(read.body.debtor_consent.map((n) => n.level_required)).toEqual(['acceptance', 'acceptance']);

    await given.debtorAnswers(request, { answer: 'acknowledged', level: 'acknowledgment' });
    const after = await packet(funder, request);
    expect(after.body.debtor_consent.map((n) => n.meets_requirement)).toEqual([false, false]);
  });

  it('asking for the level already required changes nothing', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const before = await snapshot(request);
    const answer = await consentLevel(funder, request, {
      level: 'acknowledgment',
      reason: 'Confirming the level.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      request_id: request.id,
      consent_level_required: 'acknowledgment',
      changed: false,
      from: null,
    });
    expect(await snapshot(request)).toEqual(before);
  });

  it('lowering the level is refused with level_lower', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const answer = await expectRefused(
      request,
      () => consentLevel(funder, request, { level: 'receipt', reason: 'Lighter for this seller.' }),
      409,
      'level_lower',
    );
    expect(errorOf(answer).current).toBe('acknowledgment');
  });

  it.each<[string, Body]>([
    ['no level', { reason: 'Large exposure.' }],
    ['a level not in the list', { level: 'high', reason: 'Large exposure.' }],
    ['a level in capitals', { level: 'ACCEPTANCE', reason: 'Large exposure.' }],
    ['a level that is not text', { level: 3, reason: 'Large exposure.' }],
  ])('a consent level with %s is refused with level_invalid', async (_name, body) => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    await expectRefused(request, () => consentLevel(funder, request, body), 422, 'level_invalid');
  });

  it.each<[string, Body]>([
    ['no reason', { level: 'acceptance' }],
    ['a reason of 7 characters', { level: 'acceptance', reason: 'Because' }],
    ['a reason of spaces around 7 characters', { level: 'acceptance', reason: '   Because   ' }],
    ['a reason that is not text', { level: 'acceptance', reason: 12345678 }],
  ])('a consent level with %s is refused with reason_required (422)', async (_name, body) => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    await expectRefused(request, () => consentLevel(funder, request, body), 422, 'reason_required');
  });

  it('a consent level with a member it does not know is refused with body_invalid', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    await expectRefused(
      request,
      () => consentLevel(funder, request, { level: 'acceptance', reason: 'Large exposure.', urgent: true }),
      422,
      'body_invalid',
    );
  });

  it('a consent level on a confirming request is refused with not_factoring', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, type: 'confirming' });
    await expectRefused(
      request,
      () => consentLevel(funder, request, { level: 'acceptance', reason: 'Large exposure.' }),
      409,
      'not_factoring',
    );
  });

  it('a consent level on a declined request is refused with request_not_in_flight', async () => {
    const funder = await given.funder();
    const request = await given.declinedRequest({ funder });
    await expectRefused(
      request,
      () => consentLevel(funder, request, { level: 'acceptance', reason: 'Large exposure.' }),
      409,
      'request_not_in_flight',
    );
  });

  it('a consent level after one debtor answered is refused with notice_already_decided', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: 2 });
    await given.debtorAnswers(request, { answer: 'acknowledged', debtor: request.debtors[0]! });
    await expectRefused(
      request,
      () => consentLevel(funder, request, { level: 'acceptance', reason: 'Large exposure.' }),
      409,
      'notice_already_decided',
    );
  });

  it('a consent level from a funder the request is no longer routed to is refused with not_routed_to_you', async () => {
    const earlier = await given.funder();
    const request = await given.offeredRequest({ funder: earlier });
    await given.routed(request, await given.funder());
    await expectRefused(
      request,
      () => consentLevel(earlier, request, { level: 'acceptance', reason: 'Large exposure.' }),
      409,
      'not_routed_to_you',
    );
  });

  it('a consent level on a request the funder cannot see answers 404', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder: await given.funder() });
    await expectRefused(
      request,
      () => consentLevel(funder, request, { level: 'acceptance', reason: 'Large exposure.' }),
      404,
      'not_found',
    );
  });
});

// ------------------------------------------------------------------ the status machine

type Reachable = Exclude<RequestStatus, 'accepted'>;

/** How to bring a fresh request routed to `funder` into each status, through the APIs. */
const reach: Record<Reachable, (funder: FunderFixture) => Promise<RoutedRequest | OfferedRequest>> = {
  pending: (funder) => given.routedRequest({ funder, status: 'pending' }),
  submitted: (funder) => given.routedRequest({ funder, status: 'submitted' }),
  under_review: (funder) => given.routedRequest({ funder, status: 'under_review' }),
  terms_sent: (funder) => given.offeredRequest({ funder }),
  approved: (funder) => given.approvedRequest({ funder, debtorsAcknowledged: true }),
  funded: (funder) => given.fundedRequest({ funder }),
  settled: (funder) => given.settledRequest({ funder }),
  declined: (funder) => given.declinedRequest({ funder }),
  rejected: (funder) => given.rejectedRequest({ funder }),
  cancelled: (funder) => given.cancelledRequest({ funder }),
};

interface Action {
  name: string;
  /** The moves of request-status.ts this call makes; the first one the status allows applies. */
  moves: Move[];
  /** Statuses the call is also allowed from without a move of the table (routing keeps the status). */
  keepsFrom?: RequestStatus[];
  run(request: RoutedRequest, funder: FunderFixture): Promise<{ status: number; body: unknown }>;
}

const ops = (path: string, body: unknown = {}) => service.ops('POST', path, body);

const ACTIONS: Action[] = [
  {
    name: 'the operations team submits',
    moves: ['submit'],
    run: (r) => ops(`/ops/v1/requests/${r.id}/submit`),
  },
  {
    name: 'the operations team reviews',
    moves: ['review'],
    run: (r) => ops(`/ops/v1/requests/${r.id}/review`),
  },
  {
    name: 'the operations team routes to another funder',
    moves: ['reroute'],
    keepsFrom: ['pending', 'submitted', 'under_review'],
    run: async (r) => ops(`/ops/v1/requests/${r.id}/route`, { bank_id: (await given.funder()).bankId }),
  },
  { name: 'the funder offers', moves: ['offer'], run: (r, f) => decide(f, r, offerBody()) },
  {
    name: 'the seller accepts',
    moves: ['accept_terms'],
    run: (r) => ops(`/ops/v1/requests/${r.id}/seller-answer`, { answer: 'accept' }),
  },
  {
    name: 'the seller rejects',
    moves: ['reject_terms'],
    run: (r) => ops(`/ops/v1/requests/${r.id}/seller-answer`, { answer: 'reject' }),
  },
  {
    name: 'the funder funds',
    moves: ['fund'],
    run: async (r, f) =>
      decide(f, r, { decision: 'fund', value_date: await given.today(), reference: 'TRF-WALK' }),
  },
  {
    name: 'the funder records part of the money',
    moves: ['settle_partial'],
    run: (r, f) => decide(f, r, { decision: 'settle', amount: 1 }),
  },
  {
    name: 'the funder records a final settlement',
    moves: ['settle_final'],
    run: (r, f) => decide(f, r, { decision: 'settle', amount: 1, final: true }),
  },
  {
    name: 'the funder declines (a step back from approved)',
    moves: ['decline', 'step_back'],
    run: (r, f) =>
      decide(f, r, { decision: 'decline', reason: 'other', notes: 'We cannot go on with this one.' }),
  },
  { name: 'the seller cancels', moves: ['cancel'], run: (r) => ops(`/ops/v1/requests/${r.id}/cancel`) },
];

function expectedAfter(status: RequestStatus, action: Action): RequestStatus | null {
  const move = action.moves.find((m) => canMove(status, m));
  if (move) return nextStatus(status, move);
  return action.keepsFrom?.includes(status) ? status : null;
}

describe('the request status machine, walked through the APIs', () => {
  it('covers every status but accepted, which no move produces', () => {
    expect(REQUEST_STATUSES.filter((s) => !(s in reach))).toEqual(['accepted']);
    const covered = new Set(ACTIONS.flatMap((a) => a.moves));
    expect(
      (
        [
          'submit',
          'review',
          'offer',
          'accept_terms',
          'reject_terms',
          'reroute',
          'fund',
          'settle_partial',
          'settle_final',
          'decline',
          'step_back',
          'cancel',
        ] as Move[]
      ).filter((m) => !covered.has(m)),
    ).toEqual([]);
  });

  it.each(Object.keys(reach) as Reachable[])(
    'from %s, the allowed moves go through and every other one is refused with invalid_state',
    async (status) => {
      const funder = await given.funder();
      // Refusals change nothing, so they are all tried on one request.
      const refusing = await reach[status](funder);
      expect(await given.statusOf(refusing)).toBe(status);
      for (const action of ACTIONS.filter((a) => expectedAfter(status, a) === null)) {
        const before = await snapshot(refusing);
        const answer = await action.run(refusing, funder);
        expect({ action: action.name, status: answer.status, code: code(answer) }).toEqual({
          action: action.name,
          status: 409,
          code: 'invalid_state',
        });
        expect(await snapshot(refusing)).toEqual(before);
      }
      for (const action of ACTIONS) {
        const to = expectedAfter(status, action);
        if (to === null) continue;
        const request = await reach[status](funder);
        const answer = await action.run(request, funder);
        expect({ action: action.name, ok: answer.status < 300 }).toEqual({ action: action.name, ok: true });
        expect({ action: action.name, to: await given.statusOf(request) }).toEqual({
          action: action.name,
          to,
        });
      }
    },
  );
});

// --------------------------------------------------------------------- events and evidence

describe('events and evidence', () => {
  async function eventsOf(funderId: string) {
    const { rows } = await service.db.query<{
      id: string;
      funder_id: string;
      plane: string;
      type: string;
      api_version: string;
      payload: Body;
    }>(
      'SELECT id, funder_id, plane, type, api_version, payload FROM outbox_events WHERE funder_id = $1 ORDER BY seq',
      [funderId],
    );
    return rows;
  }

  it('routing, acknowledging, funding and settling put request.routed, notice.acknowledged, request.funded and settlement.recorded in the outbox', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: [{ amount: 6_000 }, { amount: 4_000 }] });
    expect((await eventsOf(funder.bankId)).map((e) => e.type)).toEqual(['request.routed']);
    await decide(funder, request, offerBody());
    await given.sellerAccepts(request);
    await given.debtorAnswers(request, { answer: 'acknowledged' });
    const refused = await decide(funder, request, {
      decision: 'fund',
      value_date: await given.today(),
      reference: 'TRF-EVT',
      amount: 1,
    });
    expect(refused.status).toBe(409);
    await decide(funder, request, {
      decision: 'fund',
      value_date: await given.today(),
      reference: 'TRF-EVT',
    });
    await decide(funder, request, { decision: 'settle', amount: 4_000 });
    await decide(funder, request, { decision: 'settle', amount: 6_000 });

    const events = await eventsOf(funder.bankId);
    expect(events.map((e) => e.type)).toEqual([
      'request.routed',
      'notice.acknowledged',
      'notice.acknowledged',
      'request.funded',
      'settlement.recorded',
      'settlement.recorded',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const event of events) {
      expect(event).toMatchObject({ funder_id: funder.bankId, plane: 'live', api_version: '2026-09-23' });
      expect(event.id).toMatch(UUID);
    }
    expect(events[0]!.payload).toMatchObject({
      request: { id: request.id, assigned_bank_id: funder.bankId },
    });
    expect(events[1]!.payload).toMatchObject({
      request_id: request.id,
      level_achieved: 'acknowledgment',
      meets_requirement: true,
    });
    expect(events[3]!.payload).toMatchObject({
      request: { id: request.id, status: 'funded' },
      reference: 'TRF-EVT',
      amount: 8_000,
    });
    expect(events[5]!.payload).toMatchObject({ request_id: request.id, amount: 6_000, status: 'settled' });
  });

  it('an event on the demonstration plane goes to the demonstration funder, on plane demo', async () => {
    const sandbox = await given.demoFunder();
    const request = await given.routedRequest({ funder: sandbox, plane: 'demo' });
    const events = await eventsOf(sandbox.bankId);
    const routed = events.filter((e) => (e.payload.request as Body | undefined)?.id === request.id);
    expect(routed).toEqual([
      expect.objectContaining({ type: 'request.routed', plane: 'demo', api_version: '2026-09-23' }),
    ]);
  });

  it('every decision is kept on the evidence chain with the key that made it', async () => {
    const funder = await given.funder();
    const request = await given.settledRequest({ funder });
    const stepped = await given.approvedRequest({ funder });
    await decide(funder, stepped, { decision: 'decline', notes: 'Our insurer withdrew the cover.' });
    const declined = await given.routedRequest({ funder });
    await decide(funder, declined, {
      decision: 'decline',
      reason: 'sector_excluded',
      internal_note: 'Sector policy 4.2.',
    });
    const raised = await given.routedRequest({ funder });
    await consentLevel(funder, raised, { level: 'acceptance', reason: 'Large exposure on this debtor.' });

    const { rows } = await service.db.query<{
      kind: string;
      subject_id: string;
      plane: string;
      actor: Body;
      payload: Body;
    }>(
      `SELECT kind, subject_id, plane, actor, payload FROM evidence_entries
        WHERE funder_id = $1 AND (kind LIKE 'decision.%' OR kind = 'request.consent_level_raised') ORDER BY seq`,
      [funder.bankId],
    );
    expect(rows.map((r) => [r.kind, r.subject_id])).toEqual([
      ['decision.offer', request.id],
      ['decision.fund', request.id],
      ['decision.settle', request.id],
      ['decision.offer', stepped.id],
      ['decision.step_back', stepped.id],
      ['decision.decline', declined.id],
      ['request.consent_level_raised', raised.id],
    ]);
    for (const row of rows) {
      expect(row.plane).toBe('live');
      expect(row.actor).toMatchObject({ kind: 'funder_key', funder_id: funder.bankId, key_id: funder.keyId });
    }
    expect(rows[5]!.payload).toMatchObject({
      reason: 'sector_excluded',
      internal_note: 'Sector policy 4.2.',
    });
    expect(rows[6]!.payload).toMatchObject({
      from: 'acknowledgment',
      to: 'acceptance',
      reason: 'Large exposure on this debtor.',
    });
  });
});
