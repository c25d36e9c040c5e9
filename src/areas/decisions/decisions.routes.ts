import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.schemas.ts';
import type { createConsentLevelService } from './consent-level.service.ts';
import { ConsentLevelBody, DecisionBody } from './decisions.schemas.ts';
import type { DecisionsService } from './decisions.service.ts';

const DecisionResult = Type.Object(
  {
    decision: Type.String(),
    request_id: Uuid,
    status: Type.String(),
    offer_id: Type.Optional(Uuid),
    expires_at: Type.Optional(Timestamp),
    advance_amount: Type.Optional(Type.Number()),
    reason: Type.Optional(Type.String()),
    step_back: Type.Optional(Type.Boolean()),
    declined_at: Type.Optional(Timestamp),
    funded_amount: Type.Optional(Type.Number()),
    value_date: Type.Optional(Type.String()),
    reference: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    funded_at: Type.Optional(Timestamp),
    settlement_id: Type.Optional(Uuid),
    amount: Type.Optional(Type.Number()),
    received_at: Type.Optional(Timestamp),
    final: Type.Optional(
      Type.Boolean({
        description:
          'settle: true when the request is settled now, by this payment (the total reached, or `final` sent); false while money remains to be received',
      }),
    ),
    settled_amount: Type.Optional(Type.Number()),
    remaining_amount: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

export function decisionsRoutes(deps: {
  decisions: DecisionsService;
  consentLevel: ReturnType<typeof createConsentLevelService>;
}) {
  return (app: App) => {
    app.post(
      '/v1/requests/:id/decision',
      {
        config: { auth: 'key' },
        schema: {
          tags: ['Requests'],
          summary: 'Offer, decline, fund or record a settlement',
          params: IdParams,
          body: DecisionBody,
          response: { 200: DecisionResult, 201: DecisionResult },
        },
      },
      async (request, reply) => {
        const result = await deps.decisions.decide(request.caller!, request.params.id, request.body);
        reply.code(result.decision === 'offer' ? 201 : 200);
        return result;
      },
    );

    app.post(
      '/v1/requests/:id/consent-level',
      {
        config: { auth: 'key' },
        schema: {
          tags: ['Requests'],
          summary: 'Raise the consent level every debtor must sign',
          params: IdParams,
          body: ConsentLevelBody,
          response: {
            200: Type.Object({
              request_id: Uuid,
              consent_level_required: Level,
              changed: Type.Boolean(),
              from: Type.Union([Level, Type.Null()]),
            }),
          },
        },
      },
      async (request) => deps.consentLevel.raise(request.caller!, request.params.id, request.body),
    );
  };
}
