/**
 * The request list and the packet, answer by answer: varied requests are built through the API
 * (both planes, every kind of status, a request the funder acted on and that went to another
 * funder, one merely passed on) and each answer is compared field by field with what the API's
 * rules say it holds (the specification's Request, OfferSummary, DebtorConsent and packet).
 * The answers, with their random names and ids replaced by labels, are also kept in a file
 * snapshot: a change of how they are read must leave them unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FunderFixture,
  type RequestFixture,
  type RequestsGiven,
  requestsGiven,
} from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';

let service: TestService;
let given: RequestsGiven;

type Body = Record<string, unknown>;
interface List {
  funder: { bank_id: string; name: string };
  count: number;
  requests: Body[];
}

const list = (funder: FunderFixture, query = '') =>
  service.call<List>(funder.key, 'GET', `/v1/requests${query}`);
const packet = (funder: FunderFixture, id: string) =>
  service.call<Body>(funder.key, 'GET', `/v1/requests/${id}`);

/** What the test knows of one request: how it was made and what happened to it, and when. */
interface Known {
  fixture: RequestFixture;
  status: string;
  /** The funder it is routed to now. */
  assigned: FunderFixture | null;
  /** The instant of every step of this request (the clock only moves between requests). */
  at: string;
  level: string | null;
  offer: { status: string; acceptedAt: string | null } | null;
  acknowledged: boolean;
  approved: boolean;
  funded: boolean;
  closed: boolean;
}

const OFFER = { rate: 2.5, advance_pct: 80, days: 60 };

/** A list item as the API's rules describe it. */
function expectedItem(k: Known) {
  const total = k.fixture.totalAmount;
  return {
    id: k.fixture.id,
    request_ref: expect.any(String),
    type: k.fixture.type,
    status: k.status,
    total_amount: total,
    advance_amount: k.approved ? Math.round(total * 80) / 100 : Math.floor(total * 80) / 100,
    company_name: k.fixture.seller.name,
    company_nif: k.fixture.seller.tax_id,
    invoice_count: k.fixture.invoices.length,
    assigned_bank_id: k.assigned?.bankId ?? null,
    consent_level_required: k.level,
    created_at: k.at,
    routed_at: k.at,
    approved_at: k.approved ? k.at : null,
    funded_at: k.funded ? k.at : null,
    settled_at: null,
    closed_at: k.closed ? k.at : null,
    updated_at: k.at,
    settled_amount: 0,
    my_offer: k.offer
      ? {
          funding_request_id: k.fixture.id,
          ...OFFER,
          status: k.offer.status,
          submitted_at: k.at,
          accepted_at: k.offer.acceptedAt,
        }
      : null,
    debtor_consent: consentOf(k),
  };
}

/** The debtors' consent, ordered by the debtor's name. */
function consentOf(k: Known) {
  if (k.fixture.type !== 'factoring') return [];
  return [...k.fixture.debtors]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((d) => ({
      debtor_name: d.name,
      debtor_tax_id: d.tax_id,
      status: k.acknowledged ? 'acknowledged' : 'pending',
      level_required: k.level,
      level_achieved: k.acknowledged ? k.level : null,
      // No counsel-approved text is required by default: an acknowledgment at the level meets it.
      meets_requirement: k.acknowledged,
    }));
}

/** Random parts (ids, the hex suffix of names and numbers) replaced by stable labels. */
function normalised(value: unknown): unknown {
  const labels = new Map<string, string>();
  const text = JSON.stringify(value)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      if (!labels.has(id)) labels.set(id, `<id ${labels.size + 1}>`);
      return labels.get(id)!;
    })
    .replace(/\b([A-Z]?)[0-9A-F]{8}\b/g, '$1<hex>')
    .replace(/Funder [0-9a-f]{6}\b/g, 'Funder <hex>');
  return JSON.parse(text);
}

let live: FunderFixture;
let other: FunderFixture;
let sandbox: FunderFixture;
let level: string;
const book: Known[] = [];
const sandboxBook: Known[] = [];
let passedOn: RequestFixture;
let risky: Known;
let validDays: number;

/** Each request is made at its own instant, a minute after the previous one. */
async function step<T>(make: (at: string) => Promise<T>): Promise<T> {
  await service.advanceClock(60);
  const at = (await given.now()).toISOString();
  return make(at);
}

const known = (fixture: RequestFixture, at: string, funder: FunderFixture, rest: Partial<Known>): Known => ({
  fixture,
  status: 'submitted',
  assigned: funder,
  at,
  level: fixture.type === 'factoring' ? level : null,
  offer: null,
  acknowledged: false,
  approved: false,
  funded: false,
  closed: false,
  ...rest,
});

