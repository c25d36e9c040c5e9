import { Type } from 'typebox';
import { ERROR_CODE, Fields, KEYWORD_CODES, OneOf, OrNull, Text } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Match = Type.Object(
  {
    request_id: Uuid,
    request_ref: Type.String(),
    invoice_number: Nullable(Type.String()),
    method: Type.Union([Type.Literal('reference'), Type.Literal('amount_and_debtor')]),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { description: 'The funded request this credit most likely pays; nothing is settled until confirmed.' },
);

const Confirmation = Type.Object({
  request_id: Uuid,
  request_ref: Type.String(),
  invoice_number: Nullable(Type.String()),
  settlement_id: Uuid,
  confirmed_at: Timestamp,
});

export const StatementLine = Type.Object({
  line: Type.Integer({ minimum: 1, description: 'Number of the transaction in the statement, from 1' }),
  file_line: Nullable(Type.Integer({ description: 'Line of the file where the transaction starts' })),
  element: Nullable(Type.String({ description: 'CAMT.053: where the transaction sits in the XML' })),
  booking_date: Type.String({ format: 'date' }),
  booking_date_source: Type.Union(
    [
      Type.Literal('entry'),
      Type.Literal('statement_period'),
      Type.Literal('closing_balance'),
      Type.Literal('statement_created'),
    ],
    {
      description:
        "entry: the transaction's own date. Otherwise the entry had no booking nor value date and took the statement's: the end of its period (FrToDt), its closing balance's date, or its creation date (CreDtTm)",
    },
  ),
  value_date: Nullable(Type.String({ format: 'date' })),
  direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
  reversal: Type.Boolean({ description: 'The entry reverses an earlier one; never matched as a payment' }),
  entry_status: Nullable(Type.String({ description: 'CAMT.053 status: BOOK, PDNG or INFO' })),
  amount: Type.Number({ minimum: 0, description: 'Euros (or the line currency), always positive' }),
  currency: Type.String(),
  bank_reference: Nullable(Type.String({ description: "The bank's reference of the entry (AcctSvcrRef)" })),
  end_to_end_id: Nullable(Type.String()),
  remittance_text: Nullable(Type.String({ description: 'What the payer wrote (unstructured remittance)' })),
  creditor_reference: Nullable(Type.String({ description: 'Structured creditor reference, e.g. RF...' })),
  document_numbers: Type.Array(Type.String(), { description: 'Invoice numbers in structured remittance' }),
  counterparty_name: Nullable(Type.String()),
  counterparty_iban: Nullable(Type.String()),
  payment_candidate: Type.Boolean({
    description: 'A booked credit in euros that is not a reversal: the only lines matched',
  }),
  match: Nullable(Match),
  confirmation: Nullable(Confirmation),
});

export const StatementResult = Type.Object({
  id: Uuid,
  kind: Type.Union([Type.Literal('camt053'), Type.Literal('csv')]),
  version: Nullable(Type.String({ description: 'camt.053.001.02 to .08; null for CSV' })),
  file_name: Nullable(Type.String()),
  sha256: Type.String({ description: 'SHA-256 of the file bytes: the same file is imported once' }),
  size_bytes: Type.Integer(),
  imported_at: Timestamp,
  bank_statement_ids: Type.Array(Type.String(), { description: 'CAMT.053 Stmt/Id values' }),
  account: Type.Object({ iban: Nullable(Type.String()), currency: Nullable(Type.String()) }),
  csv_layout: Nullable(
    Type.Object(
      {
        delimiter: Type.String(),
        decimal_separator: Type.String(),
        date_format: Type.String(),
        header_line: Type.Integer(),
        columns: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())])),
      },
      { description: 'How the CSV was read (null for CAMT.053)' },
    ),
  ),
  first_booking_date: Type.String({ format: 'date' }),
  last_booking_date: Type.String({ format: 'date' }),
  currency: Type.Literal('EUR'),
  line_count: Type.Integer(),
  credit_count: Type.Integer(),
  debit_count: Type.Integer(),
  reversal_count: Type.Integer(),
  candidate_count: Type.Integer({ description: 'Lines matched against your funded requests' }),
  matched_count: Type.Integer(),
  unmatched_count: Type.Integer(),
  total_credited: Type.Number({ description: 'Sum of the credit lines in euros' }),
  total_debited: Type.Number({ description: 'Sum of the debit lines in euros' }),
  lines: Type.Array(StatementLine),
});

export const ConfirmResult = Type.Object({
  statement_id: Uuid,
  line: StatementLine,
  settlement: Type.Object({
    request_id: Uuid,
    settlement_id: Uuid,
    amount: Type.Number(),
    received_at: Timestamp,
    reference: Nullable(Type.String()),
    final: Type.Boolean(),
    settled_amount: Type.Number(),
    remaining_amount: Type.Number(),
    status: Type.String(),
  }),
});

export const LineParams = Type.Object({ id: Uuid, line: Type.Integer({ minimum: 1, maximum: 1_000_000 }) });
export const ConfirmBody = Type.Object(
  { request_id: Type.Optional(Nullable(Uuid)) },
  { additionalProperties: false },
);

export const RawFile = Type.Unsafe<Buffer>({ format: 'binary', description: 'The statement file itself' });
export const JsonFile = Fields(
  {
    file_name: Type.Optional(
      OrNull(Text({ min: 1, max: 255, description: 'The file name, for your records' })),
    ),
    kind: Type.Optional(
      OrNull(OneOf(['camt053', 'csv'] as const, { description: 'Detected when left out' })),
    ),
    content_base64: Type.Union([Type.String({ [ERROR_CODE]: 'file_unreadable' }), Type.Null()], {
      [ERROR_CODE]: 'file_required',
      [KEYWORD_CODES]: { anyOf: 'file_unreadable' },
      description: 'The statement file, base64-encoded',
    }),
  },
  { description: 'The statement as JSON' },
);
