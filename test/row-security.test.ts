import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/platform/clock.ts';
import { currentActor, type DbActor, GATE, OPERATOR, runAs } from '../src/platform/db/actor.ts';
import type { Db } from '../src/platform/db/db.ts';
import { freshDatabase } from './support/database.ts';
import { type FunderFixture, requestsGiven } from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * The second wall (migration 0020, docs/security.md): every table holding a funder's or a
 * plane's rows has forced row-level security, and a funder's role sees its own rows only, even
 * through a query with no filter at all.
 */

/**
 * Tables that hold no funder's and no plane's data, and so need no policy. Keep it short: a
 * table added here must be one a funder could see in full without harm.
 */
const WITHOUT_FUNDER_DATA: Record<string, string> = {
  schema_migrations: 'which migration files ran',
  rate_counters: 'call counts per key id and per address, read by authentication only',
  jobs: 'the background job queue of the worker',
  service_state: 'the manual clock and the demonstration funder id (funder roles read only)',
  evidence_day_roots: 'one hash per day over the whole chain: no entry can be read from it',
  declaration_texts: 'the legal texts the service ships, the same for every funder',
  document_catalogue: 'the catalogue of document kinds the service ships',
  read_changes_shared: 'ids of transactions that renamed a company, no company named (migration 0063)',
  read_change_horizons: 'the oldest running transaction id at moments of the upkeep (migration 0063)',
};

/**
 * What a funder's role must see of each policed table, as SQL over the table's own columns:
 * $1 is the funder, $2 its plane. The test holds the policies to it. A policed table missing
 * here fails the test: write down what its funder may see.
 */
const VISIBLE_REQUEST = `(r.plane = $2 AND (r.assigned_funder_id = $1 OR EXISTS (
  SELECT 1 FROM request_funders rf WHERE rf.request_id = r.id AND rf.funder_id = $1 AND rf.acted_at IS NOT NULL)))`;
const OWN = 'funder_id = $1 AND plane = $2';
const PLANE = 'plane = $2';
const OF_VISIBLE_REQUEST = `plane = $2 AND request_id IN (SELECT r.id FROM funding_requests r WHERE ${VISIBLE_REQUEST})`;
// Companies and invoices (migration 0048): an invoice of a visible request or of the funder's
// early payment; the debtor of such an invoice; the seller of a visible request, its client, in
// its seller limit book or programme terms, or of its early payment's invoice.
const SEEN_INVOICE = `plane = $2 AND (id IN (SELECT ri.invoice_id FROM request_invoices ri
    JOIN funding_requests r ON r.id = ri.request_id WHERE ${VISIBLE_REQUEST})
  OR id IN (SELECT e.invoice_id FROM early_payments e WHERE e.funder_id = $1 AND e.plane = $2))`;
const SEEN_SELLER = `plane = $2 AND (id IN (SELECT r.seller_id FROM funding_requests r WHERE ${VISIBLE_REQUEST})
  OR id IN (SELECT c.seller_id FROM funder_clients c WHERE c.funder_id = $1 AND c.plane = $2)
  OR id IN (SELECT l.seller_id FROM seller_limits l WHERE l.funder_id = $1 AND l.plane = $2)
  OR id IN (SELECT t.seller_id FROM programme_company_terms t WHERE t.funder_id = $1 AND t.plane = $2)
  OR id IN (SELECT i.seller_id FROM early_payments e JOIN invoices i ON i.id = e.invoice_id
             WHERE e.funder_id = $1 AND e.plane = $2))`;
