import { Type } from 'typebox';
import { defineEvents, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import recorded from './webhooks.events.json' with { type: 'json' };

/** Every event type, in a subscription: `['*']`. */
export const ALL_EVENTS = '*';

/** The webhooks' own event: the test an endpoint's owner asks for (webhooks.deliveries.ts). */
export const webhooksEvents = defineEvents(
  { file: new URL('./webhooks.events.json', import.meta.url), recorded },
  [
    {
      type: 'webhook.test',
      emitted: true,
      description: 'The test you asked for with POST /v1/webhooks/{id}/test.',
      summary: 'A test you asked for',
      carries: '`webhook_id`, `sent_at` and a `message`.',
      data: Open({ webhook_id: Uuid, sent_at: Timestamp, message: Type.String() }),
    },
  ],
);
