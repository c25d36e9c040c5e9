import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { opportunitiesPartiesRoutes } from './opportunities.parties.routes.ts';
import { opportunitiesRoutes } from './opportunities.routes.ts';
import { createOpportunitiesService } from './opportunities.service.ts';

export {
  OPPORTUNITIES_DEMO,
  type OpportunitiesDemoDeps,
  playOpportunitiesDemo,
} from './opportunities.demo.ts';

/** The opportunities digest: service, routes, and the worker's nightly jobs. */
export function opportunitiesModule(deps: AreaDeps) {
  const opportunities = createOpportunitiesService(deps);
  const routes: AreaRoutes[] = [
    opportunitiesRoutes({ opportunities }),
    opportunitiesPartiesRoutes({ opportunities }),
  ];
  return { opportunities, routes, jobs: opportunities.jobs, recurring: opportunities.recurring };
}
