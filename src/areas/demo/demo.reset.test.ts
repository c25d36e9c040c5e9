import { describe, expect, it } from 'vitest';
import { demoFootprint } from '../../../test/support/demo-template.ts';
import { startGiven } from '../../../test/support/service.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import { verifyEvidence } from '../../platform/evidence.ts';
import { createDemoService, type LeaseTimer } from './demo.service.ts';

type Item = { id: string; status: string };
type Reset = { bank_id: string; sellers: number; debtors: number; created_funder: boolean };

// Each test resets the plane several times: on a loaded machine a reset takes seconds.
const SLOW = 300_000;

const { service } = startGiven();

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

/** Every demonstration row's id, per table with an id: the plane exactly as it stands. */
async function demoRows(): Promise<Record<string, string[]>> {
  const { rows: tables } = await service.db.query<{ table_name: string }>(
    `SELECT p.table_name FROM information_schema.columns p
       JOIN information_schema.columns i ON i.table_name = p.table_name AND i.table_schema = p.table_schema
        AND i.column_name = 'id'
       JOIN information_schema.tables t ON t.table_schema = p.table_schema AND t.table_name = p.table_name
        AND t.table_type = 'BASE TABLE'
      WHERE p.table_schema = current_schema() AND p.column_name = 'plane' AND p.table_name <> 'evidence_entries'
      ORDER BY p.table_name`,
  );
  const ids: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await service.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${table} WHERE plane = 'demo' ORDER BY id`,
    );
    ids[table] = rows.map((r) => r.id);
  }
  return ids;
}

/**
 * A demonstration service wired like the runtime's, with the decisions and the lease timer given;
 * its reset is called as the operations route calls it, as the operator's database actor.
 */
function demoServiceWith(overrides: {
  decide?: (next: () => Promise<unknown>) => Promise<unknown>;
  leaseTimer?: LeaseTimer;
}) {
  const services = service.runtime.services;
  return createDemoService({
    db: service.db,
    clock: service.runtime.clock,
    account: services.account,
    documents: services.documents,
    parties: services.requestParties,
    settings: services.settings,
    limits: services.limits,
    programmeDemo: { programme: services.programme, disclosure: services.disclosure },
    earlyPaymentsDemo: services.earlyPayments,
    recourseDemo: {
      programme: services.programme,
      disclosure: services.disclosure,
      recourse: services.recourse,
    },
    opportunitiesDemo: {
      opportunities: services.opportunities,
      invitations: services.clients.invitations,
      parties: services.parties,
      createRequest: services.requestParties.createRequest,
    },
    decisions: {
      decide: (caller, id, body) => {
        const next = () => services.decisions.decide(caller, id, body);
        return (overrides.decide ? overrides.decide(next) : next()) as ReturnType<
          typeof services.decisions.decide
        >;
      },
    },
    ...(overrides.leaseTimer ? { leaseTimer: overrides.leaseTimer } : {}),
  });
}

const operator = { kind: 'operator' as const, requestId: 'test' };

describe('resetting again', () => {
  it(
    'gives the same shape, clears what sandbox keys changed, and the previous requests are gone',
    async () => {
      const first = await reset();
      const shape = await demoFootprint(service.db);
      const key = (await service.given.key({ bankId: first.bank_id })).secret;
      const before = await listAll(key);

      // Sandbox keys change the shared plane: settings, lists, new requests, download links.
      await service.call(key, 'PUT', '/v1/settings', {
        body: { debtor_consent_level: 'acceptance', reason: 'Trying it in the sandbox' },
      });
      await service.call(key, 'PUT', '/v1/required-documents', {
        body: { country: 'IT', codes: ['it_durc'] },
      });
      expect((await service.call(key, 'POST', '/v1/sandbox/requests')).status).toBe(201);
      expect((await service.call(key, 'GET', `/v1/requests/${before[0]!.id}/documents`)).status).toBe(200);
      expect(await demoFootprint(service.db)).not.toEqual(shape);

      await reset();
      expect(await demoFootprint(service.db)).toEqual(shape);
      const after = await listAll(key);
      expect(after.map((r) => r.status).sort()).toEqual(before.map((r) => r.status).sort());
      for (const request of before) {
        expect((await service.call(key, 'GET', `/v1/requests/${request.id}`)).status).toBe(404);
      }
      const settings = await service.call<{ debtor_consent_level: string }>(key, 'GET', '/v1/settings');
      expect(settings.body.debtor_consent_level).toBe('acknowledgment');
    },
    SLOW,
  );

  it(
    'never touches a live funder’s data',
    async () => {
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
      expect(
        (await service.ops('POST', `/ops/v1/requests/${id}/route`, { bank_id: live.bankId })).status,
      ).toBe(200);
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
    },
    SLOW,
  );

  it(
    'keeps the evidence chain whole',
    async () => {
      await reset();
      const report = await verifyEvidence(service.db);
      expect(report).toMatchObject({ ok: true, firstBroken: null });
      const { rows } = await service.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM evidence_entries WHERE kind = 'demo.reset'`,
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    },
    SLOW,
  );

  it(
    'delivers none of the scenario’s events',
    async () => {
      await reset();
      const { rows } = await service.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox_events WHERE plane = 'demo'`,
      );
      expect(rows[0]!.n).toBe(0);
    },
    SLOW,
  );
});

describe('a reset that fails', () => {
  it(
    'leaves the demonstration plane exactly as it was when one step fails midway',
    async () => {
      const first = await reset();
      const key = (await service.given.key({ bankId: first.bank_id })).secret;
      const rowsBefore = await demoRows();
      const listBefore = await listAll(key);

      let decisions = 0;
      const failing = demoServiceWith({
        decide: async (next) => {
          decisions += 1;
          if (decisions > 20) throw new Error('the bank is closed');
          return next();
        },
      });
      await expect(failing.reset(operator)).rejects.toThrow(
        /demonstration scenario, request ".+", .+: the bank is closed/,
      );
      expect(decisions).toBe(21);

      expect(await demoRows()).toEqual(rowsBefore);
      expect(await listAll(key)).toEqual(listBefore);
      const lease = await service.db.query(`SELECT 1 FROM service_state WHERE name = 'demo_reset_lease'`);
      expect(lease.rowCount).toBe(0);
      expect(await verifyEvidence(service.db)).toMatchObject({ ok: true });
    },
    SLOW,
  );
});

describe('document files on the demonstration plane', () => {
  it(
    'go with the plane on a reset, while a live upload of the same bytes stays',
    async () => {
      const first = await reset();
      const demoShas = async () =>
        (
          await service.db.query<{ sha256: string }>(
            `SELECT sha256 FROM document_files WHERE plane = 'demo' ORDER BY sha256`,
          )
        ).rows.map((r) => r.sha256);
      const used = await service.db.query<{ sha256: string }>(
        `SELECT DISTINCT sha256 FROM seller_documents WHERE plane = 'demo' ORDER BY sha256`,
      );
      expect(await demoShas()).toEqual(used.rows.map((r) => r.sha256));

      // A live seller uploads exactly the bytes of a demonstration document.
      const demoFile = await service.db.query<{ content: Uint8Array; sha256: string }>(
        `SELECT content, sha256 FROM document_files WHERE plane = 'demo' LIMIT 1`,
      );
      const bytes = Buffer.from(demoFile.rows[0]!.content);
      const seller = await service.ops<{ seller: { id: string } }>('POST', '/ops/v1/sellers', {
        plane: 'live',
        name: 'Archivos Reales SL',
        tax_id: 'B39000777',
        country: 'ES',
        verification_status: 'approved',
      });
      expect(seller.status, JSON.stringify(seller.body)).toBe(201);
      const today = (await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now.slice(0, 10);
      const upload = await service.ops<{ document: { sha256: string; plane: string } }>(
        'POST',
        '/ops/v1/seller-documents',
        {
          seller_id: seller.body.seller.id,
          code: 'es_tax_compliance',
          file_name: 'certificado.txt',
          content_base64: bytes.toString('base64'),
          issued_on: today,
        },
      );
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      expect(upload.body.document.sha256).toBe(sha256Hex(bytes));
      const planes = async () =>
        (
          await service.db.query<{ plane: string }>(
            'SELECT plane FROM document_files WHERE sha256 = $1 ORDER BY plane',
            [demoFile.rows[0]!.sha256],
          )
        ).rows.map((r) => r.plane);
      expect(await planes()).toEqual(['demo', 'live']);

      // A sandbox request brings files of its own onto the demonstration plane; a reset takes them.
      const key = (await service.given.key({ bankId: first.bank_id })).secret;
      expect((await service.call(key, 'POST', '/v1/sandbox/requests')).status).toBe(201);
      expect((await demoShas()).length).toBeGreaterThan(used.rows.length);
      await reset();
      expect(await demoShas()).toEqual(used.rows.map((r) => r.sha256));
      expect(await planes()).toEqual(['demo', 'live']);
    },
    SLOW,
  );
});

describe('resets from several servers', () => {
  it(
    'refuses a reset with conflict while another server holds the reset lease, and allows it once the lease is gone',
    async () => {
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
    },
    SLOW,
  );

  it(
    'renews the reset’s lease while the reset runs',
    async () => {
      let renew: (() => Promise<unknown>) | null = null;
      let stopped = false;
      const renewals: Promise<unknown>[] = [];
      const demo = demoServiceWith({
        leaseTimer: (tick) => {
          renew = tick;
          return () => {
            stopped = true;
          };
        },
        // Midway, the timer fires: as if the reset had already run for a while.
        decide: async (next) => {
          if (renewals.length === 0) renewals.push(renew!());
          return next();
        },
      });
      await runAs(OPERATOR, () => demo.reset(operator));
      expect(renewals).toHaveLength(1);
      // The renewal found the lease still held by this reset and pushed it forward.
      expect(await renewals[0]).toEqual(expect.any(String));
      expect(stopped).toBe(true);
      const lease = await service.db.query(`SELECT 1 FROM service_state WHERE name = 'demo_reset_lease'`);
      expect(lease.rowCount).toBe(0);
    },
    SLOW,
  );

  // Only PostgreSQL lets another connection change the lease while the reset's transaction runs.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'commits nothing when another server took the lease over while the reset ran',
    async () => {
      const first = await reset();
      const key = (await service.given.key({ bankId: first.bank_id })).secret;
      const rowsBefore = await demoRows();
      const listBefore = await listAll(key);
      let taken = false;
      const demo = demoServiceWith({
        decide: async (next) => {
          if (!taken) {
            taken = true;
            await service.db.query(
              `UPDATE service_state SET value = jsonb_build_object('holder', 'other-server', 'until', now() + interval '60 seconds')
                WHERE name = 'demo_reset_lease'`,
            );
          }
          return next();
        },
      });
      await expect(runAs(OPERATOR, () => demo.reset(operator))).rejects.toMatchObject({ code: 'conflict' });
      expect(await demoRows()).toEqual(rowsBefore);
      expect(await listAll(key)).toEqual(listBefore);
      // The other server's lease is left alone.
      const lease = await service.db.query<{ holder: string }>(
        `SELECT value->>'holder' AS holder FROM service_state WHERE name = 'demo_reset_lease'`,
      );
      expect(lease.rows).toEqual([{ holder: 'other-server' }]);
      await service.db.query(`DELETE FROM service_state WHERE name = 'demo_reset_lease'`);
    },
    SLOW,
  );
});
