import { Type } from 'typebox';
import { DateText, Fields, Flag, Id, Int, OneOf, Text } from '../../platform/http/input.ts';
import { CursorParam, PageMarksFields, Timestamp, Uuid } from '../../platform/http/schemas.ts';

/** Lines per page (docs/decisions/opportunities.md). */
export const LINES_DEFAULT = 500;
export const LINES_MAX = 1000;

export const OpportunitiesQuery = Fields({
  date: Type.Optional(
    DateText({ description: 'A Madrid calendar date, YYYY-MM-DD; absent: the latest digest published' }),
  ),
  limit: Type.Optional(
    Int({
      min: 1,
      max: LINES_MAX,
      default: LINES_DEFAULT,
      description: `Lines per page, 1 to ${LINES_MAX}, default ${LINES_DEFAULT}`,
    }),
  ),
  offset: Type.Optional(
    Int({
      min: 0,
      max: 10_000_000,
      default: 0,
      description: 'Lines to skip (the `next` path carries it); default 0',
    }),
  ),
  cursor: CursorParam,
});

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Count = Type.Integer({ minimum: 0 });
const Money = Type.Number({ minimum: 0, description: 'Euros' });

export type LineReason = 'requested' | 'cancelled' | 'removed' | 'left_programme' | 'not_shared' | 'rules';
export type SizeBand = 'micro' | 'small' | 'medium' | 'large';

export const OpportunityLine = Type.Object({
  kind: Type.Union(
    [Type.Literal('new'), Type.Literal('paid'), Type.Literal('disputed'), Type.Literal('no_longer_eligible')],
    {
      description:
        'new: eligible now and not in the last snapshot; paid: the seller marked it paid; disputed: an open dispute; no_longer_eligible: see reason',
    },
  ),
  reason: nullable(
    Type.Union(
      [
        Type.Literal('requested'),
        Type.Literal('cancelled'),
        Type.Literal('removed'),
        Type.Literal('left_programme'),
        Type.Literal('not_shared'),
        Type.Literal('rules'),
      ],
      {
        description:
          'Only for no_longer_eligible: requested (now in a funding request), cancelled or removed (left the client’s ledger), left_programme (no longer your client), not_shared (the client stopped sharing), rules (your rules no longer hold)',
      },
    ),
  ),
  invoice_id: Uuid,
  number: Type.String(),
  debtor: Type.Object({ name: Type.String(), tax_id: Type.String(), country: Type.String() }),
  amount: Type.Number({ minimum: 0, description: 'Euros still owed (0 once paid)' }),
  currency: Type.Literal('EUR'),
  due_date: nullable(Type.String({ format: 'date' })),
  client: Type.Object({
    seller_id: Uuid,
    name: Type.String(),
    tax_id: Type.String(),
    sector: nullable(Type.String({ description: 'NACE Rev. 2 section letter' })),
    grade: nullable(Type.String({ description: 'The client’s latest grade, A to E' })),
    size_band: nullable(
      Type.Union(
        [Type.Literal('micro'), Type.Literal('small'), Type.Literal('medium'), Type.Literal('large')],
        { description: 'EU size band from staff and turnover' },
      ),
    ),
  }),
});

export const OpportunityDigest = Type.Object({
  digest_id: Uuid,
  date: Type.String({ format: 'date', description: 'The Madrid date of the morning it was published' }),
  stale: Type.Boolean({
    description: 'true: the night’s run did not complete; nothing was compared and there are no lines',
  }),
  snapshot_at: nullable(Timestamp),
  clients: Type.Object({ sharing: Count, not_sharing: Count }),
  eligible: Type.Object({ count: Count, total: Money }),
  new: Type.Object({ count: Count, total: Money }),
  changes: Type.Object({ paid: Count, disputed: Count, no_longer_eligible: Count }),
  currency: Type.Literal('EUR'),
  line_count: Type.Integer({ minimum: 0, description: 'How many lines the digest has in all pages' }),
  lines: Type.String({ description: 'The path that reads this digest’s lines' }),
});

export const OpportunitiesAnswer = Type.Object({
  funder: Type.Object({ bank_id: Uuid, name: Type.String() }),
  date: nullable(Type.String({ format: 'date' })),
  digest: nullable(OpportunityDigest),
  lines: Type.Array(OpportunityLine),
  next: nullable(Type.String({ description: 'The path of the next page of lines; null on the last' })),
  ...PageMarksFields,
});

const SharingReason = Text({ min: 1, max: 500, description: 'Why, as the client gave it (optional)' });

export const OpsSharingBody = Fields(
  {
    seller_id: Id({
      code: 'seller_id_invalid',
      description: 'The client (a seller that is a funder’s client)',
    }),
    sharing: Flag({ description: 'true: the client lets its funder see its invoices; false: it stops' }),
    reason: Type.Optional(SharingReason),
  },
  { description: 'A client’s consent to its funder seeing its invoices' },
);

export const SandboxSharingBody = Fields(
  {
    sharing: Flag({ description: 'true: the client lets you see its invoices; false: it stops' }),
    reason: Type.Optional(SharingReason),
  },
  { description: 'The consent of one of your demonstration clients' },
);

export const SellerParams = Type.Object({ seller_id: Uuid });

export const SharingAnswer = Type.Object({
  seller_id: Uuid,
  bank_id: Uuid,
  sharing: Type.Boolean(),
  changed: Type.Boolean(),
  changed_at: Timestamp,
});

export const LedgerExitBody = Fields(
  {
    exit: OneOf(['cancelled', 'removed'] as const, {
      description:
        'cancelled: voided or credited by the seller; removed: taken off the ledger (entered by mistake)',
    }),
    reason: Type.Optional(Text({ min: 1, max: 500, description: 'Why (optional)' })),
  },
  { description: 'An invoice leaves its seller’s ledger' },
);

export const LedgerExitAnswer = Type.Object({
  invoice_id: Uuid,
  exit: Type.Union([Type.Literal('cancelled'), Type.Literal('removed')]),
  changed: Type.Boolean({ description: 'false: it had already left the ledger (its first exit stays)' }),
});

export const RunBody = Fields(
  {
    bank_id: Id({ description: 'The funder' }),
    plane: OneOf(['live', 'demo'] as const),
    date: DateText({ description: 'The Madrid night to run' }),
  },
  { description: 'Runs one funder’s prequalification for a night now' },
);

export const RunAnswer = Type.Object({
  run_id: Uuid,
  status: nullable(Type.String()),
});

export const RunsQuery = Fields({
  bank_id: Id({ description: 'The funder' }),
  plane: OneOf(['live', 'demo'] as const),
});

export const RunsAnswer = Type.Object({
  runs: Type.Array(
    Type.Object({
      run_id: Uuid,
      date: Type.String(),
      status: Type.String(),
      snapshot_at: nullable(Timestamp),
      completed_at: nullable(Timestamp),
      eligible_count: nullable(Type.Integer()),
    }),
  ),
});
