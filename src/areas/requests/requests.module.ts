import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import type { DisclosureSteps } from './requests.disclosure-steps.ts';
import type { ClientOwnerOf, TermsForRouting } from './requests.intake.ts';
import type { RequestLifecycle } from './requests.lifecycle.ts';
import { requestsOpsRoutes } from './requests.ops.routes.ts';
import { createRequestPartiesService } from './requests.parties.ts';
import { createPayments, type PaymentObservers } from './requests.payments.ts';
import { requestsRisksOpsRoutes } from './requests.risks.ops.routes.ts';
import { requestsRoutes } from './requests.routes.ts';
import { SCORE_JOB, SCORES_JOB, scoreSellerJob, scoreSellersJob } from './requests.scores.ts';
import { createRequestsService } from './requests.service.ts';

// The requests area's public face: what other areas use of it.
export type { DisclosureSteps } from './requests.disclosure-steps.ts';
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
  CreateRequestInput,
  DebtorAnswerInput,
  RequestPartiesService,
} from './requests.parties.ts';
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
export type { RequestsService } from './requests.service.ts';
export { CLOSED_STATUSES, isOpen as isOpenStatus, OPEN_STATUSES } from './requests.status.ts';
export { requestInScope } from './requests.store.ts';
export { advanceTimeIn, markSandboxMadeIn, requestNow } from './requests.time.ts';
export { visibleToFunder } from './requests.visibility.ts';
export { visibleRequestReader } from './requests.visible.ts';

/**
 * Funding requests: what a funder reads (`requests`), the one owner of their status
 * (`lifecycle`), what the other parties do to them (`parties`: intake, routing, answers, risks),
 * the payments recorded on them (`payments`, which other areas subscribe to), and their routes.
 */
export function requestsModule(
  deps: AreaDeps & {
    settings: Pick<SettingsService, 'policy' | 'declarationText'>;
    documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
    /** The programme terms routing reads. */
    programme: TermsForRouting;
    /** The funder whose own client a seller is, if any: its requests are routed there only. */
    clientOwnerOf: ClientOwnerOf;
    /** The disclosure area's steps in routing and disputes (built on the lifecycle, before this). */
    disclosure: DisclosureSteps;
    /** The lifecycle, made first: the disclosure area is built on it before the requests module. */
    lifecycle: RequestLifecycle;
    /** The areas told of every payment inside its write (recourse claims). */
    paymentObservers: PaymentObservers;
  },
) {
  const requests = createRequestsService(deps);
  const { lifecycle } = deps;
  const parties = createRequestPartiesService({ ...deps, lifecycle });
  const payments = createPayments({ lifecycle, observers: deps.paymentObservers });
  const statusOf = async (id: string) => (await requests.statusForOps(id)) ?? 'unknown';
  const routes: AreaRoutes[] = [
    requestsRoutes({ requests, readCache: deps.readCache }),
    requestsOpsRoutes({ parties, statusOf }),
    requestsRisksOpsRoutes({ parties }),
  ];
  // The sellers' latest scores, which the packet shows (requests.scores.ts).
  return defineArea({
    name: 'requests',
    services: { requests, lifecycle, requestParties: parties, payments },
    routes,
    jobs: { [SCORES_JOB]: scoreSellersJob, [SCORE_JOB]: scoreSellerJob },
    recurring: [SCORES_JOB],
  });
}
