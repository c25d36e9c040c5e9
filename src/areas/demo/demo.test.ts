import { beforeAll, describe, expect, it } from 'vitest';
import { startGiven } from '../../../test/support/service.ts';
import { addDays, daysBetween, madridDate } from '../../platform/clock.ts';
import { OPPORTUNITIES_DEMO } from '../opportunities/opportunities.demo.ts';
import { PROGRAMME_DEMO } from '../programme/programme.demo.ts';
import { RECOURSE_DEMO } from '../recourse/recourse.demo.ts';
import { DEMO_DEBTORS, DEMO_SELLERS } from './demo.companies.ts';
import { DEMO_REQUESTS } from './demo.requests.ts';

type Consent = { debtor_tax_id: string; status: string; meets_requirement: boolean };
type Item = {
  id: string;
  type: string;
  status: string;
  created_at: string;
  funded_at: string | null;
  settled_at: string | null;
  total_amount: number;
  settled_amount: number;
  company_name: string;
  my_offer: { status: string } | null;
  debtor_consent: Consent[];
};
type Packet = {
  request: Item;
  risk: {
    signals: { code: string; hard: boolean; status: string }[];
    disputes: { status: string; raised_by: string }[];
  };
};
type Reset = { bank_id: string; sellers: number; debtors: number; created_funder: boolean };

const { service } = startGiven();

