import { EVENT_DATA, eventExamples } from './webhook-event-data.ts';

/**
 * The `webhooks` part of the OpenAPI document: one entry per event type the service posts to
 * endpoints, with the envelope every delivery has, the schema of `data` for the type
 * (webhook-event-data.ts) and a delivery a test recorded as its example. The list of types must
 * match the webhooks area's own (its test compares them).
 */
type Json = Record<string, unknown>;

const REQUEST = 'the request as `GET /v1/requests` lists it (`request`)';
const EARLY = 'the early payment as `GET /v1/early-payments/{id}` answers it (`early_payment`).';

const CLAIM = 'the claim as `GET /v1/recourse` lists it (`claim`).';

export const webhookEventDocs: Record<string, { summary: string; carries: string }> = {
  'claim.closed': { summary: 'A recourse claim closed', carries: CLAIM },
  'claim.opened': { summary: 'A recourse claim opened', carries: CLAIM },
  'early_payment.released': { summary: 'An early payment was offered with you as funder', carries: EARLY },
  'early_payment.accepted': { summary: 'The supplier accepted an early payment', carries: EARLY },
  'early_payment.declined': { summary: 'The supplier declined an early payment', carries: EARLY },
  'early_payment.withdrawn': { summary: 'The buyer withdrew an early payment', carries: EARLY },
  'early_payment.paid': { summary: 'You recorded an early payment', carries: EARLY },
  'early_payment.repayment_recorded': { summary: 'You recorded a partial repayment', carries: EARLY },
  'early_payment.repaid': { summary: 'The buyer repaid an early payment in full', carries: EARLY },
  'export.ready': {
    summary: 'An export is ready',
    carries:
      '`export_id`, `manifest_sha256`, `size_bytes` and `expires_at` (ask `GET /v1/exports/{id}` for links).',
  },
  'notice.acknowledged': {
    summary: 'A debtor acknowledged its notice',
    carries:
      '`request_id`, `request_ref`, `debtor`, `level_required`, `level_achieved` and `meets_requirement` (whether the answer meets your consent level).',
  },
  'notice.disputed': {
    summary: 'A debtor disputed its notice',
    carries: '`request_id`, `request_ref`, `debtor` and the `reason` given.',
  },
  'onboarding.completed': {
    summary: 'A supplier completed onboarding',
    carries:
      '`onboarding_link_id`, `status`, `seller_id`, `company_vat`, `country`, `completed_at` and the link’s `metadata`.',
  },
  'opportunities.daily': {
    summary: 'The daily digest is ready',
    carries:
      'the digest’s `digest_id`, `date`, `stale`, `new` {`count`, `total`}, `changes` {`paid`, `disputed`, `no_longer_eligible`} and `lines` (the path that reads them). Sent at 06:30 Madrid time when the digest has lines; to a sandbox key’s endpoints also when its `POST /v1/sandbox/requests/{id}/advance` makes it a digest with lines.',
  },
  'payment.reached_seller': {
    summary: 'A seller received a debtor payment',
    carries:
      '`alert`: `alert_id`, `request_id`, `request_ref`, `debtor_tax_id`, `debtor_name`, `amount`, `received_at`, `reference` and `raised_at` (as listed in `payment_alerts` of `GET /v1/requests/{id}/cash-flow`). Sent once per payment and request.',
  },
  'request.announced': {
    summary: 'A confidential request was announced',
    carries:
      'the announce answer: `request_id`, `request_ref`, `disclosure`, `announced_at`, the trigger and the notices queued.',
  },
  'request.funded': {
    summary: 'You funded a request',
    carries: `${REQUEST}, with \`value_date\`, \`reference\` and \`amount\` (euros).`,
  },
  'request.routed': { summary: 'A request was routed to you', carries: `${REQUEST}.` },
  'settlement.recorded': {
    summary: 'A settlement was recorded',
    carries:
      '`request_ref`, `source` (`settle` for your decision, or a statement line), the amount received and what remains, and `final` (whether the request is settled now), as the settle decision answers.',
  },
  'webhook.test': {
    summary: 'A test you asked for',
    carries: '`webhook_id`, `sent_at` and a `message`.',
  },
};

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
function envelopeOf(type: string, apiVersion: string): Json {
  const data = EVENT_DATA[type];
  if (!data) throw new Error(`no data schema for the event type ${type}`);
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
function examplesOf(type: string): Json {
  const recorded = eventExamples()[type];
  if (!recorded) throw new Error(`no recorded example for the event type ${type}`);
  return { delivered: { summary: 'A delivery recorded by a test', value: recorded } };
}

export function webhooksSection(apiVersion: string): Json {
  const out: Json = {};
  for (const [type, doc] of Object.entries(webhookEventDocs)) {
    const envelope = envelopeOf(type, apiVersion);
    out[type] = {
      post: {
        operationId: `event_${type.replace(/\./g, '_')}`,
        summary: doc.summary,
        tags: ['Webhooks'],
        // No key: the service calls you; the signature header is the proof.
        security: [],
        description: [
          `Posted to your endpoints subscribed to \`${type}\` (or \`*\`). \`data\` carries ${doc.carries}`,
          '',
          'Verify `Service-Signature`, or `webhook-signature` with any Standard Webhooks library, on the raw body before parsing it; drop a repeat by `Service-Event-Id` (or `webhook-id`, the same). Any 2xx within 10 seconds acknowledges the delivery.',
        ].join('\n'),
        parameters: Object.keys(webhookHeaders).map((name) => ({ $ref: `#/components/parameters/${name}` })),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: envelope, examples: examplesOf(type) },
          },
        },
        responses: { '200': { description: 'Any 2xx acknowledges the delivery.' } },
      },
    };
  }
  return out;
}
