import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a PostgreSQL connection, statement or lock may take (docs/operations.md, "Settings"):
 * API calls answer within seconds, so their statements are stopped after a few; background jobs
 * and migrations (run inside `runLong`) may run far longer statements (an export, an index).
 */
export interface DbBounds {
  /** A new connection's TCP connect and start-up (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** The wait for a connection of the pool, a new one's connect included (DB_POOL_WAIT_MS). */
  poolWaitMs: number;
  /** `statement_timeout` of API work (DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
  /** `lock_timeout` of API work (DB_LOCK_TIMEOUT_MS). */
  lockTimeoutMs: number;
  /** `idle_in_transaction_session_timeout` (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  idleInTransactionMs: number;
  /** Statement, lock and idle bounds of jobs and migrations (DB_JOB_STATEMENT_TIMEOUT_MS). */
  longStatementTimeoutMs: number;
}

export const DEFAULT_DB_BOUNDS: DbBounds = {
  connectTimeoutMs: 3_000,
  poolWaitMs: 3_000,
  statementTimeoutMs: 3_000,
  lockTimeoutMs: 2_000,
  idleInTransactionMs: 10_000,
  longStatementTimeoutMs: 3_600_000,
};

/**
 * The client's own bound on a statement's answer is the server's `statement_timeout` plus this:
 * a server that answers stops the statement first (and says why); a frozen one, which cannot,
 * is given up on by the client.
 */
export const CLIENT_MARGIN_MS = 1_000;

/** TCP keep-alive on every connection, first probe after this idle time (a peer cut off without a reset). */
export const KEEPALIVE_DELAY_MS = 10_000;

const long = new AsyncLocalStorage<true>();

/** Runs `fn` (a job, the migrations) with the long bounds for every statement it makes. */
export const runLong = <T>(fn: () => T): T => long.run(true, fn);

export const inLongWork = (): boolean => long.getStore() === true;
