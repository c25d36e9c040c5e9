import type { Queryable } from '../../platform/db/db.ts';
import {
  freeLease,
  holdsLease,
  keepStateOnce,
  readState,
  renewLease,
  takeLease,
} from '../../platform/service-state.store.ts';

// The demonstration area's own SQL: which funder is the demonstration funder, clearing the
// plane, and the lease that lets one server at a time rebuild it. These are functions of the
// demonstration builder, which works across funders on the demonstration plane only.

const DEMO_FUNDER_STATE = 'demonstration_funder';
const RESET_LEASE = 'demo_reset_lease';

export async function demoFunderId(q: Queryable): Promise<string | null> {
  return (await readState<{ bank_id: string }>(q, DEMO_FUNDER_STATE))?.bank_id ?? null;
}

/** Records the demonstration funder unless another server recorded its own first. */
export async function saveDemoFunderId(q: Queryable, bankId: string): Promise<void> {
  await keepStateOnce(q, DEMO_FUNDER_STATE, { bank_id: bankId });
}

export async function funderName(q: Queryable, bankId: string): Promise<string> {
  const { rows } = await q.query<{ name: string }>('SELECT name FROM funders_read WHERE id = $1', [bankId]);
  if (!rows[0]) throw new Error(`the demonstration funder ${bankId} does not exist`);
  return rows[0].name;
}

/**
 * Tables whose demonstration rows a reset keeps. Every other table with a `plane` column is
 * cleared of its demonstration rows: the plane's parties, documents and their files, requests,
 * the funder's settings and limits changed with sandbox keys, undelivered events, and whatever
 * an area adds later.
 */
// Evidence is append-only; keys keep their plane for life and survive resets (their funder stays).
// A prospect's webhook endpoints (and their secrets and logs) are its integration's set-up, not
// demonstration data: another prospect's reset must not take them away.
const KEPT_ON_RESET = new Set([
  'evidence_entries',
  'api_keys',
  'webhook_endpoints',
  'webhook_secrets',
  'webhook_deliveries',
]);

/**
 * The tables to clear, children before the tables they reference, so no foreign key without
 * ON DELETE CASCADE stops a delete. Rows of tables without a plane column (request_invoices,
 * seller_scores) go with their parents by cascade.
 */
export async function tablesToClear(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string; parents: string[] }>(
    `SELECT c.relname AS name,
            ARRAY(SELECT DISTINCT p.relname::text FROM pg_constraint k JOIN pg_class p ON p.oid = k.confrelid
                   WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid) AS parents
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'plane' AND NOT a.attisdropped
      WHERE c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
  );
  const tables = rows.filter((row) => !KEPT_ON_RESET.has(row.name));
  const names = new Set(tables.map((t) => t.name));
  const order: string[] = [];
  const left = new Map(tables.map((t) => [t.name, t]));
  while (left.size > 0) {
    // A table goes once no table still to clear references it.
    const referenced = new Set([...left.values()].flatMap((t) => t.parents.filter((p) => names.has(p))));
    const ready = [...left.keys()].filter((name) => !referenced.has(name));
    // A cycle (none today): take the rest in name order and let cascades settle it.
    for (const name of ready.length > 0 ? ready : [...left.keys()]) {
      order.push(name);
      left.delete(name);
    }
  }
  return order;
}

/** Deletes every demonstration row but the evidence chain's. */
export async function clearDemoPlane(q: Queryable): Promise<void> {
  for (const table of await tablesToClear(q)) await q.query(`DELETE FROM ${table} WHERE plane = 'demo'`);
}

// The lease that lets one server at a time rebuild the plane (platform/service-state.store.ts).

/** Takes the reset lease unless another holder's is still running; answers whether it did. */
export const takeResetLease = (q: Queryable, holder: string, seconds: number) =>
  takeLease(q, RESET_LEASE, holder, seconds);

/** Pushes the holder's lease `seconds` past now; null when the holder no longer has it. */
export const renewResetLease = (q: Queryable, holder: string, seconds: number) =>
  renewLease(q, RESET_LEASE, holder, seconds);

/**
 * Inside the rebuild's transaction, just before it commits: whether the holder still has the
 * lease (its row locked until the commit).
 */
export const holdsResetLease = (q: Queryable, holder: string) => holdsLease(q, RESET_LEASE, holder);

export const freeResetLease = (q: Queryable, holder: string) => freeLease(q, RESET_LEASE, holder);
