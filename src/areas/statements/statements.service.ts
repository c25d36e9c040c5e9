import type { AreaDeps } from '../../platform/area-deps.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Payments, RequestLifecycle } from '../requests/requests.module.ts';
import { createLineConfirmation } from './statements.confirm.ts';
import { createStatementImport } from './statements.import.ts';
import * as store from './statements.store.ts';
import { statementView } from './statements.views.ts';

export type { ImportInput } from './statements.import.ts';

export type StatementsService = ReturnType<typeof createStatementsService>;

/** Bank statements: the import (read, match, keep) and the confirmation of a line's match. */
export function createStatementsService(
  deps: AreaDeps & {
    requests: Pick<RequestLifecycle, 'lock'>;
    payments: Pick<Payments, 'record'>;
  },
) {
  const { db } = deps;
  const confirmation = createLineConfirmation(deps);

  return {
    importStatement: createStatementImport(deps),
    confirmLine: confirmation.confirmLine,
    confirmLineForOperator: confirmation.confirmLineForOperator,

    /** GET /ops/v1/statements/{id}: a statement and its lines, for the operations team. */
    async statementForOps(id: string) {
      const statement = await store.findStatementForOperator(db, id);
      if (!statement) throw new ApiError('not_found', 'Statement was not found.');
      return statementView(statement, await store.linesOf(db, store.scopeOfStatement(statement), id));
    },
  };
}
