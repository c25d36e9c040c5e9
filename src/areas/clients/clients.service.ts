import { createInvitations } from './clients.invitations.ts';
import { createLeaving } from './clients.leaving.ts';
import { createLinks } from './clients.links.ts';
import { createOnboarding } from './clients.onboarding.ts';
import { createPrescribers } from './clients.prescribers.ts';
import { createReport } from './clients.report.ts';
import type { ClientsDeps } from './clients.shared.ts';

export type { ClientsDeps } from './clients.shared.ts';
export type { VatAnswer, VatLookup } from './clients.vat-lookup.ts';

/**
 * The funder's own client network (links, prescribers, invitations, the report) and its
 * onboarding links, each subject in its own file.
 */
export function createClientsService(deps: ClientsDeps) {
  const links = createLinks(deps);
  const prescribers = createPrescribers({ ...deps, links });
  const invitations = createInvitations(deps);
  const report = createReport(deps);
  const onboarding = createOnboarding(deps);
  const leaving = createLeaving(deps);
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
