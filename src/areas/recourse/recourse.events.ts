import { Type } from 'typebox';
import { Amount, Day, defineEvents, Nullable, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import recorded from './recourse.events.json' with { type: 'json' };

/** The claim as `GET /v1/recourse` lists it. */
const Claim = Open(
  {
    claim_id: Uuid,
    request_id: Uuid,
    request_ref: Type.String(),
    kind: Type.Union([Type.Literal('recourse'), Type.Literal('debtor_default')]),
    status: Type.String({ description: 'open, settled, withdrawn or written_off' }),
    seller: Open({ seller_id: Uuid, name: Type.String() }),
    claim_amount: Amount,
    amount_advanced: Amount,
    fees: Amount,
    paid_since_opened: Amount,
    collected: Amount,
    remaining: Amount,
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

const ClaimData = Open({ claim: Claim });
const CLAIM = 'the claim as `GET /v1/recourse` lists it (`claim`).';

/** The recourse claims' events: beyond the spec's list (docs/decisions/recourse.md). */
export const recourseEvents = defineEvents(
  { file: new URL('./recourse.events.json', import.meta.url), recorded },
  [
    {
      type: 'claim.closed',
      emitted: true,
      description:
        'A recourse claim of yours closed: settled by payments or by the request settling, withdrawn or written off.',
      summary: 'A recourse claim closed',
      carries: CLAIM,
      data: ClaimData,
    },
    {
      type: 'claim.opened',
      emitted: true,
      description:
        'A recourse claim opened on a request you funded that is still unpaid after its recourse days.',
      summary: 'A recourse claim opened',
      carries: CLAIM,
      data: ClaimData,
    },
  ],
);
