import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbActor, GATE, OPERATOR, runAs } from '../src/platform/db/actor.ts';
import type { Db } from '../src/platform/db/db.ts';
import { onPostgres } from './support/database.ts';
import {
  type FunderFixture,
  type RequestFixture,
  type RequestsGiven,
  requestsGiven,
} from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * The funder visibility tables (migration 0059) follow every write that changes what a funder
 * sees, and the policies that read them (migration 0060) let through exactly the invoices,
 * debtors and sellers the rule of migration 0048 let through (docs/security.md, section 1).
 * After each step: the tables hold exactly the rows the base tables give (computed here in
 * SQL as the operator), and each funder's role sees, of invoices, debtors and sellers, the
 * same rows as the old rule computed over the base tables.
 */

// The rule of migration 0048 over the base tables ($1 the funder, $2 its plane), as the
// operator reads it.
const VISIBLE_REQUEST = `(r.plane = $2 AND (r.assigned_funder_id = $1 OR EXISTS (
  SELECT 1 FROM request_funders rf WHERE rf.request_id = r.id AND rf.funder_id = $1
     AND rf.plane = $2 AND rf.acted_at IS NOT NULL)))`;
const SEEN_INVOICE = `plane = $2 AND (id IN (SELECT ri.invoice_id FROM request_invoices ri
    JOIN funding_requests r ON r.id = ri.request_id WHERE ${VISIBLE_REQUEST})
  OR id IN (SELECT e.invoice_id FROM early_payments e WHERE e.funder_id = $1 AND e.plane = $2))`;
const REQUEST_CHILD = `plane = $2 AND request_id IN (SELECT r.id FROM funding_requests r WHERE ${VISIBLE_REQUEST})`;
const OLD_RULE: Record<
  | 'invoices'
  | 'debtors'
  | 'sellers'
  | 'funding_requests'
  | 'request_invoices'
  | 'request_history'
  | 'debtor_notices'
  | 'risk_signals'
  | 'disputes',
  string
> = {
  // The request and the tables hanging from it (migrations 0020 and 0030; their policies probe
  // funder_request_visibility since 0061).
  funding_requests: `id IN (SELECT r.id FROM funding_requests r WHERE ${VISIBLE_REQUEST})`,
  request_invoices: `request_id IN (SELECT r.id FROM funding_requests r WHERE ${VISIBLE_REQUEST})`,
  request_history: REQUEST_CHILD,
  debtor_notices: REQUEST_CHILD,
  risk_signals: REQUEST_CHILD,
  disputes: REQUEST_CHILD,
  invoices: SEEN_INVOICE,
  debtors: `plane = $2 AND id IN (SELECT debtor_id FROM invoices WHERE ${SEEN_INVOICE})`,
  sellers: `plane = $2 AND (id IN (SELECT r.seller_id FROM funding_requests r WHERE ${VISIBLE_REQUEST})
    OR id IN (SELECT c.seller_id FROM funder_clients c WHERE c.funder_id = $1 AND c.plane = $2)
    OR id IN (SELECT l.seller_id FROM seller_limits l WHERE l.funder_id = $1 AND l.plane = $2)
    OR id IN (SELECT t.seller_id FROM programme_company_terms t WHERE t.funder_id = $1 AND t.plane = $2)
    OR id IN (SELECT i.seller_id FROM early_payments e JOIN invoices i ON i.id = e.invoice_id
               WHERE e.funder_id = $1 AND e.plane = $2 AND i.plane = $2))`,
};

// What the visibility tables must hold, from the base tables.
const WANTED_REQUEST_ROWS = `
  SELECT r.plane, r.assigned_funder_id::text AS funder_id, r.id::text AS request_id, r.seller_id::text AS seller_id,
         'routed' AS reason, r.status, r.created_at, r.request_ref
    FROM funding_requests r WHERE r.assigned_funder_id IS NOT NULL
  UNION ALL
  SELECT r.plane, rf.funder_id::text, r.id::text, r.seller_id::text, 'acted', r.status, r.created_at, r.request_ref
    FROM request_funders rf JOIN funding_requests r ON r.id = rf.request_id AND r.plane = rf.plane
   WHERE rf.acted_at IS NOT NULL`;
