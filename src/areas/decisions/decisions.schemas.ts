import { type Static, Type } from 'typebox';
import {
  DateText,
  DateTimeText,
  ERROR_CODE,
  Euros,
  Fields,
  Flag,
  Int,
  OneOf,
  OrNull,
  Percent,
  Reason,
  Text,
} from '../../platform/http/input.ts';
import { CONSENT_LEVELS } from '../settings/settings.module.ts';

/**
 * The decision body: one branch per `decision`, each with its own fields, bounds and codes.
 * What a schema cannot say (a decline needs a reason or notes, a step back a longer message,
 * dates relative to today, the request's state) is checked by the service.
 */

export const DECLINE_REASONS = [
  'payer_credit',
  'invoice_ineligible',
  'documentation',
  'concentration',
  'amount_out_of_range',
  'sector_excluded',
  'no_funder_capacity',
  'withdrawn_by_client',
  'other',
] as const;

export const DECISIONS = ['offer', 'decline', 'fund', 'settle'] as const;

const Offer = Fields(
  {
    decision: Type.Literal('offer'),
    rate: Percent({ code: 'invalid_terms', description: 'Percent, above 0 up to 100, at most 4 decimals' }),
    advance_pct: Percent({
      code: 'invalid_terms',
      description: 'Share of the invoices advanced, percent above 0 up to 100, at most 4 decimals',
    }),
    days: Type.Optional(
      OrNull(
        Int({
          code: 'invalid_terms',
          min: 1,
          max: 730,
          description: 'Days of financing; default: Madrid calendar days to the latest due date',
        }),
      ),
    ),
    notes: Type.Optional(OrNull(Text({ code: 'invalid_terms', max: 2000, description: 'For the seller' }))),
    valid_days: Type.Optional(
      OrNull(
        Int({ code: 'invalid_terms', min: 1, max: 90, description: 'Days the offer stands; default 7' }),
      ),
    ),
  },
  { description: 'Send terms to the seller', component: 'OfferDecision' },
);

const Decline = Fields(
  {
    decision: Type.Literal('decline'),
    reason: Type.Optional(OrNull(OneOf(DECLINE_REASONS, { description: 'Why; a reason, notes or both' }))),
    notes: Type.Optional(
      OrNull(
        Text({
          max: 2000,
          description: 'The message the seller reads; 10 characters or more on a step back',
        }),
      ),
    ),
    internal_note: Type.Optional(OrNull(Text({ max: 2000, description: 'For your team only' }))),
  },
  { description: 'Decline the request, or step back from an approved one', component: 'DeclineDecision' },
);

const Fund = Fields(
  {
    decision: Type.Literal('fund'),
    value_date: DateText({ code: 'invalid_funding_details', description: 'At most 7 days ahead (Madrid)' }),
    reference: Text({
      code: 'invalid_funding_details',
      min: 3,
      max: 140,
      description: 'Your payment reference, 3 to 140 characters',
    }),
    amount: Type.Optional(
      OrNull(Euros({ code: 'invalid_amount', positive: true, description: 'If sent, the accepted advance' })),
    ),
  },
  { description: 'Record that you paid the advance', component: 'FundDecision' },
);

const Settle = Fields(
  {
    decision: Type.Literal('settle'),
    amount: Euros({ code: 'invalid_amount', positive: true, description: 'Euros received' }),
    received_at: Type.Optional(
      OrNull(
        DateTimeText({ code: 'invalid_received_at', description: 'Default now; at most one day ahead' }),
      ),
    ),
    reference: Type.Optional(OrNull(Text({ max: 140 }))),
    note: Type.Optional(OrNull(Text({ max: 1000 }))),
    final: Type.Optional(OrNull(Flag({ description: 'true closes the request whatever the total' }))),
  },
  { description: 'Record money received', component: 'SettleDecision' },
);

export const DecisionBody = Type.Union([Offer, Decline, Fund, Settle], {
  discriminator: { propertyName: 'decision' },
  [ERROR_CODE]: 'invalid_decision',
  description: `Chosen by decision: ${DECISIONS.join(', ')}`,
});

export type DecisionInput = Static<typeof DecisionBody>;
export type OfferInput = Static<typeof Offer>;
export type DeclineInput = Static<typeof Decline>;
export type FundInput = Static<typeof Fund>;
export type SettleInput = Static<typeof Settle>;

export const ConsentLevelBody = Fields({
  level: OneOf(CONSENT_LEVELS, { code: 'level_invalid', description: 'Only upwards' }),
  reason: Reason(),
});
