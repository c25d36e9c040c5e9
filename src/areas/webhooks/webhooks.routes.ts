import type { App } from '../../platform/http/app.ts';
import {
  CreatedWebhook,
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryIdParams,
  DeliveryList,
  EventList,
  EventsQuery,
  RetriedDelivery,
  RotatedSecret,
  RotateSecretBody,
  StoppedWebhook,
  TestQueued,
  WebhookIdParams,
  WebhookList,
} from './webhooks.schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** Webhook endpoints, their delivery logs, and the event log a funder can catch up from. */
export function webhooksRoutes(deps: { webhooks: WebhooksService }) {
  const { webhooks } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };
    // The signing secret is in the answer once: an Idempotency-Key replay does not repeat it.
    const onceOnly = { config: { auth: 'key' as const, sealReplay: true } };
    const tags = ['Webhooks'];

    app.get(
      '/v1/webhooks',
      { ...key, schema: { tags, summary: 'Your active webhook endpoints', response: { 200: WebhookList } } },
      async (request) => webhooks.list(request.caller!),
    );

    app.post(
      '/v1/webhooks',
      {
        ...onceOnly,
        schema: {
          tags,
          summary: 'Register a webhook endpoint',
          body: CreateWebhookBody,
          response: { 201: CreatedWebhook },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return webhooks.create(request.caller!, request.body);
      },
    );

    app.delete(
      '/v1/webhooks/:id',
      {
        ...key,
        schema: {
          tags,
          summary: 'Stop a webhook endpoint',
          params: WebhookIdParams,
          response: { 200: StoppedWebhook },
        },
      },
      async (request) => webhooks.stop(request.caller!, request.params.id),
    );

    app.post(
      '/v1/webhooks/:id/rotate-secret',
      {
        // No body at all is the empty body: the previous secret signs on for the default 24 hours.
        config: { ...onceOnly.config, optionalBody: true },
        schema: {
          tags,
          summary: 'Rotate the signing secret',
          params: WebhookIdParams,
          body: RotateSecretBody,
          response: { 200: RotatedSecret },
        },
      },
      async (request) => webhooks.rotateSecret(request.caller!, request.params.id, request.body),
    );

    app.post(
      '/v1/webhooks/:id/test',
      {
        ...key,
        schema: {
          tags,
          summary: 'Send a test event',
          params: WebhookIdParams,
          response: { 202: TestQueued },
        },
      },
      async (request, reply) => {
        reply.code(202);
        return webhooks.sendTest(request.caller!, request.params.id);
      },
    );

    app.get(
      '/v1/webhooks/:id/deliveries',
      {
        ...key,
        schema: {
          tags,
          summary: 'The delivery log of an endpoint, newest first',
          params: WebhookIdParams,
          querystring: DeliveriesQuery,
          response: { 200: DeliveryList },
        },
      },
      async (request) => webhooks.deliveries(request.caller!, request.params.id, request.query),
    );

    app.post(
      '/v1/webhooks/:id/deliveries/:delivery_id/retry',
      {
        ...key,
        schema: {
          tags,
          summary: 'Send a delivery again',
          params: DeliveryIdParams,
          response: { 200: RetriedDelivery },
        },
      },
      async (request) =>
        webhooks.retryDelivery(request.caller!, request.params.id, request.params.delivery_id),
    );

    app.get(
      '/v1/events',
      {
        ...key,
        schema: {
          tags,
          summary: 'Your events of the last 30 days, oldest first',
          querystring: EventsQuery,
          response: { 200: EventList },
        },
      },
      async (request) => webhooks.events(request.caller!, request.query),
    );
  };
}
