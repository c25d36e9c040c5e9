import type { AreaRoutes } from '../../platform/http/app.ts';
import { cachedRead, withWrittenItems, withWrittenObject } from '../../platform/http/cached-read.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { compileSerializer } from '../../platform/http/serializers.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import type { EventsAnswer } from './webhooks.reads.ts';
import {
  CreatedWebhook,
  DeliveriesQuery,
  DeliveryIdParams,
  DeliveryList,
  EventItem,
  EventList,
  eventTypeInputs,
  RecoverBody,
  Recovered,
  RetriedDelivery,
  RotatedSecret,
  RotateSecretBody,
  StoppedWebhook,
  TestQueued,
  WebhookIdParams,
  WebhookList,
} from './webhooks.schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

const sandboxRule =
  'With a sandbox key you see and manage only the endpoints that key created, and they receive only the events its own calls caused.';

const keyed = keyRoutes('Webhooks');

/** One event as the log's own serializer writes it, with its data left empty. */
const writeEventItem = compileSerializer(EventItem, {});
const withEvents = withWrittenItems('events');
/**
 * A page of the event log written: each event by the log's serializer, its data put in as the
 * JSON text the database keeps (not parsed and written again), and the events in the page's array.
 */
const writeEvents = (serialize: (value: unknown) => string, page: EventsAnswer): string =>
  withEvents(serialize, {
    ...page,
    events: page.events.map((event) =>
      withWrittenObject(writeEventItem({ ...event, data: {} }), 'data', event.data),
    ),
  });

