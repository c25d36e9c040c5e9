import type { AreaDeps } from '../../platform/area-deps.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import { createRequestAnswers } from './requests.answers.ts';
import type { DisclosureSteps } from './requests.disclosure-steps.ts';
import { type ClientOwnerOf, createRequestIntake, type TermsForRouting } from './requests.intake.ts';
import type { RequestLifecycle } from './requests.lifecycle.ts';
import { createPayments, type PaymentObservers } from './requests.payments.ts';
import { createRequestReads } from './requests.reads.ts';
import { createRequestRisks } from './requests.risks.ts';

/** What the requests service is built from; each subject takes the part it uses. */
export type RequestsDeps = Pick<AreaDeps, 'db' | 'clock' | 'write'> & {
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
};

/**
 * Funding requests, one subject per file: what a funder reads (requests.reads), and what the
 * other parties do to a request (the seller, its debtors, the operations team): how it comes in
 * and is routed (requests.intake), the answers to offers and notices (requests.answers), the
 * risk review (requests.risks); and the one recorder of payments (requests.payments). Every
 * change of status goes through the lifecycle the service is given.
 */
export function createRequestsService(deps: RequestsDeps) {
  return {
    ...createRequestReads(deps),
    ...createRequestIntake(deps),
    ...createRequestAnswers(deps),
    ...createRequestRisks(deps),
    ...createPayments({ lifecycle: deps.lifecycle, observers: deps.paymentObservers }),
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;

/**
 * What the other parties do to a request, used by the operations API, the sandbox helpers and
 * the demonstration scenario; the funder API never calls these.
 */
export type RequestPartiesService = ReturnType<typeof createRequestIntake> &
  ReturnType<typeof createRequestAnswers> &
  ReturnType<typeof createRequestRisks>;

export type { DebtorAnswerInput } from './requests.answers.ts';
export type { CreateRequestInput } from './requests.intake.ts';
