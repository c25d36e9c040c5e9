import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { RequestLifecycle } from '../requests/requests.module.ts';
import { disclosureEvents } from './disclosure.events.ts';
import { ANNOUNCEMENTS_JOB, createDisclosureJobs } from './disclosure.jobs.ts';
import { disclosureOpsRoutes } from './disclosure.ops.routes.ts';
import { disclosureRoutes } from './disclosure.routes.ts';
import { announceIn, createDisclosureService, prepareNoticeDocuments } from './disclosure.service.ts';

export type { AnnounceTrigger, DisclosureService } from './disclosure.service.ts';
export { announceIn, prepareNoticeDocuments } from './disclosure.service.ts';

/**
 * The disclosure of requests: their notices of assignment, announcing a confidential request
 * (by its funder, or by the worker's hourly job on the Madrid day a trigger is met), and the
 * gates a confidential request passes before funding; the funder's and the operations routes.
 */
export function disclosureModule(deps: AreaDeps & { lifecycle: RequestLifecycle }) {
  const disclosure = createDisclosureService(deps);
  const routes: AreaRoutes[] = [disclosureRoutes({ disclosure }), disclosureOpsRoutes({ disclosure })];
  // What routing and disputes ask of disclosure, handed to the requests module.
  const disclosureSteps = { prepareNoticeDocuments, announceIn };
  return defineArea({
    name: 'disclosure',
    events: disclosureEvents,
    services: { disclosure, disclosureSteps },
    routes,
    jobs: createDisclosureJobs({ disclosure }),
    recurring: [ANNOUNCEMENTS_JOB],
  });
}
