import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type Cents, centsToDecimal, centsToEuros, toCents } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import { funderMover, type RequestLifecycle } from './requests.lifecycle.ts';
import { insertSettlement } from './requests.payments.store.ts';
import type { RequestStatus } from './requests.status.ts';
import type { RequestRow } from './requests.store.ts';

/** Where a recorded payment came from (the `settlements.source` column). */
export type PaymentSource = 'settle' | 'statement' | 'recourse';

export interface PaymentInput {
  /** The request, already locked by the caller in this write. */
  request: RequestRow;
  /** The funder recording the payment: it must be the request's funder of record. */
  funderId: string;
  amountCents: Cents;
  receivedAt: Date;
  reference: string | null;
  note: string | null;
  /** true closes the request as settled whatever remains. */
  final: boolean;
  source: PaymentSource;
}

/** The figures of a recorded payment, euros at the edge, as the settle decision answers them. */
export interface PaymentRecorded {
  request_id: string;
  settlement_id: string;
  amount: number;
  received_at: string;
  reference: string | null;
  /** Whether the request is settled now, by this payment (the total reached, `final`, or recourse). */
  final: boolean;
  settled_amount: number;
  remaining_amount: number;
  status: RequestStatus;
}

/** The evidence-chain entry kind per source; the settle decision keeps its historical kind. */
const EVIDENCE_KIND: Record<PaymentSource, string> = {
  settle: 'decision.settle',
  statement: 'settlement.statement_line',
  recourse: 'settlement.recourse',
};

export type RecordPayment = (ws: WriteScope, input: PaymentInput) => Promise<PaymentRecorded>;

/**
 * What another area does with a payment before the request moves, inside the same write (the
 * recourse claims): told whether the payment settles the request the ordinary way, it answers
 * whether the payment closes the request as settled by recourse instead.
 */
export type PaymentHook = (
  ws: WriteScope,
  payment: { request: RequestRow; funderId: string; amountCents: Cents; settlesRequest: boolean },
) => Promise<{ closesByRecourse: boolean }>;

/** Payments on funded requests: the one recorder. */
export interface Payments {
  /** Records a payment on a funded request inside the caller's write (the settle rule). */
  record(ws: WriteScope, input: PaymentInput): Promise<PaymentRecorded>;
}

/** The areas that hear of every payment inside its write (recourse claims): required, never empty. */
export type PaymentObservers = readonly [PaymentHook, ...PaymentHook[]];

/**
 * The payment's amount checked against the request: refuses with 403 not_your_request when the
 * funder is not its funder of record, 422 invalid_amount when the amount is not a positive
 * number of cents or is more than what remains to be received, 409 invalid_state when the
 * request is not funded.
 */
function admitted(lifecycle: RequestLifecycle, input: PaymentInput) {
  const row = input.request;
  if (row.funder_of_record_id !== input.funderId) {
    throw new ApiError('not_your_request', 'You are not the funder of record of this request.');
  }
  const amountCents = input.amountCents;
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    throw new ApiError(
      'invalid_amount',
      'The amount must be a positive number of euros, exact to the cent.',
      {
        extra: { field: 'amount' },
      },
    );
  }
  const totalCents = toCents(row.total_amount)!;
  const settledBefore = toCents(row.settled_amount)!;
  const remainingBefore = totalCents - settledBefore;
  lifecycle.next(row.status, 'settle_partial');
  if (amountCents > remainingBefore) {
    throw new ApiError(
      'invalid_amount',
      `amount is more than what remains to be received (${centsToDecimal(remainingBefore)} EUR).`,
      { extra: { field: 'amount', remaining_amount: centsToEuros(remainingBefore) } },
    );
  }
  return { amountCents, totalCents, settledAfter: settledBefore + amountCents };
}

/**
 * Records money the funder received on a funded request, inside the caller's write: one row in
 * `settlements`, and the request's settled amount raised through the request lifecycle (a
 * partial payment keeps it funded, the total reached or `final` settles it), with its history,
 * the evidence-chain entry and the `settlement.recorded` event. Every way of recording a
 * payment (the settle decision, a confirmed statement line, a seller's repayment) goes through
 * here, so `outstanding` and the request's status can never disagree between them.
 *
 * The observers it is built with are told of each payment before the request moves; one of them
 * may close the request as settled by recourse.
 */
export function createPayments(deps: { lifecycle: RequestLifecycle; observers: PaymentObservers }): Payments {
  const hooks = deps.observers;

  /** Whether a subscriber closes the request by recourse; every subscriber hears of the payment. */
  async function closedByRecourse(ws: WriteScope, payment: Parameters<PaymentHook>[1]): Promise<boolean> {
    let closes = false;
    for (const hook of hooks) {
      const hooked = await hook(ws, payment);
      closes = closes || hooked.closesByRecourse;
    }
    return closes;
  }

  async function record(ws: WriteScope, input: PaymentInput): Promise<PaymentRecorded> {
    const { tx, now } = ws;
    const row = input.request;
    const { amountCents, totalCents, settledAfter } = admitted(deps.lifecycle, input);
    const settlesRequest = input.final || settledAfter >= totalCents;
    const scope = { funderId: input.funderId, plane: row.plane };
    const hooked = await closedByRecourse(ws, {
      request: row,
      funderId: input.funderId,
      amountCents,
      settlesRequest,
    });
    const byRecourse = !settlesRequest && hooked;
    const closes = settlesRequest || byRecourse;
    const move = byRecourse ? 'settle_recourse' : closes ? 'settle_final' : 'settle_partial';
    const to = deps.lifecycle.next(row.status, move);
    const settlementId = newId();
    await insertSettlement(tx, scope, {
      id: settlementId,
      requestId: row.id,
      amount: centsToDecimal(amountCents),
      receivedAt: input.receivedAt,
      reference: input.reference,
      note: input.note,
      final: input.final,
      source: input.source,
      recordedAt: now,
    });
    const result: PaymentRecorded = {
      request_id: row.id,
      settlement_id: settlementId,
      amount: centsToEuros(amountCents),
      received_at: input.receivedAt.toISOString(),
      reference: input.reference,
      // Not the flag the caller sent: whether the request is now settled (docs/decisions/decisions.md).
      final: closes,
      settled_amount: centsToEuros(settledAfter),
      remaining_amount: centsToEuros(Math.max(0, totalCents - settledAfter)),
      status: to,
    };
    await deps.lifecycle.transition(ws, funderMover(scope), row, move, {
      trigger: byRecourse ? 'settle_recourse' : 'settle',
      columns: { settled_amount: centsToDecimal(settledAfter), ...(closes ? { settled_at: now } : {}) },
      evidence: {
        kind: EVIDENCE_KIND[input.source],
        funderId: input.funderId,
        payload: {
          settlement_id: settlementId,
          amount: centsToDecimal(amountCents),
          received_at: input.receivedAt.toISOString(),
          reference: input.reference,
          final: input.final,
          ...(input.source === 'settle' ? {} : { source: input.source, note: input.note }),
          ...(byRecourse ? { settled_by: 'recourse' } : {}),
        },
      },
      event: {
        funderId: input.funderId,
        type: 'settlement.recorded',
        data: {
          request_ref: row.request_ref,
          ...(input.source === 'settle' ? { decision: 'settle' } : {}),
          source: input.source,
          ...result,
        },
      },
    });
    return result;
  }

  return {
    record,
  };
}
