import type { AreaDeps } from '../../platform/area-deps.ts';
import type { RequestLifecycle } from '../requests/requests.module.ts';
import { createRecourseBook } from './recourse.book.ts';
import { createClaims } from './recourse.claims.ts';
import { createClaimOpening } from './recourse.opening.ts';
import { createClaimPayments, type Payments } from './recourse.payments.ts';

export type { ClaimView } from './recourse.claims.ts';
export type { Payments } from './recourse.payments.ts';

export type RecourseService = ReturnType<typeof createRecourseService>;

/**
 * Recourse claims. The worker opens one claim per funded factoring request still not settled
 * `recourse_days` Madrid calendar days after the earliest due date of its invoices: with
 * recourse the seller owes what was advanced plus the recorded fee less what was collected;
 * without recourse the claim records what the debtor still owes. Every payment recorded on the
 * request afterwards (settle, a confirmed statement line, the seller's repayment) counts towards
 * the claim through the payment observer (recourse.observer.ts), which the payment recorder is
 * built with and calls inside its write; the funder
 * withdraws a recourse claim or writes off a debtor default.
 */
export function createRecourseService(
  deps: AreaDeps & {
    lifecycle: RequestLifecycle;
    /** The one payment recorder: a seller's repayment is a payment like the others. */
    payments: Pick<Payments, 'record'>;
  },
) {
  const claims = createClaims();
  return {
    ...createRecourseBook({ ...deps, claims }),
    ...createClaimOpening({ ...deps, claims }),
    ...createClaimPayments({ ...deps, claims }),
  };
}
