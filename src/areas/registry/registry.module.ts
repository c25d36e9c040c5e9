import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { registryOpsRoutes } from './registry.ops.routes.ts';
import { registryRoutes } from './registry.routes.ts';
import { createRegistryService } from './registry.service.ts';

/** The assignment registry: service and routes. */
export function registryModule(deps: AreaDeps) {
  const registry = createRegistryService(deps);
  const routes: AreaRoutes[] = [registryRoutes({ registry }), registryOpsRoutes({ registry })];
  return defineArea({ name: 'registry', services: { registry }, routes });
}

export type { RegistryService } from './registry.service.ts';
