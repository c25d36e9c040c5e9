import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import * as s from './clients.schemas.ts';
import type { ClientsService } from './clients.service.ts';

/** The invitations of the companies that arrived: /v1/client-invitations. */
export function clientsInvitationsRoutes(deps: { clients: ClientsService }) {
  const { invitations } = deps.clients;
  return (app: App) => {
    app.get(
      '/v1/client-invitations',
      {
        config: {
          auth: 'key',
          scopes: OPENS.clientsRead,
          operation: {
            operationId: 'listClientInvitations',
            summary: 'Invitations of the companies that arrived',
            tag: 'Clients',
            description:
              'Newest first, `limit` 1 to 500 (default 200). Each with its origin (`via` `link`, `named` or `api`, the prescriber and link if any), its state (`pending`, `accepted`, `revoked`, `expired`: unanswered after 30 days), the company and the contact. A sandbox key sees only the invitations its own test helpers made.',
            success: 'The invitations.',
            errors: [],
          },
        },
        schema: { querystring: s.InvitationsQuery, response: { 200: s.InvitationList } },
      },
      async (request) => invitations.list(request.caller!, request.query.limit ?? 200),
    );
    app.post(
      '/v1/client-invitations/:id/revoke',
      {
        config: {
          auth: 'key',
          // The body may be left out: no body is no reason.
          optionalBody: true,
          // Not in the spec: revoking an invitation is a write on clients, like disabling a link.
          scopes: OPENS.clientsWrite,
          operation: {
            operationId: 'revokeClientInvitation',
            summary: 'Withdraw a pending invitation',
            tag: 'Clients',
            description: [
              'The company can no longer accept it; its arrival and origin stay (arriving again through a link gives it a new invitation). `reason` is optional, up to 200 characters. An invitation already revoked is left as it is (`changed: false`); an accepted or expired one answers 409 `invitation_not_pending` with its `state`.',
              '',
              'A sandbox key revokes only the invitations its own test helpers made.',
            ].join('\n'),
            success: 'The invitation after the call, and whether it changed.',
            errors: ['invitation_not_pending', 'reason_invalid'],
            requestExamples: {
              reason: { summary: 'With a reason', value: { reason: 'Sent to the wrong company' } },
            },
          },
        },
        schema: {
          params: IdParams,
          body: s.DisableBody,
          response: { 200: s.InvitationChange },
        },
      },
      async (request) => invitations.revoke(request.caller!, request.params.id, request.body.reason ?? null),
    );
  };
}
