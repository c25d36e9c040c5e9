import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { createEarlyPaymentParties } from './early-payments.parties.ts';
import { createEarlyPaymentPayments } from './early-payments.payments.ts';
import { createEarlyPaymentReading } from './early-payments.reading.ts';

export type { EarlyPaymentView } from './early-payments.view.ts';
export type EarlyPaymentsService = ReturnType<typeof createEarlyPaymentsService>;

/**
 * Early payments under a buyer programme: released to a supplier with this funder as its payer,
 * accepted (or declined) by the supplier, paid early by the funder, and repaid by the buyer at
 * maturity, partial repayments adding up. The buyer and the supplier are played by the
 * operations API (live) and the sandbox helpers (demonstration plane).
 */
export function createEarlyPaymentsService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  return {
    ...createEarlyPaymentReading(deps),
    ...createEarlyPaymentPayments(deps),
    ...createEarlyPaymentParties(deps),
  };
}
