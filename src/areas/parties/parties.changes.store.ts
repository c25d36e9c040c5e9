import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';

/**
 * Changes the operations team makes to the parties on the disclosure area's behalf (a debtor's
 * notice address, a seller's verification lapse, an invoice's amount), inside its writes. The
 * tables are this area's; the functions are published through the module.
 */

/** Where a debtor's notices are sent (null: nowhere known); `keep` leaves an address already there. */
export async function setNoticeAddressForOps(
  q: Queryable,
  debtorId: string,
  address: string | null,
  keep = false,
) {
  const result = await q.query<{ id: string; plane: Plane; has_address: boolean }>(
    `UPDATE debtors SET notice_address = CASE WHEN $3 THEN coalesce(notice_address, $2) ELSE $2 END
      WHERE id = $1 RETURNING id, plane, notice_address IS NOT NULL AS has_address`,
    [debtorId, address, keep],
  );
  return result.rows[0] ?? null;
}

/** The day a seller's verification lapses (null: none planned). */
export async function setVerificationLapseForOps(q: Queryable, sellerId: string, lapsesOn: string | null) {
  const result = await q.query<{ id: string; plane: Plane; verification_status: string }>(
    `UPDATE sellers SET verification_lapses_on = $2::date WHERE id = $1 RETURNING id, plane, verification_status`,
    [sellerId, lapsesOn],
  );
  return result.rows[0] ?? null;
}

/** An invoice's amount changes; answers it before the change and the requests in flight holding it. */
export async function changeInvoiceAmountForOps(
  q: Queryable,
  invoiceId: string,
  amount: string,
): Promise<{ plane: Plane; number: string; before: string; requests: string[] } | null> {
  const before = await q.query<{ plane: Plane; number: string; amount: string }>(
    'SELECT plane, number, amount FROM invoices WHERE id = $1 FOR UPDATE',
    [invoiceId],
  );
  const row = before.rows[0];
  if (!row) return null;
  await q.query('UPDATE invoices SET amount = $2 WHERE id = $1', [invoiceId, amount]);
  const requests = await q.query<{ id: string }>(
    `SELECT r.id FROM request_invoices_read ri JOIN funding_requests_read r ON r.id = ri.request_id
      WHERE ri.invoice_id = $1 AND r.status NOT IN ('settled', 'declined', 'rejected', 'cancelled')
      ORDER BY r.id`,
    [invoiceId],
  );
  return {
    plane: row.plane,
    number: row.number,
    before: row.amount,
    requests: requests.rows.map((r) => r.id),
  };
}
