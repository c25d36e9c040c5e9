import type { FunderScope } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { amountCents } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { ShownStatus } from './early-payments.schemas.ts';
import * as store from './early-payments.store.ts';

export const cents = (value: number | string): number => amountCents(value)!;
export const euros = (text: string): number => Number(text);

export /** An early payment as a funder reads it (and as its events carry it). */
function view(row: store.EarlyPaymentDetail, today: string) {
  const shown: ShownStatus = row.status === 'paid' && row.maturity_date < today ? 'overdue' : row.status;
  const paidOpen = row.status === 'paid';
  return {
    id: row.id,
    status: shown,
    invoice: {
      id: row.invoice_id,
      number: row.invoice_number,
      issue_date: row.invoice_issue_date,
      due_date: row.invoice_due_date,
    },
    buyer: { name: row.buyer_name, tax_id: row.buyer_tax_id, country: row.buyer_country },
    supplier: {
      seller_id: row.supplier_id,
      name: row.supplier_name,
      tax_id: row.supplier_tax_id,
      country: row.supplier_country,
    },
    amount_due: euros(row.amount_due),
    offered_amount: euros(row.offered_amount),
    maturity_date: row.maturity_date,
    released_at: row.released_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    paid:
      row.paid_at && row.paid_amount && row.paid_value_date
        ? {
            amount: euros(row.paid_amount),
            value_date: row.paid_value_date,
            reference: row.paid_reference ?? '',
            recorded_at: row.paid_at.toISOString(),
          }
        : null,
    repaid_amount: euros(row.repaid_amount),
    outstanding: paidOpen ? (cents(row.amount_due) - cents(row.repaid_amount)) / 100 : 0,
    repayments: row.repayments.map((r) => ({
      amount: euros(r.amount),
      value_date: r.value_date,
      reference: r.reference,
      recorded_at: new Date(r.recorded_at).toISOString(),
    })),
    closed_at: row.closed_at?.toISOString() ?? null,
    close_reason: row.close_reason,
  };
}

export type EarlyPaymentView = ReturnType<typeof view>;

/** The early payment as it stands inside a write, and its event. */
export async function emitChange(ws: WriteScope, scope: FunderScope, id: string, type: string) {
  const row = await store.find(ws.tx, scope, id);
  if (!row) throw new Error(`early payment ${id} vanished inside its own write`);
  const early_payment = view(row, madridDate(ws.now));
  ws.emit({ funderId: scope.funderId, plane: scope.plane, type, data: { early_payment } });
  return early_payment;
}
