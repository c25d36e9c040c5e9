import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { partiesOpsRoutes } from './parties.ops.routes.ts';
import { createPartiesService } from './parties.service.ts';

/** Sellers, debtors and invoices: the operations team's service and routes. */
export function partiesModule(deps: AreaDeps) {
  const parties = createPartiesService(deps);
  const routes: AreaRoutes[] = [partiesOpsRoutes({ parties })];
  return { parties, routes };
}

export { debtorKey, findInvoice, findSeller } from './parties.service.ts';
export { sellerScore } from './score.ts';
