import { type TSchema, Type } from 'typebox';
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
    my_offer: Nullable(
      Open(
        {
          funding_request_id: Uuid,
          rate: Type.Number(),
          advance_pct: Type.Number(),
          days: Type.Number(),
          status: Type.String({ description: 'For example `pending`, `accepted`, `expired`' }),
          submitted_at: Timestamp,
          accepted_at: Nullable(Timestamp),
        },
        'Your latest offer on the request, as the list shows it',
      ),
    ),
    debtor_consent: Type.Array(
      Open(
        {
          debtor_name: Type.String(),
          debtor_tax_id: Type.String(),
          status: Type.String({ description: 'The notice status' }),
          level_required: Type.String(),
          level_achieved: Nullable(Type.String()),
          meets_requirement: Type.Boolean(),
        },
        'A debtor’s answer to its notice, as the list shows it',
      ),
    ),
  },
  'The request as `GET /v1/requests` lists it to you at the moment of the event',
);

/** The data every request event carries: the request's id, and the request as you see it then. */
const RequestChange = <P extends Record<string, TSchema>>(more: P = {} as P) =>
  Open({
    request_id: Uuid,
    request: Nullable(RequestInEvents),
    ...more,
  });

/** What the document says a request event carries of its request, besides its own fields. */
const CHANGED =
  'the request as you see it once the change is done (`request`, null when you no longer see it) and `request_id`';

/** What the document says a request event carries of its request. */
export const REQUEST_CARRIED =
  'the request as `GET /v1/requests` lists it to you once the change is done, with `my_offer` and `debtor_consent` (`request`)';

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
    {
      type: 'request.updated',
      emitted: true,
      description:
        'Something you see of a request changed that no other event names: its status moved without your decision, a notice was sent or withdrawn, its consent level, or another funder’s decision on a request you acted on.',
      summary: 'A request you see changed',
      carries: `${CHANGED}.`,
      data: RequestChange(),
    },
    {
      type: 'request.unrouted',
      emitted: true,
      description:
        'A request routed to you was handed to another funder; `request` is what you still see of it (read only, if you acted on it), else null.',
      summary: 'A request is no longer routed to you',
      carries: `${CHANGED}.`,
      data: RequestChange(),
    },
    {
      type: 'request.approved',
      emitted: true,
      description: 'The seller accepted your terms: the request is approved and waits for your funding.',
      summary: 'The seller accepted your terms',
      carries: `${CHANGED}.`,
      data: RequestChange(),
    },
    {
      type: 'request.terms_rejected',
      emitted: true,
      description: 'The seller rejected your terms: the request is closed as rejected.',
      summary: 'The seller rejected your terms',
      carries: `${CHANGED}.`,
      data: RequestChange(),
    },
    {
      type: 'request.declined',
      emitted: true,
      description: 'A request was declined (by your decision; `step_back` is true when it was approved).',
      summary: 'A request was declined',
      carries: `${CHANGED}, and \`step_back\` for a step back.`,
      data: RequestChange({ step_back: Type.Optional(Type.Boolean()) }),
    },
    {
      type: 'request.cancelled',
      emitted: true,
      description: 'A request you see was withdrawn by the seller or cancelled by the service.',
      summary: 'A request was cancelled',
      carries: `${CHANGED}.`,
      data: RequestChange(),
    },
    {
      type: 'offer.created',
      emitted: true,
      description: 'Your offer was recorded: the request is in terms_sent.',
      summary: 'Your offer was recorded',
      carries: `${CHANGED}; the offer is \`request.my_offer\`.`,
      data: RequestChange(),
    },
    {
      type: 'offer.replaced',
      emitted: true,
      description: 'A new offer of yours replaced your terms still waiting for the seller.',
      summary: 'Your offer replaced your earlier one',
      carries: `${CHANGED}; the new offer is \`request.my_offer\`.`,
      data: RequestChange(),
    },
    {
      type: 'offer.expired',
      emitted: true,
      description: 'Your offer reached the end of its validity without an answer from the seller.',
      summary: 'Your offer expired',
      carries: `${CHANGED}; \`request.my_offer.status\` is \`expired\`.`,
      data: RequestChange(),
    },
  ],
);
