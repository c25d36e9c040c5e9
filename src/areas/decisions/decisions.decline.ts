import type { FunderCaller } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import { funderMover } from '../requests/requests.module.ts';
import type { DeclineInput } from './decisions.input.ts';
import { type DecisionDeps, lockVisible, requireRouted } from './decisions.shared.ts';

/**
 * The decline decision, and the step back from an approved request (which needs a message of
 * at least 10 characters to the seller and withdraws the debtors' notices).
 */
export function createDeclineDecision(deps: DecisionDeps & { write: RunWrite }) {
  return async function decline(caller: FunderCaller, id: string, input: DeclineInput) {
    const { reason, message, internalNote } = input;
    return deps.write(caller, async (ws) => {
      const { tx, now } = ws;
      const { scope, row } = await lockVisible(deps, tx, caller, id);
      requireRouted(caller, row);
      const stepBack = row.status === 'approved';
      if (stepBack && (message === null || message.length < 10)) {
        throw new ApiError(
          'step_back_message_required',
          'Stepping back from an approved request needs a message to the seller of at least 10 characters (notes).',
        );
      }
      const move = stepBack ? 'step_back' : 'decline';
      const closeReason = reason ?? 'other';
      deps.requests.next(row.status, move);
      // Offers not accepted are withdrawn; an accepted one stays on record as accepted.
      await deps.requests.withdrawOffers(tx, scope, row.id, now);
      if (stepBack) await deps.requests.withdrawNotices(tx, scope, row.id);
      const moved = await deps.requests.transition(ws, funderMover(scope), row, move, {
        columns: { closed_at: now, close_reason: closeReason, close_note: message },
        acted: true,
        evidence: {
          kind: stepBack ? 'decision.step_back' : 'decision.decline',
          funderId: caller.funderId,
          payload: { reason: closeReason, message, internal_note: internalNote },
        },
      });
      return {
        decision: 'decline' as const,
        request_id: row.id,
        status: moved.to,
        reason: closeReason,
        step_back: stepBack,
        declined_at: now.toISOString(),
      };
    });
  };
}
