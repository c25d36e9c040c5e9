import { describe, expect, it } from 'vitest';
import { errorCode as code } from '../../../test/support/errors.ts';
import type { FunderFixture } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

const { service, given } = startGiven();

type Body = Record<string, unknown>;
interface Item extends Body {
  id: string;
  status: string;
  assigned_bank_id: string | null;
  my_offer: (Body & { status: string }) | null;
  debtor_consent: Body[];
}
interface List {
  funder: { bank_id: string; name: string };
  count: number;
  requests: Item[];
}
interface Packet {
  request: Item;
  debtor_consent: Body[];
  receivables: Body[];
  score: (Body & { score: number; grade: string }) | null;
  my_offer: (Body & { id: string; status: string }) | null;
  risk: { signals: Body[]; disputes: Body[] };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const list = (funder: { key: string }, query = '') =>
  service.call<List>(funder.key, 'GET', `/v1/requests${query}`);
const packet = (funder: { key: string }, id: string) =>
  service.call<Packet>(funder.key, 'GET', `/v1/requests/${id}`);
const ids = (answer: { body: List }) => answer.body.requests.map((r) => r.id);

/** One request of the funder in each kind of status: open ones and others. */
async function aBookOfRequests(funder: FunderFixture) {
  const submitted = await given.routedRequest({ funder });
  const offered = await given.offeredRequest({ funder });
  const approved = await given.approvedRequest({ funder });
  const funded = await given.fundedRequest({ funder });
  const declined = await given.declinedRequest({ funder });
  return { submitted, offered, approved, funded, declined };
}

describe('GET /v1/requests', () => {
  it('lists the open requests routed to the funder by default, leaving out funded and closed ones', async () => {
    const funder = await given.funder();
    const book = await aBookOfRequests(funder);
    const answer = await list(funder);
    expect(answer.status).toBe(200);
    expect(new Set(ids(answer))).toEqual(new Set([book.submitted.id, book.offered.id, book.approved.id]));
    expect(answer.body.count).toBe(3);
    expect(answer.body.funder.bank_id).toBe(funder.bankId);
    expect(answer.body.funder.name).toEqual(expect.any(String));
  });

  it('lists every request it can see with status=all, and one status with status=<status>', async () => {
    const funder = await given.funder();
    const book = await aBookOfRequests(funder);
    const all = await list(funder, '?status=all');
    expect(all.status).toBe(200);
    expect(new Set(ids(all))).toEqual(new Set(Object.values(book).map((r) => r.id)));

    for (const [status, request] of [
      ['submitted', book.submitted],
      ['terms_sent', book.offered],
      ['approved', book.approved],
      ['funded', book.funded],
      ['declined', book.declined],
    ] as const) {
      const one = await list(funder, `?status=${status}`);
      expect(one.status).toBe(200);
      expect(ids(one)).toEqual([request.id]);
      expect(one.body.requests[0]?.status).toBe(status);
    }
    const none = await list(funder, '?status=settled');
    expect(none.body).toMatchObject({ count: 0, requests: [] });
  });

  it.each(['unknown', 'OPEN', 'funded,settled', ''])(
    'a status filter of %j is refused with status_invalid',
    async (status) => {
      const funder = await given.funder({ scopes: ['requests:read'] });
      const answer = await list(funder, `?status=${encodeURIComponent(status)}`);
      expect(answer.status).toBe(422);
      expect(code(answer)).toBe('status_invalid');
    },
  );

  it.each(['0', '201', '-1', 'ten', '1.5'])('a limit of %s is refused with query_invalid', async (limit) => {
    const funder = await given.funder({ scopes: ['requests:read'] });
    const answer = await list(funder, `?limit=${limit}`);
    expect(answer.status).toBe(422);
    expect(code(answer)).toBe('query_invalid');
  });

  it('an unknown query parameter is refused with query_invalid', async () => {
    const funder = await given.funder({ scopes: ['requests:read'] });
    const answer = await list(funder, '?state=open');
    expect(answer.status).toBe(422);
    expect(code(answer)).toBe('query_invalid');
  });

  it('lists the newest request first, and a limit keeps the newest ones', async () => {
    const funder = await given.funder();
    const first = await given.routedRequest({ funder });
    await service.advanceClock(60);
    const second = await given.routedRequest({ funder });
    await service.advanceClock(60);
    const third = await given.routedRequest({ funder });
    const answer = await list(funder);
    expect(ids(answer)).toEqual([third.id, second.id, first.id]);
    const limited = await list(funder, '?limit=2');
    expect(ids(limited)).toEqual([third.id, second.id]);
    expect(limited.body.count).toBe(2);
    expect(ids(await list(funder, '?limit=1&status=all'))).toEqual([third.id]);
    expect((await list(funder, '?limit=200')).status).toBe(200);
  });

  it('gives each request with its full shape, my_offer null before an offer and debtor_consent per debtor', async () => {
    const funder = await given.funder();
    const seller = await given.liveSeller({ country: 'ES' });
    const alfa = await given.debtor({ name: 'Alfa Alimentación SA' });
    const beta = await given.debtor({ name: 'Beta Bebidas SL' });
    const request = await given.routedRequest({
      funder,
      seller,
      invoices: [
        { debtor: beta, amount: 2_500.5 },
        { debtor: alfa, amount: 10_000 },
        { debtor: alfa, amount: 1_000 },
      ],
    });
    const now = (await given.now()).toISOString();
    const answer = await list(funder);
    expect(answer.body.requests).toEqual([
      {
        id: request.id,
        request_ref: expect.stringMatching(/^FR-\d{4}-\d{6}$/),
        type: 'factoring',
        status: 'submitted',
        total_amount: 13_500.5,
        advance_amount: 10_800.4,
        company_name: seller.name,
        company_nif: seller.tax_id,
        invoice_count: 3,
        assigned_bank_id: funder.bankId,
        consent_level_required: 'acknowledgment',
        created_at: now,
        routed_at: now,
        approved_at: null,
        funded_at: null,
        settled_at: null,
        closed_at: null,
        updated_at: now,
        settled_amount: 0,
        my_offer: null,
        debtor_consent: [
          {
            debtor_name: 'Alfa Alimentación SA',
            debtor_tax_id: alfa.tax_id,
            status: 'pending',
            level_required: 'acknowledgment',
            level_achieved: null,
            meets_requirement: false,
          },
          {
            debtor_name: 'Beta Bebidas SL',
            debtor_tax_id: beta.tax_id,
            status: 'pending',
            level_required: 'acknowledgment',
            level_achieved: null,
            meets_requirement: false,
          },
        ],
      },
    ]);
  });

  it("summarises the funder's own offer in my_offer once it has offered", async () => {
    const funder = await given.funder();
    const request = await given.offeredRequest({
      funder,
      offer: { rate: 3.25, advance_pct: 85, days: 45 },
    });
    const now = (await given.now()).toISOString();
    const answer = await list(funder);
    expect(answer.body.requests[0]?.my_offer).toEqual({
      funding_request_id: request.id,
      rate: 3.25,
      advance_pct: 85,
      days: 45,
      status: 'pending',
      submitted_at: now,
      accepted_at: null,
    });
    await given.sellerAccepts(request);
    const accepted = await list(funder);
    expect(accepted.body.requests[0]).toMatchObject({
      status: 'approved',
      approved_at: now,
      advance_amount: 8_500,
      my_offer: { status: 'accepted', accepted_at: now },
    });
  });

  it('shows in debtor_consent the level each debtor signed and whether it meets the level required', async () => {
    const funder = await given.funder();
    const low = await given.debtor({ name: 'Alfa Low Signer SA' });
    const high = await given.debtor({ name: 'Beta High Signer SA' });
    const pending = await given.debtor({ name: 'Gamma Pending SA' });
    const disputing = await given.debtor({ name: 'Omega Disputes SA' });
    const request = await given.routedRequest({
      funder,
      invoices: [{ debtor: low }, { debtor: high }, { debtor: pending }, { debtor: disputing }],
    });
    await given.debtorAnswers(request, { answer: 'acknowledged', debtor: low, level: 'receipt' });
    await given.debtorAnswers(request, { answer: 'acknowledged', debtor: high, level: 'acceptance' });
    await given.debtorAnswers(request, { answer: 'disputed', debtor: disputing, reason: 'Not ours.' });
    const answer = await list(funder);
    expect(answer.body.requests[0]?.debtor_consent).toEqual([
      expect.objectContaining({
        debtor_tax_id: low.tax_id,
        status: 'acknowledged',
        level_achieved: 'receipt',
        meets_requirement: false,
      }),
      expect.objectContaining({
        debtor_tax_id: high.tax_id,
        status: 'acknowledged',
        level_achieved: 'acceptance',
        meets_requirement: true,
      }),
      expect.objectContaining({
        debtor_tax_id: pending.tax_id,
        status: 'pending',
        level_achieved: null,
        meets_requirement: false,
      }),
      expect.objectContaining({
        debtor_tax_id: disputing.tax_id,
        status: 'disputed',
        level_achieved: null,
        meets_requirement: false,
      }),
    ]);
  });

  it('shows a confirming request with no consent level and no debtor consent', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, type: 'confirming' });
    const answer = await list(funder);
    expect(answer.body.requests).toEqual([
      expect.objectContaining({
        id: request.id,
        type: 'confirming',
        consent_level_required: null,
        debtor_consent: [],
      }),
    ]);
  });

  it('a funder that offered keeps seeing the request read only after it is re-routed to another funder', async () => {
    const first = await given.funder();
    const second = await given.funder();
    const request = await given.offeredRequest({ funder: first });
    await given.routed(request, second);

    const firstList = await list(first);
    expect(ids(firstList)).toEqual([request.id]);
    expect(firstList.body.requests[0]).toMatchObject({
      assigned_bank_id: second.bankId,
      my_offer: { status: 'withdrawn' },
    });
    const firstPacket = await packet(first, request.id);
    expect(firstPacket.status).toBe(200);
    expect(firstPacket.body.my_offer).toMatchObject({ id: request.offerId, status: 'withdrawn' });

    const secondList = await list(second);
    expect(ids(secondList)).toEqual([request.id]);
    expect(secondList.body.requests[0]?.my_offer).toBeNull();

    for (const body of [
      { decision: 'offer', rate: 2, advance_pct: 80 },
      { decision: 'decline', reason: 'other' },
      { decision: 'fund', value_date: await given.today(), reference: 'TRF-001' },
    ]) {
      const decided = await service.call(first.key, 'POST', `/v1/requests/${request.id}/decision`, { body });
      expect(decided.status).toBe(409);
      expect(code(decided)).toBe('not_routed_to_you');
    }
    const level = await service.call(first.key, 'POST', `/v1/requests/${request.id}/consent-level`, {
      body: { level: 'acceptance', reason: 'Large exposure on this debtor.' },
    });
    expect(level.status).toBe(409);
    expect(code(level)).toBe('not_routed_to_you');
    expect(await given.statusOf(request)).toBe('under_review');
  });

  it("does not list another funder's requests, nor one merely routed to it before", async () => {
    const mine = await given.funder();
    const other = await given.funder();
    await given.routedRequest({ funder: other });
    const passedOn = await given.routedRequest({ funder: mine });
    await given.routed(passedOn, other);
    const answer = await list(mine, '?status=all');
    expect(answer.body).toMatchObject({ count: 0, requests: [] });
    expect((await packet(mine, passedOn.id)).status).toBe(404);
  });
});

