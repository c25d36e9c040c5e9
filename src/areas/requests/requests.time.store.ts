import type { Queryable } from '../../platform/db/db.ts';

/** The sandbox key that made a request with the sandbox helper: the one key that may move its time. */
export async function markSandboxMadeForOps(q: Queryable, requestId: string, keyId: string): Promise<void> {
  await q.query(`UPDATE funding_requests SET sandbox_key_id = $2 WHERE id = $1 AND plane = 'demo'`, [
    requestId,
    keyId,
  ]);
}

/** Moves a demonstration request's own time `days` further ahead; answers the new offset. */
export async function addOffsetDaysForOps(q: Queryable, requestId: string, days: number): Promise<number> {
  const { rows } = await q.query<{ offset_days: number }>(
    `UPDATE funding_requests SET sandbox_offset_days = sandbox_offset_days + $2
      WHERE id = $1 AND plane = 'demo' RETURNING sandbox_offset_days AS offset_days`,
    [requestId, days],
  );
  return rows[0]!.offset_days;
}

/** Closes the request's pending offers whose validity ended by `requestNow`; answers them. */
export async function expireOffersForOps(
  q: Queryable,
  requestId: string,
  requestNow: Date,
  at: Date,
): Promise<{ id: string; expires_at: Date }[]> {
  const { rows } = await q.query<{ id: string; expires_at: Date }>(
    `UPDATE offers SET status = 'expired', closed_at = $3
      WHERE request_id = $1 AND plane = 'demo' AND status = 'pending' AND expires_at <= $2
      RETURNING id, expires_at`,
    [requestId, requestNow, at],
  );
  return rows;
}

/** The request's invoices with their due dates, in the request's order. */
export async function invoiceDueDatesForOps(
  q: Queryable,
  requestId: string,
): Promise<{ invoice_no: string; due_date: string | null }[]> {
  const { rows } = await q.query<{ invoice_no: string; due_date: string | null }>(
    `SELECT i.number AS invoice_no, i.due_date::text AS due_date
       FROM request_invoices ri JOIN invoices_read i ON i.id = ri.invoice_id
      WHERE ri.request_id = $1 ORDER BY ri.position, i.number`,
    [requestId],
  );
  return rows;
}
