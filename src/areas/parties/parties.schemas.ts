import { type TSchema, Type } from 'typebox';
import { Open } from '../../platform/events.ts';
import { Euros, SAFE_TEXT, Text } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { EMAIL_MAX, EMPLOYEES_MAX, INVOICE_NUMBER_MAX, NAME_MAX, TAX_ID_MAX } from './parties.rules.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PlaneSchema = Type.Union([Type.Literal('live'), Type.Literal('demo')]);
export const VerificationStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('lapsed'),
]);
export const InvoiceSourceSchema = Type.Union([
  Type.Literal('erp'),
  Type.Literal('e_invoice'),
  Type.Literal('saft'),
  Type.Literal('upload'),
]);
export const DateOnly = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

const Name = Text({ min: 1, max: NAME_MAX });
const TaxId = Text({
  min: 1,
  max: TAX_ID_MAX,
  description:
    'Stored in capitals without spaces, dots, dashes or slashes; 2 to 32 letters and digits remain',
});
const Country = Text({
  max: 2,
  pattern: '^[A-Za-z]{2}$',
  hint: 'must be an ISO 3166-1 alpha-2 code such as ES',
  description: 'ISO 3166-1 alpha-2; stored in capitals',
});

// Bodies

export const SellerCreateBody = Type.Object(
  {
    plane: PlaneSchema,
    name: Name,
    tax_id: TaxId,
    country: Country,
    verification_status: Type.Optional(VerificationStatusSchema),
    founded_on: Type.Optional(nullable(DateOnly)),
    annual_revenue: Type.Optional(nullable(Euros({ description: 'Euros, exact to the cent' }))),
    employees: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: EMPLOYEES_MAX }))),
    sector: Type.Optional(
      nullable(Type.String({ pattern: '^[A-Ua-u]$', description: 'NACE Rev. 2 section letter, A to U' })),
    ),
    email: Type.Optional(
      nullable(Type.String({ format: 'email', maxLength: EMAIL_MAX, pattern: SAFE_TEXT })),
    ),
  },
  { additionalProperties: false },
);

export const VerificationBody = Type.Object(
  {
    status: VerificationStatusSchema,
    reason: Type.Optional(nullable(Text({ min: 1, max: 500 }))),
  },
  { additionalProperties: false },
);

export const DebtorCreateBody = Type.Object(
  {
    plane: PlaneSchema,
    name: Name,
    tax_id: TaxId,
    country: Country,
    is_public_body: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** An invoice's amount: euros above 0, exact to the cent, within the one bound of platform/money.ts. */
export const InvoiceAmount = Euros({ positive: true, description: 'Euros above 0, exact to the cent' });

export const InvoiceCreateBody = Type.Object(
  {
    seller_id: Uuid,
    debtor_id: Uuid,
    number: Text({ min: 1, max: INVOICE_NUMBER_MAX }),
    amount: InvoiceAmount,
    issue_date: DateOnly,
    due_date: Type.Optional(nullable(DateOnly)),
    source: InvoiceSourceSchema,
  },
  { additionalProperties: false },
);

export const SellerPaidBody = Type.Object(
  {
    paid_at: nullable(Timestamp),
  },
  { additionalProperties: false },
);

// Answers

export const SellerSchema = Type.Object({
  id: Uuid,
  plane: PlaneSchema,
  name: Type.String(),
  tax_id: Type.String(),
  country: Type.String(),
  verification_status: VerificationStatusSchema,
  founded_on: nullable(DateOnly),
  annual_revenue: nullable(Type.Number()),
  employees: nullable(Type.Integer()),
  sector: nullable(Type.String()),
  email: nullable(Type.String()),
  created_at: Timestamp,
});

export const DebtorSchema = Type.Object({
  id: Uuid,
  plane: PlaneSchema,
  debtor_key: Type.String({ description: '<country>:<tax id>, how funders name the debtor' }),
  name: Type.String(),
  tax_id: Type.String(),
  country: Type.String(),
  is_public_body: Type.Boolean(),
  created_at: Timestamp,
});

export const InvoiceSchema = Type.Object({
  id: Uuid,
  plane: PlaneSchema,
  seller_id: Uuid,
  debtor_id: Uuid,
  number: Type.String(),
  amount: Type.Number(),
  currency: Type.Literal('EUR'),
  issue_date: DateOnly,
  due_date: nullable(DateOnly),
  source: InvoiceSourceSchema,
  seller_marked_paid_at: nullable(Timestamp),
  created_at: Timestamp,
});

export const SellerScoreSchema = Type.Object({
  score: Type.Integer({ minimum: 300, maximum: 850 }),
  grade: Type.Union([
    Type.Literal('A'),
    Type.Literal('B'),
    Type.Literal('C'),
    Type.Literal('D'),
    Type.Literal('E'),
  ]),
  model_version: Type.String(),
  computed_at: Timestamp,
  dimensions: Type.Array(
    Type.Object({
      code: Type.String(),
      label: Type.String(),
      value: Type.Integer({ minimum: 0, maximum: 100 }),
      weight: Type.Integer({ minimum: 0, maximum: 100 }),
    }),
  ),
});

/** A company as events show it (a notice's debtor, an early payment's buyer): open, as event data is. */
export const PartyInEvents = Open({ name: Type.String(), tax_id: Type.String(), country: Type.String() });
