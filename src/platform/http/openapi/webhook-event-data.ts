import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type TSchema, Type } from 'typebox';

/**
 * What `data` carries for each event type: one schema per type, the single source of the
 * document's `webhooks` section (and so of the typed client's event union) and of the test that
 * checks every delivered event against it (src/areas/webhooks/webhooks.typed-events.test.ts).
 * Objects stay open (`additionalProperties`): a field may be added within v1, never removed.
 * The examples are real deliveries that test recorded (webhook-event-examples.json).
 */

const Uuid = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Day = Type.String({ format: 'date' });
const Euros = Type.Number({ description: 'Euros, two decimals' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Open = <P extends Record<string, TSchema>>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });

/** The request as `GET /v1/requests` lists it. */
const RequestItem = Open(
  {
    id: Uuid,
    request_ref: Type.String(),
    type: Type.String({ description: 'For example `factoring`' }),
    status: Type.String({ description: 'The request status (spec: States and transitions)' }),
    company_name: Type.String(),
    company_nif: Type.String(),
    total_amount: Euros,
    advance_amount: Nullable(Euros),
    settled_amount: Euros,
    invoice_count: Type.Integer({ minimum: 0 }),
    assigned_bank_id: Nullable(Uuid),
    consent_level_required: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
    routed_at: Nullable(Timestamp),
    approved_at: Nullable(Timestamp),
    funded_at: Nullable(Timestamp),
    settled_at: Nullable(Timestamp),
    closed_at: Nullable(Timestamp),
  },
  'The request as `GET /v1/requests` lists it',
);

const Party = Open({ name: Type.String(), tax_id: Type.String(), country: Type.String() });

/** The claim as `GET /v1/recourse` lists it. */
const Claim = Open(
  {
    claim_id: Uuid,
    request_id: Uuid,
    request_ref: Type.String(),
    kind: Type.Union([Type.Literal('recourse'), Type.Literal('debtor_default')]),
    status: Type.String({ description: 'open, settled, withdrawn or written_off' }),
    seller: Open({ seller_id: Uuid, name: Type.String() }),
    claim_amount: Euros,
    amount_advanced: Euros,
    fees: Euros,
    paid_since_opened: Euros,
    collected: Euros,
    remaining: Euros,
    recourse_days: Nullable(Type.Integer()),
    due_date: Nullable(Day),
    opens_on: Nullable(Day),
    opened_at: Timestamp,
    closed_at: Nullable(Timestamp),
    settled_by: Nullable(Type.String()),
    close_reason: Nullable(Type.String()),
    pay_to_iban: Nullable(Type.String()),
    pay_reference: Nullable(Type.String()),
  },
  'The claim as `GET /v1/recourse` lists it',
);

const Money = Open({ amount: Euros, value_date: Day, reference: Type.String(), recorded_at: Timestamp });

/** The early payment as `GET /v1/early-payments/{id}` answers it. */
const EarlyPayment = Open(
  {
    id: Uuid,
    status: Type.String({ description: 'released, accepted, declined, withdrawn, paid, repaid, ...' }),
    buyer: Party,
    supplier: Open({ seller_id: Uuid, name: Type.String(), tax_id: Type.String(), country: Type.String() }),
    invoice: Open({ id: Uuid, number: Type.String(), issue_date: Day, due_date: Day }),
    amount_due: Euros,
    offered_amount: Euros,
    maturity_date: Day,
    released_at: Timestamp,
    accepted_at: Nullable(Timestamp),
    paid: Nullable(Money),
    repayments: Type.Array(Money),
    repaid_amount: Euros,
    outstanding: Euros,
    closed_at: Nullable(Timestamp),
    close_reason: Nullable(Type.String()),
  },
  'The early payment as `GET /v1/early-payments/{id}` answers it',
);

const ClaimData = Open({ claim: Claim });
const EarlyPaymentData = Open({ early_payment: EarlyPayment });

