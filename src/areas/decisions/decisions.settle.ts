import type { FunderCaller } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { Payments } from '../requests/requests.module.ts';
import type { SettleInput } from './decisions.input.ts';
import { type DecisionDeps, lockVisible } from './decisions.shared.ts';

/** The settle decision: money received on a funded request, recorded through the requests' payments. */
export function createSettleDecision(
  deps: DecisionDeps & { write: RunWrite; payments: Pick<Payments, 'record'> },
) {
  return async function settle(caller: FunderCaller, id: string, input: SettleInput) {
    return deps.write(caller, async (ws) => {
      const { tx, now } = ws;
      const at = input.receivedAt ?? now;
      // One day ahead is a Madrid calendar date: up to the end of tomorrow in Madrid.
      if (madridDate(at) > addDays(madridDate(now), 1)) {
        throw new ApiError('invalid_received_at', 'received_at may be at most one day ahead.', {
          extra: { field: 'received_at' },
        });
      }
      const { row } = await lockVisible(deps, tx, caller, id);
      // Not funded yet, there is no funder of record: the request is in the wrong state, not someone else's.
      if (row.funder_of_record_id === null) deps.requests.next(row.status, 'settle_partial');
      if (row.funder_of_record_id !== caller.funderId) {
        throw new ApiError('not_your_request', 'You are not the funder of record of this request.');
      }
      const recorded = await deps.payments.record(ws, {
        request: row,
        funderId: caller.funderId,
        amountCents: input.amountCents,
        receivedAt: at,
        reference: input.reference,
        note: input.note,
        final: input.final,
        source: 'settle',
      });
      return { decision: 'settle' as const, ...recorded };
    });
  };
}
