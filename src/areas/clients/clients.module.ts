import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { clientsOpsRoutes, clientsRoutes } from './clients.routes.ts';
import { type ClientsDeps, createClientsService } from './clients.service.ts';

export type { InvitationsService } from './invitations.service.ts';

/** The funder's client network and onboarding links: service and routes. */
export function clientsModule(deps: AreaDeps & Omit<ClientsDeps, keyof AreaDeps>) {
  const clients = createClientsService(deps);
  const routes: AreaRoutes[] = [clientsRoutes({ clients }), clientsOpsRoutes({ clients })];
  return { clients, routes };
}
