/**
 * Why a statement could not be run for want of a database that answers in time, or null when
 * the failure is of another kind (a constraint, a syntax error, a refused row):
 * - `unreachable`: no connection (refused, reset, terminated, the server shutting down or starting);
 * - `timeout`: the pool gave no connection in time, a connect did not finish, or a statement got
 *   no answer within the client's bound (a server frozen with its connections open);
 * - `statement_timeout`: the server stopped a statement past `statement_timeout` (or one was
 *   cancelled), or a transaction idle past `idle_in_transaction_session_timeout`;
 * - `lock_timeout`: a lock not granted within `lock_timeout`.
 * The first two say the database is gone (platform/db/availability.ts); the last two come from a
 * server that answers, about one statement. All four answer 503 with Retry-After.
 */
export type UnavailableCause = 'unreachable' | 'timeout' | 'statement_timeout' | 'lock_timeout';

/** Thrown without trying while the database is known to be gone (platform/db/availability.ts). */
export class DatabaseUnavailableError extends Error {
  readonly unavailable: UnavailableCause;
  constructor(cause: UnavailableCause) {
    super('the database is unavailable');
    this.name = 'DatabaseUnavailableError';
    this.unavailable = cause;
  }
}

/**
 * Whether the database answers, as this process sees it, and the outage's log lines: one when it
 * starts (the first statement that found it gone), one when it ends (the first that got an
 * answer again), with how long it lasted and how many calls were refused meanwhile. Never a line
 * per failed statement or call.
 *
 * While it is gone, statements do not each wait out a time-out: one try goes through every
 * `retryEveryMs` (it finds the database back, or fails in its turn), the others fail at once with
 * `DatabaseUnavailableError`. Only `unreachable` and `timeout` mark the database gone: a statement
 * or lock time-out comes from a server that answers.
 */
export interface Availability {
  readonly down: boolean;
  /** Before a connection is taken: throws at once while the database is gone and a try was made lately. */
  admit(): void;
  /** A monotonic instant, to pass to `answered` for a statement started now. */
  now(): number;
  failed(cause: UnavailableCause): void;
  /**
   * A statement got an answer. Only one that started after the outage began ends it: statements
   * already running when it began may still finish (a fast shutdown ends sessions one by one).
   */
  answered(startedAt: number): void;
  /** A call answered 503 because of the database: counted in the outage's end line. */
  refusedCall(): void;
}

export interface AvailabilityLog {
  error(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** How often, while the database is gone, one statement is let through to find out whether it is back. */
export const RETRY_EVERY_MS = 500;

export function createAvailability(
  options: { log?: AvailabilityLog; name?: string; now?: () => number; retryEveryMs?: number } = {},
): Availability {
  const now = options.now ?? (() => performance.now());
  const retryEveryMs = options.retryEveryMs ?? RETRY_EVERY_MS;
  const pool = options.name ?? 'api';
  let down = false;
  let since = 0;
  let lastTry = 0;
  let refused = 0;
  return {
    get down() {
      return down;
    },
    now,
    admit() {
      if (!down) return;
      const at = now();
      if (at - lastTry < retryEveryMs) throw new DatabaseUnavailableError('unreachable');
      lastTry = at;
    },
    failed(cause) {
      if (cause !== 'unreachable' && cause !== 'timeout') return;
      lastTry = now();
      if (down) return;
      down = true;
      since = lastTry;
      refused = 0;
      options.log?.error({ pool, cause }, 'database unavailable');
    },
    answered(startedAt) {
      if (!down || startedAt < since) return;
      down = false;
      options.log?.warn(
        { pool, refused_calls: refused, outage_ms: Math.round(now() - since) },
        'database available again',
      );
    },
    refusedCall() {
      if (down) refused += 1;
    },
  };
}
