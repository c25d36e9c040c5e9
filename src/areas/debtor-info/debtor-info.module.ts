import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { debtorInfoOpsRoutes } from './debtor-info.ops.routes.ts';
import { debtorInfoRoutes } from './debtor-info.routes.ts';
import { createDebtorInfoService } from './debtor-info.service.ts';

export { seedDemoDebtorProfiles } from './debtor-info.demo.ts';

/** What the service knows about a request's debtors: service and routes. */
export function debtorInfoModule(
  deps: AreaDeps & Omit<Parameters<typeof createDebtorInfoService>[0], keyof AreaDeps>,
) {
  const debtorInfo = createDebtorInfoService(deps);
  const routes: AreaRoutes[] = [debtorInfoRoutes({ debtorInfo }), debtorInfoOpsRoutes({ debtorInfo })];
  return defineArea({ name: 'debtor-info', services: { debtorInfo }, routes });
}

export { figure, monthsBefore } from './debtor-info.figures.ts';
export type { CreditLimitOf } from './debtor-info.request-debtors.ts';
export type { DebtorInfoService } from './debtor-info.service.ts';
