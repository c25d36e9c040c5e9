import type { Plane } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import * as store from './early-payments.store.ts';
import { cents, emitChange } from './early-payments.view.ts';

/** Releases an offer on an invoice to its supplier, with the funder recorded. */
export async function releaseIn(
  ws: WriteScope,
  input: { funderId: string; plane: Plane; invoiceId: string; offeredAmount?: number },
) {
  const invoice = await store.invoiceForOps(ws.tx, input.invoiceId);
  if (!invoice || invoice.plane !== input.plane) throw new ApiError('not_found', 'Invoice was not found.');
  if (!invoice.due_date) {
    throw new ApiError('body_invalid', 'The invoice has no due date: an early payment needs a maturity.', {
      extra: { field: 'invoice_id' },
    });
  }
  const due = cents(invoice.amount);
  const offered = input.offeredAmount === undefined ? due : cents(input.offeredAmount);
  if (offered > due) {
    throw new ApiError('invalid_amount', 'offered_amount must not be above the invoice’s face value.', {
      extra: { field: 'offered_amount' },
    });
  }
  if (await store.inFlightForInvoice(ws.tx, invoice.id)) {
    throw new ApiError(
      'conflict',
      'This invoice already has an early payment released, accepted, paid or repaid.',
    );
  }
  const id = newId();
  await store.insert(ws.tx, {
    id,
    plane: input.plane,
    funderId: input.funderId,
    invoiceId: invoice.id,
    amountDue: centsToDecimal(due),
    offeredAmount: centsToDecimal(offered),
    maturityDate: invoice.due_date,
    at: ws.now,
  });
  ws.evidence({
    funderId: input.funderId,
    plane: input.plane,
    kind: 'early_payment.released',
    subjectType: 'early_payment',
    subjectId: id,
    payload: {
      invoice_id: invoice.id,
      amount_due: centsToDecimal(due),
      offered_amount: centsToDecimal(offered),
    },
  });
  return emitChange(ws, { funderId: input.funderId, plane: input.plane }, id, 'early_payment.released');
}

/** The supplier accepts or declines, or the buyer withdraws, an offer not yet paid. */
export async function answerIn(
  ws: WriteScope,
  row: store.EarlyPaymentRow,
  answer: 'accepted' | 'declined' | 'withdrawn',
  reason: string | null,
) {
  const allowed = answer === 'withdrawn' ? ['released', 'accepted'] : ['released'];
  if (!allowed.includes(row.status)) {
    throw new ApiError('early_payment_state', `An early payment that is ${row.status} cannot be ${answer}.`, {
      extra: {
        status: row.status,
      },
    });
  }
  await store.answer(ws.tx, row.id, answer, ws.now, reason);
  ws.evidence({
    funderId: row.funder_id,
    plane: row.plane,
    kind: `early_payment.${answer}`,
    subjectType: 'early_payment',
    subjectId: row.id,
    payload: { reason },
  });
  return emitChange(ws, { funderId: row.funder_id, plane: row.plane }, row.id, `early_payment.${answer}`);
}
