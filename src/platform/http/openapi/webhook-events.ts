import type { EventRegistry, EventType } from '../../events.ts';

/**
 * The `webhooks` part of the OpenAPI document: one entry per event type the areas emit
 * (platform/events.ts), with the envelope every delivery has, the schema of `data` the type's
 * area declares and a delivery a test recorded as its example.
 */
type Json = Record<string, unknown>;

/**
 * The headers every delivery carries, given once under `components.parameters` and referred to by
 * each event type.
 */
export const webhookHeaders: Record<string, Json> = {
  ServiceSignature: {
    name: 'Service-Signature',
    in: 'header',
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, a second `v1` during a rotation.',
    schema: { type: 'string' },
  },
  ServiceEventId: {
    name: 'Service-Event-Id',
    in: 'header',
    required: true,
    description: 'The event id, the same on every attempt.',
    schema: { type: 'string', format: 'uuid' },
  },
  ServiceDeliveryId: {
    name: 'Service-Delivery-Id',
    in: 'header',
    required: true,
    description: 'The delivery (one per event and endpoint), as the delivery log lists it.',
    schema: { type: 'string', format: 'uuid' },
  },
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'Standard Webhooks: the event id, as `Service-Event-Id`.',
    schema: { type: 'string', format: 'uuid' },
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Standard Webhooks: unix seconds, the same instant as `t` of `Service-Signature`.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the text after `whsec_` encodes in base64; two items separated by a space during a rotation.',
    schema: { type: 'string' },
  },
};

/** The envelope of one event type, its `data` the type's own schema. */
function envelopeOf({ type, data }: EventType, apiVersion: string): Json {
  return {
    type: 'object',
    required: ['id', 'type', 'created_at', 'api_version', 'data'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      type: { type: 'string', const: type },
      created_at: { type: 'string', format: 'date-time' },
      api_version: { type: 'string', examples: [apiVersion] },
      data: structuredClone(data),
    },
  };
}

/**
 * The delivery a test recorded for the type (src/areas/webhooks/webhooks.typed-events.test.ts
 * reaches every type and fails when one has no recorded example).
 */
function examplesOf({ type, examples }: EventType): Json {
  const recorded = examples.of(type);
  if (!recorded) throw new Error(`no recorded example for the event type ${type}`);
  return { delivered: { summary: 'A delivery recorded by a test', value: recorded } };
}

export function webhooksSection(apiVersion: string, events: EventRegistry): Json {
  const out: Json = {};
  for (const event of events.entries) {
    const { type } = event;
    const envelope = envelopeOf(event, apiVersion);
    out[type] = {
      post: {
        operationId: `event_${type.replace(/\./g, '_')}`,
        summary: event.summary,
        tags: ['Webhooks'],
        // No key: the service calls you; the signature header is the proof.
        security: [],
        description: [
          `Posted to your endpoints subscribed to \`${type}\` (or \`*\`). \`data\` carries ${event.carries}`,
          '',
          'Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.',
        ].join('\n'),
        parameters: Object.keys(webhookHeaders).map((name) => ({ $ref: `#/components/parameters/${name}` })),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: envelope, examples: examplesOf(event) },
          },
        },
        responses: { '200': { description: 'Any 2xx acknowledges the delivery.' } },
      },
    };
  }
  return out;
}
