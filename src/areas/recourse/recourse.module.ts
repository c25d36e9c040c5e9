import type { AreaDeps, AreaParts } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import type { RequestLifecycle } from '../requests/requests.module.ts';
import { recourseOpsRoutes } from './recourse.ops.routes.ts';
import { recourseRoutes } from './recourse.routes.ts';
import { recourseSandboxRoutes } from './recourse.sandbox.routes.ts';
import { createRecourseService, type FunderAccounts, type Payments } from './recourse.service.ts';

export type { ClaimView, FunderAccounts, Payments, RecourseService } from './recourse.service.ts';

const RECOURSE_JOB = 'recourse.claims';

export { playRecourseDemo, RECOURSE_DEMO, type RecourseDemoDeps } from './recourse.demo.ts';

/**
 * Recourse claims: the service, the funder's routes, the sandbox helper and the operations
 * routes, and the worker's hourly job opening the claims falling due. The claims hear of every
 * payment recorded on a request by subscribing to the payments at build, and record the
 * seller's repayments through them.
 */
export function recourseModule(
  deps: AreaDeps & { lifecycle: RequestLifecycle; payments: Payments; accounts: FunderAccounts },
) {
  const recourse = createRecourseService(deps);
  deps.payments.onPayment(recourse.onPayment);
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
  const parts = { routes, jobs: { [RECOURSE_JOB]: claims }, recurring: [RECOURSE_JOB] };
  return { recourse, ...(parts satisfies AreaParts) };
}
