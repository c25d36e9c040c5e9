import { isIsoDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { toCents } from '../../platform/money.ts';
import {
  asBody,
  type Body,
  onlyKnown,
  optionalBoolean,
  optionalInteger,
  optionalNumber,
  optionalString,
} from '../../platform/validate.ts';

/*
 * The hand-written checks of the decision body, kept together in one module: each reads one
 * kind of decision from the raw body and answers its typed input, or refuses with the code the
 * spec names for the field. Nothing here reads the database or the clock.
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

export type DeclineReason = (typeof DECLINE_REASONS)[number];

const DECISIONS = ['offer', 'decline', 'fund', 'settle'] as const;
export type DecisionKind = (typeof DECISIONS)[number];

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

export function readDecision(rawBody: unknown): DecisionInput {
  const body = asBody(rawBody);
  const kind = body.decision;
  if (!(DECISIONS as readonly unknown[]).includes(kind)) {
    throw new ApiError('invalid_decision', `decision must be one of: ${DECISIONS.join(', ')}.`, {
      extra: { field: 'decision' },
    });
  }
  switch (kind as DecisionKind) {
    case 'offer':
      return { kind: 'offer', offer: readOffer(body) };
    case 'decline':
      return { kind: 'decline', decline: readDecline(body) };
    case 'fund':
      return { kind: 'fund', fund: readFund(body) };
    case 'settle':
      return { kind: 'settle', settle: readSettle(body) };
  }
}

function readOffer(body: Body): OfferInput {
  onlyKnown(body, ['decision', 'rate', 'advance_pct', 'days', 'notes', 'valid_days']);
  const rate = optionalNumber(body, 'rate', 'invalid_terms');
  const advancePct = optionalNumber(body, 'advance_pct', 'invalid_terms');
  for (const [field, value] of [
    ['rate', rate],
    ['advance_pct', advancePct],
  ] as const) {
    if (value === undefined)
      throw new ApiError('invalid_terms', `${field} is required.`, { extra: { field } });
    // Within float noise: 12.3456 * 10,000 is 123455.99999999999 in binary floating point.
    const scaled = value * 10_000;
    if (value <= 0 || value > 100 || Math.abs(scaled - Math.round(scaled)) > 1e-6) {
      throw new ApiError(
        'invalid_terms',
        `${field} must be above 0 and at most 100, with at most 4 decimals.`,
        {
          extra: { field },
        },
      );
    }
  }
  const days = optionalInteger(body, 'days', 'invalid_terms', { min: 1, max: 730 });
  const validDays = optionalInteger(body, 'valid_days', 'invalid_terms', { min: 1, max: 90 });
  const notes = optionalString(body, 'notes', 'invalid_terms', { max: 2000 });
  return { rate: rate!, advancePct: advancePct!, days, validDays, notes };
}

function readDecline(body: Body): DeclineInput {
  onlyKnown(body, ['decision', 'reason', 'notes', 'internal_note']);
  const reasonRaw = body.reason;
  if (
    reasonRaw !== undefined &&
    reasonRaw !== null &&
    !(DECLINE_REASONS as readonly unknown[]).includes(reasonRaw)
  ) {
    throw new ApiError('body_invalid', `reason must be one of: ${DECLINE_REASONS.join(', ')}.`, {
      extra: { field: 'reason' },
    });
  }
  const notes = optionalString(body, 'notes', 'body_invalid', { max: 2000 });
  const internalNote = optionalString(body, 'internal_note', 'body_invalid', { max: 2000 });
  const reason = (reasonRaw ?? null) as DeclineReason | null;
  const message = notes?.trim() ? notes.trim() : null;
  if (reason === null && message === null) {
    throw new ApiError(
      'reason_required',
      'A decline needs a reason, a message for the seller (notes), or both.',
    );
  }
  return { reason, message, internalNote: internalNote ?? null };
}

function readFund(body: Body): FundInput {
  onlyKnown(body, ['decision', 'value_date', 'reference', 'amount']);
  const valueDate = body.value_date;
  const reference = body.reference;
  if (typeof valueDate !== 'string' || !isIsoDate(valueDate)) {
    throw new ApiError('invalid_funding_details', 'value_date is required, as YYYY-MM-DD.', {
      extra: { field: 'value_date' },
    });
  }
  if (typeof reference !== 'string' || reference.trim().length < 3 || reference.length > 140) {
    throw new ApiError('invalid_funding_details', 'reference is required, 3 to 140 characters.', {
      extra: { field: 'reference' },
    });
  }
  let amountCents: number | null = null;
  if (body.amount !== undefined && body.amount !== null) {
    amountCents = typeof body.amount === 'number' ? toCents(body.amount) : null;
    if (amountCents === null || amountCents <= 0) {
      throw new ApiError('invalid_amount', 'amount must be a positive number of euros, exact to the cent.', {
        extra: { field: 'amount' },
      });
    }
  }
  return { valueDate, reference: reference.trim(), amountCents };
}

function readSettle(body: Body): SettleInput {
  onlyKnown(body, ['decision', 'amount', 'received_at', 'reference', 'note', 'final']);
  const amountCents = typeof body.amount === 'number' ? toCents(body.amount) : null;
  if (amountCents === null || amountCents <= 0) {
    throw new ApiError(
      'invalid_amount',
      'amount is required: a positive number of euros, exact to the cent.',
      {
        extra: { field: 'amount' },
      },
    );
  }
  let receivedAt: Date | null = null;
  if (body.received_at !== undefined && body.received_at !== null) {
    const parsed =
      typeof body.received_at === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(body.received_at)
        ? new Date(body.received_at)
        : null;
    if (!parsed || Number.isNaN(parsed.getTime())) {
      throw new ApiError('invalid_received_at', 'received_at must be an ISO 8601 date-time.', {
        extra: { field: 'received_at' },
      });
    }
    receivedAt = parsed;
  }
  const reference = optionalString(body, 'reference', 'body_invalid', { max: 140 });
  const note = optionalString(body, 'note', 'body_invalid', { max: 1000 });
  const final = optionalBoolean(body, 'final', 'body_invalid') ?? false;
  return { amountCents, receivedAt, reference: reference ?? null, note: note ?? null, final };
}
