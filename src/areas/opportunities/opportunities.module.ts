import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { opportunitiesEvents } from './opportunities.events.ts';
import { createOpportunitiesJobs } from './opportunities.jobs.ts';
import { NIGHTLY_JOB } from './opportunities.nightly.ts';
import { opportunitiesOpsRoutes } from './opportunities.ops.routes.ts';
import { opportunitiesRoutes } from './opportunities.routes.ts';
import { opportunitiesSandboxRoutes } from './opportunities.sandbox.routes.ts';
import { createOpportunitiesService } from './opportunities.service.ts';

export {
  OPPORTUNITIES_DEMO,
  type OpportunitiesDemoDeps,
  playOpportunitiesDemo,
} from './opportunities.demo.ts';
export { PUBLISH_TIME, RUN_TIME } from './opportunities.nightly.ts';

/** The opportunities digest: service, routes, and the worker's nightly jobs. */
export function opportunitiesModule(deps: AreaDeps) {
  const opportunities = createOpportunitiesService(deps);
  const routes: AreaRoutes[] = [
    opportunitiesRoutes({ opportunities }),
    opportunitiesOpsRoutes({ opportunities }),
    opportunitiesSandboxRoutes({ opportunities }),
  ];
  return defineArea({
    name: 'opportunities',
    events: opportunitiesEvents,
    services: { opportunities },
    routes,
    jobs: createOpportunitiesJobs(deps),
    recurring: [NIGHTLY_JOB],
  });
}

export type { OpportunitiesService } from './opportunities.service.ts';
