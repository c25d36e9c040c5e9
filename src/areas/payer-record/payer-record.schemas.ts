import { type Static, type TSchema, Type } from 'typebox';
import { DateText, Euros, Fields, List, OneOf, OrNull, Text } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { INVOICE_NUMBER_MAX } from '../parties/parties.module.ts';

/** One load of the operations API: at most this many lines, written in one statement. */
export const LEDGER_LINES_MAX = 5_000;

/**
 * One line of a supplier's ledger. Lines are checked one by one against this schema
 * (`itemChecker`): the first bad one refuses the whole load with line_invalid, its number and
 * the field. Dates against today and each other are the service's rules.
 */
export const LedgerLine = Fields(
  {
    invoice_number: Text({ code: 'line_invalid', min: 1, max: INVOICE_NUMBER_MAX }),
    amount: Euros({
      code: 'line_invalid',
      positive: true,
      description: 'Euros above 0, exact to the cent (credit notes are not loaded)',
    }),
    issue_date: DateText({ code: 'line_invalid', description: 'Not later than today' }),
    due_date: Type.Optional(
      OrNull(DateText({ code: 'line_invalid', description: 'On or after issue_date' })),
    ),
    paid_date: Type.Optional(
      OrNull(DateText({ code: 'line_invalid', description: 'Between issue_date and today' })),
    ),
  },
  { code: 'line_invalid', unknownCode: 'line_invalid', description: 'One invoice of the ledger' },
);

export const LedgerBody = Fields({
  plane: OneOf(['live', 'demo'] as const),
  buyer_country: Text({ min: 2, max: 2, pattern: '^[A-Za-z]{2}$', hint: 'must be two letters such as ES' }),
  buyer_tax_id: Text({ min: 1, max: 64 }),
  supplier_key: Text({ min: 1, max: 64, description: 'COUNTRY:TAXID' }),
  lines: List(LedgerLine, {
    perItem: true,
    min: 1,
    max: LEDGER_LINES_MAX,
    byKeyword: { maxItems: 'too_many_lines' },
    description: `1 to ${LEDGER_LINES_MAX} lines; the first bad line refuses the load (line_invalid)`,
  }),
});

export type LedgerLoadInput = Static<typeof LedgerBody>;
export type LedgerLineInput = Static<typeof LedgerLine>;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PayerRecord = Type.Object(
  {
    debtor_key: Type.String({ description: 'COUNTRY:TAXID of the buyer' }),
    country: Type.String(),
    tax_id: Type.String(),
    status: Type.Union([Type.Literal('published'), Type.Literal('insufficient_observers')], {
      description: 'published with at least three observing suppliers; otherwise every figure is null',
    }),
    observers: Nullable(Type.Integer({ description: 'Distinct suppliers with a line in the window' })),
    invoice_count: Nullable(Type.Integer()),
    avg_days_to_pay: Nullable(Type.Number()),
    median_days_to_pay: Nullable(Type.Number()),
    on_time_pct: Nullable(Type.Number()),
    avg_settle_delay_days: Nullable(Type.Number({ description: 'Days from due date to payment' })),
    median_settle_delay_days: Nullable(Type.Number()),
    p75_settle_delay_days: Nullable(Type.Number()),
    worst_settle_delay_days: Nullable(Type.Integer()),
    open_count: Nullable(Type.Integer()),
    open_amount: Nullable(Type.Number()),
    overdue_count: Nullable(Type.Integer()),
    overdue_amount: Nullable(Type.Number()),
    window_from: Nullable(Type.String({ format: 'date', description: 'Lines issued from this date' })),
    refreshed_at: Nullable(Timestamp),
  },
  { description: 'Aggregates of how a buyer pays the suppliers connected to the service' },
);

/** `GET /v1/payer-record`: the buyer asked for. */
export const PayerRecordQuery = Type.Object(
  {
    tax_id: Type.Optional(Type.String({ description: 'The buyer’s tax number (required)' })),
    country: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  },
  { additionalProperties: false },
);

export const PayerRecordAnswer = Type.Object({
  funder: Type.Object({ bank_id: Uuid, name: Type.String() }),
  payer_record: Nullable(PayerRecord),
});
