import { Type } from 'typebox';
import { defineEvents, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import recorded from './disclosure.events.json' with { type: 'json' };

/** The disclosure's event: a confidential request announced (disclosure.announce.ts). */
export const disclosureEvents = defineEvents(
  { file: new URL('./disclosure.events.json', import.meta.url), recorded },
  [
    {
      type: 'request.announced',
      emitted: true,
      description: 'A confidential request was announced: by you, or by a trigger of its programme terms.',
      summary: 'A confidential request was announced',
      carries:
        'the announce answer: `request_id`, `request_ref`, `disclosure`, `announced_at`, the trigger and the notices queued.',
      data: Open({
        request_id: Uuid,
        request_ref: Type.String(),
        disclosure: Type.Literal('announced'),
        announced_at: Timestamp,
        announced_trigger: Type.Union([
          Type.Literal('manual'),
          Type.Literal('overdue'),
          Type.Literal('dispute'),
          Type.Literal('kyc_lapse'),
        ]),
        reason: Type.String(),
        notices_queued: Type.Integer({ minimum: 0 }),
      }),
    },
  ],
);
