import { ApiError } from '../../platform/errors.ts';

/** What the `open` filter means (spec): the statuses in which a request still needs a decision. */
const OPEN = ['pending', 'submitted', 'under_review', 'terms_sent', 'accepted', 'approved'] as const;
const CLOSED = ['declined', 'rejected', 'cancelled'] as const;

/**
 * The request status machine (spec: States and transitions, "Request status"). Every move
 * of a request's status goes through `nextStatus`; a move not in this table is refused
 * with 409 invalid_state.
 *
 *   pending ── submit ──> submitted ── review ──> under_review
 *   pending/submitted/under_review ── routed to a funder ──> (same status)
 *   pending/submitted/under_review/terms_sent ── offer ──> terms_sent
 *   terms_sent ── seller accepts ──> approved      (the terms no longer change)
 *   terms_sent ── seller rejects ──> rejected      (closed)
 *   terms_sent ── re-routed to another funder ──> under_review   (that funder's offer is withdrawn)
 *   approved ── fund ──> funded ── settle (partial) ──> funded
 *                               └─ settle (total reached or final) ──> settled
 *                               └─ settle_recourse (payments cover an open recourse claim) ──> settled
 *   any open status but approved ── decline ──> declined   (closed)
 *   approved ── decline (step back, message ≥ 10 chars) ──> declined
 *   any open status ── seller cancels ──> cancelled (closed)
 *
 * `accepted` is an open status of the spec that no move here produces: the seller's
 * acceptance takes a request straight to `approved`, as the spec's table says.
 */
export const REQUEST_STATUSES = [...OPEN, 'funded', 'settled', ...CLOSED] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const OPEN_STATUSES: readonly RequestStatus[] = OPEN;
export const CLOSED_STATUSES: readonly RequestStatus[] = CLOSED;

export type Move =
  | 'submit'
  | 'review'
  | 'route'
  | 'offer'
  | 'accept_terms'
  | 'reject_terms'
  | 'reroute'
  | 'fund'
  | 'settle_partial'
  | 'settle_final'
  | 'settle_recourse'
  | 'decline'
  | 'step_back'
  | 'cancel';

const MOVES: Record<Move, { from: readonly RequestStatus[]; to: RequestStatus | 'same' }> = {
  submit: { from: ['pending'], to: 'submitted' },
  review: { from: ['submitted'], to: 'under_review' },
  // Routing hands the request to a funder without changing its status; once terms are sent,
  // only a re-routing to another funder may move it.
  route: { from: ['pending', 'submitted', 'under_review'], to: 'same' },
  offer: { from: ['pending', 'submitted', 'under_review', 'terms_sent'], to: 'terms_sent' },
  accept_terms: { from: ['terms_sent'], to: 'approved' },
  reject_terms: { from: ['terms_sent'], to: 'rejected' },
  // The seller did not take the terms and the operations team hands the request to another
  // funder: it is reviewed again; the first funder keeps reading it (spec: GET /v1/requests).
  reroute: { from: ['terms_sent'], to: 'under_review' },
  fund: { from: ['approved'], to: 'funded' },
  settle_partial: { from: ['funded'], to: 'same' },
  settle_final: { from: ['funded'], to: 'settled' },
  // Payments recorded since a recourse claim opened cover it: the request closes as settled by
  // recourse, its invoices going back to the seller still unpaid by the debtor.
  settle_recourse: { from: ['funded'], to: 'settled' },
  decline: { from: ['pending', 'submitted', 'under_review', 'terms_sent', 'accepted'], to: 'declined' },
  step_back: { from: ['approved'], to: 'declined' },
  cancel: {
    from: ['pending', 'submitted', 'under_review', 'terms_sent', 'accepted', 'approved'],
    to: 'cancelled',
  },
};

/** Every move the machine knows, for the lifecycle's callers and its exhaustive test. */
export const MOVE_NAMES = Object.keys(MOVES) as Move[];

export function canMove(status: RequestStatus, move: Move): boolean {
  return MOVES[move].from.includes(status);
}

/** The status after `move`, or 409 invalid_state when the table does not allow it. */
export function nextStatus(status: RequestStatus, move: Move): RequestStatus {
  const rule = MOVES[move];
  if (!rule.from.includes(status)) {
    throw new ApiError(
      'invalid_state',
      `A request in status ${status} does not allow this (${move.replace('_', ' ')}).`,
      {
        extra: { status, allowed_from: rule.from },
      },
    );
  }
  return rule.to === 'same' ? status : rule.to;
}

export const isOpen = (status: RequestStatus): boolean => OPEN_STATUSES.includes(status);
export const isRequestStatus = (value: string): value is RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value);