const EXPECTED: Record<string, string> = {
  funders: 'id = $1',
  api_keys: 'funder_id = $1',
  idempotency_keys: 'funder_id = $1',
  evidence_entries: OWN,
  outbox_events: OWN,
  event_sequences: OWN,
  funder_exposure_lines: OWN,
  funder_request_items: OWN,
  sellers: SEEN_SELLER,
  debtors: `plane = $2 AND id IN (SELECT debtor_id FROM invoices WHERE ${SEEN_INVOICE})`,
  seller_scores: `seller_id IN (SELECT id FROM sellers WHERE ${SEEN_SELLER})`,
  invoices: SEEN_INVOICE,
  seller_documents: `plane = $2 AND seller_id IN (SELECT r.seller_id FROM funding_requests r WHERE ${VISIBLE_REQUEST})`,
  document_files: `plane = $2 AND sha256 IN (SELECT d.sha256 FROM seller_documents d WHERE d.plane = $2
    AND d.seller_id IN (SELECT r.seller_id FROM funding_requests r WHERE ${VISIBLE_REQUEST}))`,
  debtor_profiles: PLANE,
  debtor_scores: PLANE,
  debtor_public_payment_periods: PLANE,
  supplier_ledger_lines: PLANE,
  funding_requests: VISIBLE_REQUEST.replaceAll('r.', 'funding_requests.'),
  request_funders: OWN,
  request_invoices: `request_id IN (SELECT r.id FROM funding_requests r WHERE ${VISIBLE_REQUEST})`,
  request_history: OF_VISIBLE_REQUEST,
  debtor_notices: OF_VISIBLE_REQUEST,
  risk_signals: OF_VISIBLE_REQUEST,
  disputes: OF_VISIBLE_REQUEST,
  offers: OWN,
  settlements: OWN,
  deal_file_entries: OWN,
  document_url_log: OWN,
  document_lapse_notices: OWN,
  funder_settings: OWN,
  funder_listed_buyers: OWN,
  funder_required_documents: OWN,
  credit_limits: OWN,
  credit_limit_history: OWN,
  seller_limits: OWN,
  seller_limit_history: OWN,
  statements: OWN,
  statement_lines: OWN,
  programme_defaults: OWN,
  programme_company_terms: OWN,
  webhook_endpoints: OWN,
  webhook_secrets: OWN,
  webhook_deliveries: OWN,
  prescribers: OWN,
  client_links: OWN,
  client_arrivals: OWN,
  client_invitations: OWN,
  funder_clients: OWN,
  onboarding_links: OWN,
  funder_return_origins: 'funder_id = $1',
  exports: OWN,
  export_link_log: OWN,
  registry_planes: PLANE,
  registry_lookups: OWN,
  early_payments: OWN,
  early_payment_repayments: OWN,
  // its own claims, and another funder's claim on a request it can see (403 not_your_claim)
  recourse_claims: `plane = $2 AND (funder_id = $1 OR ${OF_VISIBLE_REQUEST})`,
  bank_connections: OWN,
  bank_accounts: OWN,
  bank_movements: OWN,
  seller_payments: OWN,
  payment_alerts: OWN,
  collection_connections: OWN,
  bank_data_charges: OWN,
  opportunity_sharing: OWN,
  opportunity_runs: OWN,
  opportunity_snapshot_rows: OWN,
  opportunity_lines: OWN,
  opportunity_digests: OWN,
  invoice_ledger_exits: PLANE,
  // the named operators of the operations API (migration 0049): nothing, ever
  operators: 'false',
  // keys the service keeps sealed (migration 0051): nothing, ever
  kept_keys: 'false',
  funding_gate_refusals: OWN,
  // what each funder sees, kept by triggers (migration 0059): its own rows on its plane
  funder_request_visibility: OWN,
  funder_invoice_visibility: OWN,
  // the marks of writes that touched its answers (migration 0063): its own, on its plane
  read_changes: OWN,
  // a sandbox key's previews of a night (migration 0066): its funder's, on the demonstration
  // plane; which key reads them is the store's filter
  opportunity_preview_runs: OWN,
  opportunity_preview_snapshot_rows: OWN,
  opportunity_preview_lines: OWN,
  opportunity_preview_digests: OWN,
};

interface TableFacts {
  name: string;
  rls: boolean;
  forced: boolean;
  policies: number;
  funderPolicies: number;
}

