import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import type { Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import { funderMover, type RequestLifecycle, type RequestRow } from '../requests/requests.module.ts';

/** What every decision needs: the request lifecycle and the seller's documents. */
export interface DecisionDeps {
  requests: RequestLifecycle;
  documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
}

/**
 * Locks the request, within the caller's scope, for the whole decision: concurrent decisions on
 * it run one after the other. 404 when the funder cannot see it.
 */
export async function lockVisible(deps: DecisionDeps, tx: Tx, caller: FunderCaller, id: string) {
  const scope = scopeOf(caller);
  const row = await deps.requests.lock(tx, funderMover(scope), id);
  return { scope, row };
}

export function requireRouted(caller: FunderCaller, row: RequestRow): void {
  if (row.assigned_funder_id !== caller.funderId) {
    throw new ApiError(
      'not_routed_to_you',
      'This request is not routed to you: you can read it but not decide on it.',
    );
  }
}

export function requireDocuments(
  deps: DecisionDeps,
  tx: Tx,
  scope: FunderScope,
  row: RequestRow,
  onDate: string,
) {
  return deps.documents.requireDocumentsMet(tx, {
    funderId: scope.funderId,
    plane: row.plane,
    sellerId: row.seller_id,
    country: row.seller_country,
    onDate,
  });
}

/** The evidence-chain entry of a decision that does not move the status through the lifecycle. */
export function decisionEvidence(
  ws: WriteScope,
  scope: FunderScope,
  row: RequestRow,
  kind: string,
  payload: Record<string, unknown>,
) {
  ws.evidence({
    funderId: scope.funderId,
    plane: row.plane,
    kind,
    subjectType: 'funding_request',
    subjectId: row.id,
    payload: { request_ref: row.request_ref, ...payload },
  });
}
