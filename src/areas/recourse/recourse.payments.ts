import type { Static } from 'typebox';
import {
  type FunderCaller,
  type FunderScope,
  type OperatorCaller,
  requireSandbox,
  scopeOf,
} from '../../platform/caller.ts';
import { madridDate, madridInstant } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { type Cents, centsToDecimal, centsToEuros } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { PaymentHook, PaymentInput, PaymentRecorded } from '../requests/requests.module.ts';
import { OPERATIONS, type RequestLifecycle } from '../requests/requests.module.ts';
import { type Claims, cents } from './recourse.claims.ts';
import type { RepaymentBody, SandboxRepaymentBody } from './recourse.schemas.ts';
import * as store from './recourse.store.ts';

/**
 * The payments of the requests (recorded by one recorder): `record` records one inside the
 * caller's write, `onPayment` subscribes a hook told of each before the request moves.
 */
export interface Payments {
  record(ws: WriteScope, input: PaymentInput): Promise<PaymentRecorded>;
  onPayment(hook: PaymentHook): void;
}

function demoOnly(caller: FunderCaller): FunderScope {
  requireSandbox(caller);
  return scopeOf(caller);
}

/**
 * Payments on a request with a claim: the seller's repayment of a recourse claim (recorded as a
 * payment like the others), and every payment recorded on the request counted on its claim.
 */
export function createClaimPayments(deps: {
  write: RunWrite;
  lifecycle: RequestLifecycle;
  claims: Claims;
  /** The one payment recorder: a seller's repayment is a payment like the others. */
  payments: Pick<Payments, 'record'>;
}) {
  const { write, lifecycle, claims } = deps;

  /** Records the seller's repayment of a recourse claim through the payment recorder. */
  async function repayIn(
    ws: WriteScope,
    claim: store.ClaimRow,
    input: { amountCents?: Cents; valueDate: string; reference: string },
  ) {
    if (claim.status !== 'open') throw new ApiError('claim_closed', 'The claim is no longer open.');
    if (claim.kind !== 'recourse') {
      throw new ApiError('invalid_state', 'Only a recourse claim is repaid by the seller.', {
        extra: { kind: claim.kind },
      });
    }
    const remaining = cents(claim.claim_amount) - cents(claim.paid_since_opened);
    const amount = input.amountCents ?? remaining;
    if (amount > remaining) {
      throw new ApiError(
        'invalid_amount',
        `amount is more than what remains of the claim (${centsToDecimal(remaining)} EUR).`,
        { extra: { field: 'amount', remaining: centsToEuros(remaining) } },
      );
    }
    const today = madridDate(ws.now);
    if (input.valueDate > today || input.valueDate < madridDate(claim.opened_at)) {
      throw new ApiError(
        'invalid_payment_details',
        'value_date must be between the day the claim opened and today (Madrid).',
        { extra: { field: 'value_date' } },
      );
    }
    const request = await lifecycle.lock(ws.tx, OPERATIONS, claim.request_id);
    const recorded = await deps.payments.record(ws, {
      request,
      funderId: claim.funder_id,
      amountCents: amount,
      receivedAt: madridInstant(input.valueDate, '12:00'),
      reference: input.reference,
      note: 'seller repayment under recourse',
      final: false,
      source: 'recourse',
    });
    const after = await claims.reread(ws, { funderId: claim.funder_id, plane: claim.plane }, claim.id);
    return {
      claim: after,
      settlement_id: recorded.settlement_id,
      amount: recorded.amount,
      request_status: recorded.status,
    };
  }

  /**
   * Told of a payment on a request before the request moves (inside the recorder's write):
   * counts it on the request's open claim. The request settling the ordinary way settles either
   * kind; payments covering a recourse claim settle it and close the request by recourse.
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

  return {
    onPayment,

    /** The operations team records a seller's repayment of a recourse claim. */
    async repaymentForOps(caller: OperatorCaller, id: string, body: Static<typeof RepaymentBody>) {
      return write(caller, async (ws) => {
        const claim = await store.findClaimForOps(ws.tx, id);
        if (!claim) throw new ApiError('not_found', 'Claim was not found.');
        return repayIn(ws, claim, {
          amountCents: cents(body.amount),
          valueDate: body.value_date,
          reference: body.reference,
        });
      });
    },

    /** Sandbox helper: the seller repays the caller's recourse claim today (by default in full). */
    async sandboxRepayment(caller: FunderCaller, id: string, body: Static<typeof SandboxRepaymentBody>) {
      const scope = demoOnly(caller);
      return write(caller, async (ws) => {
        const claim = await claims.ownClaim(ws, scope, id);
        return repayIn(ws, claim, {
          ...(body.amount === undefined ? {} : { amountCents: cents(body.amount) }),
          valueDate: madridDate(ws.now),
          reference: `SANDBOX-${claim.request_ref}`,
        });
      });
    },
  };
}