/** Webhook endpoints, their delivery logs, and the event log a funder can catch up from. */
export function webhooksRoutes({
  webhooks,
  readCache,
}: {
  webhooks: WebhooksService;
  readCache: ReadCache;
}): AreaRoutes {
  return (app) => {
    const { CreateWebhookBody, EventsQuery } = eventTypeInputs(app.eventTypes.names);
    app.get(
      '/v1/webhooks',
      keyed(
        OPENS.webhooksRead,
        {
          operationId: 'listWebhooks',
          summary: 'Your webhook endpoints',
          description: [
            'Your active endpoints, oldest first, never with their secrets (`secret_prefix` tells them apart).',
            '',
            '`event_types` lists every type an endpoint can subscribe to: `type`, what it means (`description`) and whether the service emits it today (`emitted`; the others are accepted so your set-up need not change when they start).',
            '',
            sandboxRule,
          ].join('\n'),
          success: 'The endpoints and the event types.',
          errors: [],
        },
        { summary: 'Your active webhook endpoints', response: { 200: WebhookList } },
      ),
      async (request) => webhooks.list(request.caller!, app.eventTypes),
    );

    app.post(
      '/v1/webhooks',
      // The signing secret is in the answer once: an Idempotency-Key replay does not repeat it.
      keyed(
        OPENS.webhooksWrite,
        {
          operationId: 'createWebhook',
          summary: 'Register a webhook endpoint',
          description: [
            'Registers a URL to receive signed events. `url`: https on port 443 to a public host name, without user name or password, at most 2,048 characters; IP addresses in any spelling, `localhost`, and names of private or reserved domains are refused. The address the name resolves to is checked again at every delivery, redirects are never followed, and an answer must come within 10 seconds.',
            '',
            "`events`: the types to receive, or `['*']` (the default) for all. `description`: up to 200 characters. At most 10 active endpoints.",
            '',
            'The answer carries the signing `secret` (`whsec_...`) this once only: keep it. A replay of the call with the same `Idempotency-Key` answers the same but for `secret`, which is not kept (rotate the secret if the first answer was lost). Each delivery is a POST with `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (Stripe’s layout), `Service-Event-Id` (the same on every attempt: drop repeats) and `Service-Delivery-Id`. Each also carries the Standard Webhooks headers `webhook-id` (the event id), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, keyed with the bytes the text after `whsec_` encodes in base64), so that library verifies it in any language. Check the signature within 300 seconds.',
            '',
            'A failed attempt is tried again 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each failure, then the delivery is `failed`. A 2xx is a success, anything else a failure (redirects included). An answer 410 stops the endpoint; an endpoint failing for 3 days without a success is stopped.',
            '',
            sandboxRule,
          ].join('\n'),
          success: 'The endpoint, its secret (once) and how deliveries are signed.',
          errors: [
            'webhook_url_invalid',
            'events_invalid',
            'event_type_unknown',
            'description_invalid',
            'webhook_limit_reached',
            'conflict',
          ],
          requestExamples: {
            all: {
              summary: 'Every event type',
              value: { url: 'https://hooks.example-bank.com/funder-api', description: 'Credit operations' },
            },
            some: {
              summary: 'Only fundings and settlements',
              value: {
                url: 'https://hooks.example-bank.com/settlements',
                events: ['request.funded', 'settlement.recorded'],
              },
            },
          },
        },
        {
          summary: 'Register a webhook endpoint',
          body: CreateWebhookBody,
          response: { 201: CreatedWebhook },
        },
        { sealReplay: true },
      ),
      async (request, reply) => {
        reply.code(201);
        return webhooks.create(request.caller!, request.body);
      },
    );

    app.delete(
      '/v1/webhooks/:id',
      keyed(
        OPENS.webhooksWrite,
        {
          operationId: 'stopWebhook',
          summary: 'Stop a webhook endpoint',
          description:
            'Stops the endpoint: its pending deliveries are cancelled and its secrets deleted. Its delivery log stays readable. A stopped endpoint cannot be started again: register it anew.',
          success: 'The stopped endpoint and how many pending deliveries were cancelled.',
          errors: ['conflict'],
        },
        {
          summary: 'Stop a webhook endpoint',
          params: WebhookIdParams,
          response: { 200: StoppedWebhook },
        },
      ),
      async (request) => webhooks.stop(request.caller!, request.params.id),
    );

    app.post(
      '/v1/webhooks/:id/rotate-secret',
      // No body at all is the empty body: the previous secret signs on for the default 24 hours.
      // The signing secret is in the answer once: an Idempotency-Key replay does not repeat it.
      keyed(
        OPENS.webhooksWrite,
        {
          operationId: 'rotateWebhookSecret',
          summary: 'Rotate the signing secret',
          description:
            'Makes a new signing secret, returned this once only. The previous one keeps signing for `keep_previous_hours` (0 to 72, default 24): meanwhile each delivery carries two `v1` values, so your receiver can switch at its own pace. A previous secret still signing from an earlier rotation stops at once.',
          success: 'The new secret (once) and when the previous one stops signing.',
          errors: ['keep_previous_hours_invalid', 'conflict'],
          requestExamples: {
            day: { summary: 'Keep the previous secret one more day', value: { keep_previous_hours: 24 } },
          },
        },
        {
          summary: 'Rotate the signing secret',
          params: WebhookIdParams,
          body: RotateSecretBody,
          response: { 200: RotatedSecret },
        },
        { sealReplay: true, optionalBody: true },
      ),
      async (request) => webhooks.rotateSecret(request.caller!, request.params.id, request.body),
    );

    app.post(
      '/v1/webhooks/:id/test',
      keyed(
        OPENS.webhooksWrite,
        {
          operationId: 'testWebhook',
          summary: 'Send a test event',
          description:
            'Queues a `webhook.test` event for this endpoint only (whatever its `events`); it is delivered within seconds, signed like any other.',
          success: 'The test is queued.',
          errors: ['conflict'],
        },
        {
          summary: 'Send a test event',
          params: WebhookIdParams,
          response: { 202: TestQueued },
        },
      ),
      async (request, reply) => {
        reply.code(202);
        return webhooks.sendTest(request.caller!, request.params.id);
      },
    );

    app.get(
      '/v1/webhooks/:id/deliveries',
      keyed(
        OPENS.webhooksRead,
        {
          operationId: 'listWebhookDeliveries',
          summary: 'The delivery log of an endpoint',
          description: [
            'The deliveries to this endpoint, newest first (`limit` 1 to 200, default 50): status (`pending`, `delivered`, `failed`, `cancelled`), attempts, the last response code and error, the next attempt, and the SHA-256 of the exact body sent (the same on every attempt). Readable after the endpoint was stopped. A finished delivery (`delivered`, `failed`, `cancelled`) is kept 30 days after it finished, as long as its event stays in `GET /v1/events`; a `pending` one until it finishes.',
            PAGING_DOC,
            'A cursor is bound to its endpoint. A delivery removed after its 30 days is not shown on a later page.',
          ].join('\n'),
          success: 'The deliveries, newest first.',
          errors: ['cursor_invalid'],
        },
        {
          summary: 'The delivery log of an endpoint, newest first',
          params: WebhookIdParams,
          querystring: DeliveriesQuery,
          response: { 200: DeliveryList },
        },
      ),
      async (request) => webhooks.deliveries(request.caller!, request.params.id, request.query),
    );

    app.post(
      '/v1/webhooks/:id/deliveries/:delivery_id/retry',
      // Not in the spec: sending a delivery again is a write on the endpoint (docs/decisions/webhooks.md).
      keyed(
        OPENS.webhooksWrite,
        {
          operationId: 'retryWebhookDelivery',
          summary: 'Send a delivery again',
          description:
            'Sends the delivery again now, with the same event id and body and a fresh signature, whatever its state: `pending` (for instance waiting for a retry after a failed attempt), `failed` or `delivered`; a `cancelled` one is not sent again (409 `delivery_not_retryable`). A `failed` or `delivered` delivery starts its retry schedule again. A `pending` one keeps its schedule: if the attempt sent now fails, the next attempt is the one it was waiting for. Only while an attempt of the delivery is being sent (its outcome not yet recorded) does it answer 409 `delivery_attempt_in_progress`. Only on an active endpoint.',
          success: 'The delivery, pending and due now.',
          errors: ['delivery_attempt_in_progress', 'delivery_not_retryable', 'conflict'],
        },
        {
          summary: 'Send a delivery again',
          params: DeliveryIdParams,
          response: { 200: RetriedDelivery },
        },
      ),
      async (request) =>
        webhooks.retryDelivery(request.caller!, request.params.id, request.params.delivery_id),
    );

    app.post(
      '/v1/webhooks/:id/recover',
      // Not in the spec: recovering is sending deliveries again, a write on the endpoint (docs/decisions/webhooks.md).
      keyed(
        OPENS.webhooksWrite,
        {
          operationId: 'recoverWebhookDeliveries',
          summary: 'Send again what an endpoint missed',
          description: [
            'After your receiver was down: every delivery of this endpoint made since `since` that is `failed` (its retries spent), or `pending` and waiting for a retry after a failed attempt, is due now and sent again, oldest first, with its own event id and body and a fresh signature. `since` is an RFC 3339 instant with its offset, not in the future and at most 14 days back (422 `since_invalid`).',
            '',
            'Each delivery goes out once: one already due (never tried yet, or put back by an earlier recovery or retry and not sent yet) is not counted again, so a second recovery right after the first answers `recovered: 0`. A `failed` delivery starts its retry schedule again; a waiting one goes back to the retry it waited for if the attempt sent now fails. Delivered and cancelled deliveries are not sent again (retry one by hand with `POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry`). Only on an active endpoint.',
            '',
            sandboxRule,
          ].join('\n'),
          success: 'How many deliveries were put back in line.',
          errors: ['since_invalid', 'conflict'],
          requestExamples: {
            day: { summary: 'What failed since yesterday morning', value: { since: '2026-09-22T06:00:00Z' } },
          },
        },
        {
          summary: 'Send again what an endpoint missed',
          params: WebhookIdParams,
          body: RecoverBody,
          response: { 200: Recovered },
        },
      ),
      async (request) => webhooks.recover(request.caller!, request.params.id, request.body),
    );

    app.get(
      '/v1/events',
      // Not in the spec: reading the event log is reading what the webhooks deliver (docs/decisions/webhooks.md).
      keyed(
        OPENS.webhooksRead,
        {
          operationId: 'listEvents',
          summary: 'Your events of the last 30 days',
          description: [
            'Every event the service emitted for you in the last 30 days, oldest first, whatever your endpoints: catch up after an outage here. Each has the `id`, `type`, `created_at`, `api_version` and `data` a delivery carries.',
            '',
            '- `type`: one event type only.',
            '- `limit`: 1 to 200, default 50.',
            '- `after` (or `cursor`): the `next_cursor` of the previous page; `has_more` says whether one follows, and `next_cursor` is null on the last page.',
            '- To follow the log, keep `poll_cursor` from the last page (or the `cursor` of the last event you applied) and ask again later with it as `after`: only newer events come (`funder-api listen` does this).',
            '- The cursor counts your events only, and never skips: an event is listed only once every event before it in your log has been committed, so a follower that keeps its cursor misses nothing.',
            '',
            'With a sandbox key, only the events that key’s own calls caused.',
          ].join('\n'),
          success: 'A page of events, oldest first.',
          errors: ['event_type_unknown', 'cursor_invalid'],
        },
        {
          summary: 'Your events of the last 30 days, oldest first',
          querystring: EventsQuery,
          response: { 200: EventList },
        },
      ),
      // Answered as the bytes this route's serializer writes, each event's data as it is stored,
      // kept between calls.
      async (request, reply) =>
        cachedRead(reply, readCache, webhooks.events(request.caller!, request.query), writeEvents),
    );
  };
}
