import { type Caller, type FunderCaller, requireSandbox } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { advanceTimeIn, OPERATIONS, UPDATED } from '../requests/requests.module.ts';
import type { SandboxDeps } from './sandbox.deps.ts';
import { lockRoutedToCaller, NEW_REQUEST } from './sandbox.rules.ts';

/**
 * The time-driven steps run at once for the moved request, as the worker's jobs would run them
 * (their events are the key's that made the request: this caller's).
 */
const STEPS: Caller = { kind: 'system', job: 'sandbox.advance' };

/** POST /v1/sandbox/requests/{id}/advance: one of the caller's sandbox requests lives days on. */
export function createSandboxAdvance(deps: SandboxDeps) {
  return {
    /**
     * Moves the request `days` ahead of the service clock (the clock itself does not move): its
     * offers past their validity expire in the same write; then the recourse claim and the
     * automatic announcement due on its new day are made at once, each with its event. The
     * worker's hourly jobs read the same day, so a step missed here is made by their next run.
     * Last, the caller's own digest of the request's new day: the one it already sees for that
     * day, else its preview of that night, made now (with its event when it has lines). The
     * answer is read in a last write of the caller's, which completes its Idempotency-Key.
     */
    async advance(caller: FunderCaller, id: string, days: number) {
      requireSandbox(caller);
      const moved = await deps.write(caller, async (scope) => {
        const row = await lockRoutedToCaller(deps, scope, caller, id, 'its time is that funder’s');
        if (row.sandbox_key_id !== caller.keyId) {
          throw new ApiError(
            'not_your_request',
            `Only a request this key made can be moved in time; the demonstration's other requests are shared. ${NEW_REQUEST}`,
          );
        }
        const advanced = await advanceTimeIn(scope, row, days);
        // The request reads on its new day: its offers past their validity have expired.
        deps.lifecycle.changed(scope, OPERATIONS, row.id, row.plane, {
          type: UPDATED,
          told:
            advanced.offers_expired.length > 0 && row.assigned_funder_id
              ? [{ funderId: row.assigned_funder_id, type: 'offer.expired' }]
              : [],
        });
        return advanced;
      });
      const claims = await deps.recourse.openDue(STEPS, [id]);
      const announced = await deps.disclosure.announceDue(STEPS, [id]);
      const digest = await deps.opportunities.previewNightForKey(caller, moved.today);
      // The call's last write is its answer, read on that write's transaction: the key keeps it
      // with the write (platform/write.ts). It writes nothing else.
      return deps.write(caller, async (scope) => ({
        request: await deps.requests.item(caller, id, scope.tx),
        time: {
          days_advanced: days,
          offset_days: moved.offset_days,
          now: moved.now.toISOString(),
          today: moved.today,
        },
        invoices: moved.invoices,
        happened: {
          offers_expired: moved.offers_expired,
          claims_opened: claims.map((c) => ({ claim_id: c.claim_id, kind: c.kind })),
          announced: announced.map((a) => ({ trigger: a.trigger })),
          digest,
        },
      }));
    },
  };
}
