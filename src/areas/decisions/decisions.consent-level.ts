import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { requireReason } from '../../platform/reasons.ts';
import type { RunWrite } from '../../platform/write.ts';
import { funderMover, isOpen, type RequestLifecycle, UPDATED } from '../requests/requests.module.ts';
import { type ConsentLevel, levelAtLeast } from '../settings/settings.module.ts';

export type ConsentLevelService = ReturnType<typeof createConsentLevelService>;

/**
 * POST /v1/requests/{id}/consent-level: the funder raises what every debtor must sign. Only
 * upwards, only on a factoring request routed to it and still in flight, and only while no
 * debtor has answered its notice.
 */
export function createConsentLevelService(deps: { write: RunWrite; requests: RequestLifecycle }) {
  return {
    async raise(caller: FunderCaller, id: string, body: { level: ConsentLevel; reason: string }) {
      // Shape, level and length are the schema's; spaces alone are no reason.
      const reason = requireReason(body.reason);
      const level = body.level;
      return deps.write(caller, async (ws) => {
        const { tx, now, evidence } = ws;
        const scope = scopeOf(caller);
        const row = await deps.requests.lock(tx, funderMover(scope), id);
        if (row.assigned_funder_id !== caller.funderId) {
          throw new ApiError('not_routed_to_you', 'This request is not routed to you.');
        }
        if (row.type !== 'factoring' || row.consent_level_required === null) {
          throw new ApiError(
            'not_factoring',
            'Only factoring requests have debtor notices and a consent level.',
          );
        }
        if (!isOpen(row.status)) {
          throw new ApiError(
            'request_not_in_flight',
            `The request is ${row.status}: its consent level can no longer change.`,
          );
        }
        const from = row.consent_level_required;
        if (await deps.requests.anyNoticeAnswered(tx, scope, row.id)) {
          throw new ApiError(
            'notice_already_decided',
            'A debtor has already answered its notice: the level is fixed.',
          );
        }
        if (from === level)
          return { request_id: row.id, consent_level_required: level, changed: false, from: null };
        if (levelAtLeast(from, level)) {
          throw new ApiError('level_lower', `The level can only be raised: it is ${from} now.`, {
            extra: { current: from },
          });
        }
        await deps.requests.raiseConsentLevel(tx, scope, row.id, level, now);
        deps.requests.changed(ws, funderMover(scope), row.id, scope.plane, { type: UPDATED });
        evidence({
          funderId: caller.funderId,
          plane: scope.plane,
          kind: 'request.consent_level_raised',
          subjectType: 'funding_request',
          subjectId: row.id,
          payload: { request_ref: row.request_ref, from, to: level, reason },
        });
        return { request_id: row.id, consent_level_required: level, changed: true, from };
      });
    },
  };
}
