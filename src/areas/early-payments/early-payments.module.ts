import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { earlyPaymentsEvents } from './early-payments.events.ts';
import { earlyPaymentsOpsRoutes } from './early-payments.ops.routes.ts';
import { earlyPaymentsRoutes } from './early-payments.routes.ts';
import { earlyPaymentsSandboxRoutes } from './early-payments.sandbox.routes.ts';
import { createEarlyPaymentsService } from './early-payments.service.ts';

export { type EarlyPaymentsDemoDeps, playEarlyPaymentsDemo } from './early-payments.demo.ts';

/** Buyer-programme early payments: service and routes. */
export function earlyPaymentsModule(deps: AreaDeps) {
  const earlyPayments = createEarlyPaymentsService(deps);
  const routes: AreaRoutes[] = [
    earlyPaymentsRoutes({ earlyPayments }),
    earlyPaymentsOpsRoutes({ earlyPayments }),
    earlyPaymentsSandboxRoutes({ earlyPayments }),
  ];
  return defineArea({
    name: 'early-payments',
    events: earlyPaymentsEvents,
    services: { earlyPayments },
    routes,
  });
}

export type { EarlyPaymentsService, EarlyPaymentView } from './early-payments.service.ts';
