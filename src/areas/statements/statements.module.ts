import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { Payments, RequestLifecycle } from '../requests/requests.module.ts';
import { statementsEvents } from './statements.events.ts';
import { statementsOpsRoutes } from './statements.ops.routes.ts';
import { statementsRoutes } from './statements.routes.ts';
import { statementsSandboxRoutes } from './statements.sandbox.routes.ts';
import { createStatementsService } from './statements.service.ts';

export { creditorReferenceFor } from './statements.matching.ts';
export type { StatementsService } from './statements.service.ts';
/** The account the funder's latest imported statement names, read inside the caller's query or write. */
export { latestAccountIban } from './statements.store.ts';

/** Bank statements: import, matching and confirmation; service and routes. */
export function statementsModule(
  deps: AreaDeps & {
    requests: Pick<RequestLifecycle, 'lock'>;
    payments: Pick<Payments, 'record'>;
  },
) {
  const statements = createStatementsService(deps);
  const routes: AreaRoutes[] = [
    statementsRoutes({ statements }),
    statementsSandboxRoutes({ statements }),
    statementsOpsRoutes({ statements }),
  ];
  return defineArea({ name: 'statements', events: statementsEvents, services: { statements }, routes });
}
