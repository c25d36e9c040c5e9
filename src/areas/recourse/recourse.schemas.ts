import { Type } from 'typebox';
import { DateText, Euros, Fields, OneOf, Reason, Text } from '../../platform/http/input.ts';
import { CursorParam, OptionalLimit, PageMarksFields, Timestamp, Uuid } from '../../platform/http/schemas.ts';

export const CLAIM_KINDS = ['recourse', 'debtor_default'] as const;
export const CLAIM_STATUSES = ['open', 'settled', 'withdrawn', 'written_off'] as const;
export const CLOSE_STATUSES = ['withdrawn', 'written_off'] as const;
export const RECOURSE_TYPES = ['with', 'without', 'not_recorded'] as const;

const Money = (description: string) => Type.Number({ description: `${description} (euros)` });
const Day = (description: string) => Type.String({ format: 'date', description });

export const Claim = Type.Object({
  claim_id: Uuid,
  kind: OneOf(CLAIM_KINDS, {
    description:
      'recourse: the seller owes you (terms with recourse); debtor_default: the debtor did not pay and you bear it (terms without recourse)',
  }),
  status: OneOf(CLAIM_STATUSES),
  request_id: Uuid,
  request_ref: Type.String(),
  seller: Type.Object({ seller_id: Uuid, name: Type.String() }),
  claim_amount: Money(
    'recourse: amount_advanced plus fees less collected; debtor_default: what the debtor still owed when it opened',
  ),
  amount_advanced: Money('What you paid the seller when funding'),
  fees: Money('The fee recorded on the request: the accepted offer’s rate applied to the amount advanced'),
  collected: Money('What you had recorded as received on the request when the claim opened'),
  paid_since_opened: Money('Payments recorded on the request since the claim opened'),
  remaining: Money('claim_amount less paid_since_opened while open (never below 0); 0 once closed'),
  pay_to_iban: Type.Union([Type.String(), Type.Null()], {
    description:
      'Where the seller pays: the account of your latest imported bank statement; null while you have imported none',
  }),
  pay_reference: Type.String({
    description:
      'The reference the payer quotes: the request’s ISO 11649 creditor reference, which statement matching recognises',
  }),
  due_date: Day('The earliest due date among the request’s invoices'),
  recourse_days: Type.Integer({ minimum: 1, description: 'The claim rule of the request’s terms' }),
  opens_on: Day('due_date plus recourse_days: the Madrid date the claim opened'),
  opened_at: Timestamp,
  closed_at: Type.Union([Timestamp, Type.Null()]),
  settled_by: Type.Union([Type.Literal('recourse'), Type.Literal('request_settled'), Type.Null()], {
    description:
      'recourse: payments since it opened covered it and the request closed as settled by recourse; request_settled: the request settled the ordinary way',
  }),
  close_reason: Type.Union([Type.String(), Type.Null()], {
    description: 'Your reason when you withdrew or wrote it off',
  }),
});

const Group = Type.Object({
  requests: Type.Integer({ minimum: 0, description: 'Funded factoring requests not settled' }),
  face_value_outstanding: Money('Their invoices’ face value less what you recorded as received'),
  amount_advanced: Money('What you advanced on them'),
  with_claim_rule: Type.Integer({ minimum: 0, description: 'Those whose terms set recourse_days' }),
  confidential: Type.Integer({ minimum: 0, description: 'Those routed under confidential terms' }),
});

const ByStatus = Type.Object({
  open: Type.Integer({ minimum: 0 }),
  settled: Type.Integer({ minimum: 0 }),
  withdrawn: Type.Integer({ minimum: 0 }),
  written_off: Type.Integer({ minimum: 0 }),
});

export const Recourse = Type.Object({
  funder: Type.Object({ bank_id: Uuid, name: Type.String() }),
  currency: Type.Literal('EUR'),
  requests_by_recourse: Type.Object(
    { with: Group, without: Group, not_recorded: Group },
    {
      description:
        'Your funded factoring requests counted by the recourse of the terms they were routed under; not_recorded: routed before terms were recorded (2026-09-28)',
    },
  ),
  claims_by_kind: Type.Object(
    { recourse: ByStatus, debtor_default: ByStatus },
    { description: 'Every claim of yours counted by kind and status, whatever the filter' },
  ),
  count: Type.Integer({ minimum: 0, description: 'Claims in this answer' }),
  claims: Type.Array(Claim, { description: 'Open claims first, then the newest' }),
  ...PageMarksFields,
});

export const RecourseQuery = Fields({
  status: Type.Optional(
    OneOf(CLAIM_STATUSES, {
      code: 'status_invalid',
      description: 'Only claims in this status; absent: every claim',
    }),
  ),
  limit: OptionalLimit(200),
  cursor: CursorParam,
});

export const CloseBody = Fields(
  {
    status: OneOf(CLOSE_STATUSES, {
      code: 'status_invalid',
      description: 'withdrawn (a recourse claim) or written_off (a debtor default)',
    }),
    reason: Reason(),
  },
  { description: 'How the claim closes, and why' },
);

export const CloseResult = Type.Object({ claim_id: Uuid, status: OneOf(CLOSE_STATUSES) });

/** A seller's repayment under recourse, recorded by the operations team or a sandbox helper. */
export const RepaymentBody = Fields({
  amount: Euros({
    code: 'invalid_amount',
    positive: true,
    description: 'What the seller paid; repayments add up to at most what remains of the claim',
  }),
  value_date: DateText({
    code: 'invalid_payment_details',
    description: 'The transfer’s value date: not before the claim opened, not after today',
  }),
  reference: Text({
    code: 'invalid_payment_details',
    min: 1,
    max: 140,
    description: 'The transfer’s reference',
  }),
});

export const SandboxRepaymentBody = Fields({
  amount: Type.Optional(
    Euros({ code: 'invalid_amount', positive: true, description: 'Default: what remains of the claim' }),
  ),
});

export const RepaymentResult = Type.Object({
  claim: Claim,
  settlement_id: Uuid,
  amount: Money('The repayment recorded'),
  request_status: Type.String({ description: 'funded, or settled once the claim is covered' }),
});