beforeAll(async () => {
  service = await startService();
  given = requestsGiven(service);
  live = await given.funder();
  other = await given.funder();
  const settings = await service.call<{
    debtor_consent_level: string;
    require_counsel_approved_texts: boolean;
    offer_validity_days: number;
  }>(live.key, 'GET', '/v1/settings');
  expect(settings.body.require_counsel_approved_texts).toBe(false);
  level = settings.body.debtor_consent_level;
  validDays = settings.body.offer_validity_days;

  await step(async (at) => {
    const r = await given.routedRequest({ funder: live, invoices: 3 });
    book.push(known(r, at, live, {}));
  });
  await step(async (at) => {
    const r = await given.routedRequest({ funder: live, type: 'confirming', invoices: 2 });
    book.push(known(r, at, live, {}));
  });
  await step(async (at) => {
    const r = await given.routedRequest({ funder: live, status: 'under_review', invoices: 2 });
    risky = known(r, at, live, { status: 'under_review' });
    book.push(risky);
  });
  await step(async (at) => {
    const r = await given.offeredRequest({ funder: live, invoices: 2 });
    book.push(known(r, at, live, { status: 'terms_sent', offer: { status: 'pending', acceptedAt: null } }));
  });
  await step(async (at) => {
    const r = await given.approvedRequest({ funder: live });
    const offer = { status: 'accepted', acceptedAt: at };
    book.push(known(r, at, live, { status: 'approved', offer, approved: true }));
  });
  await step(async (at) => {
    const r = await given.fundedRequest({ funder: live, invoices: 2 });
    const offer = { status: 'accepted', acceptedAt: at };
    book.push(
      known(r, at, live, {
        status: 'funded',
        offer,
        approved: true,
        funded: true,
        acknowledged: true,
      }),
    );
  });
  await step(async (at) => {
    const r = await given.declinedRequest({ funder: live });
    book.push(known(r, at, live, { status: 'declined', closed: true }));
  });
  // Acted on (an offer), then routed to another funder: still listed, read only.
  await step(async (at) => {
    const r = await given.offeredRequest({ funder: live, invoices: 2 });
    await given.routed(r, other);
    book.push(
      known(r, at, other, { status: 'under_review', offer: { status: 'withdrawn', acceptedAt: null } }),
    );
  });
  // Routed to the funder, never acted on, then passed on: no longer the funder's.
  await step(async () => {
    passedOn = await given.routedRequest({ funder: live });
    await given.routed(passedOn, other);
  });
  // Another funder's request, on the same plane.
  await step(() => given.routedRequest({ funder: other }));

  // Risk: two signals (one cleared, so not shown) and a dispute on the under-review request.
  const id = risky.fixture.id;
  const raised = await service.ops<{ signal_id: string }>('POST', `/ops/v1/requests/${id}/risk-signals`, {
    code: 'amount_above_history',
    severity: 'medium',
    hard: false,
    detail: 'twice the usual amount',
  });
  expect(raised.status).toBe(201);
  const cleared = await service.ops<{ signal_id: string }>('POST', `/ops/v1/requests/${id}/risk-signals`, {
    code: 'new_debtor',
    severity: 'low',
    hard: false,
  });
  expect(
    (
      await service.ops('POST', `/ops/v1/risk-signals/${cleared.body.signal_id}/review`, {
        outcome: 'cleared',
      })
    ).status,
  ).toBe(200);
  const disputed = await service.ops('POST', `/ops/v1/requests/${id}/disputes`, {
    invoice_number: risky.fixture.invoices[1]!.number,
    raised_by: 'seller',
    reason: 'The goods were returned.',
  });
  expect(disputed.status).toBe(201);

  // The demonstration plane: a sandbox funder's own requests.
  sandbox = await given.funder({ environment: 'sandbox' });
  await step(async (at) => {
    const r = await given.routedRequest({ funder: sandbox, plane: 'demo', invoices: 2 });
    sandboxBook.push(known(r, at, sandbox, {}));
  });
  await step(async (at) => {
    const r = await given.offeredRequest({ funder: sandbox, plane: 'demo' });
    sandboxBook.push(
      known(r, at, sandbox, { status: 'terms_sent', offer: { status: 'pending', acceptedAt: null } }),
    );
  });
}, 120_000);
afterAll(async () => service?.close());

const OPEN = ['pending', 'submitted', 'under_review', 'terms_sent', 'accepted', 'approved'];
const newestFirst = (rows: Known[]) => [...rows].reverse();

