import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { amountCents, type Cents, centsToEuros } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import { collectionIban } from '../bank-data/bank-data.module.ts';
import { latestAccountIban } from '../statements/statements.module.ts';
import * as store from './recourse.store.ts';

export const cents = (value: string | number): Cents => amountCents(value)!;
export const euros = (value: string): number => centsToEuros(cents(value));

/**
 * A claim as the funder reads it (and as its events carry it). `payTo` is the funder's account
 * now, named by a claim that opened while the funder had none.
 */
function claimView(row: store.ClaimRow, payTo: string | null) {
  const remaining =
    row.status === 'open' ? Math.max(0, cents(row.claim_amount) - cents(row.paid_since_opened)) : 0;
  return {
    claim_id: row.id,
    kind: row.kind,
    status: row.status,
    request_id: row.request_id,
    request_ref: row.request_ref,
    seller: { seller_id: row.seller_id, name: row.seller_name },
    claim_amount: euros(row.claim_amount),
    amount_advanced: euros(row.amount_advanced),
    fees: euros(row.fees),
    collected: euros(row.collected),
    paid_since_opened: euros(row.paid_since_opened),
    remaining: centsToEuros(remaining),
    pay_to_iban: row.pay_to_iban ?? payTo,
    pay_reference: row.pay_reference,
    due_date: row.due_date,
    recourse_days: row.recourse_days,
    opens_on: row.opens_on,
    opened_at: row.opened_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
    settled_by: row.settled_by,
    close_reason: row.close_reason,
  };
}

export type ClaimView = ReturnType<typeof claimView>;

export type Claims = ReturnType<typeof createClaims>;

/** What every subject of the claims reads and tells: a claim's view, its account, its events. */
export function createClaims() {
  /**
   * Where the seller pays a claim of the funder: its collection account (bank data) first, else
   * the account of its latest imported statement; null when it has neither (each read through
   * the owning area's published read, inside `q`). The only owner of this rule.
   */
  async function payToIban(q: Queryable, scope: FunderScope): Promise<string | null> {
    return (await collectionIban(q, scope)) ?? (await latestAccountIban(q, scope));
  }

  /** Claims as read; the funder's account now is looked up once, and only for a claim without one. */
  async function viewsOf(q: Queryable, scope: FunderScope, rows: store.ClaimRow[]): Promise<ClaimView[]> {
    const payTo = rows.some((row) => row.pay_to_iban === null) ? await payToIban(q, scope) : null;
    return rows.map((row) => claimView(row, payTo));
  }

  async function reread(ws: WriteScope, scope: FunderScope, id: string): Promise<ClaimView> {
    const row = await store.findVisibleClaim(ws.tx, scope, id);
    if (!row) throw new Error(`claim ${id} vanished inside its own write`);
    const [view] = await viewsOf(ws.tx, { funderId: row.funder_id, plane: row.plane }, [row]);
    return view!;
  }

  function claimEvent(ws: WriteScope, scope: FunderScope, type: string, claim: ClaimView, extra = {}) {
    ws.evidence({
      funderId: scope.funderId,
      plane: scope.plane,
      kind: `recourse.${type.split('.')[1]}`,
      subjectType: 'recourse_claim',
      subjectId: claim.claim_id,
      payload: {
        request_id: claim.request_id,
        request_ref: claim.request_ref,
        kind: claim.kind,
        status: claim.status,
        claim_amount: claim.claim_amount,
        ...extra,
      },
    });
    ws.emit({ funderId: scope.funderId, plane: scope.plane, type, data: { claim } });
  }

  /** Checks the claim the funder names: 404 when it cannot see it, 403 when it is another's. */
  async function ownClaim(ws: WriteScope, scope: FunderScope, id: string) {
    const claim = await store.findVisibleClaim(ws.tx, scope, id, { lock: true });
    if (!claim) throw new ApiError('not_found', 'Claim was not found.');
    if (claim.funder_id !== scope.funderId) {
      throw new ApiError('not_your_claim', 'This claim belongs to another funder.');
    }
    return claim;
  }

  return { payToIban, viewsOf, reread, claimEvent, ownClaim };
}
