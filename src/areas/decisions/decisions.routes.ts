import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.schemas.ts';
import type { createConsentLevelService } from './consent-level.service.ts';
import { DECLINE_REASONS, type DecisionsService } from './decisions.service.ts';

// The body is read field by field in the service, so each bad field gets the spec's own code.
const DecisionBody = Type.Object(
  {
    decision: Type.Optional(Type.Unknown({ description: 'offer, decline, fund or settle' })),
    rate: Type.Optional(Type.Unknown({ description: 'offer: percent, above 0 up to 100' })),
    advance_pct: Type.Optional(Type.Unknown({ description: 'offer: percent, above 0 up to 100' })),
    days: Type.Optional(Type.Unknown({ description: 'offer: days of financing' })),
    notes: Type.Optional(Type.Unknown({ description: 'offer notes, or decline message the seller reads' })),
    valid_days: Type.Optional(Type.Unknown({ description: 'offer: 1 to 90, default 7' })),
    reason: Type.Optional(Type.Unknown({ description: `decline: ${DECLINE_REASONS.join(', ')}` })),
    internal_note: Type.Optional(Type.Unknown({ description: 'decline: for your team only' })),
    value_date: Type.Optional(Type.Unknown({ description: 'fund: YYYY-MM-DD, at most 7 days ahead' })),
    reference: Type.Optional(Type.Unknown({ description: 'fund: 3 to 140 characters; settle: up to 140' })),
    amount: Type.Optional(
      Type.Unknown({ description: 'fund: the accepted advance; settle: euros received' }),
    ),
    received_at: Type.Optional(Type.Unknown({ description: 'settle: date-time, default now' })),
    note: Type.Optional(Type.Unknown({ description: 'settle: up to 1,000 characters' })),
    final: Type.Optional(Type.Unknown({ description: 'settle: true closes the request' })),
  },
  { additionalProperties: true },
);

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
    final: Type.Optional(Type.Boolean()),
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
          body: Type.Object(
            { level: Type.Optional(Type.Unknown()), reason: Type.Optional(Type.Unknown()) },
            { additionalProperties: true },
          ),
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
