import type { Caller, FunderCaller, FunderScope, OperatorCaller, Plane } from '../../platform/caller.ts';
import { requireSandbox, scopeOf } from '../../platform/caller.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import * as store from './opportunities.store.ts';

async function changeSharing(
  write: RunWrite,
  caller: Caller,
  scope: FunderScope,
  sellerId: string,
  sharing: boolean,
  reason?: string,
) {
  return write(caller, async ({ tx, now, evidence }) => {
    if (!(await store.clientOf(tx, scope, sellerId)))
      throw new ApiError('not_found', 'Client was not found.');
    const changed = await store.setSharing(tx, scope, sellerId, sharing, reason ?? null, now);
    if (changed) {
      evidence({
        funderId: scope.funderId,
        plane: scope.plane,
        kind: sharing ? 'opportunities.sharing_granted' : 'opportunities.sharing_withdrawn',
        subjectType: 'seller',
        subjectId: sellerId,
        payload: { sharing },
      });
    }
    return {
      seller_id: sellerId,
      bank_id: scope.funderId,
      sharing,
      changed,
      changed_at: now.toISOString(),
    };
  });
}

async function exitLedger(
  write: RunWrite,
  caller: Caller,
  invoiceId: string,
  exit: 'cancelled' | 'removed',
  reason: string | undefined,
  plane: Plane | null,
) {
  return write(caller, async ({ tx, now, evidence }) => {
    const invoice = await store.invoiceForOps(tx, invoiceId);
    if (!invoice || (plane && invoice.plane !== plane))
      throw new ApiError('not_found', 'Invoice was not found.');
    // A funder's sandbox helper reaches only its own clients' invoices.
    if (caller.kind === 'funder' && !(await store.clientOf(tx, scopeOf(caller), invoice.seller_id))) {
      throw new ApiError('not_found', 'Invoice was not found.');
    }
    if (invoice.exit) {
      return { invoice_id: invoice.id, exit: invoice.exit, changed: false };
    }
    await store.insertExitForOps(tx, invoice, exit, reason ?? null, now);
    evidence({
      funderId: null,
      plane: invoice.plane,
      kind: `invoice.${exit}`,
      subjectType: 'invoice',
      subjectId: invoice.id,
      payload: { exit },
    });
    return { invoice_id: invoice.id, exit, changed: true };
  });
}

/**
 * The clients' side of the digest: their consent to a funder seeing their invoices, and invoices
 * leaving their ledger; played by the operations team (live) or the sandbox helpers (demo).
 */
export function createClientMoves(deps: { db: Db; write: RunWrite }) {
  const { db, write } = deps;
  return {
    /** A client's consent, set by the operations team (the client's own action in the portal). */
    async sharingForOps(
      operator: OperatorCaller,
      body: { seller_id: string; sharing: boolean; reason?: string },
    ) {
      const owner = await runAs(OPERATOR, () => store.clientshipForOps(db, body.seller_id));
      if (!owner) throw new ApiError('not_found', 'Client was not found.');
      return changeSharing(
        write,
        operator,
        { funderId: owner.funder_id, plane: owner.plane },
        body.seller_id,
        body.sharing,
        body.reason,
      );
    },

    /** Sandbox: one of the funder's demonstration clients shares its invoices, or stops. */
    async sandboxSharing(
      caller: FunderCaller,
      sellerId: string,
      body: { sharing: boolean; reason?: string },
    ) {
      requireSandbox(caller);
      return changeSharing(write, caller, scopeOf(caller), sellerId, body.sharing, body.reason);
    },

    /** An invoice leaves its seller's ledger: cancelled or removed (operations). */
    ledgerExitForOps: (
      operator: OperatorCaller,
      invoiceId: string,
      body: { exit: 'cancelled' | 'removed'; reason?: string },
    ) => exitLedger(write, operator, invoiceId, body.exit, body.reason, null),

    /** Sandbox: the same on the demonstration plane, for an invoice of one of the funder's clients. */
    async sandboxLedgerExit(
      caller: FunderCaller,
      invoiceId: string,
      body: { exit: 'cancelled' | 'removed'; reason?: string },
    ) {
      requireSandbox(caller);
      return exitLedger(write, caller, invoiceId, body.exit, body.reason, 'demo');
    },
  };
}
