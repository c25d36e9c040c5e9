import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { actorSettings, currentActor, OPERATOR_ROLE, settingsSql } from './actor.ts';
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
  openingSettings,
  type QueryOptions,
  type QueryResult,
  type Setting,
  type TransactionOptions,
  type Tx,
  unavailableCause,
} from './db.ts';
import { openedFailureOf, queryOpened } from './opened-query.ts';
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
    setup: () => actorSettings(currentActor()),
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
const longSettings = (bounds: DbBounds): Setting[] => {
  const ms = String(bounds.longStatementTimeoutMs);
  return [
    ['statement_timeout', ms],
    ['lock_timeout', ms],
    ['idle_in_transaction_session_timeout', ms],
  ];
};

/** A statement goes in the extended protocol, and so can carry its opening, when it has values or a name. */
const carriesOpening = (params?: readonly unknown[], options?: QueryOptions) =>
  (params !== undefined && params.length > 0) || options?.name !== undefined;

function poolDb(
  pool: pg.Pool,
  mode: {
    bounds: DbBounds;
    availability: Availability;
    max: number;
    setup: () => Setting[] | null;
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
  const configOf = (sql: string, params?: readonly unknown[], options?: QueryOptions) => ({
    text: sql,
    values: params as unknown[] | undefined,
    query_timeout: clientBound(),
    ...(options?.name ? { name: options.name } : {}),
  });
  const run = async <T>(
    client: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>> => {
    const result = await observed(client.query(configOf(sql, params, options)));
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  };
  /** A statement behind its opening (a BEGIN if `begin`, the settings), in one round trip. */
  const runOpened = async <T>(
    client: pg.PoolClient,
    statement: { sql: string; params?: readonly unknown[]; options?: QueryOptions },
    begin: boolean,
    settings: readonly Setting[],
  ): Promise<QueryResult<T>> => {
    const config = configOf(statement.sql, statement.params, statement.options);
    const result = await observed(queryOpened(client, config, begin, settings));
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  };
  /** A statement of the transaction's own (BEGIN, COMMIT, a script), bounded like the others. */
  const plain = (client: pg.PoolClient, sql: string) =>
    observed(client.query({ text: sql, query_timeout: clientBound() } as pg.QueryConfig));

  /** What a transaction of the running code opens with after BEGIN, in order. */
  const openingOf = (options?: TransactionOptions): Setting[] => {
    const settings = openingSettings(mode.setup(), options);
    return inLongWork() ? [...settings, ...longSettings(bounds)] : settings;
  };

  /**
   * Whether a connection may go back to the pool after `err`: not when the server may be gone,
   * nor when a statement sent with its opening failed in a way that leaves the connection's
   * state unknown (the opening itself, or a statement parsed in that round trip).
   */
  const spoiled = (err: unknown): Error | undefined => {
    const failure = openedFailureOf(err);
    const cause = unavailableCause(err);
    if (!failure?.opening && !failure?.parsed && cause !== 'unreachable' && cause !== 'timeout')
      return undefined;
    return err instanceof Error ? err : new Error(String(err));
  };

  /**
   * Every transaction opens as the actor of the running code (platform/db/actor.ts). BEGIN and
   * the opening settings travel with the transaction's first statement (opened-query.ts), so they
   * cost no round trip of their own; a first statement that cannot carry them (a script, a COPY)
   * gets them in one simple query before it. A statement never runs unless its opening did: the
   * others wait for it, and a failed opening fails every statement after it.
   */
  async function transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
    const opening = openingOf(options);
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
    /** Settles once BEGIN and the opening have run; null while nothing was sent. */
    let opened: Promise<void> | null = null;
    const settle = (sent: Promise<unknown>) => {
      opened = sent.then(
        () => undefined,
        (err) => {
          broken ??= spoiled(err) ?? (err instanceof Error ? err : new Error(String(err)));
          throw err;
        },
      );
      // Whoever comes next hears of a failure; none may be left unheard.
      opened.catch(() => undefined);
    };
    const open = (): Promise<void> => {
      if (opened === null) settle(plain(client, ['BEGIN', settingsSql(opening)].filter(Boolean).join('; ')));
      return opened!;
    };
    try {
      const result = await fn({
        async query<R>(sql: string, params?: readonly unknown[], queryOptions?: QueryOptions) {
          if (opened === null && carriesOpening(params, queryOptions)) {
            // Awaited here alone (no second reaction on it), so an error's stack leads back
            // through this call to the code that made it; the others learn of the opening after.
            let done!: (err?: unknown) => void;
            settle(new Promise<void>((resolve, reject) => (done = (err) => (err ? reject(err) : resolve()))));
            try {
              const result = await runOpened<R>(
                client,
                { sql, params, options: queryOptions },
                true,
                opening,
              );
              done();
              return result;
            } catch (err) {
              done(openedFailureOf(err)?.opening !== false ? err : undefined);
              broken ??= spoiled(err);
              throw err;
            }
          }
          await open();
          return run<R>(client, sql, params, queryOptions);
        },
        async exec(sql) {
          await open();
          await plain(client, sql);
        },
        async copyOut(sql, consume) {
          await open();
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
      // Nothing sent, nothing to end.
      if (opened !== null) {
        await opened;
        await plain(client, 'COMMIT');
      }
      return result;
    } catch (err) {
      if (broken || opened === null) throw err;
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

  /**
   * A lone statement as an actor that is not the gate: behind its opening, with no BEGIN, so the
   * three end together at its Sync (one round trip; its settings gone with it).
   */
  async function loneOpened<T>(
    statement: { sql: string; params?: readonly unknown[]; options?: QueryOptions },
    settings: readonly Setting[],
  ): Promise<QueryResult<T>> {
    availability.admit();
    const client = await observed(pool.connect());
    let broken: Error | undefined;
    const lost = (err: Error) => {
      broken ??= err;
    };
    client.on('error', lost);
    try {
      return await runOpened<T>(client, statement, false, settings);
    } catch (err) {
      broken ??= spoiled(err);
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
      if (!lone()) {
        const settings = openingOf();
        if (settings.length > 0 && carriesOpening(params, options))
          return loneOpened({ sql, params, options }, settings);
        return transaction((tx) => tx.query(sql, params, options));
      }
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
