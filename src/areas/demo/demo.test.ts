import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../test/support/service.ts';
import { verifyEvidence } from '../../platform/evidence.ts';
import { DEMO_DEBTORS, DEMO_SELLERS } from './demo.companies.ts';
import { DEMO_REQUESTS } from './demo.requests.ts';
import { createDemoService } from './demo.service.ts';

type Consent = { debtor_tax_id: string; status: string; meets_requirement: boolean };
type Item = {
  id: string;
  type: string;
  status: string;
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

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service?.close());

const reset = async (): Promise<Reset> => {
  const answer = await service.ops<Reset>('POST', '/ops/v1/demo/reset');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

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

/** Demonstration rows per table that has a plane column, the evidence chain aside. */
async function demoFootprint(): Promise<Record<string, number>> {
  const { rows: tables } = await service.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'plane' AND table_name <> 'evidence_entries'
      ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await service.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE plane = 'demo'`,
    );
    counts[table] = rows[0]!.n;
  }
  return counts;
}

describe('the demonstration scenario', () => {
  let bankId: string;
  let key: string;
  let requests: Item[];

  beforeAll(async () => {
    const started = Date.now();
    const first = await reset();
    const took = Date.now() - started;
    // Rebuilt on every first start and in many tests: it must stay quick.
    expect(took).toBeLessThan(10_000);
    expect(first.created_funder).toBe(true);
    bankId = first.bank_id;
    key = (await service.given.key({ bankId, name: 'demo test key' })).secret;
    requests = await listAll(key);
  });

  it('answers the demonstration funder and the numbers of companies', async () => {
    const again = await reset();
    expect(again).toEqual({
      bank_id: bankId,
      sellers: DEMO_SELLERS.length,
      debtors: DEMO_DEBTORS.length,
      created_funder: false,
    });
    requests = await listAll(key);
  });

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
    expect(sellers.rows.reduce((sum, r) => sum + r.n, 0)).toBe(DEMO_SELLERS.length);
    const publicBodies = await service.db.query<{ country: string }>(
      `SELECT country FROM debtors WHERE plane = 'demo' AND is_public_body ORDER BY country`,
    );
    expect(publicBodies.rows.map((r) => r.country)).toEqual(['ES', 'PT']);
  });

  it('gives every seller its country’s documents and the every-country ones, verified; some end soon, one expired', async () => {
    const { rows } = await service.db.query<{
      seller: string;
      code: string;
      status: string;
      valid_until: string;
    }>(
      `SELECT s.name AS seller, d.code, d.status, d.valid_until::text AS valid_until
         FROM seller_documents d JOIN sellers s ON s.id = d.seller_id WHERE d.plane = 'demo'`,
    );
    expect(rows.every((r) => r.status === 'verified')).toBe(true);
    const everyCountry = ['annual_accounts', 'bank_account_ownership', 'representative_id'];
    for (const seller of DEMO_SELLERS) {
      const codes = rows.filter((r) => r.seller === seller.name).map((r) => r.code);
      expect(codes, seller.name).toEqual(expect.arrayContaining(everyCountry));
      expect(codes.filter((c) => c.startsWith(`${seller.country.toLowerCase()}_`)).length).toBe(3);
    }
    const today = (await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now.slice(0, 10);
    const soon = rows.filter(
      (r) =>
        r.valid_until !== null &&
        r.valid_until >= today &&
        Date.parse(r.valid_until) - Date.parse(today) <= 14 * 86_400_000,
    );
    expect(soon.length).toBeGreaterThanOrEqual(2);
    const expired = rows.filter((r) => r.valid_until !== null && r.valid_until < today);
    expect(expired).toEqual([expect.objectContaining({ code: 'pt_tax_compliance' })]);
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
    expect(requests).toHaveLength(DEMO_REQUESTS.length);
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
    expect(requests.filter((r) => r.type === 'confirming')).toHaveLength(1);
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
    expect(partial).toHaveLength(1);
    expect(partial[0]!.settled_amount).toBeLessThan(partial[0]!.total_amount);
    const settled = requests.find((r) => r.status === 'settled')!;
    expect(settled.settled_amount).toBe(settled.total_amount);
    for (const funded of requests.filter((r) => r.status === 'funded' && r.type === 'factoring')) {
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

    const today = (await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now.slice(0, 10);
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

describe('resetting again', () => {
  it('gives the same shape, clears what sandbox keys changed, and the previous requests are gone', async () => {
    const first = await reset();
    const shape = await demoFootprint();
    const key = (await service.given.key({ bankId: first.bank_id })).secret;
    const before = await listAll(key);

    // Sandbox keys change the shared plane: settings, lists, new requests, download links.
    await service.call(key, 'PUT', '/v1/settings', {
      body: { debtor_consent_level: 'acceptance', reason: 'Trying it in the sandbox' },
    });
    await service.call(key, 'PUT', '/v1/required-documents', { body: { country: 'IT', codes: ['it_durc'] } });
    expect((await service.call(key, 'POST', '/v1/sandbox/requests')).status).toBe(201);
    expect((await service.call(key, 'GET', `/v1/requests/${before[0]!.id}/documents`)).status).toBe(200);
    expect(await demoFootprint()).not.toEqual(shape);

    await reset();
    expect(await demoFootprint()).toEqual(shape);
    const after = await listAll(key);
    expect(after.map((r) => r.status).sort()).toEqual(before.map((r) => r.status).sort());
    for (const request of before) {
      expect((await service.call(key, 'GET', `/v1/requests/${request.id}`)).status).toBe(404);
    }
    const settings = await service.call<{ debtor_consent_level: string }>(key, 'GET', '/v1/settings');
    expect(settings.body.debtor_consent_level).toBe('acknowledgment');
  });

  it('never touches a live funder’s data', async () => {
    const live = await service.given.funderWithKey({ environment: 'live' });
    const seller = await service.ops<{ seller: { id: string } }>('POST', '/ops/v1/sellers', {
      plane: 'live',
      name: 'Conservas Reales SL',
      tax_id: 'B39000001',
      country: 'ES',
      verification_status: 'approved',
    });
    expect(seller.status, JSON.stringify(seller.body)).toBe(201);
    const debtor = await service.ops<{ debtor: { id: string } }>('POST', '/ops/v1/debtors', {
      plane: 'live',
      name: 'Distribuciones Meseta SA',
      tax_id: 'A28000101',
      country: 'ES',
    });
    expect(debtor.status, JSON.stringify(debtor.body)).toBe(201);
    const today = (await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now.slice(0, 10);
    const invoice = await service.ops<{ invoice: { id: string } }>('POST', '/ops/v1/invoices', {
      seller_id: seller.body.seller.id,
      debtor_id: debtor.body.debtor.id,
      number: 'LIVE-1',
      amount: 10_000,
      issue_date: today,
      source: 'erp',
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const created = await service.ops<{ request_id: string }>('POST', '/ops/v1/requests', {
      seller_id: seller.body.seller.id,
      type: 'factoring',
      invoice_ids: [invoice.body.invoice.id],
    });
    expect(created.status).toBe(201);
    const id = created.body.request_id;
    expect((await service.ops('POST', `/ops/v1/requests/${id}/route`, { bank_id: live.bankId })).status).toBe(
      200,
    );
    const offer = await service.call(live.key, 'POST', `/v1/requests/${id}/decision`, {
      body: { decision: 'offer', rate: 2, advance_pct: 80 },
    });
    expect(offer.status).toBe(201);

    const liveRows = async () =>
      Promise.all(
        [
          'sellers',
          'debtors',
          'invoices',
          'funding_requests',
          'offers',
          'debtor_notices',
          'request_history',
        ].map(
          async (table) =>
            (await service.db.query(`SELECT * FROM ${table} WHERE plane = 'live' ORDER BY 1`)).rows,
        ),
      );
    const packetBefore = await service.call(live.key, 'GET', `/v1/requests/${id}`);
    const rowsBefore = await liveRows();

    await reset();

    expect(await liveRows()).toEqual(rowsBefore);
    const packetAfter = await service.call(live.key, 'GET', `/v1/requests/${id}`);
    expect(packetAfter.status).toBe(200);
    expect(packetAfter.body).toEqual(packetBefore.body);
    const liveList = await service.call<{ requests: Item[] }>(live.key, 'GET', '/v1/requests?status=all');
    expect(liveList.body.requests.map((r) => r.id)).toEqual([id]);
  });

  it('after a reset that fails half-way, the next reset rebuilds the whole plane', async () => {
    await reset();
    const shape = await demoFootprint();
    const services = service.runtime.services;
    let decisions = 0;
    const failing = createDemoService({
      db: service.db,
      clock: service.runtime.clock,
      account: services.account,
      settings: services.settings,
      limits: services.limits,
      documents: services.documents,
      parties: services.requestParties,
      decisions: {
        decide: async (caller, id, body) => {
          decisions += 1;
          if (decisions > 6) throw new Error('the bank is closed');
          return services.decisions.decide(caller, id, body);
        },
      },
    });
    await expect(failing.reset({ kind: 'operator', requestId: 'test' })).rejects.toThrow(
      /demonstration scenario, request ".+", .+: the bank is closed/,
    );
    expect(await demoFootprint()).not.toEqual(shape);

    await reset();
    expect(await demoFootprint()).toEqual(shape);
  });

  it('keeps the evidence chain whole', async () => {
    await reset();
    const report = await verifyEvidence(service.db);
    expect(report).toMatchObject({ ok: true, firstBroken: null });
    const { rows } = await service.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM evidence_entries WHERE kind = 'demo.reset'`,
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('delivers none of the scenario’s events', async () => {
    await reset();
    const { rows } = await service.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_events WHERE plane = 'demo'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('resets from several servers', () => {
  it('refuses a reset with conflict while another server holds the reset lease, and allows it once the lease is gone', async () => {
    const service = await startService();
    try {
      await service.db.query(
        `INSERT INTO service_state (name, value, updated_at)
         VALUES ('demo_reset_lease', jsonb_build_object('holder', 'other-server', 'until', now() + interval '60 seconds'), now())`,
      );
      const refused = await service.ops('POST', '/ops/v1/demo/reset');
      expect(refused.status).toBe(409);
      expect((refused.body as { error: { code: string } }).error.code).toBe('conflict');
      await service.db.query(`DELETE FROM service_state WHERE name = 'demo_reset_lease'`);
      expect((await service.ops('POST', '/ops/v1/demo/reset')).status).toBe(200);
      const lease = await service.db.query(`SELECT 1 FROM service_state WHERE name = 'demo_reset_lease'`);
      expect(lease.rowCount).toBe(0);
    } finally {
      await service.close();
    }
  });
});
