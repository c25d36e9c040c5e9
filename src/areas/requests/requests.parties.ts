import type { RunWrite } from '../../platform/write.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import { createRequestAnswersService } from './requests.answers.ts';
import type { DisclosureSteps } from './requests.disclosure-steps.ts';
import { type ClientOwnerOf, createRequestIntakeService, type TermsForRouting } from './requests.intake.ts';
import type { RequestLifecycle } from './requests.lifecycle.ts';
import { createRequestRisksService } from './requests.risks.ts';

export type { DebtorAnswerInput } from './requests.answers.ts';
export type { CreateRequestInput, TermsForRouting } from './requests.intake.ts';

export type RequestPartiesService = ReturnType<typeof createRequestPartiesService>;

/**
 * What the other parties do to a request (the seller, its debtors, the service's operations
 * team), used by the operations API, the sandbox helpers and the demonstration scenario. The
 * funder API never calls these. Each subject lives in its own module; every change of status
 * goes through the request lifecycle.
 */
export function createRequestPartiesService(deps: {
  write: RunWrite;
  lifecycle: RequestLifecycle;
  settings: Pick<SettingsService, 'policy' | 'declarationText'>;
  documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
  programme: TermsForRouting;
  /** The funder whose own client a seller is, if any: its requests are routed there only. */
  clientOwnerOf: ClientOwnerOf;
  disclosure: DisclosureSteps;
}) {
  return {
    ...createRequestIntakeService(deps),
    ...createRequestAnswersService(deps),
    ...createRequestRisksService(deps),
  };
}
