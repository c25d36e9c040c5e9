import type { Caller } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { DisclosureSteps } from './requests.disclosure-steps.ts';
import { OPERATIONS, type RequestLifecycle } from './requests.lifecycle.ts';
import { receivablesForOps } from './requests.receivables.store.ts';
import * as risks from './requests.risks.store.ts';
import { trail } from './requests.trail.ts';

export interface RaiseSignalInput {
  code: string;
  severity: 'low' | 'medium' | 'high';
  hard: boolean;
  detail?: string | null;
}

export interface RaiseDisputeInput {
  debtor_tax_id?: string | null;
  invoice_number?: string | null;
  raised_by: 'debtor' | 'seller' | 'operator';
  reason: string;
}

/** The operations team's risk review: signals raised and reviewed, disputes raised and resolved. */
export function createRequestRisks(deps: {
  write: RunWrite;
  lifecycle: RequestLifecycle;
  disclosure: Pick<DisclosureSteps, 'announceIn'>;
}) {
  const { lifecycle } = deps;

  const service = {
    async raiseSignalIn(scope: WriteScope, id: string, input: RaiseSignalInput): Promise<string> {
      const row = await lifecycle.lock(scope.tx, OPERATIONS, id);
      const signalId = newId();
      await risks.insertSignalForOps(scope.tx, {
        id: signalId,
        plane: row.plane,
        requestId: row.id,
        code: input.code,
        severity: input.severity,
        hard: input.hard,
        detail: input.detail ?? null,
        at: scope.now,
      });
      trail(scope, row, 'risk_signal.raised', { signal_id: signalId, code: input.code, hard: input.hard });
      return signalId;
    },

    async reviewSignalIn(
      scope: WriteScope,
      signalId: string,
      outcome: 'cleared' | 'confirmed',
      note: string | null,
    ) {
      const signal = await risks.lockSignalForOps(scope.tx, signalId);
      if (!signal) throw new ApiError('not_found', 'Risk signal was not found.');
      if (signal.status !== 'open')
        throw new ApiError('invalid_state', `This signal was already ${signal.status}.`);
      await risks.reviewSignalForOps(scope.tx, signalId, outcome, note, scope.now);
      const row = await lifecycle.lock(scope.tx, OPERATIONS, signal.request_id);
      trail(scope, row, `risk_signal.${outcome}`, { signal_id: signalId, note });
    },

    async raiseDisputeIn(scope: WriteScope, id: string, input: RaiseDisputeInput): Promise<string> {
      const row = await lifecycle.lock(scope.tx, OPERATIONS, id);
      const receivables = await receivablesForOps(scope.tx, row.id);
      const match = receivables.find(
        (r) =>
          (!input.invoice_number || r.number === input.invoice_number) &&
          (!input.debtor_tax_id || r.debtor_tax_id === input.debtor_tax_id),
      );
      if ((input.invoice_number || input.debtor_tax_id) && !match) {
        throw new ApiError('body_invalid', 'No invoice or debtor of this request matches.');
      }
      const disputeId = newId();
      await risks.insertDisputeForOps(scope.tx, {
        id: disputeId,
        plane: row.plane,
        requestId: row.id,
        debtorId: match && (input.debtor_tax_id || input.invoice_number) ? match.debtor_id : null,
        invoiceId: match && input.invoice_number ? match.invoice_id : null,
        raisedBy: input.raised_by,
        reason: input.reason,
        at: scope.now,
      });
      trail(scope, row, 'dispute.raised', { dispute_id: disputeId, raised_by: input.raised_by });
      // A funded confidential request whose terms announce on a dispute is announced at once.
      if (
        row.status === 'funded' &&
        row.disclosure === 'confidential' &&
        row.programme_terms?.announce_on_dispute
      ) {
        await deps.disclosure.announceIn(scope, row, {
          trigger: 'dispute',
          reason: `automatic: dispute ${disputeId}`,
          scope: null,
        });
      }
      return disputeId;
    },

    async resolveDisputeIn(scope: WriteScope, disputeId: string, resolution: string) {
      const dispute = await risks.lockDisputeForOps(scope.tx, disputeId);
      if (!dispute) throw new ApiError('not_found', 'Dispute was not found.');
      if (dispute.status !== 'open') throw new ApiError('invalid_state', 'This dispute is already resolved.');
      await risks.resolveDisputeForOps(scope.tx, disputeId, resolution, scope.now);
      const row = await lifecycle.lock(scope.tx, OPERATIONS, dispute.request_id);
      trail(scope, row, 'dispute.resolved', { dispute_id: disputeId });
    },
  };

  return {
    ...service,
    raiseSignal: (caller: Caller, id: string, input: RaiseSignalInput) =>
      deps.write(caller, (s) => service.raiseSignalIn(s, id, input)),
    reviewSignal: (caller: Caller, signalId: string, outcome: 'cleared' | 'confirmed', note: string | null) =>
      deps.write(caller, (s) => service.reviewSignalIn(s, signalId, outcome, note)),
    raiseDispute: (caller: Caller, id: string, input: RaiseDisputeInput) =>
      deps.write(caller, (s) => service.raiseDisputeIn(s, id, input)),
    resolveDispute: (caller: Caller, disputeId: string, resolution: string) =>
      deps.write(caller, (s) => service.resolveDisputeIn(s, disputeId, resolution)),
  };
}
