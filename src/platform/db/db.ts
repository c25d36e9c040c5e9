import { type Availability, DatabaseUnavailableError, type UnavailableCause } from './availability.ts';

export { DatabaseUnavailableError, type UnavailableCause };

/**
 * The database port. Both adapters (embedded PGlite and PostgreSQL through `pg`) speak the
 * same SQL dialect; stores take a `Queryable` so that every statement runs in the
 * transaction its caller opened.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Names the statement: PostgreSQL then parses it once per connection (PGlite: once per
   * database) instead of on every call, and may keep its plan. Only for a fixed SQL text run
   * on a hot path (authentication, rate counting, the offer decision); one name, one text.
   * A named statement writes its columns out, never `*`: PostgreSQL refuses a kept statement
   * whose `*` would now give another row shape (a column added by a later migration).
   */
  name?: string;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * PostgreSQL only, inside a transaction: runs `COPY (...) TO STDOUT` and hands its text to
   * `consume` as a stream of chunks (rows split anywhere), pulled at the consumer's pace. A
   * consumer that fails leaves the connection mid-COPY: it is closed, never pooled again.
   */
  copyOut?(sql: string, consume: (chunks: AsyncIterable<Buffer>) => Promise<void>): Promise<void>;
}

export type Tx = Queryable;

/**
 * Adds a value to the parameters of a statement being composed and answers its placeholder
 * (`$1`, `$2`, ...): how a store's fragment, embedded in a statement another store writes,
 * takes its values.
 */
export type AddParam = (value: unknown) => string;

/** The parameters of a statement composed of fragments, and the `AddParam` that fills them. */
export function composedParams(): { values: unknown[]; add: AddParam } {
  const values: unknown[] = [];
  return {
    values,
    add(value) {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

/** One setting of a transaction's opening, for that transaction alone: a name and its value. */
export type Setting = readonly [name: string, value: string];

export interface TransactionOptions {
  /**
   * Plan each statement once per connection, for any values (`plan_cache_mode =
   * force_generic_plan` for the transaction): for the hot reads whose statements are all named
   * and read by key, which PostgreSQL otherwise planned again on every call
   * (docs/decisions/platform.md, "The hot reads are planned once per connection").
   */
  planOnce?: boolean;
  /**
   * The database stops a statement of the transaction still running after this many
   * milliseconds (the transaction's `statement_timeout`, sent with BEGIN): for work whose caller gives
   * up at that bound anyway, so nothing it left behind keeps a connection busy.
   */
  statementTimeoutMs?: number;
}

/**
 * What a transaction opens with after BEGIN: the actor's role and settings (actorSettings), then
 * what `options` ask, each for the transaction alone.
 */
export function openingSettings(actor: readonly Setting[] | null, options?: TransactionOptions): Setting[] {
  const settings: Setting[] = [...(actor ?? [])];
  if (options?.planOnce) settings.push(['plan_cache_mode', 'force_generic_plan']);
  if (options?.statementTimeoutMs) {
    // The transaction's own bound covers its lock waits too (not the API's shorter lock bound).
    const ms = String(Math.max(1, Math.trunc(options.statementTimeoutMs)));
    settings.push(['statement_timeout', ms], ['lock_timeout', ms]);
  }
  return settings;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL: whether the server answers, as this pool finds it (platform/db/availability.ts).
   * The embedded database is in the process: never unavailable, none.
   */
  readonly availability?: Availability;
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections at this instant (metrics). The embedded database has no pool. */
  poolStats?(): PoolStats;
  /**
   * The embedded database only: a consistent copy of the whole database (PGlite's data folder as
   * a gzipped tar), taken while no transaction is open and none may start.
   */
  backup?(): Promise<Uint8Array>;
}

export interface PoolStats {
  /** The most connections the pool opens. */
  max: number;
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/** PostgreSQL's "unique_violation" and friends, as both adapters report them. */
export function pgErrorCode(err: unknown): string | undefined {
  if (
    err &&
    typeof err === 'object' &&
    'code' in err &&
    typeof (err as { code: unknown }).code === 'string'
  ) {
    return (err as { code: string }).code;
  }
  return undefined;
}

/** A unique index refused the row (two writers racing for the same slot). */
export const isUniqueViolation = (err: unknown): boolean => pgErrorCode(err) === '23505';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const CLIENT_TIMEOUTS = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'timeout expired',
  'Connection terminated due to connection timeout',
];

function causeOf(err: unknown): UnavailableCause | null {
  if (!err || typeof err !== 'object') return null;
  if (err instanceof DatabaseUnavailableError) return err.unavailable;
  const code = pgErrorCode(err);
  if (code) {
    if (NETWORK_CODES.has(code)) return 'unreachable';
    // admin_shutdown, crash_shutdown, cannot_connect_now; every connection_exception; too_many_connections.
    if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08') || code === '53300')
      return 'unreachable';
    if (code === '57014' || code === '25P03') return 'statement_timeout';
    if (code === '55P03') return 'lock_timeout';
  }
  const message = err instanceof Error ? err.message : '';
  if (CLIENT_TIMEOUTS.some((text) => message.includes(text))) return 'timeout';
  if (/^Connection terminated|is not queryable/.test(message)) return 'unreachable';
  // Both addresses of a name refused (AggregateError), or a wrapped cause.
  if (err instanceof AggregateError)
    for (const inner of err.errors) if (causeOf(inner)) return causeOf(inner);
  if ('cause' in err && err.cause !== err) return causeOf(err.cause);
  return null;
}

/** Whether `err` is the database being unavailable or too slow (see UnavailableCause), and why. */
export const unavailableCause = (err: unknown): UnavailableCause | null => causeOf(err);

export const isUnavailable = (err: unknown): boolean => causeOf(err) !== null;