const WANTED_INVOICE_ROWS = `
  SELECT DISTINCT w.plane, w.funder_id, i.id::text AS invoice_id, i.debtor_id::text AS debtor_id,
         i.seller_id::text AS seller_id, w.request_id, NULL::text AS early_payment_id
    FROM (${WANTED_REQUEST_ROWS}) w
    JOIN request_invoices ri ON ri.request_id = w.request_id::uuid
    JOIN invoices i ON i.id = ri.invoice_id AND i.plane = w.plane
  UNION ALL
  SELECT e.plane, e.funder_id::text, i.id::text, i.debtor_id::text, i.seller_id::text, NULL, e.id::text
    FROM early_payments e JOIN invoices i ON i.id = e.invoice_id AND i.plane = e.plane`;

let service: TestService;
let given: RequestsGiven;
/** The database without the harness's operator binding: each read runs as set here. */
let db: Db;
let a: FunderFixture;
let b: FunderFixture;
let sandbox: FunderFixture;

const asOperator = <T>(work: () => Promise<T>) => runAs(OPERATOR, work);
const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

/** The visibility tables hold exactly what the base tables give. */
async function expectTablesFollow() {
  const read = (sql: string) => asOperator(() => db.query(`${sql} ORDER BY 1, 2, 3, 4, 5`));
  const requests = await read(
    `SELECT plane, funder_id::text, request_id::text, seller_id::text, reason, status, created_at, request_ref
       FROM funder_request_visibility`,
  );
  const wanted = await read(`SELECT * FROM (${WANTED_REQUEST_ROWS}) w`);
  expect(sorted(requests.rows)).toEqual(sorted(wanted.rows));
  const invoices = await read(
    `SELECT plane, funder_id::text, invoice_id::text, debtor_id::text, seller_id::text, request_id::text,
            early_payment_id::text FROM funder_invoice_visibility`,
  );
  const wantedInvoices = await read(`SELECT * FROM (${WANTED_INVOICE_ROWS}) w`);
  expect(sorted(invoices.rows)).toEqual(sorted(wantedInvoices.rows));
  expect(requests.rows.length).toBeGreaterThan(0);
  expect(invoices.rows.length).toBeGreaterThan(0);
}

const actorOf = (funder: FunderFixture, plane: 'live' | 'demo'): DbActor => ({
  kind: 'funder',
  funderId: funder.bankId,
  plane,
});

/** A row's key as text (request_invoices has no id of its own). */
const KEY = (table: string) =>
  table === 'request_invoices' ? `request_id || '/' || invoice_id` : 'id::text';

/** Ids of `table` the funder's role lets through with no filter at all. */
async function seenBy(funder: FunderFixture, plane: 'live' | 'demo', table: keyof typeof OLD_RULE) {
  const { rows } = await runAs(actorOf(funder, plane), () =>
    db.query<{ id: string }>(`SELECT ${KEY(table)} AS id FROM ${table} ORDER BY 1`),
  );
  return rows.map((r) => r.id);
}

/**
 * The funder's role sees, of invoices, debtors, sellers, requests and the tables hanging from a
 * request, what the old rule gives.
 */
async function expectSameAsOldRule() {
  for (const [funder, plane] of [
    [a, 'live'],
    [b, 'live'],
    [sandbox, 'demo'],
    [a, 'demo'],
  ] as const) {
    for (const table of Object.keys(OLD_RULE) as (keyof typeof OLD_RULE)[]) {
      const seen = await seenBy(funder, plane, table);
      const { rows } = await asOperator(() =>
        db.query<{ id: string }>(
          `SELECT ${KEY(table)} AS id FROM ${table} WHERE ${OLD_RULE[table]} ORDER BY 1`,
          [funder.bankId, plane],
        ),
      );
      expect({ table, plane, seen }).toEqual({ table, plane, seen: rows.map((r) => r.id) });
    }
  }
}

/** Whether the funder's role sees one row of `table`. */
const sees = async (
  funder: FunderFixture,
  table: keyof typeof OLD_RULE,
  id: string,
  plane: 'live' | 'demo' = 'live',
) => (await seenBy(funder, plane, table)).includes(id);

