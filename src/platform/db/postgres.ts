import pg from 'pg';
import type { Db, QueryResult, Tx } from './db.ts';

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
  ): Promise<QueryResult<T>> => {
    const result = await client.query(sql, params as unknown[] | undefined);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  };

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (sql, params) => run(client, sql, params),
          async exec(sql) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      if (!pool.ended && !pool.ending) await pool.end();
    },
  };
}