/** Every ordinary or partitioned table of the public schema, as the catalogue describes it. */
async function catalogue(db: Pick<Db, 'query'>): Promise<TableFacts[]> {
  const { rows } = await db.query<TableFacts>(
    `SELECT c.relname AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
            (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies,
            (SELECT count(*)::int FROM pg_policy p JOIN pg_roles r ON r.oid = ANY (p.polroles)
              WHERE p.polrelid = c.oid AND r.rolname = 'funder_api_funder') AS "funderPolicies"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
  );
  return rows;
}

/** The tables that are neither on the list above nor policed: each is a finding. */
function unguarded(tables: TableFacts[]): string[] {
  return tables
    .filter((t) => !(t.name in WITHOUT_FUNDER_DATA))
    .filter((t) => !(t.rls && t.forced && t.policies > 0 && t.funderPolicies > 0))
    .map((t) => t.name);
}

let service: TestService;
/** The database without the test harness's operator binding: statements run as set here. */
let db: Db;
let policed: string[];

const as = <T>(actor: DbActor, work: () => Promise<T>) => runAs(actor, work);
const countAs = async (actor: DbActor, sql: string, params: unknown[] = []) =>
  Number(
    (await as(actor, () => db.query<{ n: string }>(`SELECT count(*)::text AS n FROM (${sql}) x`, params)))
      .rows[0]!.n,
  );

beforeAll(async () => {
  service = await startService({ demoPlane: true });
  db = service.database.db;
  policed = (await catalogue(service.db)).filter((t) => !(t.name in WITHOUT_FUNDER_DATA)).map((t) => t.name);
});
afterAll(async () => {
  await service?.close();
});

describe('the catalogue of tables', () => {
  it('lists every table as either holding no funder data or guarded by forced row security with a funder policy', async () => {
    const tables = await catalogue(service.db);
    expect(tables.length).toBeGreaterThan(Object.keys(WITHOUT_FUNDER_DATA).length);
    expect(unguarded(tables)).toEqual([]);
    // The list above names real tables only.
    const names = new Set(tables.map((t) => t.name));
    expect(Object.keys(WITHOUT_FUNDER_DATA).filter((name) => !names.has(name))).toEqual([]);
  });

  it('flags a new table that holds funder data until it gets its policies', async () => {
    // Creating a table is the owner's power, never the service's: as the server's superuser.
    const owner = service.database.superuser();
    const flagged = await as(GATE, () =>
      owner
        .transaction(async (tx) => {
          await tx.exec('CREATE TABLE rls_probe_new_book (funder_id uuid, plane text)');
          const before = unguarded(await catalogue(tx));
          await tx.exec(`ALTER TABLE rls_probe_new_book ENABLE ROW LEVEL SECURITY;
            ALTER TABLE rls_probe_new_book FORCE ROW LEVEL SECURITY;
            CREATE POLICY funder_rows ON rls_probe_new_book TO funder_api_funder USING (funder_id = funder_api_funder_id())`);
          const after = unguarded(await catalogue(tx));
          throw Object.assign(new Error('roll back'), { before, after });
        })
        .catch((err: { before?: string[]; after?: string[] }) => err),
    );
    expect(flagged.before).toEqual(['rls_probe_new_book']);
    expect(flagged.after).toEqual([]);
  });

  it('states what a funder may see of every policed table', () => {
    expect(policed.filter((name) => !(name in EXPECTED))).toEqual([]);
  });
});

describe('with two funders on each plane', () => {
  let liveA: FunderFixture & { id: string };
  let liveB: FunderFixture & { id: string };
  let demo: FunderFixture & { id: string };
  let demoOther: FunderFixture & { id: string };

  const funderIdOf = async (keyId: string) =>
    (await service.db.query<{ funder_id: string }>('SELECT funder_id FROM api_keys WHERE id = $1', [keyId]))
      .rows[0]!.funder_id;

  beforeAll(async () => {
    const given = requestsGiven(service);
    const withId = async (f: FunderFixture) => ({ ...f, id: await funderIdOf(f.keyId) });
    liveA = await withId(await given.funder());
    liveB = await withId(await given.funder());
    // Each live funder: a request offered on and accepted, another only routed, settings,
    // a credit limit.
    for (const funder of [liveA, liveB]) {
      const offered = await given.offeredRequest({ funder });
      await given.sellerAccepts(offered);
      const routed = await given.routedRequest({ funder });
      // A document of the seller of each request, and one of a seller of no request.
      await given.sellerDocument(routed.seller, 'es_tax_compliance');
      await given.sellerDocument(await given.liveSeller(), 'es_tax_compliance');
      const settings = await service.call(funder.key, 'PUT', '/v1/settings', {
        body: { debtor_consent_level: 'acceptance', reason: 'Insurer asks for acceptance.' },
      });
      expect(settings.status).toBe(200);
      const limit = await service.call(funder.key, 'PUT', '/v1/credit-limits', {
        body: { debtor_tax_id: 'A61616161', debtor_country: 'ES', amount: 10_000 },
      });
      expect(limit.status).toBe(200);
    }
    // The demonstration plane: its funder with the scenario's requests, and a second sandbox
    // funder using the test helpers.
    demo = await withId(await service.given.demoFunder());
    demoOther = await withId(await given.funder({ environment: 'sandbox' }));
    for (const funder of [demo, demoOther]) {
      const made = await service.call<{ request: { id: string } }>(
        funder.key,
        'POST',
        '/v1/sandbox/requests',
        {
          body: {},
        },
      );
      expect(made.status).toBe(201);
    }
    // An early payment of each funder, paid and partly repaid.
    for (const funder of [liveA, liveB, demo, demoOther]) {
      const plane = funder === liveA || funder === liveB ? 'live' : 'demo';
      const invoice = await given.invoice(await given.liveSeller({ plane }));
      const ep = await service.ops<{ id: string }>('POST', '/ops/v1/early-payments', {
        bank_id: funder.id,
        invoice_id: invoice.id,
      });
      expect(ep.status).toBe(201);
      expect((await service.ops('POST', `/ops/v1/early-payments/${ep.body.id}/accept`, {})).status).toBe(200);
      const today = await given.today();
      const paid = await service.call(funder.key, 'POST', `/v1/early-payments/${ep.body.id}/paid`, {
        body: { amount: 100, value_date: today, reference: 'RLS-EP' },
      });
      expect(paid.status).toBe(200);
      const repaid = await service.call(funder.key, 'POST', `/v1/early-payments/${ep.body.id}/repayment`, {
        body: { amount: 50, value_date: today, reference: 'RLS-EP-R' },
      });
      expect(repaid.status).toBe(200);
    }
    // A recourse claim of each funder on a request routed to it (rows as the worker writes them).
    for (const funder of [liveA, liveB, demo, demoOther]) {
      const plane = funder === liveA || funder === liveB ? 'live' : 'demo';
      const { rows } = await service.db.query<{ id: string; request_ref: string }>(
        'SELECT id, request_ref FROM funding_requests WHERE assigned_funder_id = $1 AND plane = $2 LIMIT 1',
        [funder.id, plane],
      );
      expect(rows).toHaveLength(1);
      await service.db.query(
        `INSERT INTO recourse_claims (id, plane, funder_id, request_id, kind, status, due_date, recourse_days,
           opens_on, amount_advanced, fees, collected, claim_amount, pay_reference, opened_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'recourse', 'open', '2026-11-01', 10, '2026-11-11',
           800, 20, 0, 820, 'RF00TEST', now(), now())`,
        [plane, funder.id, rows[0]!.id],
      );
    }
    // Bank data of each funder: a seller's consent with its accounts and movements, a debtor's
    // payment read through it, a collection account read; on the demonstration plane a payment
    // alert too (a confidential request funded by the sandbox funder).
    for (const funder of [liveA, liveB, demo, demoOther]) {
      const plane = funder === liveA || funder === liveB ? 'live' : 'demo';
      const seller = await given.liveSeller({ plane });
      const iban = 'ES9121000418450200051332';
      const connected = await service.ops('POST', '/ops/v1/bank-data/connections', {
        bank_id: funder.id,
        seller_id: seller.id,
        accounts: [{ iban, holder_name: seller.name, in_company_name: true, balance: 10 }],
        movements: [{ iban, booked_on: await given.today(), amount: 5 }],
      });
      expect(connected.status).toBe(201);
      const paid = await service.ops('POST', '/ops/v1/bank-data/seller-payments', {
        seller_id: seller.id,
        debtor_tax_id: 'A22222222',
        amount: 5,
      });
      expect(paid.status).toBe(200);
      const read = await service.ops('POST', '/ops/v1/bank-data/collection-reads', {
        bank_id: funder.id,
        bank_name: 'Banco RLS',
        accounts: [{ iban }],
      });
      expect(read.status).toBe(200);
      if (plane === 'demo') {
        const call = (method: string, url: string, body: unknown = {}) =>
          service.call<{ request: { id: string } }>(funder.key, method, url, { body });
        const made = await call('POST', '/v1/sandbox/requests', { terms: { disclosure: 'confidential' } });
        const id = made.body.request.id;
        expect(
          (await call('POST', `/v1/requests/${id}/decision`, { decision: 'offer', rate: 2, advance_pct: 80 }))
            .status,
        ).toBe(201);
        expect((await call('POST', `/v1/sandbox/requests/${id}/accept`)).status).toBe(200);
        const fund = { decision: 'fund', value_date: await given.today(), reference: 'RLS-BANK' };
        expect((await call('POST', `/v1/requests/${id}/decision`, fund)).status).toBe(200);
        expect((await call('POST', `/v1/sandbox/requests/${id}/bank-connection`)).status).toBe(201);
        const alerted = await service.call<{ alerts: unknown[] }>(
          funder.key,
          'POST',
          `/v1/sandbox/requests/${id}/seller-payment`,
          { body: { amount: 10 } },
        );
        expect(alerted.body.alerts).toHaveLength(1);
      }
    }
    // A fund decision refused at a gate by each funder, on each plane: the debtors have not
    // acknowledged their notices (live), the sandbox request's debtor has not answered (demo).
    for (const funder of [liveA, liveB]) {
      const approved = await given.approvedRequest({ funder });
      const refused = await service.call(funder.key, 'POST', `/v1/requests/${approved.id}/decision`, {
        body: { decision: 'fund', value_date: await given.today(), reference: 'RLS-GATE' },
      });
      expect(refused.status).toBe(409);
    }
    for (const funder of [demo, demoOther]) {
      const made = await service.call<{ request: { id: string } }>(
        funder.key,
        'POST',
        '/v1/sandbox/requests',
        {
          body: {},
        },
      );
      expect(made.status).toBe(201);
      const id = made.body.request.id;
      const offer = await service.call(funder.key, 'POST', `/v1/requests/${id}/decision`, {
        body: { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 },
      });
      expect(offer.status).toBe(201);
      const accepted = await service.call(funder.key, 'POST', `/v1/sandbox/requests/${id}/accept`);
      expect(accepted.status).toBe(200);
      const refused = await service.call(funder.key, 'POST', `/v1/requests/${id}/decision`, {
        body: { decision: 'fund', value_date: await given.today(), reference: 'RLS-GATE' },
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    }
    // A registry look-up by each funder, on each plane (the live registry opened for it).
    const opened = await service.ops('POST', '/ops/v1/registry/open', {
      reason: 'Opened for the wall tests',
    });
    expect(opened.status).toBe(200);
    for (const funder of [liveA, liveB, demo, demoOther]) {
      const question = {
        seller: { country: 'ES', tax_id: 'B11111111' },
        debtor: { country: 'ES', tax_id: 'A22222222' },
      };
      const lookup = await service.call(funder.key, 'POST', '/v1/registry/lookups', {
        body: { invoices: [{ ...question, number: 'RLS-1' }] },
      });
      expect(lookup.status).toBe(200);
    }
    // Each funder: a client sharing its invoices, one of which left the ledger, a night's run
    // and its published digest.
    const night = addDays(await given.today(), 1);
    for (const funder of [liveA, liveB, demo, demoOther]) {
      const plane = funder === liveA || funder === liveB ? 'live' : 'demo';
      const seller = await given.liveSeller({ plane });
      const link = await service.call<{ client_link: { id: string } }>(
        funder.key,
        'POST',
        '/v1/client-links',
        {
          body: {},
        },
      );
      expect(link.status, JSON.stringify(link.body)).toBe(201);
      const arrived = await service.ops<{ invitation: { id: string } }>(
        'POST',
        `/ops/v1/client-links/${link.body.client_link.id}/arrivals`,
        {
          company_name: seller.name,
          tax_id: seller.tax_id,
          country: seller.country,
          email: 'rls@company.example',
        },
      );
      expect(arrived.status, JSON.stringify(arrived.body)).toBe(201);
      expect(
        (await service.ops('POST', `/ops/v1/client-invitations/${arrived.body.invitation.id}/accept`)).status,
      ).toBe(200);
      expect(
        (await service.ops('POST', '/ops/v1/opportunities/sharing', { seller_id: seller.id, sharing: true }))
          .status,
      ).toBe(200);
      await given.invoice(seller);
      const gone = await given.invoice(seller);
      expect(
        (await service.ops('POST', `/ops/v1/invoices/${gone.id}/ledger-exit`, { exit: 'removed' })).status,
      ).toBe(200);
      const run = await service.ops('POST', '/ops/v1/opportunities/run', {
        bank_id: funder.id,
        plane,
        date: night,
      });
      expect(run.body).toMatchObject({ status: 'completed' });
    }
    await service.runtime.services.opportunities.publishForOps(night);
  });

  const funders = () => [
    { who: 'a live funder', funder: liveA, plane: 'live' as const },
    { who: 'another live funder', funder: liveB, plane: 'live' as const },
    { who: 'the demonstration funder', funder: demo, plane: 'demo' as const },
    { who: 'another sandbox funder', funder: demoOther, plane: 'demo' as const },
  ];

  it('has rows of every funder and both planes in the main tables', async () => {
    for (const table of [
      'funding_requests',
      'offers',
      'request_funders',
      'sellers',
      'invoices',
      'evidence_entries',
      'registry_lookups',
      'early_payments',
      'early_payment_repayments',
      'recourse_claims',
      'opportunity_sharing',
      'opportunity_runs',
      'opportunity_snapshot_rows',
      'opportunity_lines',
      'opportunity_digests',
      'invoice_ledger_exits',
      'funding_gate_refusals',
    ]) {
      const planes = await service.db.query<{ plane: string }>(
        `SELECT DISTINCT plane FROM ${table} ORDER BY plane`,
      );
      expect(
        planes.rows.map((r) => r.plane),
        table,
      ).toEqual(['demo', 'live']);
    }
  });

  it('a funder reading any table with no filter at all gets its own rows and nothing else', async () => {
    for (const { who, funder, plane } of funders()) {
      const actor: DbActor = { kind: 'funder', funderId: funder.id, plane };
      for (const table of policed) {
        const expected = EXPECTED[table];
        if (!expected) continue; // reported by the test above
        // The test's own values, written into the rule as literals.
        const rule = expected.replaceAll('$1', `'${funder.id}'::uuid`).replaceAll('$2', `'${plane}'`);
        const seen = await countAs(actor, `SELECT * FROM ${table}`);
        const outside = await countAs(actor, `SELECT * FROM ${table} WHERE NOT (${rule})`);
        const own = await countAs(OPERATOR, `SELECT * FROM ${table} WHERE ${rule}`);
        expect({ who, table, seen, outside }).toEqual({ who, table, seen: own, outside: 0 });
      }
      // And it does see something: its requests, offers, keys, funder record.
      for (const table of [
        'funders',
        'api_keys',
        'funding_requests',
        'sellers',
        'invoices',
        // the live funders' requests' sellers hold a document each (set up above)
        ...(plane === 'live' ? ['seller_documents', 'document_files'] : []),
      ]) {
        expect(await countAs(actor, `SELECT * FROM ${table}`), `${who}: ${table}`).toBeGreaterThan(0);
      }
    }
  });

  it('a live funder sees none of the other live funder’s requests, offers, limits or settings', async () => {
    const a: DbActor = { kind: 'funder', funderId: liveA.id, plane: 'live' };
    for (const table of ['offers', 'credit_limits', 'funder_settings', 'request_funders', 'settlements']) {
      expect(await countAs(a, `SELECT * FROM ${table} WHERE funder_id = $1`, [liveB.id]), table).toBe(0);
      expect(
        await countAs(OPERATOR, `SELECT * FROM ${table} WHERE funder_id = $1`, [liveB.id]),
        table,
      ).toBeGreaterThan(table === 'settlements' ? -1 : 0);
    }
    expect(await countAs(a, 'SELECT * FROM funding_requests WHERE assigned_funder_id = $1', [liveB.id])).toBe(
      0,
    );
  });

  it('a live funder sees none of the documents, nor their files, of the other live funder’s sellers', async () => {
    const a: DbActor = { kind: 'funder', funderId: liveA.id, plane: 'live' };
    // Read as the operator: the documents of B's requests' sellers and of sellers of no
    // request, and the files only those documents point to.
    const theirs = await as(OPERATOR, () =>
      db.query<{ id: string; sha256: string }>(
        `SELECT d.id, d.sha256 FROM seller_documents d
          WHERE d.plane = 'live'
            AND (d.seller_id IN (SELECT seller_id FROM funding_requests WHERE assigned_funder_id = $1)
                 OR d.seller_id NOT IN (SELECT seller_id FROM funding_requests))
            AND d.seller_id NOT IN (SELECT seller_id FROM funding_requests WHERE assigned_funder_id = $2)`,
        [liveB.id, liveA.id],
      ),
    );
    const ids = theirs.rows.map((r) => r.id);
    const hashes = theirs.rows.map((r) => r.sha256);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(await countAs(a, 'SELECT * FROM seller_documents')).toBeGreaterThan(0);
    expect(await countAs(a, 'SELECT * FROM seller_documents WHERE id = ANY($1::uuid[])', [ids])).toBe(0);
    expect(await countAs(a, 'SELECT * FROM document_files')).toBeGreaterThan(0);
    // Each upload's bytes are its own, so no file of theirs is also a file of A's documents.
    expect(
      await countAs(a, "SELECT * FROM document_files WHERE plane = 'live' AND sha256 = ANY($1::text[])", [
        hashes,
      ]),
    ).toBe(0);
  });

  it('a live funder sees none of the other live funder’s sellers, debtors or invoices, and its own request’s', async () => {
    const a: DbActor = { kind: 'funder', funderId: liveA.id, plane: 'live' };
    // Read as the operator: the invoices of each funder's requests, with their sellers and debtors.
    const partiesOf = (funderId: string) =>
      as(OPERATOR, () =>
        db.query<{ seller_id: string; debtor_id: string; invoice_id: string }>(
          `SELECT r.seller_id, i.debtor_id, i.id AS invoice_id
             FROM funding_requests r JOIN request_invoices ri ON ri.request_id = r.id
             JOIN invoices i ON i.id = ri.invoice_id
            WHERE r.assigned_funder_id = $1 AND r.plane = 'live'`,
          [funderId],
        ),
      );
    const mine = (await partiesOf(liveA.id)).rows;
    const ids = (rows: typeof mine, key: keyof (typeof mine)[number]) => [
      ...new Set(rows.map((r) => r[key])),
    ];
    const own = {
      sellers: ids(mine, 'seller_id'),
      debtors: ids(mine, 'debtor_id'),
      invoices: ids(mine, 'invoice_id'),
    };
    // B's, leaving out any company A also has business with (a debtor may be shared).
    const theirs = (await partiesOf(liveB.id)).rows;
    const other = {
      sellers: ids(theirs, 'seller_id').filter((id) => !own.sellers.includes(id)),
      debtors: ids(theirs, 'debtor_id').filter((id) => !own.debtors.includes(id)),
      invoices: ids(theirs, 'invoice_id'),
    };
    for (const table of ['sellers', 'debtors', 'invoices'] as const) {
      expect(own[table].length, table).toBeGreaterThan(0);
      expect(other[table].length, table).toBeGreaterThan(0);
      // No WHERE of the funder's own: every row of the table the role lets through.
      const { rows } = await as(a, () => db.query<{ id: string }>(`SELECT id FROM ${table}`));
      const seen = rows.map((r) => r.id);
      expect(
        other[table].filter((id) => seen.includes(id)),
        table,
      ).toEqual([]);
      expect(
        own[table].filter((id) => !seen.includes(id)),
        table,
      ).toEqual([]);
    }
  });

  it('a funder cannot write a row outside its own funder and plane', async () => {
    const a: DbActor = { kind: 'funder', funderId: liveA.id, plane: 'live' };
    for (const [funderId, plane] of [
      [liveB.id, 'live'],
      [liveA.id, 'demo'],
    ] as const) {
      const attempt = as(a, () =>
        db.query(
          `INSERT INTO funder_listed_buyers (funder_id, plane, country, tax_id, added_at)
           VALUES ($1, $2, 'ES', 'B00000001', now())`,
          [funderId, plane],
        ),
      );
      await expect(attempt).rejects.toMatchObject({ code: '42501' });
    }
    // Nor change one it cannot see: the update finds nothing.
    const changed = await as(a, () =>
      db.query('UPDATE funder_settings SET offer_validity_days = 3 WHERE funder_id = $1', [liveB.id]),
    );
    expect(changed.rowCount).toBe(0);
  });

  it('through each view another area reads, every role sees exactly the rows it sees in the table, and writes nothing', async () => {
    // The views of migration 0069 and later, with the one table each reads.
    const { rows: views } = await service.db.query<{ name: string; table: string; options: string[] | null }>(
      `SELECT c.relname AS name, u.table_name AS table, c.reloptions AS options
         FROM pg_class c
         JOIN information_schema.view_table_usage u ON u.view_schema = 'public' AND u.view_name = c.relname
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'v'
        ORDER BY c.relname`,
    );
    expect(views.length).toBeGreaterThan(20);
    for (const view of views) {
      expect({ view: view.name, options: view.options }).toEqual({
        view: view.name,
        options: ['security_invoker=true'],
      });
    }
    // Each role's count through the view against its count in the table: a funder of each plane,
    // a sandbox key's helpers, the operator, and the funder role with no funder set.
    const unsetFunder = (sql: string) =>
      as(GATE, () =>
        db.transaction(async (tx) => {
          await tx.exec('SET LOCAL ROLE funder_api_funder');
          return Number(
            (await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM (${sql}) x`)).rows[0]!.n,
          );
        }),
      );
    const readers: { who: string; count: (sql: string) => Promise<number> }[] = [
      ...funders().map(({ who, funder, plane }) => ({
        who,
        count: (sql: string) => countAs({ kind: 'funder', funderId: funder.id, plane }, sql),
      })),
      { who: 'a sandbox key', count: (sql: string) => countAs({ kind: 'sandbox', funderId: demo.id }, sql) },
      { who: 'the operator', count: (sql: string) => countAs(OPERATOR, sql) },
      { who: 'the funder role with nothing set', count: unsetFunder },
    ];
    let seenThrough = 0;
    for (const { who, count } of readers) {
      for (const view of views) {
        const throughView = await count(`SELECT * FROM ${view.name}`);
        const inTable = await count(`SELECT * FROM ${view.table}`);
        expect({ who, view: view.name, rows: throughView }).toEqual({ who, view: view.name, rows: inTable });
        seenThrough += throughView;
      }
    }
    expect(seenThrough).toBeGreaterThan(0);
    // The policy roles may read a view and nothing else; a write through one is refused.
    const { rows: rights } = await service.db.query<{
      view: string;
      role: string;
      reads: boolean;
      writes: boolean;
    }>(
      `SELECT v.relname AS view, r.rolname AS role,
              has_table_privilege(r.oid, v.oid, 'SELECT') AS reads,
              has_table_privilege(r.oid, v.oid, 'INSERT, UPDATE, DELETE, TRUNCATE') AS writes
         FROM pg_class v CROSS JOIN pg_roles r
        WHERE v.relnamespace = 'public'::regnamespace AND v.relkind = 'v'
          AND r.rolname IN ('funder_api_funder', 'funder_api_sandbox', 'funder_api_operator')`,
    );
    expect(rights.length).toBe(views.length * 3);
    expect(rights.filter((r) => !r.reads || r.writes)).toEqual([]);
    await expect(
      as(OPERATOR, () => db.query('UPDATE funder_settings_read SET offer_validity_days = 3')),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('with no funder set, the funder role sees nothing at all', async () => {
    for (const table of policed) {
      const unset = await as(GATE, () =>
        db.transaction(async (tx) => {
          await tx.exec('SET LOCAL ROLE funder_api_funder');
          return (await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]!.n;
        }),
      );
      expect({ table, rows: unset }).toEqual({ table, rows: '0' });
    }
  });

  it('code that set no database actor runs as the funder role with nothing set, and sees nothing', async () => {
    const who = await db.query<{ role: string; funders: string }>(
      'SELECT current_user::text AS role, (SELECT count(*)::text FROM funders) AS funders',
    );
    expect(who.rows[0]).toEqual({ role: 'funder_api_funder', funders: '0' });
  });

  it('a sandbox key’s test helpers reach the demonstration plane only', async () => {
    const sandbox: DbActor = { kind: 'sandbox', funderId: demo.id };
    for (const table of policed) {
      const columns = await service.db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [table],
      );
      if (!columns.rows.some((c) => c.column_name === 'plane')) continue;
      expect({ table, live: await countAs(sandbox, `SELECT * FROM ${table} WHERE plane <> 'demo'`) }).toEqual(
        {
          table,
          live: 0,
        },
      );
    }
    expect(await countAs(sandbox, 'SELECT * FROM funding_requests')).toBeGreaterThan(0);
  });

  it('the operator role sees every funder’s rows on both planes', async () => {
    for (const table of policed) {
      const all = await countAs(GATE, `SELECT * FROM ${table}`);
      expect({ table, rows: await countAs(OPERATOR, `SELECT * FROM ${table}`) }).toEqual({
        table,
        rows: all,
      });
    }
    const planes = await countAs(OPERATOR, 'SELECT DISTINCT plane FROM funding_requests');
    expect(planes).toBe(2);
  });
});

