import type { RunWrite } from '../../platform/write.ts';
import type { DisclosureService } from '../disclosure/disclosure.module.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import type { OpportunitiesService } from '../opportunities/opportunities.module.ts';
import type { ProgrammeService } from '../programme/programme.module.ts';
import type { RecourseService } from '../recourse/recourse.module.ts';
import type {
  RequestLifecycle,
  RequestPartiesService,
  RequestsService,
} from '../requests/requests.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';

/** The services the helpers play the other parties through. */
export interface SandboxDeps {
  write: RunWrite;
  requests: RequestsService;
  lifecycle: Pick<RequestLifecycle, 'lock' | 'changed'>;
  receivables: RequestLifecycle['receivables'];
  parties: RequestPartiesService;
  documents: Pick<DocumentsService, 'uploadIn' | 'verifyIn'>;
  settings: Pick<SettingsService, 'requiredCodes'>;
  programme: Pick<ProgrammeService, 'changeIn'>;
  disclosure: Pick<
    DisclosureService,
    'setNoticeAddressIn' | 'setVerificationLapseIn' | 'changeInvoiceAmountIn' | 'announceDue'
  >;
  /** Opens the recourse claims due, for the requests named (a request moved ahead in time). */
  recourse: Pick<RecourseService, 'openDue'>;
  /** The key's own digest of the day a request was moved to. */
  opportunities: Pick<OpportunitiesService, 'previewNightForKey'>;
}