const reset = async (): Promise<Reset> => {
  const answer = await service.ops<Reset>('POST', '/ops/v1/demo/reset');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** The Madrid date of the service's clock. */
const clockToday = async () =>
  madridDate(new Date((await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now));

const listAll = async (key: string) => {
  const answer = await service.call<{ count: number; requests: Item[] }>(
    key,
    'GET',
    '/v1/requests?status=all&limit=200',
  );
  expect(answer.status).toBe(200);
  return answer.body.requests;
};

const packet = async (key: string, id: string) => {
  const answer = await service.call<Packet>(key, 'GET', `/v1/requests/${id}`);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('the demonstration scenario', () => {
  let bankId: string;
  let key: string;
  let requests: Item[];

  beforeAll(async () => {
    const first = await reset();
    expect(first.created_funder).toBe(true);
    bankId = first.bank_id;
    key = (await service.given.key({ bankId, name: 'demo test key' })).secret;
    requests = await listAll(key);
  }, 180_000);

  it('answers the demonstration funder and the numbers of companies', async () => {
    const again = await reset();
    expect(again).toEqual({
      bank_id: bankId,
      sellers:
        DEMO_SELLERS.length + PROGRAMME_DEMO.sellers + RECOURSE_DEMO.sellers + OPPORTUNITIES_DEMO.sellers,
      debtors:
        DEMO_DEBTORS.length + PROGRAMME_DEMO.debtors + RECOURSE_DEMO.debtors + OPPORTUNITIES_DEMO.debtors,
      created_funder: false,
    });
    requests = await listAll(key);
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine

  it('holds sellers in four countries, one verification pending, and public bodies among the debtors', async () => {
    const sellers = await service.db.query<{ country: string; verification_status: string; n: number }>(
      `SELECT country, verification_status, count(*)::int AS n FROM sellers WHERE plane = 'demo'
        AND founded_on IS NOT NULL AND annual_revenue > 0 AND employees > 0 AND sector IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(new Set(sellers.rows.map((r) => r.country))).toEqual(new Set(['ES', 'PT', 'FR', 'IT']));
    expect(sellers.rows.filter((r) => r.verification_status === 'pending')).toEqual([
      { country: 'IT', verification_status: 'pending', n: 1 },
    ]);
    expect(sellers.rows.reduce((sum, r) => sum + r.n, 0)).toBe(
      DEMO_SELLERS.length + PROGRAMME_DEMO.sellers + RECOURSE_DEMO.sellers,
    );
    const publicBodies = await service.db.query<{ country: string }>(
      `SELECT country FROM debtors WHERE plane = 'demo' AND is_public_body ORDER BY country`,
    );
    expect(publicBodies.rows.map((r) => r.country)).toEqual(['ES', 'PT']);
  });

  it('gives every seller its country’s documents and the every-country ones, verified; some end soon, one expired', async () => {
    // The seller's current document of each code: its newest upload.
    const { rows } = await service.db.query<{
      seller: string;
      code: string;
      status: string;
      valid_until: string;
    }>(
      `SELECT DISTINCT ON (d.seller_id, d.code) s.name AS seller, d.code, d.status, d.valid_until::text AS valid_until
         FROM seller_documents d JOIN sellers s ON s.id = d.seller_id WHERE d.plane = 'demo'
        ORDER BY d.seller_id, d.code, d.uploaded_at DESC`,
    );
    expect(rows.every((r) => r.status === 'verified')).toBe(true);
    const everyCountry = ['annual_accounts', 'bank_account_ownership', 'representative_id'];
    for (const seller of DEMO_SELLERS) {
      const codes = rows.filter((r) => r.seller === seller.name).map((r) => r.code);
      expect(codes, seller.name).toEqual(expect.arrayContaining(everyCountry));
      expect(codes.filter((c) => c.startsWith(`${seller.country.toLowerCase()}_`)).length).toBe(3);
    }
    const today = await clockToday();
    const soon = rows.filter(
      (r) => r.valid_until !== null && r.valid_until >= today && r.valid_until <= addDays(today, 14),
    );
    expect(soon.length).toBeGreaterThanOrEqual(2);
    const expired = rows.filter((r) => r.valid_until !== null && r.valid_until < today);
    expect(expired).toEqual([expect.objectContaining({ code: 'pt_tax_compliance' })]);
  });

  it('keeps the documents a seller renewed: an earlier version of a short-lived certificate, now expired', async () => {
    // Spanish and Portuguese sellers' bank certificates last three months and are on the funder's list.
    const { rows } = await service.db.query<{ versions: number; first_issued: string }>(
      `SELECT count(*)::int AS versions, min(d.issued_on)::text AS first_issued
         FROM seller_documents d JOIN sellers s ON s.id = d.seller_id
        WHERE d.plane = 'demo' AND d.code = 'bank_account_ownership' AND s.country IN ('ES', 'PT')
        GROUP BY d.seller_id`,
    );
    expect(rows.length).toBe(DEMO_SELLERS.filter((s) => ['ES', 'PT'].includes(s.country)).length);
    expect(rows.every((r) => r.versions >= 2)).toBe(true);
    const today = await clockToday();
    expect(rows.every((r) => r.first_issued < addDays(today, -90))).toBe(true);
  });

  it('sets the funder’s required documents for ES, PT, FR and IT', async () => {
    const answer = await service.call<{ required_by_country: { country: string; codes: string[] }[] }>(
      key,
      'GET',
      '/v1/required-documents',
    );
    expect(answer.body.required_by_country.map((list) => list.country)).toEqual(['ES', 'FR', 'IT', 'PT']);
    for (const list of answer.body.required_by_country) expect(list.codes.length).toBeGreaterThan(0);
  });

  it('shows a sandbox key requests in every status a funder meets', async () => {
    expect(requests).toHaveLength(DEMO_REQUESTS.length + PROGRAMME_DEMO.requests + RECOURSE_DEMO.requests);
    const statuses = new Set(requests.map((r) => r.status));
    for (const status of [
      'pending',
      'submitted',
      'under_review',
      'terms_sent',
      'approved',
      'funded',
      'settled',
      'declined',
      'rejected',
      'cancelled',
    ]) {
      expect(statuses.has(status), status).toBe(true);
    }
    expect(requests.filter((r) => r.type === 'confirming').length).toBeGreaterThanOrEqual(1);
    const open = await service.call<{ requests: Item[] }>(key, 'GET', '/v1/requests?limit=200');
    expect(new Set(open.body.requests.map((r) => r.status))).toEqual(
      new Set(['pending', 'submitted', 'under_review', 'terms_sent', 'approved']),
    );
    const offered = requests.find((r) => r.status === 'terms_sent')!;
    expect(offered.my_offer?.status).toBe('pending');
    expect(requests.find((r) => r.status === 'rejected')!.my_offer?.status).toBe('rejected');
  });

  it('has a funded request with a partial settlement and a settled one paid in full', async () => {
    const partial = requests.filter((r) => r.status === 'funded' && r.settled_amount > 0);
    expect(partial.length).toBeGreaterThanOrEqual(1);
    for (const request of partial) expect(request.settled_amount).toBeLessThan(request.total_amount);
    const settled = requests.filter((r) => r.status === 'settled');
    expect(settled.length).toBeGreaterThanOrEqual(1);
    for (const request of settled) expect(request.settled_amount).toBe(request.total_amount);
    // Announced terms: funded once every debtor acknowledged (the confidential programme's are not asked).
    const confidential: string[] = [PROGRAMME_DEMO.company, RECOURSE_DEMO.company];
    const announced = requests.filter((r) => !confidential.includes(r.company_name));
    for (const funded of announced.filter((r) => r.status === 'funded' && r.type === 'factoring')) {
      expect(funded.debtor_consent.every((n) => n.status === 'acknowledged' && n.meets_requirement)).toBe(
        true,
      );
    }
  });

  it('has debtor notices acknowledged and pending side by side on an approved request', async () => {
    const approved = requests.filter((r) => r.status === 'approved');
    const mixed = approved.find(
      (r) =>
        r.debtor_consent.some((n) => n.status === 'acknowledged') &&
        r.debtor_consent.some((n) => n.status === 'pending'),
    );
    expect(mixed).toBeDefined();
    const all = requests.flatMap((r) => r.debtor_consent.map((n) => n.status));
    expect(all).toEqual(expect.arrayContaining(['acknowledged', 'pending', 'disputed']));
  });

  it('holds one request with an open hard signal and one with an open dispute, both unfundable', async () => {
    const packets = await Promise.all(requests.map((r) => packet(key, r.id)));
    const signalled = packets.filter((p) => p.risk.signals.some((s) => s.hard && s.status === 'open'));
    expect(signalled.map((p) => p.risk.signals.find((s) => s.hard)!.code)).toEqual(['amount_above_history']);
    const disputed = packets.filter((p) => p.risk.disputes.some((d) => d.status === 'open'));
    expect(disputed).toHaveLength(1);
    expect(disputed[0]!.request.status).toBe('approved');

    const today = await clockToday();
    const fund = await service.call<{ error: { code: string } }>(
      key,
      'POST',
      `/v1/requests/${disputed[0]!.request.id}/decision`,
      { body: { decision: 'fund', value_date: today, reference: 'TRY-1' } },
    );
    expect(fund.status).toBe(409);
    expect(fund.body.error.code).toBe('funding_gate_failed');
  });

  it('refuses an offer to the seller whose tax certificate expired', async () => {
    const reviewed = requests.find((r) => r.status === 'under_review')!;
    const offer = await service.call<{ error: { code: string } }>(
      key,
      'POST',
      `/v1/requests/${reviewed.id}/decision`,
      { body: { decision: 'offer', rate: 2, advance_pct: 80 } },
    );
    expect(offer.status).toBe(409);
    expect(offer.body.error.code).toBe('documents_missing_for_funder');
  });

  it('lets a sandbox key take the scenario further with decisions', async () => {
    const submitted = await Promise.all(
      requests.filter((r) => r.status === 'submitted').map((r) => packet(key, r.id)),
    );
    const clean = submitted.find((p) => !p.risk.signals.some((s) => s.hard))!;
    const offer = await service.call(key, 'POST', `/v1/requests/${clean.request.id}/decision`, {
      body: { decision: 'offer', rate: 2.8, advance_pct: 80 },
    });
    expect(offer.status).toBe(201);
    const accepted = await service.call<{ request: Item }>(
      key,
      'POST',
      `/v1/sandbox/requests/${clean.request.id}/accept`,
    );
    expect(accepted.body.request.status).toBe('approved');
  });
});

type DebtorLine = {
  debtor_tax_id: string;
  limit_amount: number | null;
  exposure: number;
  available: number | null;
  overdue_count: number;
  oldest_overdue: string | null;
};

describe('the demonstration portfolio', () => {
  let key: string;
  let requests: Item[];
  let today: string;

  beforeAll(async () => {
    const sandbox = await service.given.sandbox();
    key = sandbox.key;
    requests = await listAll(key);
    today = await clockToday();
  }, 180_000);

  const madridDay = (instant: string) => madridDate(new Date(instant));

  it('spreads the requests over the last three months, the oldest about ninety days old', async () => {
    const ages = requests.map((r) => daysBetween(madridDay(r.created_at), today));
    expect(Math.max(...ages)).toBeGreaterThanOrEqual(80);
    expect(Math.max(...ages)).toBeLessThanOrEqual(95);
    expect(Math.min(...ages)).toBeLessThanOrEqual(5);
    expect(ages.every((age) => age >= 0)).toBe(true);
    // Not all on one day: months of business, a request every few days.
    expect(new Set(ages).size).toBeGreaterThanOrEqual(requests.length / 2);
  });

  it('funds and settles requests on their own dates in the past, in the order they happened', async () => {
    const funded = requests.filter((r) => r.funded_at !== null);
    expect(funded.length).toBeGreaterThanOrEqual(10);
    for (const request of funded) {
      expect(request.funded_at! > request.created_at, request.id).toBe(true);
      expect(madridDay(request.funded_at!) < today, request.id).toBe(true);
    }
    const settled = requests.filter((r) => r.status === 'settled');
    expect(settled.length).toBeGreaterThanOrEqual(3);
    for (const request of settled) {
      expect(request.settled_at! > request.funded_at!, request.id).toBe(true);
      expect(madridDay(request.settled_at!) < today, request.id).toBe(true);
    }
    // Some funded more than two months ago, some within the last month.
    const fundedAges = funded.map((r) => daysBetween(madridDay(r.funded_at!), today));
    expect(Math.max(...fundedAges)).toBeGreaterThan(60);
    expect(Math.min(...fundedAges)).toBeLessThan(30);
  });

  it('shows a request’s history with each step on its own day', async () => {
    const packet = await service.call<{ request: Item & { history?: unknown } }>(
      key,
      'GET',
      `/v1/requests/${requests.find((r) => r.status === 'settled')!.id}`,
    );
    const request = packet.body.request;
    const days = new Set([request.created_at, request.funded_at!, request.settled_at!].map(madridDay));
    expect(days.size).toBe(3);
  });

  it('has funded invoices past their due date and unpaid, on the exposure book', async () => {
    const book = await service.call<{ debtors: DebtorLine[] }>(key, 'GET', '/v1/credit-limits');
    expect(book.status).toBe(200);
    const overdue = book.body.debtors.filter((d) => d.overdue_count > 0);
    expect(overdue.length).toBeGreaterThanOrEqual(2);
    for (const line of overdue) expect(line.oldest_overdue! < today).toBe(true);
  });

  it('holds credit limits in use: every demonstration debtor funded has a limit, one nearly used up', async () => {
    const book = await service.call<{ debtors: DebtorLine[] }>(key, 'GET', '/v1/credit-limits');
    const limited = book.body.debtors.filter((d) => d.limit_amount !== null && d.limit_amount > 0);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited.filter((d) => d.exposure > 0).length).toBeGreaterThanOrEqual(5);
    const used = limited.map((d) => d.exposure / d.limit_amount!);
    expect(Math.max(...used)).toBeGreaterThan(0.8);
    // The debtors the sandbox endpoints invoice keep room for an integrator's offers.
    for (const taxId of ['A28000101', 'B46000102']) {
      const line = limited.find((d) => d.debtor_tax_id === taxId)!;
      expect(line.available!).toBeGreaterThan(100_000);
    }
    const sellers = await service.call<{ sellers: { limit_amount: number | null; exposure: number }[] }>(
      key,
      'GET',
      '/v1/seller-limits',
    );
    expect(
      sellers.body.sellers.filter((s) => s.limit_amount !== null && s.exposure > 0).length,
    ).toBeGreaterThanOrEqual(1);
  });
});
