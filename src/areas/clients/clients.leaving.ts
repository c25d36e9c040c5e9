import { type FunderScope, scopeOf } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { requireReason } from '../../platform/reasons.ts';
import type { Acting } from './clients.invitations.ts';
import * as store from './clients.leaving.store.ts';
import type { ClientsDeps } from './clients.shared.ts';

export function clientView(row: store.ClientRow) {
  return {
    seller_id: row.seller_id,
    bank_id: row.funder_id,
    via: row.via,
    prescriber_id: row.prescriber_id,
    joined_at: row.joined_at.toISOString(),
    left_at: row.left_at?.toISOString() ?? null,
    left_reason: row.left_reason,
  };
}

/**
 * A company leaves the funder's network. Its client row stays, with its origin, marked with
 * when and why: the prescriber report still counts who brought it, while routing and the
 * nightly prequalification no longer treat it as the funder's client.
 */
export function createLeaving(deps: Pick<ClientsDeps, 'db' | 'write'>) {
  const { db, write } = deps;

  async function ownerOf(acting: Acting, sellerId: string): Promise<FunderScope> {
    if (acting.caller.kind === 'funder') return scopeOf(acting.caller);
    const owner = await store.clientScopeForOps(db, sellerId);
    if (!owner) throw new ApiError('not_found', 'Client was not found.');
    return owner;
  }

  return {
    /**
     * Records that the company left (the operations team for a live company, a sandbox key's
     * helper for its own demonstration clients). Leaving again changes nothing.
     */
    async leave(acting: Acting, sellerId: string, reason: string) {
      const why = requireReason(reason);
      const owner = await ownerOf(acting, sellerId);
      // A sandbox key plays only the companies its own helpers brought.
      const ownKey = acting.caller.kind === 'funder' ? acting.caller.keyId : null;
      return write(acting.caller, async (scope) => {
        const row = await store.findClient(scope.tx, owner, sellerId, { lock: true });
        if (!row || (ownKey && row.key_id !== ownKey))
          throw new ApiError('not_found', 'Client was not found.');
        const changed = await store.markClientLeft(scope.tx, owner, sellerId, why, scope.now);
        if (changed) {
          scope.evidence({
            funderId: owner.funderId,
            plane: owner.plane,
            kind: 'client.left',
            subjectType: 'seller',
            subjectId: sellerId,
            payload: { reason: why, via: row.via, prescriber_id: row.prescriber_id },
          });
        }
        const now = changed ? { ...row, left_at: scope.now, left_reason: why } : row;
        return { client: clientView(now), changed };
      });
    },
  };
}

export type LeavingService = ReturnType<typeof createLeaving>;
