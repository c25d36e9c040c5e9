import type { Db } from '../../platform/db/db.ts';
import { createOperatorSessionDb } from '../../platform/db/postgres.ts';
import { MAX_FLUSHES } from './webhooks.answers.ts';

/**
 * Where fan-out, claims, answers and the next-due time are written and read: on PostgreSQL, a
 * few connections of the dispatcher's own that are the operator for their whole session, so a
 * flush is one statement and one round trip, whose commits do not wait for the disk (a crash
 * of the database server loses at most the last instants of them: attempts then sent again,
 * never one lost). Failures and stops go through the shared Db and wait for the disk. Opened
 * on first use, closed by close().
 */
export function createOwnSession(deps: { db: Db; databaseUrl: string | null }) {
  let session: Db | null = null;
  return {
    own(): Db {
      if (!deps.databaseUrl) return deps.db;
      session ??= createOperatorSessionDb(deps.databaseUrl, {
        max: MAX_FLUSHES + 3,
        synchronousCommit: false,
      });
      return session;
    },
    async close(): Promise<void> {
      const closingSession = session;
      session = null;
      await closingSession?.close();
    },
  };
}
