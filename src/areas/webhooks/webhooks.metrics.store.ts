import type { AddParam } from '../../platform/db/db.ts';

/**
 * How long the oldest pending delivery has been due at `now`, in seconds (NULL when none is),
 * as a scalar subquery for the scrape's one statement (platform/metrics-scrape.store.ts): in
 * flight or waiting for a place, it has not been delivered yet. Crosses funders (the operator
 * role); one probe of the index of pending rows by due time.
 */
export function oldestDueDeliveryForOpsSql(now: Date, param: AddParam): string {
  const at = `${param(now)}::timestamptz`;
  return `(SELECT extract(epoch FROM ${at} - min(next_attempt_at))::float8
      FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${at})`;
}
