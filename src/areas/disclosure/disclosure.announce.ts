import {
  type Caller,
  type FunderCaller,
  type FunderScope,
  forRequestOf,
  scopeOf,
} from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { requireReason } from '../../platform/reasons.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import {
  type AnnounceTrigger,
  announce,
  announceForOps,
  funderMover,
  isOpen,
  OPERATIONS,
  type RequestLifecycle,
  type RequestRow,
} from '../requests/requests.module.ts';
import { disclosureOf } from './disclosure.notices.ts';
import * as store from './disclosure.store.ts';

/**
 * Announces a confidential request inside the caller's write: the disclosure changes, the
 * prepared notices queue for sending, the evidence entry and the event `request.announced`.
 * A funder announces within its scope; a trigger (`scope` null) as the operations side.
 */
export async function announceIn(
  ws: WriteScope,
  row: RequestRow,
  change: { trigger: AnnounceTrigger; reason: string; scope: FunderScope | null },
) {
  const { tx, now } = ws;
  const at = { ...change, at: now };
  const queued = change.scope
    ? await announce(tx, change.scope, row.id, at)
    : await announceForOps(tx, row.id, at);
  if (queued < 0) throw new ApiError('already_announced', 'This request is announced already.');
  const funderId = row.assigned_funder_id!;
  ws.evidence({
    funderId,
    plane: row.plane,
    kind: 'request.announced',
    subjectType: 'funding_request',
    subjectId: row.id,
    payload: {
      request_ref: row.request_ref,
      trigger: change.trigger,
      reason: change.reason,
      notices_queued: queued,
    },
  });
  const result = {
    request_id: row.id,
    request_ref: row.request_ref,
    disclosure: 'announced' as const,
    announced_at: now.toISOString(),
    announced_trigger: change.trigger,
    reason: change.reason,
    notices_queued: queued,
  };
  ws.emit({ funderId, plane: row.plane, type: 'request.announced', data: result });
  return result;
}

/** Announcing a confidential request: by its funder, or by the worker on a trigger its terms set. */
export function createAnnouncing(deps: { write: RunWrite; lifecycle: RequestLifecycle }) {
  const { write, lifecycle } = deps;
  return {
    /** POST /v1/requests/{id}/announce */
    async announce(caller: FunderCaller, id: string, body: { reason: string }) {
      const reason = requireReason(body.reason);
      const scope = scopeOf(caller);
      return write(caller, async (ws) => {
        const row = await lifecycle.lock(ws.tx, funderMover(scope), id);
        if (row.assigned_funder_id !== caller.funderId) {
          throw new ApiError(
            'not_routed_to_announce',
            'This request is not routed to you: you cannot announce it.',
          );
        }
        if (!isOpen(row.status) && row.status !== 'funded') {
          throw new ApiError('request_closed', `A request in status ${row.status} cannot be announced.`, {
            extra: { status: row.status },
          });
        }
        if (disclosureOf(row) === 'announced') {
          throw new ApiError(
            'already_announced',
            'This request is announced already (or its programme is announced).',
            {
              extra: { announced_at: row.announced_at?.toISOString() ?? null },
            },
          );
        }
        return announceIn(ws, row, { trigger: 'manual', reason, scope });
      });
    },

    /**
     * The worker: every funded confidential request a trigger that is on has reached today
     * (Madrid date; a sandbox request moved ahead in time, on its own day) is announced, each
     * in its own write; only the requests named when `onlyIds` is given. Answers what it announced.
     */
    async announceDue(caller: Caller, onlyIds: string[] | null = null) {
      const done: { request_id: string; trigger: store.DueAnnouncement['trigger'] }[] = [];
      const due = await write(caller, async (ws) =>
        store.dueAnnouncementsForOps(ws.tx, madridDate(ws.now), onlyIds),
      );
      for (const item of due) {
        await write(forRequestOf(caller, item.sandbox_key_id), async (ws) => {
          const row = await lifecycle.lock(ws.tx, OPERATIONS, item.id);
          if (row.disclosure !== 'confidential' || row.status !== 'funded') return;
          await announceIn(ws, row, {
            trigger: item.trigger,
            reason: `automatic: ${item.trigger} (${item.detail})`,
            scope: null,
          });
          done.push({ request_id: row.id, trigger: item.trigger });
        });
      }
      return done;
    },
  };
}
