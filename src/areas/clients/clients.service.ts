import { createInvitationsService } from './clients.invitations.service.ts';
import { createLeavingService } from './clients.leaving.service.ts';
import { createLinksService } from './clients.links.service.ts';
import { createOnboardingService } from './clients.onboarding.service.ts';
import { createPrescribersService } from './clients.prescribers.service.ts';
import { createReportService } from './clients.report.service.ts';
import type { ClientsDeps } from './clients.shared.ts';

export type { ClientsDeps } from './clients.shared.ts';
export type { VatAnswer, VatLookup } from './clients.vat-lookup.ts';

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
