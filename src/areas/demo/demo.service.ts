import type { Caller } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { AccountService } from '../account/account.service.ts';
import { seedDemoPayerRecords } from '../payer-record/payer-record.service.ts';
import {
  answerOffersAndNotices,
  buildParties,
  fundAndSettle,
  type ScenarioDeps,
  scenarioCaller,
  sendOffers,
} from './demo.scenario.ts';

const DEMO_FUNDER_STATE = 'demonstration_funder';
export const DEMO_FUNDER_NAME = 'Banco Demostración';

/**
 * Tables whose demonstration rows a reset keeps. Every other table with a `plane` column is
 * cleared of its demonstration rows: the plane's parties and requests, the funder's settings
 * changed with sandbox keys, undelivered events, and whatever an area adds later.
 */
const KEPT_ON_RESET = new Set([
  'evidence_entries', // append-only: never deleted
  'api_keys', // a key carries its plane, and a sandbox key keeps working across resets
]);

/**
 * The tables to clear, children before the tables they reference, so no foreign key without
 * ON DELETE CASCADE stops a delete. Rows of tables without a plane column (request_invoices,
 * seller_scores) go with their parents by cascade.
 */
export async function tablesToClear(q: Db | Tx): Promise<string[]> {
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

export type DemoService = ReturnType<typeof createDemoService>;

/**
 * The demonstration plane: a demonstration funder shared by sandbox keys, with the fictitious
 * companies and requests of `demo.scenario.ts`. Resetting deletes every demonstration row and
 * builds the scenario again; nothing on the live plane is read or written.
 *
 * The funder's decisions in the scenario are writes of their own (as through the API), so a
 * reset is several transactions: the clearing and the parties are one, each decision another.
 * If a step fails the error propagates, leaving a partly built plane; the next reset clears it
 * and builds it whole. Resets in one process run one at a time.
 */
export function createDemoService(
  deps: { db: Db; clock: Clock; write: RunWrite; account: AccountService } & ScenarioDeps,
) {
  async function demoFunderId(q: Tx | Db): Promise<string | null> {
    const { rows } = await q.query<{ value: { bank_id: string } }>(
      'SELECT value FROM service_state WHERE name = $1',
      [DEMO_FUNDER_STATE],
    );
    return rows[0]?.value.bank_id ?? null;
  }

  async function clearPlane(tx: Tx): Promise<void> {
    for (const table of await tablesToClear(tx)) await tx.query(`DELETE FROM ${table} WHERE plane = 'demo'`);
  }

  async function ensureFunder(caller: Caller): Promise<{ id: string; created: boolean }> {
    const existing = await demoFunderId(deps.db);
    if (existing) return { id: existing, created: false };
    const funder = await deps.account.createFunder(caller, {
      name: DEMO_FUNDER_NAME,
      environment: 'sandbox',
      demonstration: true,
    });
    await deps.db.query(
      `INSERT INTO service_state (name, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (name) DO NOTHING`,
      [DEMO_FUNDER_STATE, JSON.stringify({ bank_id: funder.bank_id })],
    );
    // Another server may have stored its own first: that one is the demonstration funder.
    const stored = (await demoFunderId(deps.db)) ?? funder.bank_id;
    return { id: stored, created: stored === funder.bank_id };
  }

  async function rebuild(caller: Caller) {
    const funder = await ensureFunder(caller);
    const name = (
      await deps.db.query<{ name: string }>('SELECT name FROM funders WHERE id = $1', [funder.id])
    ).rows[0]!.name;

    // One write: clear, then the parties, documents, lists and routed requests.
    const built = await deps.write(caller, async (scope) => {
      await clearPlane(scope.tx);
      const mark = (
        await scope.tx.query<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM outbox_events')
      ).rows[0]!.seq;
      const parties = await buildParties(scope, deps, funder.id);
      // What suppliers' ledgers and public sources say about the demonstration debtors.
      const payerRecords = await seedDemoPayerRecords(scope);
      scope.evidence({
        funderId: funder.id,
        plane: 'demo',
        kind: 'demo.reset',
        subjectType: 'plane',
        subjectId: 'demo',
        payload: {
          sellers: parties.sellers,
          debtors: parties.debtors,
          documents: parties.documents,
          invoices: parties.invoices,
          requests: parties.requestIds.length,
          ledger_lines: payerRecords.ledger_lines,
        },
      });
      return { ...parties, mark };
    });

    // The funder's decisions and the other parties' answers, in the order they happen.
    const asFunder = scenarioCaller({ id: funder.id, name }, deps.clock.now());
    await sendOffers(deps, asFunder, built.requestIds);
    await deps.write(caller, (scope) => answerOffersAndNotices(scope, deps, built.requestIds));
    await fundAndSettle(deps, asFunder, built.requestIds, deps.clock.now());

    // The scenario's history is not news: its events are not delivered to webhooks.
    await deps.write(caller, async ({ tx }) => {
      await tx.query(`DELETE FROM outbox_events WHERE plane = 'demo' AND funder_id = $1 AND seq > $2`, [
        funder.id,
        built.mark,
      ]);
    });

    return {
      bank_id: funder.id,
      sellers: built.sellers,
      debtors: built.debtors,
      created_funder: funder.created,
    };
  }

  let running: Promise<unknown> = Promise.resolve();

  /**
   * Across servers, one reset at a time: a lease in service_state, timed by the database's own
   * clock (a stopped manual clock would never let it lapse), freed at the end or after two
   * minutes if its server died.
   */
  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const holder = newId();
    const taken = await deps.db.query(
      `INSERT INTO service_state (name, value, updated_at)
       VALUES ('demo_reset_lease', jsonb_build_object('holder', $1::text, 'until', now() + interval '120 seconds'), now())
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
        WHERE (service_state.value->>'until')::timestamptz < now()
       RETURNING 1`,
      [holder],
    );
    if (taken.rowCount === 0) {
      throw new ApiError(
        'conflict',
        'Another server is resetting the demonstration plane; retry in a moment.',
      );
    }
    try {
      return await work();
    } finally {
      await deps.db.query(
        `DELETE FROM service_state WHERE name = 'demo_reset_lease' AND value->>'holder' = $1`,
        [holder],
      );
    }
  }

  return {
    demoFunderId: () => demoFunderId(deps.db),

    /** Rebuilds the demonstration plane; answers the demonstration funder. */
    reset(
      caller: Caller,
    ): Promise<{ bank_id: string; sellers: number; debtors: number; created_funder: boolean }> {
      const next = running.then(
        () => exclusive(() => rebuild(caller)),
        () => exclusive(() => rebuild(caller)),
      );
      running = next.catch(() => undefined);
      return next;
    },
  };
}
