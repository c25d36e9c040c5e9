import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { RequestLifecycle } from '../requests/requests.module.ts';
import { recourseEvents } from './recourse.events.ts';
import { createRecourseJobs, RECOURSE_JOB } from './recourse.jobs.ts';
import { recourseOpsRoutes } from './recourse.ops.routes.ts';
import { recourseRoutes } from './recourse.routes.ts';
import { recourseSandboxRoutes } from './recourse.sandbox.routes.ts';
import { createRecourseService, type Payments } from './recourse.service.ts';

export { playRecourseDemo, RECOURSE_DEMO, type RecourseDemoDeps } from './recourse.demo.ts';
export { claimsPaymentObserver } from './recourse.observer.ts';
export type { ClaimView, Payments, RecourseService } from './recourse.service.ts';

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
  return defineArea({
    name: 'recourse',
    events: recourseEvents,
    services: { recourse },
    routes,
    jobs: createRecourseJobs({ recourse }),
    recurring: [RECOURSE_JOB],
  });
}