describe('GET /v1/requests/{id}', () => {
  it('answers the packet: request, debtor consent with channel, declaration and signer, receivables, score, my_offer and risk', async () => {
    const funder = await given.funder();
    const seller = await given.liveSeller({ country: 'ES', foundedOn: '2010-01-15' });
    const alfa = await given.debtor({ name: 'Alfa Alimentación SA' });
    const beta = await given.debtor({ name: 'Beta Bebidas SL' });
    const request = await given.offeredRequest({
      funder,
      seller,
      invoices: [
        { debtor: alfa, amount: 4_000, dueInDays: 30 },
        { debtor: beta, amount: 6_000.25, dueInDays: null },
      ],
      offer: { rate: 2.75, advance_pct: 90, days: 30, valid_days: 10, notes: 'Subject to the usual terms.' },
    });
    await given.debtorAnswers(request, {
      answer: 'acknowledged',
      debtor: alfa,
      channel: 'email',
      language: 'es',
      signer: { name: 'Ana Ruiz', role: 'Directora financiera' },
    });
    const now = await given.now();

    const answer = await packet(funder, request.id);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(Object.keys(body).sort()).toEqual([
      'debtor_consent',
      'my_offer',
      'receivables',
      'request',
      'risk',
      'score',
    ]);
    expect(body.request).toMatchObject({
      id: request.id,
      type: 'factoring',
      status: 'terms_sent',
      total_amount: 10_000.25,
      company_name: seller.name,
      company_nif: seller.tax_id,
      invoice_count: 2,
      assigned_bank_id: funder.bankId,
      consent_level_required: 'acknowledgment',
    });
    expect(body.request.debtor_consent).toEqual(body.debtor_consent);
    expect(body.debtor_consent).toEqual([
      {
        debtor_name: 'Alfa Alimentación SA',
        debtor_tax_id: alfa.tax_id,
        debtor_country: 'ES',
        status: 'acknowledged',
        level_required: 'acknowledgment',
        level_achieved: 'acknowledgment',
        meets_requirement: true,
        answered_at: now.toISOString(),
        channel: 'email',
        declaration: {
          text_id: expect.stringMatching(UUID),
          text: expect.any(String),
          counsel_approved: expect.any(Boolean),
        },
        signed_by: { name: 'Ana Ruiz', role: 'Directora financiera' },
        dispute_reason: null,
      },
      {
        debtor_name: 'Beta Bebidas SL',
        debtor_tax_id: beta.tax_id,
        debtor_country: 'ES',
        status: 'pending',
        level_required: 'acknowledgment',
        level_achieved: null,
        meets_requirement: false,
        answered_at: null,
        channel: null,
        declaration: null,
        signed_by: null,
        dispute_reason: null,
      },
    ]);
    expect((body.debtor_consent[0]!.declaration as { text: string }).text.length).toBeGreaterThan(20);
    expect(body.receivables).toEqual([
      {
        invoice_no: request.invoices[0]!.number,
        invoice_amount: 4_000,
        invoice_date: request.invoices[0]!.issue_date,
        invoice_due_date: request.invoices[0]!.due_date,
        customer_name: 'Alfa Alimentación SA',
        customer_tax_id: alfa.tax_id,
        customer_country: 'ES',
        source: 'erp',
      },
      {
        invoice_no: request.invoices[1]!.number,
        invoice_amount: 6_000.25,
        invoice_date: request.invoices[1]!.issue_date,
        invoice_due_date: null,
        customer_name: 'Beta Bebidas SL',
        customer_tax_id: beta.tax_id,
        customer_country: 'ES',
        source: 'erp',
      },
    ]);
    expect(body.my_offer).toEqual({
      id: request.offerId,
      funding_request_id: request.id,
      rate: 2.75,
      advance_pct: 90,
      days: 30,
      status: 'pending',
      submitted_at: now.toISOString(),
      accepted_at: null,
      advance_amount: 9_000.23,
      notes: 'Subject to the usual terms.',
      valid_days: 10,
      expires_at: new Date(now.getTime() + 10 * 86_400_000).toISOString(),
    });
    expect(body.risk).toEqual({ signals: [], disputes: [] });
  });

  it("scores the seller from 300 to 850 with a grade from A to E and the score's dimensions", async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const { score } = (await packet(funder, request.id)).body;
    expect(score).not.toBeNull();
    expect(Number.isInteger(score!.score)).toBe(true);
    expect(score!.score).toBeGreaterThanOrEqual(300);
    expect(score!.score).toBeLessThanOrEqual(850);
    expect(['A', 'B', 'C', 'D', 'E']).toContain(score!.grade);
    expect(score).toMatchObject({
      model_version: expect.any(String),
      computed_at: expect.stringMatching(ISO),
    });
    expect(Array.isArray(score!.dimensions)).toBe(true);
  });

  it('gives a null score when the seller has no founding date and no invoice in the last 36 months', async () => {
    const funder = await given.funder();
    const seller = await given.liveSeller({ foundedOn: null });
    const request = await given.routedRequest({
      funder,
      seller,
      invoices: [{ issuedDaysAgo: 4 * 366, dueInDays: 30 }],
    });
    const answer = await packet(funder, request.id);
    expect(answer.status).toBe(200);
    expect(answer.body.score).toBeNull();
  });

  it('lists open and confirmed risk signals with code and severity, leaves out cleared ones, and lists every dispute', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder, invoices: 2 });
    const open = await given.riskSignal(request, {
      code: 'amount_above_history',
      severity: 'medium',
      hard: false,
      detail: 'Twice the usual.',
    });
    const confirmed = await given.riskSignal(request, {
      code: 'credit_note_against_invoice',
      severity: 'high',
      hard: true,
    });
    await given.signalReviewed(confirmed, 'confirmed');
    const cleared = await given.riskSignal(request, { code: 'amount_changed_in_request', hard: true });
    await given.signalReviewed(cleared, 'cleared');
    const resolved = await given.dispute(request, {
      raisedBy: 'seller',
      reason: 'Short delivery.',
      invoice: request.invoices[1],
    });
    await given.disputeResolved(resolved);
    const stillOpen = await given.dispute(request, {
      raisedBy: 'operator',
      reason: 'Duplicate invoice suspected.',
    });
    const now = (await given.now()).toISOString();

    const { risk } = (await packet(funder, request.id)).body;
    expect(risk.signals).toHaveLength(2);
    expect(risk.signals).toEqual(
      expect.arrayContaining([
        {
          id: open,
          code: 'amount_above_history',
          severity: 'medium',
          hard: false,
          status: 'open',
          detail: 'Twice the usual.',
          raised_at: now,
          reviewed_at: null,
        },
        {
          id: confirmed,
          code: 'credit_note_against_invoice',
          severity: 'high',
          hard: true,
          status: 'confirmed',
          detail: null,
          raised_at: now,
          reviewed_at: now,
        },
      ]),
    );
    expect(risk.disputes).toHaveLength(2);
    expect(risk.disputes).toEqual(
      expect.arrayContaining([
        {
          id: resolved,
          debtor_name: request.debtors[1]!.name,
          invoice_no: request.invoices[1]!.number,
          raised_by: 'seller',
          reason: 'Short delivery.',
          status: 'resolved',
          raised_at: now,
          resolved_at: now,
          resolution: 'Delivered after all.',
        },
        {
          id: stillOpen,
          debtor_name: null,
          invoice_no: null,
          raised_by: 'operator',
          reason: 'Duplicate invoice suspected.',
          status: 'open',
          raised_at: now,
          resolved_at: null,
          resolution: null,
        },
      ]),
    );
  });

  it('answers 404 not_found for an unknown id and for an id that is not a UUID', async () => {
    const funder = await given.funder();
    for (const id of ['7d1c7c84-4f3e-4a8e-9a55-2f1b2f0c9e11', 'not-a-uuid', '123']) {
      const answer = await packet(funder, id);
      expect(answer.status).toBe(404);
      expect(code(answer)).toBe('not_found');
    }
  });

  it("answers 404 for another funder's request, exactly like an unknown id", async () => {
    const mine = await given.funder();
    const other = await given.funder();
    const request = await given.offeredRequest({ funder: other });
    const answer = await packet(mine, request.id);
    expect(answer.status).toBe(404);
    expect(code(answer)).toBe('not_found');
  });
});

