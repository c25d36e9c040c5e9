import type { Static } from 'typebox';
import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { PaidBody, RepaymentBody } from './early-payments.schemas.ts';
import * as store from './early-payments.store.ts';
import { cents, emitChange } from './early-payments.view.ts';

/** Locks the early payment; it must exist and be in the status the step needs. */
async function lockIn(
  ws: WriteScope,
  scope: FunderScope,
  id: string,
  status: string,
  message: (current: string) => string,
) {
  const row = await store.lock(ws.tx, scope, id);
  if (!row) throw new ApiError('not_found', 'Early payment was not found.');
  if (row.status !== status) {
    throw new ApiError('early_payment_state', message(row.status), { extra: { status: row.status } });
  }
  return row;
}

type Locked = NonNullable<Awaited<ReturnType<typeof store.lock>>>;

/**
 * A payment step of an early payment (in the caller's write, within its scope): the early
 * payment is locked and must be in `status`, then `record` runs on it.
 */
function paymentStep<B, R>(
  status: string,
  message: (current: string) => string,
  record: (ws: WriteScope, scope: FunderScope, id: string, body: B, row: Locked) => Promise<R>,
) {
  return async (ws: WriteScope, scope: FunderScope, id: string, body: B): Promise<R> =>
    record(ws, scope, id, body, await lockIn(ws, scope, id, status, message));
}

/** A movement of money a step records: its amount (cents), value date and bank reference, now. */
function moneyIn(ws: WriteScope, amount: number, body: { value_date: string; reference: string }) {
  return {
    amount: centsToDecimal(amount),
    valueDate: body.value_date,
    reference: body.reference.trim(),
    at: ws.now,
  };
}

/** The evidence entry of a movement of money on the early payment, with what else the step adds. */
function moneyEvidence(
  ws: WriteScope,
  scope: FunderScope,
  id: string,
  kind: string,
  money: ReturnType<typeof moneyIn>,
  more: Record<string, unknown> = {},
) {
  ws.evidence({
    funderId: scope.funderId,
    plane: scope.plane,
    kind,
    subjectType: 'early_payment',
    subjectId: id,
    payload: { amount: money.amount, value_date: money.valueDate, reference: money.reference, ...more },
  });
}

/** The funder paid the supplier early (in the caller's write, within its scope). */
const recordPaid = paymentStep(
  'accepted',
  (s) => `Only an accepted early payment can be paid; this one is ${s}.`,
  async (ws, scope, id, body: Static<typeof PaidBody>, row) => {
    const amount = cents(body.amount);
    if (amount > cents(row.amount_due)) {
      throw new ApiError('invalid_amount', `amount must not be above the amount due (${row.amount_due}).`, {
        extra: { field: 'amount' },
      });
    }
    const today = madridDate(ws.now);
    const accepted = madridDate(row.accepted_at!);
    if (body.value_date > today || body.value_date < accepted) {
      throw new ApiError(
        'invalid_payment_details',
        `value_date must be between the day the supplier accepted (${accepted}) and today (${today}).`,
        { extra: { field: 'value_date' } },
      );
    }
    const paid = moneyIn(ws, amount, body);
    await store.markPaid(ws.tx, scope, id, paid);
    moneyEvidence(ws, scope, id, 'early_payment.paid', paid);
    return emitChange(ws, scope, id, 'early_payment.paid');
  },
);

/** The buyer repaid the funder, in part or in full (in the caller's write, within its scope). */
const recordRepayment = paymentStep(
  'paid',
  (s) => `A repayment is recorded on a paid early payment only; this one is ${s}.`,
  async (ws, scope, id, body: Static<typeof RepaymentBody>, row) => {
    const today = madridDate(ws.now);
    if (body.value_date > today) {
      throw new ApiError('invalid_payment_details', `value_date must not be after today (${today}).`, {
        extra: { field: 'value_date' },
      });
    }
    const amount = cents(body.amount);
    const outstanding = cents(row.amount_due) - cents(row.repaid_amount);
    if (amount > outstanding) {
      throw new ApiError(
        'repayment_exceeds_outstanding',
        `The repayment is above what the buyer still owes (${centsToDecimal(outstanding)}).`,
        { extra: { field: 'amount', outstanding: outstanding / 100 } },
      );
    }
    const repayment = moneyIn(ws, amount, body);
    const after = await store.addRepayment(ws.tx, scope, id, { id: newId(), ...repayment });
    moneyEvidence(ws, scope, id, 'early_payment.repayment', repayment, {
      repaid_amount: after.repaid_amount,
    });
    const type = after.status === 'repaid' ? 'early_payment.repaid' : 'early_payment.repayment_recorded';
    return emitChange(ws, scope, id, type);
  },
);

/** The funder's side of the money: it paid the supplier early, the buyer repaid it. */
export function createEarlyPaymentPayments(deps: { write: RunWrite }) {
  const { write } = deps;
  return {
    /** The funder paid the supplier early. */
    async paid(caller: FunderCaller, id: string, body: Static<typeof PaidBody>) {
      const scope = scopeOf(caller);
      return write(caller, (ws) => recordPaid(ws, scope, id, body));
    },

    /** The buyer repaid the funder (in part or in full). */
    async repayment(caller: FunderCaller, id: string, body: Static<typeof RepaymentBody>) {
      const scope = scopeOf(caller);
      return write(caller, (ws) => recordRepayment(ws, scope, id, body));
    },
  };
}
