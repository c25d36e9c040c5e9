import { type TSchema, Type } from 'typebox';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateOnly = Type.String({ format: 'date' });

export const DebtorLevelSchema = Type.Union([
  Type.Literal('notice'),
  Type.Literal('account'),
  Type.Literal('books'),
  Type.Literal('buyer'),
]);
export const GradeSchema = Type.Union([
  Type.Literal('A'),
  Type.Literal('B'),
  Type.Literal('C'),
  Type.Literal('D'),
  Type.Literal('E'),
]);
export const PaymentPeriodSourceSchema = Type.Union([Type.Literal('dgal_pmp'), Type.Literal('hacienda_pmp')]);

export const DebtorScore = Type.Object({
  grade: GradeSchema,
  score_100: Type.Integer({ minimum: 0, maximum: 100 }),
  computed_at: Timestamp,
  model_version: Type.String(),
});

export const PublicPaymentPeriod = Type.Object({
  days: Type.Number({ description: 'Average days the public body takes to pay in the period' }),
  period_end: DateOnly,
  source: PaymentPeriodSourceSchema,
  entity_name: Type.String(),
});

const PairHistory = Type.Object(
  {
    invoices: Type.Integer(),
    settled: Type.Integer({ description: 'Marked paid in the seller’s own books' }),
    open: Type.Integer(),
    overdue: Type.Integer({ description: 'Open past the due date stated on the invoice' }),
    with_due_date: Type.Integer(),
    first_invoice: Nullable(DateOnly),
    last_invoice: Nullable(DateOnly),
    avg_days_to_pay: Nullable(Type.Number()),
    median_days_to_pay: Nullable(Type.Number()),
    on_time_pct: Nullable(Type.Number()),
    share_of_sales_pct: Nullable(Type.Number()),
  },
  { description: 'The seller’s invoices to this debtor issued in the last 36 months' },
);

const CreditLimit = Type.Object({
  amount: Nullable(Type.Number()),
  status: Type.Union([Type.Literal('active'), Type.Literal('refused'), Type.Literal('suspended')]),
  source: Type.Union([
    Type.Literal('manual'),
    Type.Literal('api'),
    Type.Literal('import'),
    Type.Literal('insurer'),
  ]),
  source_ref: Nullable(Type.String()),
  exposure: Type.Number({ description: 'Outstanding plus committed plus offered, euros' }),
});

export const DebtorInfo = Type.Object({
  debtor_key: Type.String({ description: 'COUNTRY:TAXID' }),
  debtor_country: Type.String(),
  debtor_name: Nullable(Type.String()),
  level: DebtorLevelSchema,
  level_since: Nullable(Timestamp),
  buyer_programme: Type.Boolean(),
  score: Nullable(DebtorScore),
  pair_history: PairHistory,
  public_payment_period: Nullable(PublicPaymentPeriod),
  credit_limit: Nullable(CreditLimit),
});

export const DebtorInfoList = Type.Object({
  funder: Type.Object({ bank_id: Uuid, name: Type.String() }),
  request_id: Uuid,
  count: Type.Integer(),
  debtors: Type.Array(DebtorInfo),
});

/* The operations team's bodies and answers. */

export const ProfileBody = Type.Object(
  {
    level: DebtorLevelSchema,
    level_since: Type.Optional(Type.Union([Timestamp, Type.Null()])),
    shares_data: Type.Boolean(),
    score: Type.Optional(
      Type.Object(
        {
          grade: GradeSchema,
          score_100: Type.Integer({ minimum: 0, maximum: 100 }),
          computed_at: Timestamp,
          model_version: Type.String({ minLength: 1, maxLength: 64 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const ProfileAnswer = Type.Object({
  debtor_id: Uuid,
  debtor_key: Type.String(),
  plane: Type.String(),
  level: DebtorLevelSchema,
  level_since: Type.Union([Timestamp, Type.Null()]),
  shares_data: Type.Boolean(),
  updated_at: Timestamp,
  score: Type.Union([DebtorScore, Type.Null()]),
  changed: Type.Boolean(),
});

export const PaymentPeriodBody = Type.Object(
  {
    days: Type.Number({ minimum: -30, maximum: 3650 }),
    period_end: Type.String({ format: 'date' }),
    source: PaymentPeriodSourceSchema,
    entity_name: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const PaymentPeriodAnswer = Type.Object({
  debtor_id: Uuid,
  debtor_key: Type.String(),
  public_payment_period: Type.Union([PublicPaymentPeriod, Type.Null()]),
});
