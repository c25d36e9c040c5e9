import { AsyncLocalStorage } from 'node:async_hooks';
import type { Caller, Plane } from '../caller.ts';
import { isUuid } from '../ids.ts';
import type { Db, QueryOptions, Setting, TransactionOptions, Tx } from './db.ts';

/**
 * Who the database sees. The second wall (row-level security, migration 0020) binds the
 * database roles below; this module decides which one every statement runs under, so no store
 * and no service can forget it:
 *
 * - `funder`: a funder's call. Role `funder_api_funder`, with the caller's funder and plane in
 *   transaction-local settings the policies read. A forgotten filter returns that caller's rows
 *   and nothing else.
 * - `sandbox`: the test helpers of a sandbox key (`/v1/sandbox/...`), which play the seller and
 *   the debtor. Role `funder_api_sandbox`: the demonstration plane only, never a live row.
 * - `operator`: the operations API, the worker's jobs, the demonstration builder, the CLI.
 *   Role `funder_api_operator`, the one role whose policies cross funders and planes.
 * - `gate`: the connecting role itself, with no switch. Only for what must run before a caller
 *   is known or costs nothing to trust: the key lookup and rate counting of authentication,
 *   migrations, the benchmark's bare baseline.
 *
 * Nothing set means the funder role with no funder and no plane: it sees nothing (fail closed).
 */
export type DbActor =
  | { kind: 'funder'; funderId: string; plane: Plane | null }
  | { kind: 'sandbox'; funderId: string }
  | { kind: 'operator' }
  | { kind: 'gate' };

export const FUNDER_ROLE = 'funder_api_funder';
export const SANDBOX_ROLE = 'funder_api_sandbox';
export const OPERATOR_ROLE = 'funder_api_operator';

const storage = new AsyncLocalStorage<DbActor>();

/** Runs `work` (and everything it awaits) as `actor`. */
export function runAs<T>(actor: DbActor, work: () => T): T {
  return storage.run(actor, work);
}

/** The actor set for the running code, or undefined when nothing set one. */
export function currentActor(): DbActor | undefined {
  return storage.getStore();
}

export const OPERATOR: DbActor = { kind: 'operator' };
export const GATE: DbActor = { kind: 'gate' };

/** The actor a write runs as when nothing set one: a funder's own scope, else the operator. */
export function actorForCaller(caller: Caller): DbActor {
  if (caller.kind === 'funder') return { kind: 'funder', funderId: caller.funderId, plane: caller.plane };
  return OPERATOR;
}

function funderId(id: string): string {
  // Inlined as a literal where the settings go as SQL (the embedded database): only a uuid may ever get there.
  if (!isUuid(id)) throw new Error('a database actor needs a funder id in uuid form');
  return id.toLowerCase();
}

/**
 * What a transaction of `actor` opens with: its role, then the caller's settings the policies
 * read. null for the gate, which runs as the connecting role. PostgreSQL gets them with the
 * transaction's first statement (platform/db/opened-query.ts); the embedded database as SQL
 * (settingsSql).
 */
export function actorSettings(actor: DbActor | undefined): Setting[] | null {
  if (!actor) return [['role', FUNDER_ROLE]];
  switch (actor.kind) {
    case 'gate':
      return null;
    case 'operator':
      return [['role', OPERATOR_ROLE]];
    case 'sandbox':
      return [
        ['role', SANDBOX_ROLE],
        ['funder_api.funder_id', funderId(actor.funderId)],
        ['funder_api.plane', 'demo'],
      ];
    case 'funder': {
      const plane = actor.plane === 'live' || actor.plane === 'demo' ? actor.plane : '';
      return [
        ['role', FUNDER_ROLE],
        ['funder_api.funder_id', funderId(actor.funderId)],
        ['funder_api.plane', plane],
      ];
    }
  }
}

/** The settings as one statement (`set_config(name, value, true)` for each, in order); '' for none. */
export function settingsSql(settings: readonly Setting[]): string {
  if (settings.length === 0) return '';
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return `SELECT ${settings.map(([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`).join(', ')}`;
}

/**
 * A Db whose every statement runs as `actor`, whatever the calling code set: for code that is
 * itself one actor (the test harness inspecting rows as the operator, the bench's baseline).
 */
export function boundTo(db: Db, actor: DbActor): Db {
  return {
    kind: db.kind,
    query: <T>(sql: string, params?: readonly unknown[], options?: QueryOptions) =>
      runAs(actor, () => db.query<T>(sql, params, options)),
    exec: (sql: string) => runAs(actor, () => db.exec(sql)),
    transaction: <T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions) =>
      runAs(actor, () => db.transaction(fn, options)),
    close: () => db.close(),
  };
}
