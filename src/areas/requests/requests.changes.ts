import type { Plane } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/db.ts';
import { enqueueJob } from '../../platform/jobs.store.ts';
import type { OutboxEvent } from '../../platform/outbox.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { FunderPolicy } from '../settings/settings.module.ts';
import { listItemsOf } from './requests.items.ts';
import type { Mover } from './requests.mover.ts';
import * as store from './requests.store.ts';

/** The job that tells the other funders that see a request of a change one funder made to it. */
export const RELAY_JOB = 'requests.relay_change';

/** What a change tells, and whom (docs/webhooks.md, "Event types"). */
export interface RequestChange {
  /**
   * The type each other funder that sees the request once the write is done is sent; null when
   * the change is of what the funders named alone see (an offer of theirs).
   */
  type: string | null;
  /**
   * Funders sent another type (and data of their own): the funder a request is routed to, the
   * one a re-routing took it from (told even though it may no longer see the request).
   */
  told?: readonly { funderId: string; type: string; data?: Record<string, unknown> }[];
  /** Data every event of the change carries beside `request_id` and `request`. */
  data?: Record<string, unknown>;
}

/** How the request events read the request as each funder sees it. */
export interface RequestChangesDeps {
  clock: Clock;
  /** A funder's policy on a plane (the settings area's `readPolicy`): its debtors' consent depends on it. */
  policy: (q: Tx, funderId: string, plane: Plane) => Promise<FunderPolicy>;
}

/**
 * Every change to a request a funder can see is an event to that funder, carrying the request
 * as `GET /v1/requests` lists it to that funder once the write is done (made at its end, so it
 * holds every step of the write whatever their order), or `request: null` when the funder no
 * longer sees it. A funder's own write tells that funder in the same transaction, and leaves the
 * other funders that still see the request (one it once acted on and that was re-routed) to a
 * job that tells them as soon as the write commits (RELAY_JOB): a funder's call cannot write
 * another funder's events, and never learns who else sees the request. A write of the operations
 * team or of the sandbox helpers tells every funder that sees it, in the same transaction.
 */
export function createRequestChanges(deps: RequestChangesDeps) {
  /** The events of a request for the funders named, each reading the request as it sees it. */
  async function eventsFor(
    tx: Tx,
    requestId: string,
    plane: Plane,
    recipients: readonly { funderId: string; type: string; data?: Record<string, unknown> }[],
  ): Promise<OutboxEvent[]> {
    const events: OutboxEvent[] = [];
    const now = deps.clock.now();
    const items = new Map<string, unknown>();
    for (const { funderId, type, data } of recipients) {
      if (!items.has(funderId)) {
        const scope = { funderId, plane };
        const row = await store.findVisibleRequest(tx, scope, requestId);
        const policy = row ? await deps.policy(tx, funderId, plane) : null;
        items.set(
          funderId,
          row && policy ? (await listItemsOf(tx, scope, [row], policy, now)).value[0]! : null,
        );
      }
      events.push({
        funderId,
        plane,
        type,
        data: { request_id: requestId, ...data, request: items.get(funderId) },
      });
    }
    return events;
  }

  /**
   * The events of every change one write made to a request, for the funders it tells: each
   * event a change names for a funder (one per debtor's answer, say) is sent as it is; the
   * other funders that see the request are sent each other type once, and `request.updated`
   * only when the write sends that funder nothing else about the request.
   */
  function recipients(
    changes: readonly RequestChange[],
    viewers: readonly string[] | null,
    own: string | null,
  ) {
    const named: { funderId: string; type: string; data: Record<string, unknown> }[] = [];
    const general = new Map<string, Map<string, Record<string, unknown>>>();
    for (const change of changes) {
      const told = (change.told ?? []).filter((t) => own === null || t.funderId === own);
      for (const t of told)
        named.push({ funderId: t.funderId, type: t.type, data: { ...change.data, ...t.data } });
      const others = viewers ?? (own !== null && !told.some((t) => t.funderId === own) ? [own] : []);
      for (const funderId of others) {
        if (change.type === null || told.some((t) => t.funderId === funderId)) continue;
        const types = general.get(funderId) ?? new Map<string, Record<string, unknown>>();
        types.set(change.type, { ...types.get(change.type), ...change.data });
        general.set(funderId, types);
      }
    }
    const toldAlready = new Set(named.map((n) => n.funderId));
    const rest = [...general].flatMap(([funderId, types]) => {
      if (types.size > 1 || toldAlready.has(funderId)) types.delete(UPDATED);
      return [...types]
        .filter(([type]) => !named.some((n) => n.funderId === funderId && n.type === type))
        .map(([type, data]) => ({ funderId, type, data }));
    });
    return [...named, ...rest];
  }

  /** The changes each write made so far, by request: told at the write's end, all at once. */
  const pending = new WeakMap<WriteScope, Map<string, RequestChange[]>>();

  return {
    /** Queues the events of a change to a request in the write that makes it (`plane`: the request's). */
    changed(ws: WriteScope, mover: Mover, requestId: string, plane: Plane, change: RequestChange): void {
      const ofWrite = pending.get(ws) ?? new Map<string, RequestChange[]>();
      pending.set(ws, ofWrite);
      const known = ofWrite.get(requestId);
      if (known) {
        known.push(change);
        return;
      }
      const changes = [change];
      ofWrite.set(requestId, changes);
      ws.emitAtCommit(async (tx) => {
        if (mover.kind === 'funder') {
          const own = mover.scope.funderId;
          // The funder's own view; the others that see the request are told by the relay.
          await enqueueJob(tx, {
            kind: RELAY_JOB,
            payload: { request_id: requestId, plane, funder_id: own },
            runAt: ws.now,
          });
          return eventsFor(tx, requestId, plane, recipients(changes, null, own));
        }
        const viewers = await store.viewersForOps(tx, requestId);
        return eventsFor(tx, requestId, plane, recipients(changes, viewers, null));
      });
    },

    /**
     * The relay's write (RELAY_JOB): every funder that sees the request now but the one whose
     * write it follows is sent `request.updated` with the request as it sees it now.
     */
    relay(ws: WriteScope, job: { request_id: string; plane: Plane; funder_id: string }): void {
      ws.emitAtCommit(async (tx) => {
        const others = (await store.viewersForOps(tx, job.request_id)).filter((id) => id !== job.funder_id);
        return eventsFor(
          tx,
          job.request_id,
          job.plane,
          others.map((funderId) => ({ funderId, type: UPDATED })),
        );
      });
    },
  };
}

/** The type of a change that has no name of its own, sent only when nothing more telling is. */
export const UPDATED = 'request.updated';

export type RequestChanges = ReturnType<typeof createRequestChanges>;
