import { Type } from 'typebox';
import { defineEvents, Nullable, Open } from '../../platform/events.ts';
import { Uuid } from '../../platform/http/schemas.ts';
import recorded from './limits.events.json' with { type: 'json' };
import { DebtorExposure, LimitSource, SellerExposure } from './limits.schemas.ts';

/** The types the limits area emits, as its writes name them. */
export const CREDIT_LIMIT_UPDATED = 'credit_limit.updated';
export const SELLER_LIMIT_UPDATED = 'seller_limit.updated';

/**
 * The limits' events (docs/decisions/limits.md, "Every limit written is an event"): one per
 * limit a write changed, whoever wrote it (a key of the funder, an import, the operations team),
 * carrying the line of the book as the funder's GET answers it after the write.
 */
export const limitsEvents = defineEvents(
  { file: new URL('./limits.events.json', import.meta.url), recorded },
  [
    {
      type: CREDIT_LIMIT_UPDATED,
      emitted: true,
      description:
        'A credit limit of yours on a debtor was written: by one of your keys, an import (your own file or an insurer’s) or the operations team.',
      summary: 'A debtor’s credit limit changed',
      carries:
        'the debtor’s line as `GET /v1/credit-limits` lists it after the write (`credit_limit`), the `source` and `source_ref` of the write, and the `import_id` when an import wrote it.',
      data: Open({
        credit_limit: DebtorExposure,
        source: LimitSource,
        source_ref: Nullable(Type.String()),
        import_id: Nullable(Uuid),
      }),
    },
    {
      type: SELLER_LIMIT_UPDATED,
      emitted: true,
      description: 'A limit of yours on a seller was written: by one of your keys or the operations team.',
      summary: 'A seller’s limit changed',
      carries:
        'the seller’s line as `GET /v1/seller-limits` lists it after the write (`seller_limit`) and the `source` of the write.',
      data: Open({ seller_limit: SellerExposure, source: LimitSource }),
    },
  ],
);
