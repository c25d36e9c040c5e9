import type { FunderScope } from '../../platform/caller.ts';
import { newId } from '../../platform/ids.ts';
import type { WriteScope } from '../../platform/write.ts';
import * as alertsStore from './bank-data.alerts.store.ts';
import { alertView } from './bank-data.views.ts';

/**
 * A debtor's payment read through one consent, inside a write: kept once per consent, and an
 * alert (with the event `payment.reached_seller`) raised once per request it concerns.
 */
export async function recordPaymentIn(
  ws: WriteScope,
  scope: FunderScope,
  input: {
    connectionId: string;
    sellerId: string;
    debtorTaxId: string;
    amount: number;
    receivedAt: Date;
    reference: string;
  },
) {
  const { tx, now } = ws;
  const paymentId = await alertsStore.insertPayment(tx, scope, {
    id: newId(),
    connectionId: input.connectionId,
    sellerId: input.sellerId,
    debtorTaxId: input.debtorTaxId,
    amount: input.amount.toFixed(2),
    receivedAt: input.receivedAt,
    reference: input.reference,
    at: now,
  });
  if (paymentId === null) return { payment_id: null, recorded: false, alerts: [] };
  const raised = [];
  for (const request of await alertsStore.alertedRequests(tx, scope, input)) {
    const alertId = await alertsStore.insertAlert(tx, scope, {
      id: newId(),
      requestId: request.id,
      paymentId,
      at: now,
    });
    if (alertId === null) continue;
    const alert = alertView((await alertsStore.alertById(tx, scope, alertId))!);
    ws.evidence({
      funderId: scope.funderId,
      plane: scope.plane,
      kind: 'bank_data.payment_alert',
      subjectType: 'funding_request',
      subjectId: request.id,
      payload: {
        alert_id: alertId,
        payment_id: paymentId,
        amount: alert.amount,
        debtor_tax_id: alert.debtor_tax_id,
      },
    });
    ws.emit({
      funderId: scope.funderId,
      plane: scope.plane,
      type: 'payment.reached_seller',
      data: { alert },
    });
    raised.push(alert);
  }
  return { payment_id: paymentId, recorded: true, alerts: raised };
}
