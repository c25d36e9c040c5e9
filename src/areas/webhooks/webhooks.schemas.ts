import { Type } from 'typebox';
import { DateTimeText, Fields, Int, List, OneOf, Text } from '../../platform/http/input.ts';
import { CursorParam, PageMarksFields, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { ALL_EVENTS } from './webhooks.events.ts';
import { MAX_WEBHOOK_URL_LENGTH } from './webhooks.url-guard.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

// --- inputs ---

/**
 * The inputs that name event types, for the types the areas emit (`app.eventTypes`): the
 * subscription of a new endpoint, and the event log's `type`.
 */

/**
 * A cursor of the event log: `e` and the position of an event in the funder's own sequence
 * (docs/decisions/webhooks.md, "The event cursor"). The bare digits an older answer gave (the
 * position in the platform's sequence) are still taken, once, to move to the new form.
 */
const EventCursor = (description: string) =>
  Type.String({ pattern: '^e?[0-9]{1,18}$', 'x-error-code': 'cursor_invalid', description });

export function eventTypeInputs(names: readonly string[]) {
  const CreateWebhookBody = Fields({
    url: Text({
      code: 'webhook_url_invalid',
      min: 1,
      max: MAX_WEBHOOK_URL_LENGTH,
      description:
        'https, a public host name, port 443, no user name or password, at most 2,048 characters. IP addresses and private, loopback, link-local and reserved names are refused.',
    }),
    events: Type.Optional(
      List(OneOf([...names, ALL_EVENTS], { code: 'event_type_unknown' }), {
        code: 'events_invalid',
        min: 1,
        max: names.length + 1,
        default: [ALL_EVENTS],
        description: "Event types to receive, or `['*']` for all (the default).",
      }),
    ),
    description: Type.Optional(
      Text({ code: 'description_invalid', max: 200, description: 'Up to 200 characters' }),
    ),
  });
  const EventsQuery = Fields({
    type: Type.Optional(OneOf(names, { code: 'event_type_unknown' })),
    after: Type.Optional(EventCursor('The `next_cursor` (or `poll_cursor`) of an earlier page')),
    cursor: Type.Optional(
      EventCursor('The same as `after`, under the name every list takes; send one of the two'),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  });
  return { CreateWebhookBody, EventsQuery };
}

export const RotateSecretBody = Fields({
  keep_previous_hours: Type.Optional(
    Int({
      code: 'keep_previous_hours_invalid',
      min: 0,
      max: 72,
      default: 24,
      description: 'How long the previous secret keeps signing beside the new one (0 to 72, default 24)',
    }),
  ),
});

/** How far back a recovery may reach, in days of the service clock. */
export const RECOVER_MAX_DAYS = 14;

export const RecoverBody = Fields({
  since: DateTimeText({
    code: 'since_invalid',
    description: `An RFC 3339 instant with its offset, at most ${RECOVER_MAX_DAYS} days back and not in the future`,
  }),
});

export const WebhookIdParams = Type.Object({ id: Uuid });
export const DeliveryIdParams = Type.Object({ id: Uuid, delivery_id: Uuid });

export const DeliveriesQuery = Fields({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  cursor: CursorParam,
});

// --- answers ---

export const WebhookEndpoint = Type.Object({
  id: Uuid,
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.String(), { description: 'Sorted; `*` for every type' }),
  active: Type.Boolean(),
  secret_prefix: Type.String({
    description: 'The first characters of the signing secret, starting `whsec_`',
  }),
  created_via: Type.String(),
  created_at: Timestamp,
});

export const SignatureInfo = Type.Object({
  header: Type.String({ description: 'The header carrying the signature' }),
  scheme: Type.String({ description: 'The signature value name in the header' }),
  tolerance_seconds: Type.Integer(),
});

export const CreatedWebhook = Type.Object({
  webhook: WebhookEndpoint,
  secret: Type.String({ description: 'The signing secret, shown this once only' }),
  signature: SignatureInfo,
});

export const EventTypeItem = Type.Object({
  type: Type.String(),
  description: Type.String(),
  emitted: Type.Boolean({ description: 'Whether the service emits this type today' }),
});

export const WebhookList = Type.Object({
  count: Type.Integer(),
  webhooks: Type.Array(WebhookEndpoint),
  event_types: Type.Array(EventTypeItem),
});

export const StoppedWebhook = Type.Object({
  webhook: WebhookEndpoint,
  cancelled_deliveries: Type.Integer({ description: 'Pending deliveries cancelled by the stop' }),
});

export const RotatedSecret = Type.Object({
  webhook: WebhookEndpoint,
  secret: Type.String({ description: 'The new signing secret, shown this once only' }),
  previous_secret_expires_at: Nullable(Timestamp),
  signature: SignatureInfo,
});

export const TestQueued = Type.Object({
  webhook_id: Uuid,
  event_type: Type.Literal('webhook.test'),
  queued: Type.Boolean(),
});

export const Delivery = Type.Object({
  id: Uuid,
  event_id: Uuid,
  event_type: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('delivered'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
  ]),
  attempts: Type.Integer(),
  response_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  next_attempt_at: Nullable(Timestamp),
  last_attempt_at: Nullable(Timestamp),
  delivered_at: Nullable(Timestamp),
  body_sha256: Type.String({ description: 'SHA-256 (hex) of the exact body sent' }),
  created_at: Timestamp,
});

export const DeliveryList = Type.Object({
  count: Type.Integer(),
  deliveries: Type.Array(Delivery),
  ...PageMarksFields,
});

export const RetriedDelivery = Type.Object({ delivery: Delivery });

export const Recovered = Type.Object({
  webhook_id: Uuid,
  since: Timestamp,
  recovered: Type.Integer({
    minimum: 0,
    description: 'How many deliveries were put back in line, due now',
  }),
});

export const EventItem = Type.Object({
  id: Uuid,
  type: Type.String(),
  created_at: Timestamp,
  api_version: Type.String(),
  data: Type.Object({}, { additionalProperties: true }),
  cursor: Type.String({
    description:
      'Where this event stands in your log: sent as `after`, the events that follow it (a follower keeps the last one it applied)',
  }),
  traceparent: Nullable(
    Type.String({
      description: 'The W3C trace context of the call that caused the event, which its deliveries continue',
    }),
  ),
});

export const EventList = Type.Object({
  count: Type.Integer(),
  events: Type.Array(EventItem),
  has_more: Type.Boolean({ description: 'Whether more events follow this page now' }),
  next_cursor: Nullable(Type.String({ description: 'Pass as `after` for the next page; null at the end' })),
  poll_cursor: Nullable(
    Type.String({
      description:
        'Pass as `after` later to get only the events newer than this page: the last event of the page, else the `after` you sent; null when neither',
    }),
  ),
});
