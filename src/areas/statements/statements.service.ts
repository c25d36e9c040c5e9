import type { AreaDeps } from '../../platform/area-deps.ts';
import type { Payments, RequestLifecycle } from '../requests/requests.module.ts';
import { createLineConfirmation } from './statements.confirm.ts';
import { createStatementImport } from './statements.import.ts';
import { createStatementReads } from './statements.reading.ts';

export type { ImportInput } from './statements.import.ts';

export type StatementsService = ReturnType<typeof createStatementsService>;

/**
 * Bank statements: the import (read, match, keep; statements.import), the confirmation of a
 * line's match (statements.confirm) and the operations team's reading (statements.reading).
 */
export function createStatementsService(
  deps: AreaDeps & {
    requests: Pick<RequestLifecycle, 'lock'>;
    payments: Pick<Payments, 'record'>;
  },
) {
  const confirmation = createLineConfirmation(deps);
  return {
    importStatement: createStatementImport(deps),
    confirmLine: confirmation.confirmLine,
    confirmLineForOperator: confirmation.confirmLineForOperator,
    ...createStatementReads(deps),
  };
}