const route = async (request: { id: string }, funder: FunderFixture) => {
  const answer = await service.ops('POST', `/ops/v1/requests/${request.id}/route`, {
    bank_id: funder.bankId,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

beforeAll(async () => {
  service = await startService();
  db = service.database.db;
  given = requestsGiven(service);
  a = await given.funder();
  b = await given.funder();
  sandbox = await given.funder({ environment: 'sandbox' });
});
afterAll(async () => {
  await service?.close();
});

describe('the funder visibility tables', () => {
  let shared: RequestFixture['debtors'][number];
  let first: RequestFixture;
  let second: RequestFixture;

  it('follow routing: the funder a request is routed to sees it, its invoices, their debtors and its seller', async () => {
    shared = await given.debtor();
    first = await given.routedRequest({ funder: a, invoices: [{ debtor: shared }, {}] });
    second = await given.routedRequest({ funder: a, invoices: [{ debtor: shared }] });
    await expectTablesFollow();
    await expectSameAsOldRule();
    expect(await sees(a, 'invoices', second.invoices[0]!.id)).toBe(true);
    expect(await sees(a, 'debtors', shared.id)).toBe(true);
    expect(await sees(a, 'sellers', second.seller.id)).toBe(true);
    expect(await sees(b, 'invoices', second.invoices[0]!.id)).toBe(false);
    expect(await sees(b, 'debtors', shared.id)).toBe(false);
  });

  it('follow re-routing away from a funder that never acted: it sees nothing of the request any more, and still what another request shows it', async () => {
    await route(second, b);
    await expectTablesFollow();
    await expectSameAsOldRule();
    expect(await sees(a, 'invoices', second.invoices[0]!.id)).toBe(false);
    expect(await sees(a, 'sellers', second.seller.id)).toBe(false);
    // The debtor stays visible through the first request's invoice.
    expect(await sees(a, 'debtors', shared.id)).toBe(true);
    expect(await sees(b, 'invoices', second.invoices[0]!.id)).toBe(true);
    expect(await sees(b, 'debtors', shared.id)).toBe(true);
    expect((await service.call(a.key, 'GET', `/v1/requests/${second.id}`)).status).toBe(404);
    expect((await service.call(b.key, 'GET', `/v1/requests/${second.id}`)).status).toBe(200);
  });

  it('follow acting, and re-routing away from a funder that acted: it keeps seeing the request', async () => {
    await given.offerFrom(a, first);
    await expectTablesFollow();
    await route(first, b);
    await expectTablesFollow();
    await expectSameAsOldRule();
    for (const funder of [a, b]) {
      expect(await sees(funder, 'invoices', first.invoices[1]!.id)).toBe(true);
      expect(await sees(funder, 'debtors', first.invoices[1]!.debtor.id)).toBe(true);
      expect(await sees(funder, 'sellers', first.seller.id)).toBe(true);
    }
    const reasons = await asOperator(() =>
      db.query<{ funder_id: string; reason: string }>(
        'SELECT funder_id::text, reason FROM funder_request_visibility WHERE request_id = $1 ORDER BY reason',
        [first.id],
      ),
    );
    expect(reasons.rows).toEqual([
      { funder_id: a.bankId, reason: 'acted' },
      { funder_id: b.bankId, reason: 'routed' },
    ]);
    const packet = await service.call<{ request: { id: string } }>(a.key, 'GET', `/v1/requests/${first.id}`);
    expect(packet.status).toBe(200);
  });

  it('follow a request’s status, which the list filters on by the visibility rows', async () => {
    const ids = async (funder: FunderFixture, status: string) =>
      (
        await service.call<{ requests: { id: string; status: string }[] }>(
          funder.key,
          'GET',
          `/v1/requests?status=${status}&limit=200`,
        )
      ).body.requests.map((r) => r.id);
    expect(await ids(a, 'all')).toContain(first.id);
    expect(await ids(a, 'cancelled')).not.toContain(first.id);
    await asOperator(() =>
      db.query(`UPDATE funding_requests SET status = 'cancelled' WHERE id = $1`, [first.id]),
    );
    await expectTablesFollow();
    // Both funders' rows (a acted on it, b has it routed) carry the new status.
    for (const funder of [a, b]) {
      expect(await ids(funder, 'cancelled')).toContain(first.id);
      expect(await ids(funder, 'open')).not.toContain(first.id);
    }
    await asOperator(() =>
      db.query(`UPDATE funding_requests SET status = 'under_review' WHERE id = $1`, [first.id]),
    );
    await expectTablesFollow();
    for (const funder of [a, b]) {
      expect(await ids(funder, 'open')).toContain(first.id);
      expect(await ids(funder, 'cancelled')).not.toContain(first.id);
    }
  });

  it('follow a request’s invoices added and taken away', async () => {
    const extra = await given.invoice(first.seller);
    await asOperator(() =>
      db.query('INSERT INTO request_invoices (request_id, invoice_id, position) VALUES ($1, $2, 3)', [
        first.id,
        extra.id,
      ]),
    );
    await expectTablesFollow();
    await expectSameAsOldRule();
    expect(await sees(a, 'invoices', extra.id)).toBe(true);
    expect(await sees(b, 'debtors', extra.debtor.id)).toBe(true);
    await asOperator(() =>
      db.query('DELETE FROM request_invoices WHERE request_id = $1 AND invoice_id = $2', [
        first.id,
        extra.id,
      ]),
    );
    await expectTablesFollow();
    await expectSameAsOldRule();
    expect(await sees(a, 'invoices', extra.id)).toBe(false);
    expect(await sees(b, 'debtors', extra.debtor.id)).toBe(false);
  });

  it('follow an invoice’s debtor changing', async () => {
    const other = await given.debtor();
    const invoice = first.invoices[1]!;
    await asOperator(() =>
      db.query('UPDATE invoices SET debtor_id = $2 WHERE id = $1', [invoice.id, other.id]),
    );
    await expectTablesFollow();
    await expectSameAsOldRule();
    expect(await sees(a, 'debtors', other.id)).toBe(true);
    expect(await sees(a, 'debtors', invoice.debtor.id)).toBe(false);
    await asOperator(() =>
      db.query('UPDATE invoices SET debtor_id = $2 WHERE id = $1', [invoice.id, invoice.debtor.id]),
    );
    await expectTablesFollow();
  });

  it('follow early payments, made and gone, of any status', async () => {
    const seller = await given.liveSeller();
    const invoice = await given.invoice(seller);
    expect(await sees(a, 'invoices', invoice.id)).toBe(false);
    const released = await service.ops<{ id: string }>('POST', '/ops/v1/early-payments', {
      bank_id: a.bankId,
      invoice_id: invoice.id,
    });
    expect(released.status, JSON.stringify(released.body)).toBe(201);
    await expectTablesFollow();
    await expectSameAsOldRule();
    expect(await sees(a, 'invoices', invoice.id)).toBe(true);
    expect(await sees(a, 'debtors', invoice.debtor.id)).toBe(true);
    expect(await sees(a, 'sellers', seller.id)).toBe(true);
    expect(await sees(b, 'invoices', invoice.id)).toBe(false);
    // Declined: the old rule still showed it (any early payment of the funder).
    expect((await service.ops('POST', `/ops/v1/early-payments/${released.body.id}/decline`, {})).status).toBe(
      200,
    );
    await expectTablesFollow();
    await expectSameAsOldRule();
    expect(await sees(a, 'invoices', invoice.id)).toBe(true);
    await asOperator(() => db.query('DELETE FROM early_payments WHERE id = $1', [released.body.id]));
    await expectTablesFollow();
    await expectSameAsOldRule();
    expect(await sees(a, 'invoices', invoice.id)).toBe(false);
    expect(await sees(a, 'sellers', seller.id)).toBe(false);
  });

  it('keep the planes apart: a sandbox funder’s request shows on the demonstration plane only', async () => {
    const made = await service.call<{ request: { id: string } }>(
      sandbox.key,
      'POST',
      '/v1/sandbox/requests',
      {
        body: {},
      },
    );
    expect(made.status).toBe(201);
    const id = made.body.request.id;
    const offer = await service.call(sandbox.key, 'POST', `/v1/requests/${id}/decision`, {
      body: { decision: 'offer', rate: 2, advance_pct: 80 },
    });
    expect(offer.status).toBe(201);
    await expectTablesFollow();
    await expectSameAsOldRule();
    const invoices = await asOperator(() =>
      db.query<{ invoice_id: string }>(
        'SELECT invoice_id::text FROM request_invoices WHERE request_id = $1',
        [id],
      ),
    );
    expect(invoices.rows.length).toBeGreaterThan(0);
    for (const { invoice_id } of invoices.rows) {
      expect(await sees(sandbox, 'invoices', invoice_id, 'demo')).toBe(true);
      expect(await sees(sandbox, 'invoices', invoice_id, 'live')).toBe(false);
    }
    // The sandbox key's helpers (their own role) still see the whole demonstration plane.
    const helpers = await runAs({ kind: 'sandbox', funderId: sandbox.bankId }, () =>
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE plane <> 'demo'`),
    );
    expect(helpers.rows[0]!.n).toBe(0);
  });

  it('the list checks its page against the base tables: a forged visibility row shows nothing', async () => {
    // `second` went to b and a never acted on it; a row saying otherwise, written past the
    // triggers, passes the policies (they read these rows) but not the list's own rule.
    const forge = (sql: string) => runAs(GATE, () => db.query(sql, [a.bankId, second.id]));
    await forge(
      `INSERT INTO funder_request_visibility (plane, funder_id, request_id, seller_id, reason, status, created_at, request_ref)
       SELECT plane, $1, id, seller_id, 'routed', status, created_at, request_ref FROM funding_requests WHERE id = $2`,
    );
    try {
      const list = await service.call<{ requests: { id: string }[] }>(
        a.key,
        'GET',
        '/v1/requests?status=all&limit=200',
      );
      expect(list.status).toBe(200);
      expect(list.body.requests.map((r) => r.id)).not.toContain(second.id);
      expect(list.body.requests.map((r) => r.id)).toContain(first.id);
    } finally {
      await forge(
        `DELETE FROM funder_request_visibility WHERE funder_id = $1 AND request_id = $2 AND reason = 'routed'`,
      );
    }
  });

  it('a funder’s role reads its own visibility rows only, and writes none', async () => {
    const mine = await runAs(actorOf(a, 'live'), () =>
      db.query<{ other: number; all: number }>(
        `SELECT count(*) FILTER (WHERE funder_id <> $1 OR plane <> 'live')::int AS other, count(*)::int AS all
           FROM funder_invoice_visibility`,
        [a.bankId],
      ),
    );
    expect(mine.rows[0]!.other).toBe(0);
    expect(mine.rows[0]!.all).toBeGreaterThan(0);
    const write = runAs(actorOf(a, 'live'), () =>
      db.query(
        `INSERT INTO funder_request_visibility (plane, funder_id, request_id, seller_id, reason)
         VALUES ('live', $1, $2, $3, 'routed')`,
        [a.bankId, second.id, second.seller.id],
      ),
    );
    await expect(write).rejects.toMatchObject({ code: '42501' });
  });
});

describe.runIf(onPostgres())('concurrent writes', () => {
  it('a funder acting while the request is re-routed away from it keeps seeing its invoices', async () => {
    const request = await given.routedRequest({ funder: a, invoices: 2 });
    const owner = service.database.superuser();
    const other = service.database.superuser();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let rerouted!: () => void;
    const updated = new Promise<void>((resolve) => {
      rerouted = resolve;
    });
    // One transaction re-routes the request to B and holds its commit; the other marks that A
    // acted on it meanwhile. Without the request's lock the second would read A's rows as
    // still there and the first would delete them.
    const first = runAs(GATE, () =>
      owner.transaction(async (tx) => {
        await tx.query('UPDATE funding_requests SET assigned_funder_id = $2 WHERE id = $1', [
          request.id,
          b.bankId,
        ]);
        rerouted();
        await held;
      }),
    );
    await updated;
    const second = runAs(GATE, () =>
      other.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at, acted_at)
         VALUES ($1, $2, 'live', now(), now())
         ON CONFLICT (funder_id, request_id) DO UPDATE SET acted_at = now()`,
          [request.id, a.bankId],
        );
      }),
    );
    // The second waits on the request's lock (seen in the server's activity), then the first commits.
    for (;;) {
      const waiting = await runAs(GATE, () =>
        owner.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        ),
      );
      if (waiting.rows[0]!.n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    await first;
    await second;
    await expectTablesFollow();
    for (const invoice of request.invoices) expect(await sees(a, 'invoices', invoice.id)).toBe(true);
    await owner.close();
    await other.close();
  });
});
