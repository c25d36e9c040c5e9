import type { FunderScope } from '../../platform/caller.ts';
import { centsToDecimal } from '../../platform/money.ts';
import type { PaymentHook } from '../requests/requests.module.ts';
import { type Claims, cents, createClaims } from './recourse.claims.ts';
import * as store from './recourse.store.ts';

/**
 * What the claims hear of the payments: the payment recorder is built with this observer and
 * tells it of every payment on a request before the request moves, inside the recorder's write.
 */
export function createPaymentObserver(deps: { claims: Claims }) {
  const { claims } = deps;

  /**
   * Counts the payment on the request's open claim. The request settling the ordinary way
   * settles either kind; payments covering a recourse claim settle it and close the request by
   * recourse.
   */
  const onPayment: PaymentHook = async (ws, payment) => {
    const scope: FunderScope = { funderId: payment.funderId, plane: payment.request.plane };
    const claim = await store.openClaimOfRequest(ws.tx, scope, payment.request.id);
    if (!claim) return { closesByRecourse: false };
    const paidAfter = cents(claim.paid_since_opened) + payment.amountCents;
    const covers = claim.kind === 'recourse' && paidAfter >= cents(claim.claim_amount);
    const settledBy = payment.settlesRequest ? 'request_settled' : covers ? 'recourse' : null;
    await store.addPayment(ws.tx, scope, claim.id, centsToDecimal(payment.amountCents), settledBy, ws.now);
    if (settledBy) {
      const closed = await claims.reread(ws, scope, claim.id);
      claims.claimEvent(ws, scope, 'claim.closed', closed, { settled_by: settledBy });
    }
    return { closesByRecourse: settledBy === 'recourse' };
  };

  return { onPayment };
}

/**
 * What the claims hear of every payment recorded on a request: the requests area's payment
 * recorder is built with it (before the recourse module, which records the seller's repayments
 * through that recorder).
 */
export function claimsPaymentObserver(): PaymentHook {
  return createPaymentObserver({ claims: createClaims() }).onPayment;
}
