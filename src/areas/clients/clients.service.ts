import type { ClientsDeps } from './clients.shared.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createLeavingService } from './leaving.service.ts';
import { createLinksService } from './links.service.ts';
import { createOnboardingService } from './onboarding.service.ts';
import { createPrescribersService } from './prescribers.service.ts';
import { createReportService } from './report.service.ts';

export type { ClientsDeps } from './clients.shared.ts';
export type { VatAnswer, VatLookup } from './vat-lookup.ts';

/**
 * The funder's own client network (links, prescribers, invitations, the report) and its
 * onboarding links, each subject in its own file.
 */
export function createClientsService(deps: ClientsDeps) {
  const links = createLinksService(deps);
  const prescribers = createPrescribersService({ ...deps, links });
  const invitations = createInvitationsService(deps);
  const report = createReportService(deps);
  const onboarding = createOnboardingService(deps);
  const leaving = createLeavingService(deps);
  return {
    links,
    prescribers,
    invitations,
    report,
    onboarding,
    leaving,
    clientOwnerOf: invitations.clientOwnerOf,
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