describe('scopes of the request reads', () => {
  it('a key with requests:read reads the list and the packet', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const reader = { key: await given.keyOf(funder, ['requests:read']) };
    expect(ids(await list(reader))).toEqual([request.id]);
    expect((await packet(reader, request.id)).status).toBe(200);
  });

  it.each([[['limits:read']], [['decisions:write']], [['settings:write', 'limits:write']]])(
    'a key with only %j is refused with forbidden',
    async (scopes) => {
      const funder = await given.funder();
      const request = await given.routedRequest({ funder });
      const key = { key: await given.keyOf(funder, scopes) };
      for (const answer of [await list(key), await packet(key, request.id)]) {
        expect(answer.status).toBe(403);
        expect(code(answer)).toBe('forbidden');
      }
    },
  );

  it('a call without a key is refused with unauthorized', async () => {
    const answer = await service.call(null, 'GET', '/v1/requests');
    expect(answer.status).toBe(401);
    expect(code(answer)).toBe('unauthorized');
  });
});

describe('planes', () => {
  it('a sandbox key sees the demonstration plane, and a live key of another funder sees none of it', async () => {
    const sandbox = await given.demoFunder();
    const demo = await given.routedRequest({ funder: sandbox, plane: 'demo' });
    const live = await given.funder();
    const liveRequest = await given.routedRequest({ funder: live });

    const sandboxList = await list(sandbox, '?status=all');
    expect(ids(sandboxList)).toContain(demo.id);
    expect(ids(sandboxList)).not.toContain(liveRequest.id);
    const demoPacket = await packet(sandbox, demo.id);
    expect(demoPacket.status).toBe(200);
    expect(demoPacket.body.request.request_ref).toMatch(/^DEMO-/);
    expect((await packet(sandbox, liveRequest.id)).status).toBe(404);

    const liveList = await list(live, '?status=all');
    expect(ids(liveList)).toEqual([liveRequest.id]);
    const crossed = await packet(live, demo.id);
    expect(crossed.status).toBe(404);
    expect(code(crossed)).toBe('not_found');
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine

  it('a request is never routed to a funder of the other plane', async () => {
    const sandbox = await given.demoFunder();
    const request = await given.request({ plane: 'live' });
    const answer = await service.ops('POST', `/ops/v1/requests/${request.id}/route`, {
      bank_id: sandbox.bankId,
    });
    expect(answer.status).toBe(422);
    expect(await given.statusOf(request)).toBe('submitted');
  });

  it('an unclassified funder sees an empty list and 404 by id', async () => {
    const unclassified = await given.funder({ environment: 'unclassified' });
    const live = await given.funder();
    const request = await given.offeredRequest({ funder: live });
    const answer = await list(unclassified, '?status=all');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ funder: { bank_id: unclassified.bankId }, count: 0, requests: [] });
    const byId = await packet(unclassified, request.id);
    expect(byId.status).toBe(404);
    expect(code(byId)).toBe('not_found');
  });
});
