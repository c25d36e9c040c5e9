import { Type } from 'typebox';
import { Amount, defineEvents, Nullable, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { PartyInEvents } from '../parties/parties.module.ts';
import recorded from './requests.events.json' with { type: 'json' };

/**
 * The request as the request events carry it (`request.routed`, and `request.funded` of the
 * decisions area): the item of `GET /v1/requests` (`RequestListItem`), described for a receiver
 * and open, as event data is.
 */
export const RequestInEvents = Open(
  {
    id: Uuid,
    request_ref: Type.String(),
    type: Type.String({ description: 'For example `factoring`' }),
    status: Type.String({ description: 'The request status (spec: States and transitions)' }),
    company_name: Type.String(),
    company_nif: Type.String(),
    total_amount: Amount,
    advance_amount: Nullable(Amount),
    settled_amount: Amount,
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

/** What the document says a request event carries of its request. */
export const REQUEST_CARRIED = 'the request as `GET /v1/requests` lists it (`request`)';

/** The requests area's events: routing, the debtors' answers, payments (requests.*.ts). */
export const requestsEvents = defineEvents(
  { file: new URL('./requests.events.json', import.meta.url), recorded },
  [
    {
      type: 'notice.acknowledged',
      emitted: true,
      description: 'A debtor acknowledged its notice of assignment on a request of yours.',
      summary: 'A debtor acknowledged its notice',
      carries:
        '`request_id`, `request_ref`, `debtor`, `level_required`, `level_achieved` and `meets_requirement` (whether the answer meets your consent level).',
      data: Open({
        request_id: Uuid,
        request_ref: Type.String(),
        debtor: PartyInEvents,
        level_required: Nullable(Type.String()),
        level_achieved: Type.String(),
        meets_requirement: Type.Boolean({ description: 'Whether the answer meets your consent level' }),
      }),
    },
    {
      type: 'notice.disputed',
      emitted: true,
      description: 'A debtor disputed its notice of assignment.',
      summary: 'A debtor disputed its notice',
      carries: '`request_id`, `request_ref`, `debtor` and the `reason` given.',
      data: Open({
        request_id: Uuid,
        request_ref: Type.String(),
        debtor: PartyInEvents,
        reason: Nullable(Type.String()),
      }),
    },
    {
      type: 'request.routed',
      emitted: true,
      description: 'A request was routed to you.',
      summary: 'A request was routed to you',
      carries: `${REQUEST_CARRIED}.`,
      data: Open({ request: RequestInEvents }),
    },
    {
      type: 'settlement.recorded',
      emitted: true,
      description: 'A settlement (money received) was recorded on a request you funded.',
      summary: 'A settlement was recorded',
      carries:
        '`request_ref`, `source` (`settle` for your decision, or a statement line), the amount received and what remains, and `final` (whether the request is settled now), as the settle decision answers.',
      data: Open({
        request_id: Uuid,
        request_ref: Type.String(),
        settlement_id: Uuid,
        source: Type.Union([Type.Literal('settle'), Type.Literal('statement'), Type.Literal('recourse')]),
        decision: Type.Optional(Type.Literal('settle')),
        amount: Amount,
        received_at: Timestamp,
        reference: Nullable(Type.String()),
        final: Type.Boolean({ description: 'Whether the request is settled now' }),
        settled_amount: Amount,
        remaining_amount: Amount,
        status: Type.String({ description: 'The request status after the payment' }),
      }),
    },
  ],
);
