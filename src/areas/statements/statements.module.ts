import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { statementsOpsRoutes } from './statements.ops.routes.ts';
import { statementsRoutes } from './statements.routes.ts';
import { createStatementsService } from './statements.service.ts';

/** Bank statements: import, matching and confirmation; service and routes. */
export function statementsModule(deps: AreaDeps) {
  const statements = createStatementsService(deps);
  const routes: AreaRoutes[] = [statementsRoutes({ statements }), statementsOpsRoutes({ statements })];
  return { statements, routes };
}
