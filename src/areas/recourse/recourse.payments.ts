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
import type { PaymentInput, PaymentRecorded } from '../requests/requests.module.ts';
import { OPERATIONS, type RequestLifecycle } from '../requests/requests.module.ts';
import { type Claims, cents } from './recourse.claims.ts';
import type { RepaymentBody, SandboxRepaymentBody } from './recourse.schemas.ts';
import * as store from './recourse.store.ts';

/** The payments of the requests (recorded by one recorder): `record` records one inside the caller's write. */
export interface Payments {
  record(ws: WriteScope, input: PaymentInput): Promise<PaymentRecorded>;
}

function demoOnly(caller: FunderCaller): FunderScope {
  requireSandbox(caller);
  return scopeOf(caller);
}

/** The seller's repayment of a recourse claim, recorded as a payment like the others. */
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

  return {
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