describe('GET /v1/requests answers as the rules say', () => {
  it('lists every visible request with status=all, newest first, each field as documented', async () => {
    const answer = await list(live, '?status=all');
    expect(answer.status).toBe(200);
    const expected = newestFirst(book).map(expectedItem);
    expect(answer.body).toEqual({
      funder: { bank_id: live.bankId, name: expect.any(String) },
      count: expected.length,
      requests: expected,
      has_more: false,
      next_cursor: null,
    });
    expect(answer.body.requests.map((r) => r.id)).not.toContain(passedOn.id);
  });

  it('lists the open ones by default, and one status when asked', async () => {
    const open = await list(live);
    const expected = newestFirst(book.filter((k) => OPEN.includes(k.status))).map(expectedItem);
    expect(open.body.requests).toEqual(expected);
    expect(open.body.count).toBe(expected.length);

    const reviewed = await list(live, '?status=under_review');
    expect(reviewed.body.requests).toEqual(
      newestFirst(book.filter((k) => k.status === 'under_review')).map(expectedItem),
    );
    expect((await list(live, '?status=settled')).body).toMatchObject({ count: 0, requests: [] });
  });

  it('pages by limit: the newest first, the same items as the full list', async () => {
    const all = newestFirst(book).map(expectedItem);
    for (const limit of [1, 3, 7]) {
      const page = await list(live, `?status=all&limit=${limit}`);
      expect(page.body.requests).toEqual(all.slice(0, limit));
      expect(page.body.count).toBe(Math.min(limit, all.length));
    }
  });

  it("shows the other funder the request it now holds, without the first funder's offer", async () => {
    const answer = await list(other, '?status=all');
    const ids = answer.body.requests.map((r) => r.id);
    const reRouted = book[7]!;
    expect(ids).toContain(reRouted.fixture.id);
    expect(ids).toContain(passedOn.id);
    const item = answer.body.requests.find((r) => r.id === reRouted.fixture.id);
    expect(item).toEqual({ ...expectedItem(reRouted), my_offer: null });
  });

  it('keeps the planes apart: the sandbox key lists its own demonstration requests only', async () => {
    const answer = await list(sandbox, '?status=all');
    expect(answer.body.requests).toEqual(newestFirst(sandboxBook).map(expectedItem));
    for (const k of book) expect((await packet(sandbox, k.fixture.id)).status).toBe(404);
    for (const k of sandboxBook) expect((await packet(live, k.fixture.id)).status).toBe(404);
    expect((await packet(live, passedOn.id)).status).toBe(404);
  });
});

describe('GET /v1/requests/{id} answers as the rules say', () => {
  it('gives each packet its request, consent, receivables, offer and risk', async () => {
    for (const k of [...book, ...sandboxBook]) {
      const funder = k.fixture.plane === 'demo' ? sandbox : live;
      const answer = await packet(funder, k.fixture.id);
      expect(answer.status).toBe(200);
      const { my_offer: _summary, debtor_consent: consent, ...request } = expectedItem(k);
      const detail = consent.map((c) => ({
        ...c,
        debtor_country: 'ES',
        answered_at: k.acknowledged ? k.at : null,
        channel: k.acknowledged ? 'portal' : null,
        declaration: k.acknowledged
          ? { text_id: expect.anything(), text: expect.any(String), counsel_approved: expect.any(Boolean) }
          : null,
        signed_by: k.acknowledged ? { name: 'Accounts payable', role: null } : null,
        dispute_reason: null,
      }));
      const total = k.fixture.totalAmount;
      expect(answer.body).toEqual({
        request: { ...request, debtor_consent: detail },
        debtor_consent: detail,
        receivables: k.fixture.invoices.map((i) => ({
          invoice_no: i.number,
          invoice_amount: i.amount,
          invoice_date: i.issue_date,
          invoice_due_date: i.due_date,
          customer_name: i.debtor.name,
          customer_tax_id: i.debtor.tax_id,
          customer_country: i.debtor.country,
          source: 'erp',
        })),
        score: expect.objectContaining({ score: expect.any(Number), grade: expect.any(String) }),
        my_offer: k.offer
          ? {
              id: expect.any(String),
              funding_request_id: k.fixture.id,
              ...OFFER,
              status: k.offer.status,
              submitted_at: k.at,
              accepted_at: k.offer.acceptedAt,
              advance_amount: Math.round(total * 80) / 100,
              notes: null,
              valid_days: validDays,
              expires_at: new Date(Date.parse(k.at) + validDays * 86_400_000).toISOString(),
            }
          : null,
        risk:
          k === risky
            ? {
                signals: [
                  {
                    id: expect.any(String),
                    code: 'amount_above_history',
                    severity: 'medium',
                    hard: false,
                    status: 'open',
                    detail: 'twice the usual amount',
                    raised_at: expect.any(String),
                    reviewed_at: null,
                  },
                ],
                disputes: [
                  {
                    id: expect.any(String),
                    debtor_name: k.fixture.invoices[1]!.debtor.name,
                    invoice_no: k.fixture.invoices[1]!.number,
                    raised_by: 'seller',
                    reason: 'The goods were returned.',
                    status: 'open',
                    raised_at: expect.any(String),
                    resolved_at: null,
                    resolution: null,
                  },
                ],
              }
            : { signals: [], disputes: [] },
      });
    }
  });
});

describe('the answers are kept', () => {
  it('answers the lists and packets exactly as the recorded ones', async () => {
    const answers: Record<string, unknown> = {
      list_all: (await list(live, '?status=all')).body,
      list_open: (await list(live)).body,
      list_limit_3: (await list(live, '?status=all&limit=3')).body,
      list_other: (await list(other, '?status=all')).body,
      list_sandbox: (await list(sandbox, '?status=all')).body,
    };
    for (const [i, k] of [...book, ...sandboxBook].entries()) {
      answers[`packet_${i}`] = (await packet(k.fixture.plane === 'demo' ? sandbox : live, k.fixture.id)).body;
    }
    // Funder names carry the run's random part too; the funder's id is labelled like the others.
    await expect(`${JSON.stringify(normalised(answers), null, 1)}\n`).toMatchFileSnapshot(
      './__snapshots__/request-reads.answers.json',
    );
  });
});
