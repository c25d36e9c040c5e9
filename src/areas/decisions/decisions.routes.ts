import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { ex } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { ConsentLevelSchema as Level } from '../settings/settings.module.ts';
import type { ConsentLevelService } from './decisions.consent-level.ts';
import { ConsentLevelBody, DecisionBody } from './decisions.schemas.ts';
import type { DecisionsService } from './decisions.service.ts';

const keyed = keyRoutes('Requests');

/** An offer is a new resource (201); the other decisions change the request (200). */
const decisionStatus = (result: { decision: string }) => (result.decision === 'offer' ? 201 : 200);

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

export function decisionsRoutes({
  decisions,
  consentLevel,
}: {
  decisions: DecisionsService;
  consentLevel: ConsentLevelService;
}): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/requests/:id/decision',
      keyed(
        OPENS.decide,
        {
          operationId: 'decideOnRequest',
          summary: 'Offer, decline, fund or record a settlement',
          description: [
            'One operation for the four decisions, chosen by `decision`. The request must be routed to you (else 409 `not_routed_to_you`).',
            '',
            '**offer** (answers 201): `rate` and `advance_pct` are percentages above 0 and up to 100 (required); `days` of financing, `notes`, and `valid_days` from 1 to 90 (default 7) are optional. Accepted while the request is `pending`, `submitted`, `under_review` or `terms_sent` (else 409 `invalid_state`). It is refused with 409 `credit_limit` when one of your limits cannot hold the advance, with 409 `debtor_not_eligible_for_funder` when you take listed buyers only and a debtor is not listed (the error lists them in `debtors`), and with 409 `documents_missing_for_funder` when a document you require from the seller is missing, unverified or expired.',
            '',
            '**decline**: a `reason` (`payer_credit`, `invoice_ineligible`, `documentation`, `concentration`, `amount_out_of_range`, `sector_excluded`, `no_funder_capacity`, `withdrawn_by_client`, `other`) and/or `notes`, the message the seller reads; neither gives 400 `reason_required`. `internal_note` stays with your team. Declining an `approved` request is a step back and needs `notes` of at least 10 characters (422 `step_back_message_required`).',
            '',
            '**fund**: only on an `approved` request. `value_date` (at most 7 days ahead) and `reference` (3 to 140 characters) are required (422 `invalid_funding_details`); `amount`, when sent, must equal the accepted advance (409 `funding_amount_mismatch`). A factoring request with a debtor notice not acknowledged gives 409 `funding_gate_failed`; documents you require that are not valid on the value date give 409 `documents_missing_for_funder`.',
            '',
            '**settle**: records money received on a funded request of which you are the funder of record (else 403 `not_your_request`): `amount` (required), `received_at` (default now, at most one day ahead), `reference` (up to 140 characters), `note` (up to 1,000) and `final`. The request is settled when the total is reached or `final` is true; partial settlements keep it funded. The answer’s `final` says whether the request is settled now, whatever was sent.',
            '',
            'Every decision is kept on the evidence chain and has the same effect as the same action in the portal.',
          ].join('\n'),
          success: {
            '201': 'The offer was recorded (decision `offer`).',
            '200': 'The decision was recorded (decisions `decline`, `fund` and `settle`).',
          },
          errors: [
            'reason_required',
            'not_your_request',
            'not_routed_to_you',
            'invalid_state',
            'credit_limit',
            'debtor_not_eligible_for_funder',
            'documents_missing_for_funder',
            'funding_gate_failed',
            'funding_amount_mismatch',
            'conflict',
            'invalid_terms',
            'invalid_amount',
            'invalid_received_at',
            'invalid_funding_details',
            'step_back_message_required',
            'invalid_decision',
          ],
          // The first example is one answered 200: the page shows an operation's answers by
          // status, lowest first, so the first body and the first answer are a decline and its
          // answer (docs/decisions/openapi.md, "An operation's first example is answered by the
          // first status the page shows").
          requestExamples: {
            decline: {
              summary: 'Decline, with a message for the seller',
              value: {
                decision: 'decline',
                reason: 'concentration',
                notes: 'We already hold our maximum exposure to this debtor.',
                internal_note: 'Revisit after the March repayments.',
              },
            },
            offer: {
              summary: 'Offer 2.5 % for 90 days with an 85 % advance, valid 10 days',
              value: { decision: 'offer', rate: 2.5, advance_pct: 85, days: 90, valid_days: 10 },
            },
            fund: {
              summary: 'Fund the accepted advance',
              value: { decision: 'fund', value_date: ex.today, reference: 'TRF-2026-10-05-0042' },
            },
            settle: {
              summary: 'Record a partial settlement',
              value: {
                decision: 'settle',
                amount: 5000,
                received_at: ex.now,
                reference: 'DEBTOR-PAY-7781',
                note: 'First of two instalments.',
              },
            },
          },
          responseExamples: {
            '201': {
              offer: {
                summary: 'Offer recorded',
                value: {
                  decision: 'offer',
                  request_id: ex.requestId,
                  offer_id: ex.offerId,
                  expires_at: '2026-10-15T09:30:00.000Z',
                  status: 'terms_sent',
                  advance_amount: 10625,
                },
              },
            },
            '200': {
              decline: {
                summary: 'Declined',
                value: {
                  decision: 'decline',
                  request_id: ex.requestId,
                  status: 'declined',
                  reason: 'concentration',
                  step_back: false,
                  declined_at: ex.now,
                },
              },
              fund: {
                summary: 'Funded',
                value: {
                  decision: 'fund',
                  request_id: ex.requestId,
                  status: 'funded',
                  funded_amount: 10625,
                  value_date: ex.today,
                  reference: 'TRF-2026-10-05-0042',
                  funded_at: ex.now,
                },
              },
              settle: {
                summary: 'Partial settlement recorded',
                value: {
                  decision: 'settle',
                  request_id: ex.requestId,
                  status: 'funded',
                  settlement_id: ex.settlementId,
                  amount: 5000,
                  received_at: ex.now,
                  reference: 'DEBTOR-PAY-7781',
                  final: false,
                  settled_amount: 5000,
                  remaining_amount: 7500,
                },
              },
            },
          },
        },
        {
          summary: 'Offer, decline, fund or record a settlement',
          params: IdParams,
          body: DecisionBody,
          response: { 200: DecisionResult, 201: DecisionResult },
        },
        { answerStatus: (result) => decisionStatus(result as { decision: string }) },
      ),
      async (request, reply) => {
        const result = await decisions.decide(request.caller!, request.params.id, request.body);
        reply.code(decisionStatus(result));
        return result;
      },
    );

    app.post(
      '/v1/requests/:id/consent-level',
      keyed(
        OPENS.decide,
        {
          operationId: 'raiseConsentLevel',
          summary: 'Raise the consent level the debtors must sign',
          description: [
            'Raises the level of consent every debtor of one request must give: `receipt` < `acknowledgment` < `acceptance`. `reason` (at least 8 characters) is kept on the evidence chain.',
            '',
            'Only upwards (409 `level_lower`), only on a factoring request (409 `not_factoring`) routed to you (409 `not_routed_to_you`) and still in flight (409 `request_not_in_flight`), and only before any debtor has answered its notice (409 `notice_already_decided`). Sending the current level changes nothing (`changed: false`).',
          ].join('\n'),
          success: 'The level now required, and the one before.',
          errors: [
            'not_routed_to_you',
            'level_lower',
            'notice_already_decided',
            'not_factoring',
            'request_not_in_flight',
            'conflict',
            'level_invalid',
            'reason_required',
          ],
          requestExamples: {
            raise: {
              summary: 'Ask for acceptance',
              value: { level: 'acceptance', reason: 'Large single-debtor exposure' },
            },
          },
          responseExamples: {
            '200': {
              raised: {
                summary: 'Raised from acknowledgment',
                value: {
                  request_id: ex.requestId,
                  consent_level_required: 'acceptance',
                  changed: true,
                  from: 'acknowledgment',
                },
              },
            },
          },
        },
        {
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
      ),
      async (request) => consentLevel.raise(request.caller!, request.params.id, request.body),
    );
  };
}
