import { Type } from 'typebox';
import { DateText, Euros, Fields, Id, Int, OneOf, Reason, Text } from '../../platform/http/input.ts';
import { CursorParam, PageMarksFields, Timestamp, Uuid } from '../../platform/http/schemas.ts';

/** The statuses a reader sees: the stored ones, and `overdue` for paid ones past maturity. */
export const SHOWN_STATUSES = [
  'released',
  'accepted',
  'paid',
  'overdue',
  'repaid',
  'declined',
  'withdrawn',
] as const;
export type ShownStatus = (typeof SHOWN_STATUSES)[number];

const Money = Type.Number({ description: 'Euros' });
const Party = Type.Object({ name: Type.String(), tax_id: Type.String(), country: Type.String() });

export const EarlyPayment = Type.Object({
  id: Uuid,
  status: OneOf(SHOWN_STATUSES, {
    description:
      'released (offered to the supplier with you as its funder), accepted (the supplier took it: yours to pay), paid (you paid the supplier early), overdue (paid, past maturity, not all repaid), repaid (the buyer repaid you in full), declined (by the supplier), withdrawn (by the buyer before payment)',
  }),
  invoice: Type.Object({
    id: Uuid,
    number: Type.String(),
    issue_date: Type.String({ format: 'date' }),
    due_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  }),
  buyer: Party,
  supplier: Type.Object({ seller_id: Uuid, ...Party.properties }),
  amount_due: Type.Number({ description: 'What the buyer repays you at maturity: the invoice’s face value' }),
  offered_amount: Type.Number({ description: 'What the supplier is offered to receive early' }),
  maturity_date: Type.String({ format: 'date', description: 'When the buyer repays' }),
  released_at: Timestamp,
  accepted_at: Type.Union([Timestamp, Type.Null()]),
  paid: Type.Union([
    Type.Object({
      amount: Money,
      value_date: Type.String({ format: 'date' }),
      reference: Type.String(),
      recorded_at: Timestamp,
    }),
    Type.Null(),
  ]),
  repaid_amount: Money,
  outstanding: Type.Number({
    description: 'Paid and not yet repaid: amount_due less repaid_amount; 0 otherwise',
  }),
  repayments: Type.Array(
    Type.Object({
      amount: Money,
      value_date: Type.String({ format: 'date' }),
      reference: Type.String(),
      recorded_at: Timestamp,
    }),
  ),
  closed_at: Type.Union([Timestamp, Type.Null()]),
  close_reason: Type.Union([Type.String(), Type.Null()]),
});

const Totals = Type.Object({ count: Type.Integer({ minimum: 0 }), amount_due: Money, outstanding: Money });

export const EarlyPaymentList = Type.Object({
  count: Type.Integer({ minimum: 0, description: 'Early payments in this answer' }),
  totals: Type.Record(Type.String(), Totals, {
    description: 'Every one of your early payments counted by status (not only those listed)',
  }),
  early_payments: Type.Array(EarlyPayment),
  ...PageMarksFields,
});

export const EarlyPaymentQuery = Fields({
  status: Type.Optional(OneOf(SHOWN_STATUSES, { code: 'status_invalid' })),
  limit: Type.Optional(
    Int({ min: 1, max: 200, default: 50, description: '1 to 200, default 50, newest first' }),
  ),
  cursor: CursorParam,
});

const Reference = Text({
  code: 'invalid_payment_details',
  min: 1,
  max: 140,
  description: 'Your payment reference (the transfer’s end-to-end id, for example)',
});

export const PaidBody = Fields({
  amount: Euros({
    code: 'invalid_amount',
    positive: true,
    description: 'What you paid the supplier; at most the amount due',
  }),
  value_date: DateText({
    code: 'invalid_payment_details',
    description: 'The transfer’s value date: not before the supplier accepted, not after today',
  }),
  reference: Reference,
});

export const RepaymentBody = Fields({
  amount: Euros({
    code: 'invalid_amount',
    positive: true,
    description: 'What the buyer repaid; repayments add up to at most the amount due',
  }),
  value_date: DateText({ code: 'invalid_payment_details', description: 'Not after today' }),
  reference: Reference,
});

// The operations API and the sandbox helpers playing the buyer and the supplier.

export const ReleaseBody = Fields({
  bank_id: Id({ description: 'The funder that pays the supplier early' }),
  invoice_id: Id({ description: 'The buyer-approved invoice; its due date is the maturity' }),
  offered_amount: Type.Optional(
    Euros({ code: 'invalid_amount', positive: true, description: 'Default: the face value' }),
  ),
});

export const AnswerBody = Fields({ reason: Type.Optional(Reason('Why, kept with the answer')) });

export const SandboxEarlyPaymentBody = Fields({
  amount: Type.Optional(
    Euros({ code: 'invalid_amount', positive: true, description: 'Face value, default 12,000' }),
  ),
  offered_amount: Type.Optional(
    Euros({ code: 'invalid_amount', positive: true, description: 'Default: 98% of it' }),
  ),
  due_in_days: Type.Optional(Int({ min: 1, max: 365, description: 'Maturity, days from today; default 60' })),
});
