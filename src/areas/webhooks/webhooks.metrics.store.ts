import type { Queryable } from '../../platform/db/db.ts';

/**
 * How long the oldest pending delivery has been due at `now`, in seconds (null when none is):
 * in flight or waiting for a place, it has not been delivered yet. Crosses funders (the
 * operator role); one probe of the index of pending rows by due time.
 */
export async function oldestDueDeliveryForOps(q: Queryable, now: Date): Promise<number | null> {
  const { rows } = await q.query<{ seconds: number | null }>(
    `SELECT extract(epoch FROM $1::timestamptz - min(next_attempt_at))::float8 AS seconds
       FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1`,
    [now],
  );
  return rows[0]?.seconds ?? null;
}
