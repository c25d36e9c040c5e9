import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { SandboxDeps } from './sandbox.deps.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { createSandboxService } from './sandbox.service.ts';

export type { SandboxService } from './sandbox.service.ts';

/**
 * The sandbox helpers of requests (`/v1/sandbox/requests...`): a sandbox key plays the seller,
 * the debtors and the other parties of its own requests on the demonstration plane. (The other
 * areas' `/v1/sandbox` helpers live with their areas.)
 */
export function sandboxModule(deps: AreaDeps & Omit<SandboxDeps, keyof AreaDeps>) {
  const sandbox = createSandboxService(deps);
  const routes: AreaRoutes[] = [sandboxRoutes({ sandbox })];
  return defineArea({ name: 'sandbox', services: { sandbox }, routes });
}
