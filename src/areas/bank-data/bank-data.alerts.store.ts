import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedRow, scopedRows } from '../../platform/db/scoped.ts';

/*
 * Payments reaching a seller through a consent, and the alerts they raise on requests funded
 * under confidential terms. Every function takes the funder's scope and applies it in SQL.
 */

export interface AlertRow {
  alert_id: string;
  request_id: string;
  request_ref: string;
  debtor_tax_id: string;
  debtor_name: string | null;
  amount: string;
  received_at: Date;
  reference: string;
  raised_at: Date;
}

const ALERT = `
  SELECT a.id AS alert_id, a.request_id, r.request_ref, p.debtor_tax_id,
         (SELECT d.name FROM request_invoices_read ri JOIN invoices_read i ON i.id = ri.invoice_id
            JOIN debtors_read d ON d.id = i.debtor_id
           WHERE ri.request_id = r.id
             AND upper(regexp_replace(d.tax_id, '\\s', '', 'g')) = p.debtor_tax_id
           ORDER BY ri.position LIMIT 1) AS debtor_name,
         p.amount::text AS amount, p.received_at, p.reference, a.raised_at
    FROM payment_alerts a
    JOIN seller_payments p ON p.id = a.payment_id
    JOIN funding_requests_read r ON r.id = a.request_id`;

export function requestAlerts(q: Queryable, scope: FunderScope, requestId: string) {
  return scopedRows<AlertRow>(
    q,
    scope,
    `${ALERT} WHERE a.funder_id = $1 AND a.plane = $2 AND a.request_id = $3
      ORDER BY p.received_at DESC, a.id`,
    [requestId],
  );
}

export function funderAlerts(q: Queryable, scope: FunderScope, since: Date) {
  return scopedRows<AlertRow>(
    q,
    scope,
    `${ALERT} WHERE a.funder_id = $1 AND a.plane = $2 AND p.received_at >= $3
      ORDER BY p.received_at DESC, a.id LIMIT 500`,
    [since],
  );
}

// --- writes -----------------------------------------------------------------------------------

/** Records a payment read through a consent; null when that consent already read it. */
export async function insertPayment(
  q: Queryable,
  scope: FunderScope,
  row: {
    id: string;
    connectionId: string;
    sellerId: string;
    debtorTaxId: string;
    amount: string;
    receivedAt: Date;
    reference: string;
    at: Date;
  },
) {
  const inserted = await scopedRow<{ id: string }>(
    q,
    scope,
    `INSERT INTO seller_payments (id, connection_id, plane, funder_id, seller_id, debtor_tax_id, amount,
                                  received_at, reference, recorded_at)
     VALUES ($3, $4, $2, $1, $5, upper(regexp_replace($6, '\\s', '', 'g')), $7::numeric, $8, $9, $10)
     ON CONFLICT (connection_id, reference) DO NOTHING RETURNING id`,
    [
      row.id,
      row.connectionId,
      row.sellerId,
      row.debtorTaxId,
      row.amount,
      row.receivedAt,
      row.reference,
      row.at,
    ],
  );
  return inserted?.id ?? null;
}

/**
 * The funder's requests a payment alerts on: funded by it under confidential terms, of this
 * seller, with an invoice owed by the paying debtor, funded at or before the payment arrived,
 * and not closed.
 */
export function alertedRequests(
  q: Queryable,
  scope: FunderScope,
  payment: { sellerId: string; debtorTaxId: string; receivedAt: Date },
) {
  return scopedRows<{ id: string; request_ref: string }>(
    q,
    scope,
    `SELECT r.id, r.request_ref FROM funding_requests_read r
      WHERE r.plane = $2 AND r.funder_of_record_id = $1 AND r.seller_id = $3
        AND r.status = 'funded' AND r.funded_at <= $5
        AND r.programme_terms->>'disclosure' = 'confidential'
        AND EXISTS (SELECT 1 FROM request_invoices_read ri JOIN invoices_read i ON i.id = ri.invoice_id
                      JOIN debtors_read d ON d.id = i.debtor_id
                     WHERE ri.request_id = r.id
                       AND upper(regexp_replace(d.tax_id, '\\s', '', 'g')) = upper(regexp_replace($4, '\\s', '', 'g')))
      ORDER BY r.funded_at, r.id`,
    [payment.sellerId, payment.debtorTaxId, payment.receivedAt],
  );
}

/** One alert per payment and request: null when it was raised already. */
export async function insertAlert(
  q: Queryable,
  scope: FunderScope,
  row: { id: string; requestId: string; paymentId: string; at: Date },
) {
  const raised = await scopedRow<{ id: string }>(
    q,
    scope,
    `INSERT INTO payment_alerts (id, plane, funder_id, request_id, payment_id, raised_at)
     VALUES ($3, $2, $1, $4, $5, $6)
     ON CONFLICT (payment_id, request_id) DO NOTHING RETURNING id`,
    [row.id, row.requestId, row.paymentId, row.at],
  );
  return raised?.id ?? null;
}

export function alertById(q: Queryable, scope: FunderScope, id: string) {
  return scopedRow<AlertRow>(q, scope, `${ALERT} WHERE a.funder_id = $1 AND a.plane = $2 AND a.id = $3`, [
    id,
  ]);
}
