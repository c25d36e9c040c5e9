import { Type } from 'typebox';
import { DateText, Euros, Fields, List, Reason, Text } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';

/** How many invoices one look-up may ask about. */
export const LOOKUP_MAX = 500;

const Country = Text({
  code: 'country_invalid',
  min: 2,
  max: 2,
  pattern: '^[A-Za-z]{2}$',
  hint: 'two letters (ISO 3166-1 alpha-2)',
  description: 'ISO 3166-1 alpha-2 country of the tax number',
});

const TaxId = Text({
  min: 2,
  max: 40,
  pattern: '^[A-Za-z0-9 ./-]+$',
  hint: 'letters and digits; spaces, dots, dashes and slashes are dropped',
  description:
    'The tax number as printed on the invoice; compared in capitals without spaces, dots, dashes or slashes',
});

const Party = (who: string) =>
  Fields({ country: Country, tax_id: TaxId }, { description: `The ${who}: country and tax number` });

export const RegistryInvoice = Fields(
  {
    seller: Party('seller (the invoice’s issuer)'),
    debtor: Party('debtor (the invoice’s addressee)'),
    number: Text({
      min: 1,
      max: 64,
      description:
        'The invoice number; compared in capitals without spaces, dots, dashes or slashes ("FV-2026/001" matches "fv 2026 001")',
    }),
    issue_date: Type.Optional(DateText({ description: 'When given, the issue date must match too' })),
    amount: Type.Optional(
      Euros({
        code: 'invalid_amount',
        positive: true,
        description: 'When given, the face value must match too',
      }),
    ),
    ref: Type.Optional(
      Text({ min: 1, max: 64, description: 'Your own reference for this line, given back with its answer' }),
    ),
  },
  { description: 'One invoice to check' },
);

export const RegistryLookupBody = Fields(
  {
    invoices: List(RegistryInvoice, {
      min: 1,
      max: LOOKUP_MAX,
      description: `1 to ${LOOKUP_MAX} invoices; each is answered on its own, in the order sent`,
    }),
  },
  { description: 'The invoices to check' },
);

export const RegistryLookupAnswer = Type.Object({
  lookup_id: Uuid,
  checked_at: Timestamp,
  count: Type.Integer({ minimum: 1, maximum: LOOKUP_MAX }),
  assigned_count: Type.Integer({ minimum: 0, maximum: LOOKUP_MAX }),
  query_sha256: Type.String({
    pattern: '^[0-9a-f]{64}$',
    description: 'SHA-256 of the normalised questions, as kept on the evidence chain',
  }),
  results: Type.Array(
    Type.Object({
      index: Type.Integer({ minimum: 0, description: 'Position of the invoice in the body, from 0' }),
      ref: Type.Union([Type.String(), Type.Null()], { description: 'Your reference, when you sent one' }),
      assigned: Type.Boolean({
        description: 'true: an invoice with these details is assigned to a funder of the service now',
      }),
    }),
  ),
});

const Counts = Type.Object({
  lookups: Type.Integer({ minimum: 0 }),
  invoices: Type.Integer({ minimum: 0, description: 'Invoices asked about' }),
  assigned: Type.Integer({ minimum: 0, description: 'Of them, answered assigned' }),
  last_lookup_at: Type.Union([Timestamp, Type.Null()]),
});

export const RegistryStatus = Type.Object({
  status: Type.Union([Type.Literal('open'), Type.Literal('closed')], {
    description: 'closed: look-ups answer 403 registry_not_open (live plane until the service opens it)',
  }),
  environment: Type.Union([Type.Literal('live'), Type.Literal('sandbox')]),
  max_invoices_per_lookup: Type.Integer(),
  your_lookups: Type.Object(
    { total: Counts, last_30_days: Counts },
    { description: 'Your own look-ups on this plane' },
  ),
});

export const RegistryChangeBody = Fields(
  { reason: Reason() },
  { description: 'Why the registry opens or closes' },
);

export const RegistryOpsState = Type.Object({
  plane: Type.Literal('live'),
  status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  changed: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
  changed_at: Type.Union([Timestamp, Type.Null()]),
  lookups_by_funder: Type.Array(
    Type.Object({
      bank_id: Uuid,
      lookups: Type.Integer({ minimum: 0 }),
      invoices: Type.Integer({ minimum: 0 }),
      assigned: Type.Integer({ minimum: 0 }),
      last_lookup_at: Type.Union([Timestamp, Type.Null()]),
    }),
  ),
});
