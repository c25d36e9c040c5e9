import pg from 'pg';
import type { Db, QueryOptions, QueryResult, Tx } from './db.ts';

// Keep bigint and numeric as strings (exact), dates as Date: the same shapes PGlite gives.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export function createPostgresDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);

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

  return {
    kind: 'postgres',
    query: (sql, params, options) => run(pool, sql, params, options),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A connection whose ROLLBACK failed is in an unknown state: it is closed, not pooled.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (sql, params, queryOptions) => run(client, sql, params, queryOptions),
          async exec(sql) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
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
    },
    async close() {
      if (!pool.ended && !pool.ending) await pool.end();
    },
  };
}
