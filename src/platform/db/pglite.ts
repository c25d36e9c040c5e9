import { mkdir } from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { currentActor, roleSql } from './actor.ts';
import type { Db, QueryResult, Tx } from './db.ts';

export interface PgliteOptions {
  /** Folder for the data; null keeps everything in memory. */
  dataDir: string | null;
  /** A tarball made by `dumpDataDir`, to start from a migrated template. */
  loadDataDir?: Blob;
}

// Dates as 'YYYY-MM-DD' strings, like the PostgreSQL adapter.
const parsers = { [types.DATE]: (value: string) => value };

export async function createPgliteDb(options: PgliteOptions): Promise<Db & { pglite: PGlite }> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers,
  });

  const toResult = <T>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<T> => ({
    rows: result.rows as T[],
    // PGlite reports 0 affected rows for a SELECT; pg reports the rows returned. Same meaning for both.
    rowCount: Math.max(result.affectedRows ?? 0, result.rows.length),
  });

  /**
   * PGlite's one user is a superuser, which row-level security never binds: every transaction
   * switches to the actor's role first (platform/db/actor.ts), as on PostgreSQL.
   */
  function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const setup = roleSql(currentActor());
    return pglite.transaction(async (inner) => {
      if (setup) await inner.exec(setup);
      return fn({
        async query<R>(sql: string, params?: readonly unknown[]) {
          return toResult<R>(await inner.query(sql, params as unknown[] | undefined));
        },
        async exec(sql: string) {
          await inner.exec(sql);
        },
      });
    });
  }

  /** Only the gate runs a lone statement as the connecting role; anyone else gets a short transaction. */
  const asGate = () => currentActor()?.kind === 'gate';

  return {
    kind: 'pglite',
    pglite,
    async query<T>(sql: string, params?: readonly unknown[]) {
      if (!asGate()) return transaction((tx) => tx.query<T>(sql, params));
      return toResult<T>(await pglite.query(sql, params as unknown[] | undefined));
    },
    async exec(sql: string) {
      if (!asGate()) return transaction((tx) => tx.exec(sql));
      await pglite.exec(sql);
    },
    transaction,
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
