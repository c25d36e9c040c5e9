import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams, Uuid } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import * as s from './clients.schemas.ts';
import type { ClientsService } from './clients.service.ts';

/** The operations team: return origins, and playing live companies. /ops/v1/... */
export function clientsOpsRoutes({
  clients: { invitations, onboarding, leaving },
}: {
  clients: ClientsService;
}): AreaRoutes {
  return (app) => {
    const FunderParams = Type.Object({ bank_id: Uuid });

    app.put(
      '/ops/v1/funders/:bank_id/return-origins',
      {
        config: opsRole('admin'),
        schema: { params: FunderParams, body: s.ReturnOriginsBody, response: { 200: s.ReturnOrigins } },
      },
      async (request) =>
        onboarding.setReturnOrigins(request.operator!, request.params.bank_id, request.body.origins),
    );
    app.get(
      '/ops/v1/funders/:bank_id/return-origins',
      { config: opsRole('auditor'), schema: { params: FunderParams, response: { 200: s.ReturnOrigins } } },
      async (request) => ({
        bank_id: request.params.bank_id,
        origins: await onboarding.returnOrigins(request.params.bank_id),
      }),
    );
    app.post(
      '/ops/v1/funders/:bank_id/client-invitations',
      {
        config: opsRole('support'),
        schema: { params: FunderParams, body: s.ArrivalBody, response: { 201: s.InvitationAnswer } },
      },
      async (request, reply) => {
        const answer = await invitations.inviteNamed(request.operator!, request.params.bank_id, request.body);
        reply.code(201);
        return answer;
      },
    );
    app.post(
      '/ops/v1/client-links/:id/arrivals',
      {
        config: opsRole('support'),
        schema: { params: IdParams, body: s.ArrivalBody, response: { 201: s.InvitationAnswer } },
      },
      async (request, reply) => {
        const answer = await invitations.arrive(
          { caller: request.operator! },
          request.params.id,
          request.body,
        );
        reply.code(201);
        return answer;
      },
    );
    // The plays on the invitation or onboarding link named in the path: each answers what it did.
    for (const [path, response, play] of [
      ['/ops/v1/client-invitations/:id/accept', s.InvitationAnswer, invitations.accept],
      ['/ops/v1/onboarding-links/:id/account', s.OnboardingChange, onboarding.accountCreated],
      ['/ops/v1/onboarding-links/:id/complete', s.OnboardingCompleted, onboarding.complete],
    ] as const) {
      app.post(
        path,
        { config: opsRole('support'), schema: { params: IdParams, response: { 200: response } } },
        async (request) => play({ caller: request.operator! }, request.params.id),
      );
    }
    app.post(
      '/ops/v1/clients/:seller_id/leave',
      {
        config: opsRole('support'),
        schema: { params: s.SellerParams, body: s.LeaveBody, response: { 200: s.ClientLeft } },
      },
      async (request) =>
        leaving.leave({ caller: request.operator! }, request.params.seller_id, request.body.reason),
    );
  };
}
