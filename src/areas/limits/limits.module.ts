import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { limitsEvents } from './limits.events.ts';
import { limitsOpsRoutes } from './limits.ops.routes.ts';
import { limitsRoutes } from './limits.routes.ts';
import { createLimitsService } from './limits.service.ts';

export type { DebtorLimitSummary } from './limits.guard.ts';
export type { LimitsService } from './limits.service.ts';

/** Credit limits and exposure: service (with the offer guard other areas use) and routes. */
export function limitsModule(deps: AreaDeps) {
  const limits = createLimitsService(deps);
  const routes: AreaRoutes[] = [
    limitsRoutes({ limits, readCache: deps.readCache }),
    limitsOpsRoutes({ limits }),
  ];
  return defineArea({ name: 'limits', events: limitsEvents, services: { limits }, routes });
}