describe('the roles', () => {
  it('funder work does not run as the connecting role, and its role can neither bypass the policies nor own a table', async () => {
    const connecting = (await as(GATE, () => db.query<{ role: string }>('SELECT current_user::text AS role')))
      .rows[0]!.role;
    const funder = await as(
      { kind: 'funder', funderId: '00000000-0000-4000-8000-000000000001', plane: 'live' },
      () =>
        db.query<{ role: string; session: string; funder: string; plane: string }>(
          `SELECT current_user::text AS role, session_user::text AS session,
                current_setting('funder_api.funder_id') AS funder, current_setting('funder_api.plane') AS plane`,
        ),
    );
    expect(funder.rows[0]).toEqual({
      role: 'funder_api_funder',
      session: connecting,
      funder: '00000000-0000-4000-8000-000000000001',
      plane: 'live',
    });
    expect(connecting).not.toBe('funder_api_funder');

    const roles = await service.db.query<{
      rolname: string;
      rolsuper: boolean;
      rolbypassrls: boolean;
      rolcanlogin: boolean;
      owned: number;
    }>(
      `SELECT r.rolname, r.rolsuper, r.rolbypassrls, r.rolcanlogin,
              (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned
         FROM pg_roles r WHERE r.rolname LIKE 'funder\\_api\\_%' ORDER BY r.rolname`,
    );
    expect(roles.rows).toEqual(
      ['funder_api_funder', 'funder_api_operator', 'funder_api_sandbox'].map((rolname) => ({
        rolname,
        rolsuper: false,
        rolbypassrls: false,
        rolcanlogin: false,
        owned: 0,
      })),
    );
  });

  it('every statement of a funder’s call runs as the funder role with that funder and plane, and an operator’s as the operator role', async () => {
    const database = await freshDatabase();
    const real = database.db;
    const seen: { role: string; funder: string | null; plane: string | null }[] = [];
    // The same database, noting who each transaction ran as before running it.
    const transaction: Db['transaction'] = (fn) =>
      real.transaction(async (tx) => {
        const who = await tx.query<{ role: string; funder: string | null; plane: string | null }>(
          `SELECT current_user::text AS role, NULLIF(current_setting('funder_api.funder_id', true), '') AS funder,
                  NULLIF(current_setting('funder_api.plane', true), '') AS plane`,
        );
        seen.push(who.rows[0]!);
        return fn(tx);
      });
    const watched: Db = {
      kind: real.kind,
      transaction,
      query: (sql, params, options) =>
        currentActor()?.kind === 'gate'
          ? real.query(sql, params, options)
          : transaction((tx) => tx.query(sql, params, options)),
      exec: (sql) => (currentActor()?.kind === 'gate' ? real.exec(sql) : transaction((tx) => tx.exec(sql))),
      close: () => real.close(),
    };
    const watchedService = await startService({ database: { ...database, db: watched } });
    try {
      const funder = await watchedService.given.funderWithKey();
      const id = (
        await watchedService.db.query<{ funder_id: string }>('SELECT funder_id FROM api_keys WHERE id = $1', [
          funder.keyId,
        ])
      ).rows[0]!.funder_id;
      seen.length = 0;
      expect((await watchedService.call(funder.key, 'GET', '/v1/requests')).status).toBe(200);
      expect((await watchedService.call(funder.key, 'GET', '/v1/settings')).status).toBe(200);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((s) => JSON.stringify(s)))).toEqual(
        new Set([JSON.stringify({ role: 'funder_api_funder', funder: id, plane: 'live' })]),
      );
      seen.length = 0;
      expect((await watchedService.ops('GET', '/ops/v1/funders')).status).toBe(200);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((s) => s.role === 'funder_api_operator' && s.funder === null)).toBe(true);
    } finally {
      await watchedService.close();
      await database.drop();
    }
    // A database and a service of its own: more than the default time on a busy machine.
  }, 180_000);
});
