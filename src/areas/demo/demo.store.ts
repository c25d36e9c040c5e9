import type { Queryable } from '../../platform/db/db.ts';

// The demonstration area's own SQL: which funder is the demonstration funder, clearing the
// plane, and the lease that lets one server at a time rebuild it. These are functions of the
// demonstration builder, which works across funders on the demonstration plane only.

const DEMO_FUNDER_STATE = 'demonstration_funder';
const RESET_LEASE = 'demo_reset_lease';

export async function demoFunderId(q: Queryable): Promise<string | null> {
  const { rows } = await q.query<{ value: { bank_id: string } }>(
    'SELECT value FROM service_state WHERE name = $1',
    [DEMO_FUNDER_STATE],
  );
  return rows[0]?.value.bank_id ?? null;
}

/** Records the demonstration funder unless another server recorded its own first. */
export async function saveDemoFunderId(q: Queryable, bankId: string): Promise<void> {
  await q.query(
    `INSERT INTO service_state (name, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (name) DO NOTHING`,
    [DEMO_FUNDER_STATE, JSON.stringify({ bank_id: bankId })],
  );
}

export async function funderName(q: Queryable, bankId: string): Promise<string> {
  const { rows } = await q.query<{ name: string }>('SELECT name FROM funders WHERE id = $1', [bankId]);
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

// The lease is timed by the database's own clock: a stopped manual clock would never let it lapse.

/** Takes the reset lease unless another holder's is still running; answers whether it did. */
export async function takeResetLease(q: Queryable, holder: string, seconds: number): Promise<boolean> {
  const taken = await q.query(
    `INSERT INTO service_state (name, value, updated_at)
     VALUES ($1, jsonb_build_object('holder', $2::text, 'until', now() + make_interval(secs => $3)), now())
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
      WHERE (service_state.value->>'until')::timestamptz < now()
     RETURNING 1`,
    [RESET_LEASE, holder, seconds],
  );
  return taken.rowCount > 0;
}

/** Pushes the holder's lease `seconds` past now; null when the holder no longer has it. */
export async function renewResetLease(q: Queryable, holder: string, seconds: number): Promise<string | null> {
  const { rows } = await q.query<{ until: string }>(
    `UPDATE service_state
        SET value = jsonb_build_object('holder', $2::text, 'until', now() + make_interval(secs => $3)),
            updated_at = now()
      WHERE name = $1 AND value->>'holder' = $2
      RETURNING value->>'until' AS until`,
    [RESET_LEASE, holder, seconds],
  );
  return rows[0]?.until ?? null;
}

/**
 * Inside the rebuild's transaction, just before it commits: whether the holder still has the
 * lease. The row stays locked until the commit, so no other server can take the lease over
 * between this check and the commit.
 */
export async function holdsResetLease(q: Queryable, holder: string): Promise<boolean> {
  const { rows } = await q.query<{ holder: string }>(
    `SELECT value->>'holder' AS holder FROM service_state WHERE name = $1 FOR UPDATE`,
    [RESET_LEASE],
  );
  return rows[0]?.holder === holder;
}

export async function freeResetLease(q: Queryable, holder: string): Promise<void> {
  await q.query(`DELETE FROM service_state WHERE name = $1 AND value->>'holder' = $2`, [RESET_LEASE, holder]);
}
