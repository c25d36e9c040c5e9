import type { WriteScope } from '../../platform/write.ts';
import type { RequestRow } from './requests.store.ts';

/** Who acted for the other parties, on a history line: a sandbox helper names the funder. */
export function partyActor(scope: WriteScope): Record<string, string> {
  return scope.caller.kind === 'funder'
    ? { kind: 'sandbox_helper', funder_id: scope.caller.funderId }
    : { kind: scope.caller.kind };
}

/** An evidence-chain entry about a request, on behalf of the funder it is routed to. */
export function trail(scope: WriteScope, row: RequestRow, kind: string, payload: Record<string, unknown>) {
  scope.evidence({
    funderId: row.assigned_funder_id,
    plane: row.plane,
    kind,
    subjectType: 'funding_request',
    subjectId: row.id,
    payload: { request_ref: row.request_ref, ...payload },
  });
}
