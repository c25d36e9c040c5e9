import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { opsRoutes } from './ops.routes.ts';

/** Service-wide operator actions (the evidence check, the manual clock): routes only. */
export function opsModule(deps: AreaDeps) {
  const routes: AreaRoutes[] = [opsRoutes(deps)];
  return { routes };
}
