import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { currentActor, OPERATOR_ROLE, roleSql } from './actor.ts';
import {
  type Db,
  openingSql,
  type QueryOptions,
  type QueryResult,
  type TransactionOptions,
  type Tx,
} from './db.ts';
import { parseTimestamptz } from './timestamps.ts';

// Keep bigint and numeric as strings (exact), dates as Date: the same shapes PGlite gives.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptz);

export function createPostgresDb(connectionString: string, options: { max?: number } = {}): Db {
  // No JIT compilation: the service's statements are short, and the row-security policies'
  // subqueries inflate the planner's estimates enough to have PostgreSQL compile (and
  // optimise) a request list that then runs many times slower than it takes to answer
  // (docs/decisions/platform.md, "PostgreSQL connections start with JIT off").
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, options: '-c jit=off' });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  return poolDb(pool, {
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
  options: { max: number; synchronousCommit: boolean },
): Db {
  const settings = [`-c role=${OPERATOR_ROLE}`];
  if (!options.synchronousCommit) settings.push('-c synchronous_commit=off');
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    options: settings.join(' '),
    idleTimeoutMillis: 5_000,
    allowExitOnIdle: true,
  });
  pool.on('error', () => undefined);
  return poolDb(pool, { max: options.max, setup: () => null, lone: () => true });
}

function poolDb(pool: pg.Pool, mode: { max: number; setup: () => string | null; lone: () => boolean }): Db {
  const run = async <T>(
    client: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>> => {
    const values = params as unknown[] | undefined;
    const result = options?.name
      ? await client.query({ name: options.name, text: sql, values })
      : await client.query(sql, values);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  };

  /**
   * Every transaction opens as the actor of the running code (platform/db/actor.ts): BEGIN,
   * the role and the caller's settings go in one simple query, so the role costs no round trip.
   */
  async function transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
    const setup = openingSql(mode.setup(), options);
    const client = await pool.connect();
    // A connection whose ROLLBACK failed is in an unknown state: it is closed, not pooled.
    let broken: Error | undefined;
    try {
      await client.query(setup ? `BEGIN; ${setup}` : 'BEGIN');
      const result = await fn({
        query: (sql, params, queryOptions) => run(client, sql, params, queryOptions),
        async exec(sql) {
          await client.query(sql);
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
      await client.query('COMMIT');
      return result;
    } catch (err) {
      if (broken) throw err;
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        // The transaction's own error is the one the caller needs; the failed rollback travels with it.
        if (err instanceof Error && !('rollbackError' in err))
          Object.assign(err, { rollbackError: broken.message });
      }
      throw err;
    } finally {
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    query: (sql, params, options) =>
      mode.lone() ? run(pool, sql, params, options) : transaction((tx) => tx.query(sql, params, options)),
    async exec(sql) {
      if (mode.lone()) await pool.query(sql);
      else await transaction((tx) => tx.exec(sql));
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
