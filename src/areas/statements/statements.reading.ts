import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import * as store from './statements.store.ts';
import { statementView } from './statements.views.ts';

/** What the operations team reads of the statements. */
export function createStatementReads(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** GET /ops/v1/statements/{id}: a statement and its lines. */
    async statementForOps(id: string) {
      const statement = await store.findStatementForOperator(db, id);
      if (!statement) throw new ApiError('not_found', 'Statement was not found.');
      return statementView(statement, await store.linesOf(db, store.scopeOfStatement(statement), id));
    },
  };
}
