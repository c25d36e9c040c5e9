import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { clientsEvents } from './clients.events.ts';
import { clientsInvitationsRoutes } from './clients.invitations.routes.ts';
import { clientsLinksRoutes } from './clients.links.routes.ts';
import { clientsOnboardingRoutes } from './clients.onboarding.routes.ts';
import { resealReturnSecretForOps, sealedReturnSecretsForOps } from './clients.onboarding.store.ts';
import { clientsOpsRoutes } from './clients.ops.routes.ts';
import { clientsSandboxRoutes } from './clients.sandbox.routes.ts';
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
    // The onboarding links' return secrets, sealed again by a rotation of the secrets key.
    sealed: [
      {
        table: 'onboarding_links',
        column: 'return_secret_sealed',
        values: sealedReturnSecretsForOps,
        replace: resealReturnSecretForOps,
      },
    ],
  });
}
