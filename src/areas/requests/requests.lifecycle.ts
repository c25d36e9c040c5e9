import type { Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { WriteScope } from '../../platform/write.ts';
import {
  createRequestChanges,
  type RequestChange,
  type RequestChangesDeps,
  UPDATED,
} from './requests.changes.ts';
import type { Mover } from './requests.mover.ts';
import { requestRecords } from './requests.records.ts';
import { type Move, nextStatus, type RequestStatus } from './requests.status.ts';
import * as store from './requests.store.ts';

export { funderMover, type Mover, OPERATIONS } from './requests.mover.ts';
export type { NoticeRow } from './requests.notices.store.ts';
export type { ReceivableRow } from './requests.receivables.store.ts';
export type { Move, RequestStatus } from './requests.status.ts';
export { isOpen } from './requests.status.ts';
export type { RequestRow } from './requests.store.ts';
export { meetsRequirement } from './requests.views.ts';

export interface TransitionDetails {
  /** Columns that change with the move (never `status`: the machine decides it). */
  columns?: store.RequestChanges;
  /** What the history line names as the cause; the move's name when left out. */
  trigger?: string;
  /** Who, on the history line; the funder (or the caller's kind) when left out. */
  actor?: Record<string, string>;
  /** The evidence-chain entry of the move: every move leaves one. */
  evidence: { kind: string; funderId: string | null; payload?: Record<string, unknown> };
  /**
   * A funder's move only: the funder acted on the request (it keeps reading it after a
   * re-routing), marked in the same statement as the move.
   */
  acted?: boolean;
  /**
   * The event one funder is sent for the move, with data of its own (requests.changes.ts): the
   * request as that funder sees it once the write is done is added to it, as it is to the event
   * every other funder that sees the request is sent (of the move's own type, MOVE_EVENTS).
   */
  event?: { funderId: string; type: string; data?: Record<string, unknown> };
}

/**
 * The event type each move sends the funders that see the request (docs/webhooks.md, "Event
 * types"); an offer that replaces the funder's terms still pending is `offer.replaced`.
 */
const MOVE_EVENTS: Record<Move, string> = {
  submit: UPDATED,
  review: UPDATED,
  route: UPDATED,
  offer: 'offer.created',
  accept_terms: 'request.approved',
  reject_terms: 'request.terms_rejected',
  reroute: UPDATED,
  fund: 'request.funded',
  settle_partial: 'settlement.recorded',
  settle_final: 'settlement.recorded',
  settle_recourse: 'settlement.recorded',
  decline: 'request.declined',
  step_back: 'request.declined',
  cancel: 'request.cancelled',
};

/** The change a move makes, as requests.changes tells it. */
function moveChange(move: Move, before: store.RequestRow, details: TransitionDetails): RequestChange {
  const told: NonNullable<RequestChange['told']>[number][] = [];
  if (details.event) told.push(details.event);
  // The funder a routing takes the request from is told, whether or not it still sees it.
  const to = details.columns?.assigned_funder_id;
  if (before.assigned_funder_id && to !== undefined && to !== before.assigned_funder_id) {
    told.push({ funderId: before.assigned_funder_id, type: 'request.unrouted' });
  }
  const type = move === 'offer' && before.status === 'terms_sent' ? 'offer.replaced' : MOVE_EVENTS[move];
  return { type, told, data: move === 'step_back' ? { step_back: true } : {} };
}

export interface Transitioned {
  /** The request as it was when locked, before the move. */
  before: store.RequestRow;
  from: RequestStatus;
  to: RequestStatus;
}

/** The new status, with the move's columns and its history line, written as the mover may. */
async function writeMove(
  ws: WriteScope,
  mover: Mover,
  before: store.RequestRow,
  to: RequestStatus,
  trigger: string,
  details: TransitionDetails,
): Promise<void> {
  const { tx, now } = ws;
  const columns = details.columns ?? {};
  if (mover.kind === 'funder') {
    // The status, the history line and (when asked) the acted mark: one statement.
    const written = await store.moveForFunder(tx, mover.scope, {
      id: before.id,
      from: before.status,
      to,
      trigger,
      actor: details.actor ?? { funder_id: mover.scope.funderId },
      at: now,
      changes: columns,
      acted: details.acted ?? false,
    });
    if (!written) throw new ApiError('not_found', 'Request was not found.');
  } else {
    if (details.acted) throw new Error('only a funder acts on a request');
    const written = await store.updateStatusForOps(tx, before.id, to, now, columns);
    if (!written) throw new ApiError('not_found', 'Request was not found.');
    await store.insertHistoryForOps(tx, {
      requestId: before.id,
      from: before.status,
      to,
      trigger,
      actor: details.actor ?? { kind: ws.caller.kind },
      at: now,
    });
  }
}

export type RequestLifecycle = ReturnType<typeof createRequestLifecycle>;

/**
 * The one owner of a request's status. Every change of status, from any area, goes through
 * `transition`: it locks the row (within the funder's scope when a funder moves it; a row the
 * same write already locked through `lock`, and has not moved since, is taken as it is), asks the
 * status machine whether the move is allowed from the status the row has now, writes the new
 * status with the columns of the move and a history line, and queues the evidence entry and
 * the event, all in the caller's write.
 */
export function createRequestLifecycle(deps: RequestChangesDeps) {
  const changes = createRequestChanges(deps);
  /**
   * The rows `lock` answered, with the transaction and mover that hold their lock, until a move
   * makes them stale: `transition` takes such a row as it is instead of locking it again (the
   * lock is held to the end of the transaction, and only a move changes the status).
   */
  const held = new WeakMap<store.RequestRow, { tx: Tx; mover: string }>();
  const moverKey = (mover: Mover) =>
    mover.kind === 'funder' ? `funder:${mover.scope.funderId}:${mover.scope.plane}` : 'operations';

  async function lock(tx: Tx, mover: Mover, id: string): Promise<store.RequestRow> {
    const row =
      mover.kind === 'funder'
        ? await store.findVisibleRequest(tx, mover.scope, id, { lock: true })
        : await store.findRequestForOps(tx, id, { lock: true });
    if (!row) throw new ApiError('not_found', 'Request was not found.');
    held.set(row, { tx, mover: moverKey(mover) });
    return row;
  }

  /** The row locked by this transaction and mover and not moved since, else a fresh lock. */
  function locked(tx: Tx, mover: Mover, request: string | store.RequestRow): Promise<store.RequestRow> {
    if (typeof request === 'string') return lock(tx, mover, request);
    const holder = held.get(request);
    if (holder?.tx === tx && holder.mover === moverKey(mover)) return Promise.resolve(request);
    return lock(tx, mover, request.id);
  }

  async function read(tx: Tx, mover: Mover, id: string): Promise<store.RequestRow> {
    const row =
      mover.kind === 'funder'
        ? await store.findVisibleRequest(tx, mover.scope, id)
        : await store.findRequestForOps(tx, id);
    if (!row) throw new ApiError('not_found', 'Request was not found.');
    return row;
  }

  return {
    /** Locks a request for the length of the caller's write; 404 when the mover cannot reach it. */
    lock,

    /** Reads a request as the mover may see it; 404 when it cannot. */
    read,

    /** The status a move would lead to from `status`, or 409 invalid_state: the machine's answer. */
    next: (status: RequestStatus, move: Move): RequestStatus => nextStatus(status, move),

    async transition(
      ws: WriteScope,
      mover: Mover,
      request: string | store.RequestRow,
      move: Move,
      details: TransitionDetails,
    ): Promise<Transitioned> {
      const { tx } = ws;
      const before = await locked(tx, mover, request);
      // Whatever happens next, this row no longer says what the request is.
      held.delete(before);
      const to = nextStatus(before.status, move);
      const trigger = details.trigger ?? move;
      await writeMove(ws, mover, before, to, trigger, details);
      ws.evidence({
        funderId: details.evidence.funderId,
        plane: before.plane,
        kind: details.evidence.kind,
        subjectType: 'funding_request',
        subjectId: before.id,
        payload: { request_ref: before.request_ref, ...details.evidence.payload },
      });
      changes.changed(ws, mover, before.id, before.plane, moveChange(move, before, details));
      return { before, from: before.status, to };
    },
    /** Tells the funders that see a request of a change that is not a move (requests.changes.ts). */
    changed: changes.changed,

    /** The relay job's write: the other funders that see a request are told of a funder's change. */
    relay: changes.relay,

    ...requestRecords,
  };
}
