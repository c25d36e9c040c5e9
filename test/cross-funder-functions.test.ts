import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbActor, runAs } from '../src/platform/db/actor.ts';
import { requestsGiven } from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * A function that runs as the tables' owner (SECURITY DEFINER) reads past every policy: each is
 * a door between funders. docs/security.md names every one, what it answers and who may call
 * it; this test holds the database to that list.
 */
const DOORS: Record<string, { callers: string[] }> = {
  evidence_chain_head: { callers: ['funder_api_funder', 'funder_api_sandbox', 'funder_api_operator'] },
  registry_assigned: { callers: ['funder_api_funder', 'funder_api_sandbox'] },
  seller_invoice_history: { callers: ['funder_api_funder', 'funder_api_sandbox'] },
  request_debtor_figures: { callers: ['funder_api_funder', 'funder_api_sandbox'] },
  // the triggers keeping the funder visibility tables (migration 0059): no role calls them
  funder_visibility_on_requests_added: { callers: [] },
  funder_visibility_on_request_changed: { callers: [] },
  funder_visibility_on_acted_added: { callers: [] },
  funder_visibility_on_links_added: { callers: [] },
  funder_visibility_on_links_gone: { callers: [] },
  funder_visibility_on_link_changed: { callers: [] },
  funder_visibility_on_early_payments_added: { callers: [] },
  funder_visibility_on_early_payment_changed: { callers: [] },
  funder_visibility_on_invoice_changed: { callers: [] },
  // and the one copying a request's status to them (migration 0062)
  funder_visibility_on_request_listed: { callers: [] },
  // the marks of writes that touched a funder's kept answers (migration 0063)
  read_changes_on_own_rows: { callers: [] },
  read_changes_on_request_rows: { callers: [] },
  read_changes_on_requests: { callers: [] },
  read_changes_on_invoices: { callers: [] },
  read_changes_on_companies: { callers: [] },
  read_changes_mark_requests: { callers: [] },
  // and those of the packet's risk view and stored scores (migration 0064)
  read_changes_on_seller_rows: { callers: [] },
  // and the events' update, which leaves out a dispatch (migration 0065)
  read_changes_on_events: { callers: [] },
  // the triggers keeping the funders' exposure lines (migration 0075)
  funder_exposure_on_rows_added: { callers: [] },
  funder_exposure_on_rows_gone: { callers: [] },
  funder_exposure_on_row_changed: { callers: [] },
  funder_exposure_on_requests_added: { callers: [] },
  funder_exposure_on_request_changed: { callers: [] },
  funder_exposure_on_invoice_changed: { callers: [] },
  funder_exposure_on_debtor_changed: { callers: [] },
  // the triggers raising the stamps of the kept list items and packets, and keeping their rows (migration 0076)
  funder_request_items_on_rows: { callers: [] },
  funder_request_items_on_requests: { callers: [] },
  funder_request_items_on_companies: { callers: [] },
  funder_request_items_on_parts: { callers: [] },
  funder_request_items_on_visibility: { callers: [] },
};
const ROLES = ['funder_api_funder', 'funder_api_sandbox', 'funder_api_operator'];

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service?.close());

describe('functions that read across funders', () => {
  it('are exactly the ones docs/security.md names, each callable only by the roles it names', async () => {
    const { rows } = await service.db.query<{ name: string; callers: string[] }>(
      `SELECT p.proname AS name,
              array(SELECT r FROM unnest($1::text[]) AS r
                     WHERE has_function_privilege(r, p.oid, 'EXECUTE') ORDER BY r) AS callers
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prosecdef
        ORDER BY p.proname`,
      [ROLES],
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(DOORS).sort());
    for (const row of rows) {
      expect({ name: row.name, callers: row.callers }).toEqual({
        name: row.name,
        callers: [...DOORS[row.name]!.callers].sort(),
      });
    }
    const doc = await readFile(new URL('../docs/security.md', import.meta.url), 'utf8');
    for (const name of Object.keys(DOORS)) expect(doc, name).toContain(`\`${name}(`);
  });
});

describe('the figures that count a seller’s invoices of every funder', () => {
  it('answer for the seller and request a funder can see, and nothing for another funder’s', async () => {
    const given = requestsGiven(service);
    const funderIdOf = async (keyId: string) =>
      (await service.db.query<{ funder_id: string }>('SELECT funder_id FROM api_keys WHERE id = $1', [keyId]))
        .rows[0]!.funder_id;
    const a = await given.funder();
    const b = await given.funder();
    const mine = await given.routedRequest({ funder: a });
    const theirs = await given.routedRequest({ funder: b });
    // Another invoice of B's seller, in no request: counted for the one who sees the seller.
    await given.invoice(theirs.seller);
    const today = await given.today();
    const asA: DbActor = { kind: 'funder', funderId: await funderIdOf(a.keyId), plane: 'live' };
    const asB: DbActor = { kind: 'funder', funderId: await funderIdOf(b.keyId), plane: 'live' };
    const db = service.database.db;
    const history = (actor: DbActor, sellerId: string) =>
      runAs(actor, () =>
        db.query<{ invoices: number }>("SELECT * FROM seller_invoice_history($1, '2000-01-01', $2)", [
          sellerId,
          today,
        ]),
      );
    const figures = (actor: DbActor, requestId: string) =>
      runAs(actor, () =>
        db.query<{ debtor_id: string; invoices: number }>(
          "SELECT * FROM request_debtor_figures($1, '2000-01-01', $2)",
          [requestId, today],
        ),
      );

    expect((await history(asA, mine.seller.id)).rows).toEqual([
      expect.objectContaining({ invoices: mine.invoices.length }),
    ]);
    expect((await history(asB, theirs.seller.id)).rows).toEqual([
      expect.objectContaining({ invoices: theirs.invoices.length + 1 }),
    ]);
    expect((await history(asA, theirs.seller.id)).rows).toEqual([]);

    expect((await figures(asA, mine.id)).rows.map((r) => r.debtor_id).sort()).toEqual(
      mine.debtors.map((d) => d.id).sort(),
    );
    expect((await figures(asB, theirs.id)).rows.length).toBe(theirs.debtors.length);
    expect((await figures(asA, theirs.id)).rows).toEqual([]);
  });
});
