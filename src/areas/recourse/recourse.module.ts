import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { RecordPayment } from '../decisions/decisions.service.ts';
import type { RequestLifecycle } from '../requests/requests.lifecycle.ts';
import { recourseOpsRoutes } from './recourse.ops.routes.ts';
import { recourseRoutes } from './recourse.routes.ts';
import { createRecourseService, type FunderAccounts } from './recourse.service.ts';

export { playRecourseDemo, RECOURSE_DEMO, type RecourseDemoDeps } from './recourse.demo.ts';

/**
 * Recourse claims: the service (the worker opens claims, the payment recorder tells it of
 * payments), the funder's routes, the sandbox helper and the operations routes.
 */
export function recourseModule(
  deps: AreaDeps & { lifecycle: RequestLifecycle; recordPayment: RecordPayment; accounts: FunderAccounts },
) {
  const recourse = createRecourseService(deps);
  const routes: AreaRoutes[] = [recourseRoutes({ recourse }), recourseOpsRoutes({ recourse })];
  return { recourse, routes };
}
