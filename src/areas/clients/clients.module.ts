import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { clientsEvents } from './clients.events.ts';
import { clientsInvitationsRoutes } from './clients.invitations.routes.ts';
import { clientsLinksRoutes } from './clients.links.routes.ts';
import { clientsOnboardingRoutes } from './clients.onboarding.routes.ts';
import { clientsOpsRoutes } from './clients.ops.routes.ts';
import { clientsSandboxRoutes } from './clients.sandbox.routes.ts';
import { clientsSealed } from './clients.sealed.ts';
import { type ClientsDeps, createClientsService } from './clients.service.ts';

export type { InvitationsService } from './clients.invitations.ts';
export type { ClientsDeps, ClientsService, VatAnswer, VatLookup } from './clients.service.ts';

/** The funder's client network and onboarding links: service and routes. */
export function clientsModule(deps: AreaDeps & Omit<ClientsDeps, keyof AreaDeps>) {
  const clients = createClientsService(deps);
  const routes: AreaRoutes[] = [
    clientsLinksRoutes({ clients }),
    clientsInvitationsRoutes({ clients }),
    clientsOnboardingRoutes({ clients }),
    clientsSandboxRoutes({ clients }),
    clientsOpsRoutes({ clients }),
  ];
  return defineArea({
    name: 'clients',
    events: clientsEvents,
    services: { clients },
    routes,
    sealed: clientsSealed,
  });
}
