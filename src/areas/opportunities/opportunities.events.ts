import { Type } from 'typebox';
import { Amount, Day, defineEvents, Open } from '../../platform/events.ts';
import { Uuid } from '../../platform/http/schemas.ts';
import recorded from './opportunities.events.json' with { type: 'json' };

/** The opportunities' event: the morning digest published (opportunities.nightly.ts). */
export const opportunitiesEvents = defineEvents(
  { file: new URL('./opportunities.events.json', import.meta.url), recorded },
  [
    {
      type: 'opportunities.daily',
      emitted: true,
      description: 'Your daily digest of opportunities is ready and has something in it.',
      summary: 'The daily digest is ready',
      carries:
        'the digest’s `digest_id`, `date`, `stale`, `new` {`count`, `total`}, `changes` {`paid`, `disputed`, `no_longer_eligible`} and `lines` (the path that reads them). Sent at 06:30 Madrid time when the digest has lines; to a sandbox key’s endpoints also when its `POST /v1/sandbox/requests/{id}/advance` makes it a digest with lines.',
      data: Open({
        digest_id: Uuid,
        date: Day,
        stale: Type.Boolean(),
        new: Open({ count: Type.Integer({ minimum: 0 }), total: Amount }),
        changes: Open({
          paid: Type.Integer({ minimum: 0 }),
          disputed: Type.Integer({ minimum: 0 }),
          no_longer_eligible: Type.Integer({ minimum: 0 }),
        }),
        lines: Type.String({ description: 'The path that reads the digest’s lines' }),
      }),
    },
  ],
);
