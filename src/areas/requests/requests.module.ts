import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { requestsEvents } from './requests.events.ts';
import { createRequestsJobs, EXPIRY_JOB } from './requests.jobs.ts';
import { requestsOpsRoutes } from './requests.ops.routes.ts';
import { requestsRisksOpsRoutes } from './requests.risks.ops.routes.ts';
import { requestsRoutes } from './requests.routes.ts';
import { SCORES_JOB } from './requests.scores.ts';
import { createRequestsService, type RequestsDeps } from './requests.service.ts';

export {
  type AnnounceTrigger,
  announce,
  announceForOps,
  noticeCovers,
  type PreparedDocument,
  saveNoticeDocumentForOps,
} from './requests.announce.store.ts';
export { UPDATED } from './requests.changes.ts';
// The requests area's public face: what other areas use of it.
export type { DisclosureSteps } from './requests.disclosure-steps.ts';
export { REQUEST_CARRIED, RequestInEvents } from './requests.events.ts';
export type { ClientOwnerOf, TermsForRouting } from './requests.intake.ts';
export {
  // Made first by the composition root: the disclosure area is built on it before this module.
  createRequestLifecycle,
  funderMover,
  isOpen,
  type Move,
  type Mover,
  meetsRequirement,
  type NoticeRow,
  OPERATIONS,
  type ReceivableRow,
  type RequestLifecycle,
  type RequestRow,
  type RequestStatus,
  type TransitionDetails,
  type Transitioned,
} from './requests.lifecycle.ts';
export type {
  PaymentHook,
  PaymentInput,
  PaymentObservers,
  PaymentRecorded,
  PaymentSource,
  Payments,
  RecordPayment,
} from './requests.payments.ts';
export { insertSignalForOps } from './requests.risks.store.ts';
export { RequestListItem } from './requests.schemas.ts';
export type {
  CreateRequestInput,
  DebtorAnswerInput,
  RequestPartiesService,
  RequestsService,
} from './requests.service.ts';
export { CLOSED_STATUSES, isOpen as isOpenStatus, OPEN_STATUSES } from './requests.status.ts';
export { requestInScope } from './requests.store.ts';
export { advanceTimeIn, markSandboxMadeIn, requestNow } from './requests.time.ts';
export { visibleToFunder } from './requests.visibility.ts';
export { visibleRequestReader } from './requests.visible.ts';

/**
 * Funding requests: one service (what a funder reads, what the other parties do to a request,
 * the payments recorded on it) on the lifecycle, the one owner of their status, made first by
 * the composition root; their routes, and the jobs that store the sellers' scores the packet
 * shows (requests.jobs.ts). Other areas are given the service under the name of the part they
 * use (`requestParties`, `payments`), each narrowing it to what it calls.
 */
export function requestsModule(deps: AreaDeps & RequestsDeps) {
  const requests = createRequestsService(deps);
  const routes: AreaRoutes[] = [
    requestsRoutes({ requests, readCache: deps.readCache }),
    requestsOpsRoutes({ parties: requests }),
    requestsRisksOpsRoutes({ parties: requests }),
  ];
  return defineArea({
    name: 'requests',
    events: requestsEvents,
    services: { requests, lifecycle: deps.lifecycle, requestParties: requests, payments: requests },
    routes,
    jobs: createRequestsJobs({ write: deps.write, lifecycle: deps.lifecycle }),
    recurring: [SCORES_JOB, EXPIRY_JOB],
  });
}
