import { ApiError } from '../../platform/errors.ts';
import { toCents } from '../../platform/money.ts';
import type { DECLINE_REASONS, DecisionInput as DecisionBody } from './decisions.schemas.ts';

/*
 * The decision body arrives checked by its schema (`decisions.schemas.ts`: one branch per
 * decision, each field with its bounds and the spec's code). What is left here is what a schema
 * cannot say: lengths once trimmed, and a decline needing a reason or a message. Each decision
 * module then takes its typed input; nothing here reads the database or the clock.
 */

export { DECLINE_REASONS } from './decisions.schemas.ts';

export type DeclineReason = (typeof DECLINE_REASONS)[number];

export interface OfferInput {
  rate: number;
  advancePct: number;
  days?: number;
  validDays?: number;
  notes?: string;
}

export interface DeclineInput {
  reason: DeclineReason | null;
  message: string | null;
  internalNote: string | null;
}

export interface FundInput {
  valueDate: string;
  reference: string;
  amountCents: number | null;
}

export interface SettleInput {
  amountCents: number;
  receivedAt: Date | null;
  reference: string | null;
  note: string | null;
  final: boolean;
}

export type DecisionInput =
  | { kind: 'offer'; offer: OfferInput }
  | { kind: 'decline'; decline: DeclineInput }
  | { kind: 'fund'; fund: FundInput }
  | { kind: 'settle'; settle: SettleInput };

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function readDecision(body: DecisionBody): DecisionInput {
  switch (body.decision) {
    case 'offer':
      return {
        kind: 'offer',
        offer: {
          rate: body.rate,
          advancePct: body.advance_pct,
          days: orUndefined(body.days),
          validDays: orUndefined(body.valid_days),
          notes: orUndefined(body.notes),
        },
      };
    case 'decline': {
      const message = body.notes?.trim() ? body.notes.trim() : null;
      const reason = body.reason ?? null;
      if (reason === null && message === null) {
        throw new ApiError(
          'reason_required',
          'A decline needs a reason, a message for the seller (notes), or both.',
        );
      }
      return { kind: 'decline', decline: { reason, message, internalNote: body.internal_note ?? null } };
    }
    case 'fund':
      // The schema bounds the length as sent; the reference must also say something once trimmed.
      if (body.reference.trim().length < 3) {
        throw new ApiError(
          'invalid_funding_details',
          'reference must be 3 to 140 characters, spaces aside.',
          {
            extra: { field: 'reference' },
          },
        );
      }
      return {
        kind: 'fund',
        fund: {
          valueDate: body.value_date,
          reference: body.reference.trim(),
          amountCents: body.amount === undefined || body.amount === null ? null : toCents(body.amount),
        },
      };
    case 'settle':
      return {
        kind: 'settle',
        settle: {
          amountCents: toCents(body.amount)!,
          receivedAt: body.received_at ? new Date(body.received_at) : null,
          reference: body.reference ?? null,
          note: body.note ?? null,
          final: body.final ?? false,
        },
      };
  }
}
