import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { currentActor, OPERATOR_ROLE, roleSql } from './actor.ts';
import { type Availability, type AvailabilityLog, createAvailability } from './availability.ts';
import {
  CLIENT_MARGIN_MS,
  type DbBounds,
  DEFAULT_DB_BOUNDS,
  inLongWork,
  KEEPALIVE_DELAY_MS,
} from './bounds.ts';
import {
  type Db,
  openingSql,
  type QueryOptions,
  type QueryResult,
  type TransactionOptions,
  type Tx,
  unavailableCause,
} from './db.ts';
import { parseTimestamptz } from './timestamps.ts';

// Keep bigint and numeric as strings (exact), dates as Date: the same shapes PGlite gives.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptz);

export interface PoolOptions {
  max?: number;
  bounds?: DbBounds;
  /** Where the outage's two lines go (platform/db/availability.ts); none without it. */
  log?: AvailabilityLog;
}

/** The server-side bounds every connection starts with: those of API work. */
const boundSettings = (bounds: DbBounds): string[] => [
  `-c statement_timeout=${bounds.statementTimeoutMs}`,
  `-c lock_timeout=${bounds.lockTimeoutMs}`,
  `-c idle_in_transaction_session_timeout=${bounds.idleInTransactionMs}`,
];

/** A pool whose every wait is bounded (platform/db/bounds.ts). */
function boundedPool(
  connectionString: string,
  max: number,
  bounds: DbBounds,
  settings: string[],
  more: pg.PoolConfig = {},
) {
  const connectTimeoutMs = bounds.connectTimeoutMs;
  // The pool's `connectionTimeoutMillis` bounds the wait for a connection; the client's own, its connect.
  class BoundedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  return new pg.Pool({
    connectionString,
    max,
    options: settings.join(' '),
    connectionTimeoutMillis: bounds.poolWaitMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    Client: BoundedClient,
    ...more,
  });
}

export function createPostgresDb(connectionString: string, options: PoolOptions = {}): Db {
  const bounds = options.bounds ?? DEFAULT_DB_BOUNDS;
  // No JIT compilation: the service's statements are short, and the row-security policies'
  // subqueries inflate the planner's estimates enough to have PostgreSQL compile (and
  // optimise) a request list that then runs many times slower than it takes to answer
  // (docs/decisions/platform.md, "PostgreSQL connections start with JIT off").
  const pool = boundedPool(connectionString, options.max ?? 10, bounds, [
    '-c jit=off',
    ...boundSettings(bounds),
  ]);
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  return poolDb(pool, {
    bounds,
    availability: createAvailability({ log: options.log, name: 'api' }),
    max: options.max ?? 10,
    setup: () => roleSql(currentActor()),
    // Only the gate runs a lone statement as the connecting role; anyone else gets a short transaction.
    lone: () => currentActor()?.kind === 'gate',
  });
}

/**
 * A pool of connections that are the operator for their whole session: the role (and the
 * commit mode asked for) is set in the connection's start-up parameters, so a lone statement
 * is one round trip, with no BEGIN, role or COMMIT around it, and a transaction needs no role
 * statement. Whatever the running code set, everything here runs as the operator: only for a
 * component that is the operator itself (the webhook dispatcher).
 *
 * `synchronousCommit: false` lets a commit return before its WAL reaches the disk. Only for
 * writes a crash of the database server may lose without harm: the server comes back as it was
 * a fraction of a second earlier, never half-written (docs/decisions/webhooks.md).
 */
export function createOperatorSessionDb(
  connectionString: string,
  options: { max: number; synchronousCommit: boolean; bounds?: DbBounds; log?: AvailabilityLog },
): Db {
  const bounds = options.bounds ?? DEFAULT_DB_BOUNDS;
  const settings = [`-c role=${OPERATOR_ROLE}`, ...boundSettings(bounds)];
  if (!options.synchronousCommit) settings.push('-c synchronous_commit=off');
  const pool = boundedPool(connectionString, options.max, bounds, settings, {
    idleTimeoutMillis: 5_000,
    allowExitOnIdle: true,
  });
  pool.on('error', () => undefined);
  return poolDb(pool, {
    bounds,
    availability: createAvailability({ log: options.log, name: 'webhooks' }),
    max: options.max,
    setup: () => null,
    lone: () => true,
  });
}

/** The long bounds of a job's or a migration's transaction, sent with BEGIN. */
const longSettings = (bounds: DbBounds): string => {
  const ms = bounds.longStatementTimeoutMs;
  return `SET LOCAL statement_timeout = ${ms}; SET LOCAL lock_timeout = ${ms}; SET LOCAL idle_in_transaction_session_timeout = ${ms}`;
};

