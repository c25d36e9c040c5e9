import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { demoOpsRoutes } from './demo.ops.routes.ts';
import { createDemoService } from './demo.service.ts';

/** The reset's answer, as the command line reads it. */
export { DemoReset } from './demo.ops.routes.ts';
export { DEMO_FUNDER_NAME } from './demo.reset.ts';
export type { DemoService } from './demo.service.ts';

/**
 * The demonstration plane: the service that rebuilds it (the scenario and the other areas'
 * parts, played through their services) and the operations team's reset.
 */
export function demoModule(deps: AreaDeps & Omit<Parameters<typeof createDemoService>[0], keyof AreaDeps>) {
  const demo = createDemoService(deps);
  const routes: AreaRoutes[] = [demoOpsRoutes({ demo })];
  return defineArea({ name: 'demo', services: { demo }, routes });
}
