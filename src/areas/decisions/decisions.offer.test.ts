import { describe, expect, it } from 'vitest';
import { DAY_MS, decisionsGiven, offerBody, UUID } from '../../../test/support/decisions-given.ts';
import { errorCode, errorOf } from '../../../test/support/errors.ts';
import { type Refusal, refusals } from '../../../test/support/refusals.ts';
import { startGiven } from '../../../test/support/service.ts';
import { shared } from '../../../test/support/shared.ts';
import { addDays } from '../../platform/clock.ts';

const { service, given } = startGiven();
const { decide, expectRefused, packet, snapshot } = decisionsGiven(service);

/** A request routed to its funder and under review: refusals leave it so, and their cases share it. */
const routed = shared(async () => {
  const funder = await given.funder();
  return { funder, request: await given.routedRequest({ funder }) };
});

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

  const terms = (name: string, body: Record<string, unknown>): Refusal & { body: unknown } => ({
    name,
    body: offerBody(body),
    status: 422,
    code: 'invalid_terms',
  });
  const decision = (name: string, body: unknown): Refusal & { body: unknown } => ({
    name,
    body,
    status: 422,
    code: 'invalid_decision',
  });
  refusals(
    '$name is refused with $code and changes nothing',
    [
      terms('a rate of 0', { rate: 0 }),
      terms('a negative rate', { rate: -1 }),
      terms('a rate above 100 percent (100.5)', { rate: 100.5 }),
      terms('a rate with more than 4 decimals', { rate: 1.23456 }),
      terms('a rate sent as text', { rate: '2.5' }),
      terms('an offer without a rate', { rate: undefined }),
      terms('an offer without advance_pct', { advance_pct: undefined }),
      terms('an advance_pct of null', { advance_pct: null }),
      terms('an advance_pct of 0', { advance_pct: 0 }),
      terms('an advance above 100 percent', { advance_pct: 101 }),
      terms('an advance_pct sent as true', { advance_pct: true }),
      terms('valid_days of 0', { valid_days: 0 }),
      terms('valid_days of 91', { valid_days: 91 }),
      terms('valid_days of 7.5', { valid_days: 7.5 }),
      terms('valid_days sent as text', { valid_days: '7' }),
      terms('days of 0', { days: 0 }),
      terms('days above 730', { days: 731 }),
      terms('days sent as text', { days: '60' }),
      terms('notes that are not text', { notes: 42 }),
      terms('notes longer than 2,000 characters', { notes: 'x'.repeat(2_001) }),
      terms('huge notes (100,000 characters)', { notes: 'x'.repeat(100_000) }),
      decision('no decision at all', { rate: 2, advance_pct: 80 }),
      decision('an unknown decision', { decision: 'approve' }),
      decision('a decision in capitals', { decision: 'OFFER' }),
      decision('a decision that is not text', { decision: 1 }),
      decision('a null decision', { decision: null }),
      {
        name: 'an offer with a member it does not know',
        body: offerBody({ discount: 1 }),
        status: 422,
        code: 'body_invalid',
        field: 'discount',
      },
    ],
    {
      send: async ({ body }) => {
        const { funder, request } = await routed();
        return decide(funder, request, body);
      },
      unchanged: async () => snapshot((await routed()).request),
    },
  );

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
    const listed = await service.call<{ requests: { my_offer: Record<string, unknown> }[] }>(
      funder.key,
      'GET',
      '/v1/requests',
    );
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
    expect(errorCode(accept)).toBe('invalid_state');
    expect(await given.statusOf(request)).toBe('terms_sent');
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