function poolDb(
  pool: pg.Pool,
  mode: {
    bounds: DbBounds;
    availability: Availability;
    max: number;
    setup: () => string | null;
    lone: () => boolean;
  },
): Db {
  const { availability, bounds } = mode;
  /** The statement's fate tells whether the database answers. */
  const observed = async <T>(work: Promise<T>): Promise<T> => {
    const startedAt = availability.now();
    try {
      const result = await work;
      availability.answered(startedAt);
      return result;
    } catch (err) {
      const cause = unavailableCause(err);
      if (cause) availability.failed(cause);
      else availability.answered(startedAt);
      throw err;
    }
  };
  /** The client's bound on an answer: the server's statement bound and a margin (bounds.ts). */
  const clientBound = () =>
    (inLongWork() ? bounds.longStatementTimeoutMs : bounds.statementTimeoutMs) + CLIENT_MARGIN_MS;
  const run = async <T>(
    client: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>> => {
    const values = params as unknown[] | undefined;
    const config: pg.QueryConfig & { query_timeout: number } = {
      text: sql,
      values,
      query_timeout: clientBound(),
      ...(options?.name ? { name: options.name } : {}),
    };
    const result = await observed(client.query(config));
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  };
  /** A statement of the transaction's own (BEGIN, COMMIT, a script), bounded like the others. */
  const plain = (client: pg.PoolClient, sql: string) =>
    observed(client.query({ text: sql, query_timeout: clientBound() } as pg.QueryConfig));

  /**
   * Every transaction opens as the actor of the running code (platform/db/actor.ts): BEGIN,
   * the role and the caller's settings go in one simple query, so the role costs no round trip.
   */
  async function transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
    const opening = openingSql(mode.setup(), options);
    const setup = inLongWork() ? [opening, longSettings(bounds)].filter(Boolean).join('; ') : opening;
    availability.admit();
    const client = await observed(pool.connect());
    // A connection whose ROLLBACK failed is in an unknown state: it is closed, not pooled.
    let broken: Error | undefined;
    // The server may end a connection while it is checked out between two statements (a fast
    // shutdown): the pool listens only to idle ones, and an 'error' nobody listens to would end
    // the process. The connection is closed when released; the next statement fails and says why.
    const lost = (err: Error) => {
      broken ??= err;
      const cause = unavailableCause(err);
      if (cause) availability.failed(cause);
    };
    client.on('error', lost);
    try {
      await plain(client, setup ? `BEGIN; ${setup}` : 'BEGIN');
      const result = await fn({
        query: (sql, params, queryOptions) => run(client, sql, params, queryOptions),
        async exec(sql) {
          await plain(client, sql);
        },
        async copyOut(sql, consume) {
          const stream = client.query(copyTo(sql));
          try {
            await consume(stream);
          } catch (err) {
            // The server is still sending rows: no ROLLBACK can follow on this connection.
            broken = new Error('a COPY was stopped before its end');
            stream.destroy();
            throw err;
          }
        },
      });
      await plain(client, 'COMMIT');
      return result;
    } catch (err) {
      if (broken) throw err;
      // A connection that is gone or gave no answer is closed, not asked for a ROLLBACK it
      // would wait out too: the server rolls back a transaction whose connection ends.
      const cause = unavailableCause(err);
      if (cause === 'unreachable' || cause === 'timeout') {
        broken = err instanceof Error ? err : new Error(String(err));
        throw err;
      }
      try {
        await plain(client, 'ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        // The transaction's own error is the one the caller needs; the failed rollback travels with it.
        if (err instanceof Error && !('rollbackError' in err))
          Object.assign(err, { rollbackError: broken.message });
      }
      throw err;
    } finally {
      client.off('error', lost);
      client.release(broken);
    }
  }

  // Long work sets its bounds in a transaction: its lone statements get one too.
  const lone = () => mode.lone() && !inLongWork();
  return {
    kind: 'postgres',
    availability,
    query: (sql, params, options) => {
      if (!lone()) return transaction((tx) => tx.query(sql, params, options));
      availability.admit();
      return run(pool, sql, params, options);
    },
    async exec(sql) {
      if (!lone()) return transaction((tx) => tx.exec(sql));
      availability.admit();
      await observed(pool.query({ text: sql, query_timeout: clientBound() } as pg.QueryConfig));
    },
    transaction,
    async close() {
      if (!pool.ended && !pool.ending) await pool.end();
    },
    poolStats: () => ({
      max: mode.max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}
