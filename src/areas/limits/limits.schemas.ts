import { type Static, type TSchema, Type } from 'typebox';
import {
  ERROR_CODE,
  Euros as EurosIn,
  Fields,
  Id,
  List,
  OneOf,
  OrNull,
  PATTERN_HINT,
  Text,
} from '../../platform/http/input.ts';
import { CursorParam, OptionalLimit, PageMarksFields, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import {
  DEBTOR_NAME_MAX,
  IMPORT_SOURCES,
  LIMIT_STATUSES,
  MAX_IMPORT_ROWS,
  NOTE_MAX,
  SOURCE_REF_MAX,
} from './limits.input.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Euros = Type.Number({ description: 'euros' });
const DateOnly = Type.String({ format: 'date' });
const Status = Type.Union([Type.Literal('active'), Type.Literal('refused'), Type.Literal('suspended')]);
/** Where a limit came from. */
export const LimitSource = Type.Union([
  Type.Literal('manual'),
  Type.Literal('api'),
  Type.Literal('import'),
  Type.Literal('insurer'),
]);
const FunderRef = Type.Object({ bank_id: Uuid, name: Type.String() });

const MarkedPaid = Type.Object(
  {
    invoice_id: Uuid,
    invoice_number: Type.String(),
    request_id: Uuid,
    request_ref: Type.String(),
    debtor_key: Type.String(),
    amount: Euros,
    outstanding: Type.Number({ description: 'euros not yet received by the funder' }),
    due_date: Nullable(DateOnly),
    seller_marked_paid_at: Timestamp,
    past_due: Type.Boolean({
      description: 'true keeps the book frozen until the funder records the payment',
    }),
  },
  {
    description:
      "An invoice of a funded request that the seller's software marks paid while the funder has not received it",
  },
);

/** Limit and exposure fields shared by debtor and seller lines. */
const ExposureFields = {
  limit_status: Nullable(Status),
  limit_amount: Nullable(Euros),
  limit_source: Nullable(LimitSource),
  limit_source_ref: Nullable(Type.String()),
  outstanding: Type.Number({
    description: 'face value of funded invoices less the payments the funder recorded, euros',
  }),
  committed: Type.Number({ description: 'face value of approved requests not yet funded, euros' }),
  offered: Type.Number({ description: 'face value of requests under a pending, unexpired offer, euros' }),
  exposure: Type.Number({ description: 'outstanding + committed + offered, euros' }),
  available: Nullable(
    Type.Number({ description: 'limit less exposure (negative when a limit was lowered below it)' }),
  ),
  overdue_count: Type.Integer({ minimum: 0, description: 'unpaid funded invoices past their due date' }),
  oldest_overdue: Nullable(DateOnly),
  frozen: Type.Boolean(),
  decided_at: Nullable(Timestamp),
  note: Nullable(Type.String()),
  seller_marked_paid: Type.Array(MarkedPaid),
};

export const DebtorExposure = Type.Object({
  debtor_key: Type.String({ description: '<country>:<tax id>' }),
  debtor_name: Nullable(Type.String()),
  debtor_country: Type.String(),
  debtor_tax_id: Type.String(),
  ...ExposureFields,
});

export const SellerExposure = Type.Object({
  seller_id: Uuid,
  seller_name: Type.String(),
  seller_nif: Type.String(),
  seller_country: Type.String(),
  ...ExposureFields,
});

export const DebtorBook = Type.Object({
  funder: FunderRef,
  currency: Type.Literal('EUR'),
  count: Type.Integer({ minimum: 0 }),
  debtors: Type.Array(DebtorExposure),
  ...PageMarksFields,
});

export const SellerBook = Type.Object({
  funder: FunderRef,
  currency: Type.Literal('EUR'),
  count: Type.Integer({ minimum: 0 }),
  sellers: Type.Array(SellerExposure),
  ...PageMarksFields,
});

/** A book's query: pages it had none of before (no `limit`: the whole book in one answer). */
export const BookQuery = Fields({ limit: OptionalLimit(500), cursor: CursorParam });

const DecidedBy = Type.Record(Type.String(), Type.String(), {
  description: 'who made the last change: the API key or the operations team',
});

/** How every limit answer ends: its last decision, its dates, then the exposure beside it. */
const DecisionAndFigures = {
  note: Nullable(Type.String()),
  decided_at: Timestamp,
  decided_by: DecidedBy,
  created_at: Timestamp,
  updated_at: Timestamp,
  outstanding: Euros,
  committed: Euros,
  offered: Euros,
  exposure: Euros,
  available: Nullable(Euros),
  frozen: Type.Boolean(),
};

export const DebtorLimit = Type.Object({
  debtor_key: Type.String(),
  debtor_country: Type.String(),
  debtor_tax_id: Type.String(),
  debtor_name: Nullable(Type.String()),
  amount: Nullable(Euros),
  status: Status,
  source: LimitSource,
  source_ref: Nullable(Type.String()),
  ...DecisionAndFigures,
});

export const SellerLimit = Type.Object({
  seller_id: Uuid,
  seller_name: Type.String(),
  seller_nif: Type.String(),
  seller_country: Type.String(),
  amount: Nullable(Euros),
  status: Status,
  source: LimitSource,
  ...DecisionAndFigures,
});

export const DebtorLimitAnswer = Type.Object({
  credit_limit: DebtorLimit,
  changed: Type.Boolean({ description: 'false when the limit on record was already exactly this' }),
});

export const SellerLimitAnswer = Type.Object({ seller_limit: SellerLimit, changed: Type.Boolean() });

const RowCodes = Type.Union([
  Type.Literal('invalid_amount'),
  Type.Literal('debtor_tax_id_required'),
  Type.Literal('duplicate_debtor'),
  Type.Literal('invalid_status'),
  Type.Literal('amount_required'),
  Type.Literal('invalid_country'),
  Type.Literal('row_invalid'),
  Type.Literal('invalid_limit'),
]);

const RowAnswer = Type.Object({
  row: Type.Integer({ minimum: 1 }),
  debtor_tax_id: Nullable(Type.String({ description: 'as sent' })),
  ok: Type.Boolean(),
  debtor_key: Type.Optional(Type.String()),
  status: Type.Optional(Status),
  amount: Type.Optional(Nullable(Euros)),
  changed: Type.Optional(Type.Boolean()),
  error: Type.Optional(RowCodes),
  detail: Type.Optional(Type.String()),
});

export const ImportAnswer = Type.Object({
  funder: FunderRef,
  import_id: Uuid,
  source: Type.Union([Type.Literal('import'), Type.Literal('insurer')]),
  source_ref: Nullable(Type.String()),
  received: Type.Integer(),
  written: Type.Integer({ description: 'rows accepted (including those identical to the limit on record)' }),
  changed: Type.Integer({ description: 'rows that changed a limit' }),
  refused: Type.Integer(),
  rows: Type.Array(RowAnswer),
});

const Country = (extra: Record<string, unknown>) =>
  Text({
    code: 'invalid_limit',
    extra,
    max: 2,
    pattern: '^[A-Za-z]{2}$',
    hint: 'must be an ISO 3166-1 alpha-2 code such as ES',
    description: 'ISO 3166-1 alpha-2; may be left out when the tax id is known in one country on your plane',
  });

const limitFields = {
  amount: Type.Optional(
    OrNull(
      EurosIn({ code: 'invalid_amount', description: 'Euros, 0 or more; required for an active limit' }),
    ),
  ),
  status: Type.Optional(
    OneOf(LIMIT_STATUSES, {
      code: 'invalid_limit',
      extra: { reason: 'invalid_status' },
      description: 'active (default), refused or suspended',
    }),
  ),
  note: Type.Optional(
    OrNull(Text({ code: 'invalid_limit', extra: { reason: 'row_invalid' }, max: NOTE_MAX })),
  ),
};

/** The debtor of a limit, as PUT /v1/credit-limits and every import row name it. */
const debtorFields = {
  debtor_tax_id: Text({
    code: 'debtor_tax_id_required',
    min: 1,
    max: 64,
    description: 'Spaces, dots, dashes and slashes are ignored; 2 to 32 letters and digits remain',
  }),
  debtor_country: Type.Optional(OrNull(Country({ reason: 'invalid_country' }))),
  debtor_name: Type.Optional(
    OrNull(Text({ code: 'invalid_limit', extra: { reason: 'row_invalid' }, max: DEBTOR_NAME_MAX })),
  ),
};

/** PUT /v1/credit-limits: one debtor limit; it replaces the limit on record (source api). */
export const DebtorLimitBody = Fields(
  { ...debtorFields, ...limitFields },
  { description: 'One debtor limit; it replaces the limit on record (source api).' },
);

/** An import row's amount: a number of euros, or the same written as digits (a spreadsheet cell). */
const ImportAmount = Type.Union(
  [
    EurosIn({ code: 'invalid_amount' }),
    Type.String({
      [ERROR_CODE]: 'invalid_amount',
      maxLength: 16,
      pattern: '^(\\d{1,13}(\\.\\d{1,2})?)?$',
      [PATTERN_HINT]: 'must be digits with at most two decimals after a point, such as "1250.50"',
    }),
    Type.Null(),
  ],
  {
    [ERROR_CODE]: 'invalid_amount',
    description:
      'Euros: a number, or digits with a decimal point ("1250.50"); empty text or null is no amount',
  },
);

/**
 * One import row: a limit as PUT /v1/credit-limits takes it, the amount also as text. Rows are
 * checked one by one against this schema (`itemChecker`), so a bad row is answered on its own
 * with the row code its field names (`reason`, else the field's own code).
 */
export const ImportRow = Fields(
  { ...debtorFields, ...limitFields, amount: Type.Optional(ImportAmount) },
  {
    description:
      'A limit row as PUT /v1/credit-limits takes it; amount may also be text such as "1250.50". Each row is checked and answered on its own.',
  },
);

const Rows = List(ImportRow, {
  perItem: true,
  code: 'rows_required',
  byKeyword: { maxItems: 'too_many_rows' },
  min: 1,
  max: MAX_IMPORT_ROWS,
});

export const ImportBody = Type.Union(
  [
    Fields({
      rows: Rows,
      source: Type.Optional(OneOf(IMPORT_SOURCES, { code: 'invalid_source', description: 'Default import' })),
      source_ref: Type.Optional(
        OrNull(
          Text({
            code: 'source_ref_invalid',
            byKeyword: { maxLength: 'source_ref_too_long' },
            min: 1,
            max: SOURCE_REF_MAX,
            description: 'Your reference for the file or policy',
          }),
        ),
      ),
    }),
    Rows,
  ],
  {
    description: `{rows, source, source_ref} or a bare array of rows (source import); 1 to ${MAX_IMPORT_ROWS} rows.`,
  },
);

/** PUT /v1/seller-limits: one seller limit; it replaces the limit on record (source api). */
export const SellerLimitBody = Fields(
  {
    seller_id: Id({ code: 'seller_id_required', description: 'As GET /v1/seller-limits gives it' }),
    ...limitFields,
  },
  { description: 'One seller limit; it replaces the limit on record (source api).' },
);

export type ImportBodyInput = Static<typeof ImportBody>;
export type ImportRowInput = Static<typeof ImportRow>;
export type DebtorLimitInputBody = Static<typeof DebtorLimitBody>;
export type SellerLimitInputBody = Static<typeof SellerLimitBody>;