export const EVENT_DATA: Record<string, TSchema> = {
  'claim.closed': ClaimData,
  'claim.opened': ClaimData,
  'early_payment.released': EarlyPaymentData,
  'early_payment.accepted': EarlyPaymentData,
  'early_payment.declined': EarlyPaymentData,
  'early_payment.withdrawn': EarlyPaymentData,
  'early_payment.paid': EarlyPaymentData,
  'early_payment.repayment_recorded': EarlyPaymentData,
  'early_payment.repaid': EarlyPaymentData,
  'export.ready': Open({
    export_id: Uuid,
    manifest_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    size_bytes: Type.Integer({ minimum: 0 }),
    expires_at: Timestamp,
  }),
  'notice.acknowledged': Open({
    request_id: Uuid,
    request_ref: Type.String(),
    debtor: Party,
    level_required: Nullable(Type.String()),
    level_achieved: Type.String(),
    meets_requirement: Type.Boolean({ description: 'Whether the answer meets your consent level' }),
  }),
  'notice.disputed': Open({
    request_id: Uuid,
    request_ref: Type.String(),
    debtor: Party,
    reason: Nullable(Type.String()),
  }),
  'onboarding.completed': Open({
    onboarding_link_id: Uuid,
    status: Type.Literal('completed'),
    seller_id: Uuid,
    company_vat: Type.String(),
    country: Type.String({ pattern: '^[A-Z]{2}$' }),
    completed_at: Timestamp,
    metadata: Type.Record(
      Type.String(),
      Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
      { description: 'The metadata of the onboarding link, as given' },
    ),
  }),
  'opportunities.daily': Open({
    digest_id: Uuid,
    date: Day,
    stale: Type.Boolean(),
    new: Open({ count: Type.Integer({ minimum: 0 }), total: Euros }),
    changes: Open({
      paid: Type.Integer({ minimum: 0 }),
      disputed: Type.Integer({ minimum: 0 }),
      no_longer_eligible: Type.Integer({ minimum: 0 }),
    }),
    lines: Type.String({ description: 'The path that reads the digest’s lines' }),
  }),
  'payment.reached_seller': Open({
    alert: Open({
      alert_id: Uuid,
      request_id: Uuid,
      request_ref: Type.String(),
      debtor_tax_id: Type.String(),
      debtor_name: Nullable(Type.String()),
      amount: Euros,
      received_at: Timestamp,
      reference: Nullable(Type.String()),
      raised_at: Timestamp,
    }),
  }),
  'request.announced': Open({
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
  'request.funded': Open({
    request: RequestItem,
    value_date: Day,
    reference: Type.String(),
    amount: Euros,
  }),
  'request.routed': Open({ request: RequestItem }),
  'settlement.recorded': Open({
    request_id: Uuid,
    request_ref: Type.String(),
    settlement_id: Uuid,
    source: Type.Union([Type.Literal('settle'), Type.Literal('statement'), Type.Literal('recourse')]),
    decision: Type.Optional(Type.Literal('settle')),
    amount: Euros,
    received_at: Timestamp,
    reference: Nullable(Type.String()),
    final: Type.Boolean({ description: 'Whether the request is settled now' }),
    settled_amount: Euros,
    remaining_amount: Euros,
    status: Type.String({ description: 'The request status after the payment' }),
  }),
  'webhook.test': Open({ webhook_id: Uuid, sent_at: Timestamp, message: Type.String() }),
};

export const EVENT_EXAMPLES_FILE = fileURLToPath(new URL('./webhook-event-examples.json', import.meta.url));

/** One delivered event, as the examples file holds it. */
export interface RecordedEvent {
  id: string;
  type: string;
  created_at: string;
  api_version: string;
  data: Record<string, unknown>;
}

let examples: Record<string, RecordedEvent> | null = null;

/** The recorded deliveries, one per type (read once). */
export function eventExamples(): Record<string, RecordedEvent> {
  examples ??= JSON.parse(readFileSync(EVENT_EXAMPLES_FILE, 'utf8')) as Record<string, RecordedEvent>;
  return examples;
}
