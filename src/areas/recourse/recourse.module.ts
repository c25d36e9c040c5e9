import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import type { PaymentHook, RequestLifecycle } from '../requests/requests.module.ts';
import { createClaims } from './recourse.claims.ts';
import { recourseEvents } from './recourse.events.ts';
import { createPaymentObserver } from './recourse.observer.ts';
import { recourseOpsRoutes } from './recourse.ops.routes.ts';
import { recourseRoutes } from './recourse.routes.ts';
import { recourseSandboxRoutes } from './recourse.sandbox.routes.ts';
import { createRecourseService, type Payments } from './recourse.service.ts';

export type { ClaimView, Payments, RecourseService } from './recourse.service.ts';

const RECOURSE_JOB = 'recourse.claims';

export { playRecourseDemo, RECOURSE_DEMO, type RecourseDemoDeps } from './recourse.demo.ts';

/**
 * What the claims hear of every payment recorded on a request: the requests area's payment
 * recorder is built with it (before this module, which records the seller's repayments through
 * that recorder).
 */
export function claimsPaymentObserver(): PaymentHook {
  return createPaymentObserver({ claims: createClaims() }).onPayment;
}

/**
 * Recourse claims: the service, the funder's routes, the sandbox helper and the operations
 * routes, and the worker's hourly job opening the claims falling due.
 */
export function recourseModule(deps: AreaDeps & { lifecycle: RequestLifecycle; payments: Payments }) {
  const recourse = createRecourseService(deps);
  const routes: AreaRoutes[] = [
    recourseRoutes({ recourse }),
    recourseSandboxRoutes({ recourse }),
    recourseOpsRoutes({ recourse }),
  ];
  // Recourse claims falling due are opened, checked every hour.
  const claims: JobHandler = async (ctx) => {
    await recourse.openDue({ kind: 'system', job: RECOURSE_JOB });
    return { rerunAt: new Date(ctx.clock.now().getTime() + 3600 * 1000) };
  };
  return defineArea({
    name: 'recourse',
    events: recourseEvents,
    services: { recourse },
    routes,
    jobs: { [RECOURSE_JOB]: claims },
    recurring: [RECOURSE_JOB],
  });
}
