import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { stopRoute } from './clients.links.routes.ts';
import * as s from './clients.schemas.ts';
import type { ClientsService } from './clients.service.ts';

const keyed = keyRoutes('Clients');

/** The invitations of the companies that arrived: /v1/client-invitations. */
export function clientsInvitationsRoutes({
  clients: { invitations },
}: {
  clients: ClientsService;
}): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/client-invitations',
      keyed(
        OPENS.clientsRead,
        {
          operationId: 'listClientInvitations',
          summary: 'Invitations of the companies that arrived',
          description: [
            'Newest first, `limit` 1 to 500 (default 200). Each with its origin (`via` `link`, `named` or `api`, the prescriber and link if any), its state (`pending`, `accepted`, `revoked`, `expired`: unanswered after 30 days), the company and the contact. A sandbox key sees only the invitations its own test helpers made.',
            PAGING_DOC,
          ].join('\n'),
          success: 'The invitations.',
          errors: ['cursor_invalid'],
        },
        { querystring: s.InvitationsQuery, response: { 200: s.InvitationList } },
      ),
      async (request) =>
        invitations.list(request.caller!, {
          limit: request.query.limit ?? 200,
          cursor: request.query.cursor,
        }),
    );
    // Not in the spec: revoking an invitation is a write on clients, like disabling a link.
    stopRoute(
      app,
      keyed,
      '/v1/client-invitations/:id/revoke',
      OPENS.clientsWrite,
      {
        operationId: 'revokeClientInvitation',
        summary: 'Withdraw a pending invitation',
        description: [
          'The company can no longer accept it; its arrival and origin stay (arriving again through a link gives it a new invitation). `reason` is optional, up to 200 characters. An invitation already revoked is left as it is (`changed: false`); an accepted or expired one answers 409 `invitation_not_pending` with its `state`.',
          '',
          'A sandbox key revokes only the invitations its own test helpers made.',
        ].join('\n'),
        success: 'The invitation after the call, and whether it changed.',
        errors: ['invitation_not_pending'],
        reasonExample: 'Sent to the wrong company',
      },
      s.InvitationChange,
      invitations.revoke,
    );
  };
}
