import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { earlyPaymentsPartiesRoutes } from './early-payments.parties.routes.ts';
import { earlyPaymentsRoutes } from './early-payments.routes.ts';
import { createEarlyPaymentsService } from './early-payments.service.ts';

export { type EarlyPaymentsDemoDeps, playEarlyPaymentsDemo } from './early-payments.demo.ts';

/** Buyer-programme early payments: service and routes. */
export function earlyPaymentsModule(deps: AreaDeps) {
  const earlyPayments = createEarlyPaymentsService(deps);
  const routes: AreaRoutes[] = [
    earlyPaymentsRoutes({ earlyPayments }),
    earlyPaymentsPartiesRoutes({ earlyPayments }),
  ];
  return { earlyPayments, routes };
}
