import { ApiError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type Cents, centsToDecimal, centsToEuros, toCents } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import { nextStatus, type RequestStatus } from '../requests/request-status.ts';
import * as requests from '../requests/requests.store.ts';

/** Where a recorded payment came from (the `settlements.source` column). */
export type PaymentSource = 'settle' | 'statement' | 'recourse';

export interface PaymentInput {
  /** The request, already locked by the caller (FOR UPDATE), or its id: it is then locked here. */
  request: requests.RequestRow | string;
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

/**
 * Records money the funder received on a funded request, inside the caller's write: one row in
 * `settlements`, the request's settled amount raised, and the move to `settled` once the total
 * is reached (or `final`), with its history, the evidence-chain entry and the
 * `settlement.recorded` event. Every way of recording a payment (the settle decision, a
 * confirmed statement line, a seller's repayment) goes through here, so `outstanding` and the
 * request's status can never disagree between them.
 *
 * Refuses with 409 invalid_state when the request is not funded, 403 not_your_request when the
 * funder is not its funder of record, and 422 invalid_amount when the amount is more than what
 * remains to be received.
 */
export async function recordPaymentIn(scope: WriteScope, input: PaymentInput): Promise<PaymentRecorded> {
  const { tx, now } = scope;
  let row: requests.RequestRow;
  if (typeof input.request === 'string') {
    const found = await requests.findRequest(tx, input.request, { forUpdate: true });
    if (!found) notFound('Request');
    row = found;
  } else {
    row = input.request;
  }
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
  nextStatus(row.status, 'settle_partial');
  if (amountCents > remainingBefore) {
    throw new ApiError(
      'invalid_amount',
      `amount is more than what remains to be received (${centsToDecimal(remainingBefore)} EUR).`,
      { extra: { field: 'amount', remaining_amount: centsToEuros(remainingBefore) } },
    );
  }
  const settledAfter = settledBefore + amountCents;
  const closes = input.final || settledAfter >= totalCents;
  const to = nextStatus(row.status, closes ? 'settle_final' : 'settle_partial');
  const settlementId = newId();
  await tx.query(
    `INSERT INTO settlements (id, plane, request_id, funder_id, amount, received_at, reference, note, final, source, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      settlementId,
      row.plane,
      row.id,
      input.funderId,
      centsToDecimal(amountCents),
      input.receivedAt,
      input.reference,
      input.note,
      input.final,
      input.source,
      now,
    ],
  );
  const changes = {
    settled_amount: centsToDecimal(settledAfter),
    ...(closes ? { settled_at: now } : {}),
  };
  if (to !== row.status) {
    await requests.setStatus(tx, row, to, 'settle', { funder_id: input.funderId }, now, changes);
  } else {
    await requests.updateRequest(tx, row.id, now, changes);
  }
  scope.evidence({
    funderId: input.funderId,
    plane: row.plane,
    kind: EVIDENCE_KIND[input.source],
    subjectType: 'funding_request',
    subjectId: row.id,
    payload: {
      request_ref: row.request_ref,
      settlement_id: settlementId,
      amount: centsToDecimal(amountCents),
      received_at: input.receivedAt.toISOString(),
      reference: input.reference,
      final: input.final,
      ...(input.source === 'settle' ? {} : { source: input.source, note: input.note }),
    },
  });
  const result: PaymentRecorded = {
    request_id: row.id,
    settlement_id: settlementId,
    amount: centsToEuros(amountCents),
    received_at: input.receivedAt.toISOString(),
    reference: input.reference,
    final: input.final,
    settled_amount: centsToEuros(settledAfter),
    remaining_amount: centsToEuros(Math.max(0, totalCents - settledAfter)),
    status: to,
  };
  scope.emit({
    funderId: input.funderId,
    plane: row.plane,
    type: 'settlement.recorded',
    data: {
      request_ref: row.request_ref,
      ...(input.source === 'settle' ? { decision: 'settle' } : {}),
      source: input.source,
      ...result,
    },
  });
  return result;
}
