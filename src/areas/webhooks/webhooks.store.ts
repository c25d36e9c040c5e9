import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  defineKeyset,
  type KeyPosition,
  keysetAfter,
  keysetKey,
  keysetOrder,
} from '../../platform/db/keyset.ts';
import { lockClause, scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import { OUTBOX_CHANNEL } from '../../platform/outbox.ts';
import type { KeyedRow } from '../../platform/pagination.ts';

/**
 * The webhooks area's SQL. Funder-facing functions take the caller's scope (funder and plane)
 * and, for a sandbox key, the key whose endpoints it sees (`ownKey`; null for a live key, which
 * sees every endpoint of its funder). The dispatcher's SQL is in `webhooks.dispatch.store.ts`.
 */

export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: string[];
  active: boolean;
  secret_prefix: string;
  created_via: string;
  created_at: Date;
  failing_since: Date | null;
  last_success_at: Date | null;
}

const ENDPOINT_COLUMNS = `id::text, url, description, events, active, secret_prefix, created_via, created_at,
  failing_since, last_success_at`;

/** `ownKey` null: every key of the funder; else only what that key created. */
const KEY_FILTER = '($3::uuid IS NULL OR created_by_key = $3::uuid)';

export async function countActiveEndpoints(q: Queryable, scope: FunderScope): Promise<number> {
  const row = await scopedRow<{ n: number }>(
    q,
    scope,
    'SELECT count(*)::int AS n FROM webhook_endpoints WHERE funder_id = $1 AND plane = $2 AND active',
  );
  return row?.n ?? 0;
}

/** Serialises endpoint creation per funder and plane, so the limit of active endpoints holds. */
export async function lockEndpointCreation(q: Queryable, scope: FunderScope): Promise<void> {
  await scopedRows(
    q,
    scope,
    `SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints:' || $1 || ':' || $2))`,
  );
}

export async function insertEndpoint(
  q: Queryable,
  scope: FunderScope,
  row: {
    id: string;
    keyId: string;
    url: string;
    description: string;
    events: string[];
    secretPrefix: string;
    now: Date;
  },
): Promise<EndpointRow> {
  const inserted = await scopedRow<EndpointRow>(
    q,
    scope,
    `INSERT INTO webhook_endpoints (id, funder_id, plane, created_by_key, url, description, events,
                                    secret_prefix, created_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, $8, $9)
     RETURNING ${ENDPOINT_COLUMNS}`,
    [row.id, row.keyId, row.url, row.description, row.events, row.secretPrefix, row.now],
  );
  return inserted!;
}

export async function insertSecret(
  q: Queryable,
  scope: FunderScope,
  row: { id: string; endpointId: string; sealed: string; now: Date },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO webhook_secrets (id, endpoint_id, funder_id, plane, sealed, created_at)
     VALUES ($3, $4, $1, $2, $5, $6)`,
    [row.id, row.endpointId, row.sealed, row.now],
  );
}

export async function listEndpoints(q: Queryable, scope: FunderScope, ownKey: string | null) {
  return scopedRows<EndpointRow>(
    q,
    scope,
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
      WHERE funder_id = $1 AND plane = $2 AND active AND ${KEY_FILTER}
      ORDER BY created_at, id`,
    [ownKey],
  );
}

/** One endpoint the caller sees, by id; `active` narrows the read to an active one, and locks it. */
const endpointById = (q: Queryable, scope: FunderScope, ownKey: string | null, id: string, active: boolean) =>
  scopedRow<EndpointRow>(
    q,
    scope,
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
      WHERE funder_id = $1 AND plane = $2 AND ${KEY_FILTER} AND id = $4${active ? ' AND active' : ''}${lockClause(active)}`,
    [ownKey, id],
  );

/** An active endpoint the caller sees, locked for the change about to be made; null otherwise. */
export const lockEndpoint = (q: Queryable, scope: FunderScope, ownKey: string | null, id: string) =>
  endpointById(q, scope, ownKey, id, true);

/** An endpoint the caller sees, active or stopped (its delivery log stays readable). */
export const findEndpoint = (q: Queryable, scope: FunderScope, ownKey: string | null, id: string) =>
  endpointById(q, scope, ownKey, id, false);

/** Stops an endpoint: pending deliveries cancelled, secrets deleted. */
export async function stopEndpoint(
  q: Queryable,
  scope: FunderScope,
  id: string,
  now: Date,
): Promise<{ cancelled: number }> {
  await scopedCount(
    q,
    scope,
    `UPDATE webhook_endpoints SET active = false, stopped_at = $4, stopped_reason = 'deleted'
      WHERE funder_id = $1 AND plane = $2 AND id = $3`,
    [id, now],
  );
  const cancelled = await scopedCount(
    q,
    scope,
    `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, resume_at = NULL,
            locked_by = NULL, locked_until = NULL
      WHERE funder_id = $1 AND plane = $2 AND endpoint_id = $3 AND status = 'pending'`,
    [id],
  );
  await scopedCount(
    q,
    scope,
    'DELETE FROM webhook_secrets WHERE funder_id = $1 AND plane = $2 AND endpoint_id = $3',
    [id],
  );
  return { cancelled };
}

/**
 * A rotation, before the new secret is added: a previous secret still signing from an earlier
 * rotation is removed (at most two ever sign), and the current one signs on until
 * `previousUntil`, or is removed at once when that is not after now.
 */
export async function retireSecrets(
  q: Queryable,
  scope: FunderScope,
  endpointId: string,
  now: Date,
  previousUntil: Date,
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `DELETE FROM webhook_secrets
      WHERE funder_id = $1 AND plane = $2 AND endpoint_id = $3
        AND (expires_at IS NOT NULL OR $4::timestamptz <= $5::timestamptz)`,
    [endpointId, previousUntil, now],
  );
  await scopedCount(
    q,
    scope,
    `UPDATE webhook_secrets SET expires_at = $4
      WHERE funder_id = $1 AND plane = $2 AND endpoint_id = $3 AND expires_at IS NULL`,
    [endpointId, previousUntil],
  );
}

export async function setSecretPrefix(
  q: Queryable,
  scope: FunderScope,
  id: string,
  prefix: string,
): Promise<void> {
  await scopedCount(
    q,
    scope,
    'UPDATE webhook_endpoints SET secret_prefix = $4 WHERE funder_id = $1 AND plane = $2 AND id = $3',
    [id, prefix],
  );
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  body_sha256: string;
  created_at: Date;
}

const DELIVERY_COLUMNS = `id::text, event_id::text, event_type, status, attempts, response_code, last_error,
  next_attempt_at, last_attempt_at, delivered_at, body_sha256, created_at`;

/** An endpoint's delivery log, newest first: by the delivery's own sequence number. */
export const DELIVERY_ORDER = defineKeyset('webhook-deliveries', [
  { sql: 'seq', type: 'integer', desc: true },
]);

/** Up to `limit` of the endpoint's deliveries after `after` (null: from the newest). */
export async function listDeliveries(
  q: Queryable,
  scope: FunderScope,
  endpointId: string,
  page: { limit: number; after: KeyPosition | null },
) {
  const after = keysetAfter(DELIVERY_ORDER, page.after, 5);
  return scopedRows<DeliveryRow & KeyedRow>(
    q,
    scope,
    `SELECT ${DELIVERY_COLUMNS}, ${keysetKey(DELIVERY_ORDER)} FROM webhook_deliveries
      WHERE funder_id = $1 AND plane = $2 AND endpoint_id = $3${after.sql}
      ORDER BY ${keysetOrder(DELIVERY_ORDER)} LIMIT $4`,
    [endpointId, page.limit, ...after.params],
  );
}

/**
 * A delivery of the endpoint, locked for a retry; `attempt_running` says whether a dispatcher
 * holds a live lease on it now (an attempt is being sent and its outcome not yet recorded).
 */
export async function lockDelivery(
  q: Queryable,
  scope: FunderScope,
  endpointId: string,
  deliveryId: string,
  now: Date,
): Promise<(DeliveryRow & { attempt_running: boolean }) | null> {
  return scopedRow<DeliveryRow & { attempt_running: boolean }>(
    q,
    scope,
    `SELECT ${DELIVERY_COLUMNS},
            (status = 'pending' AND locked_by IS NOT NULL AND locked_until >= $5) AS attempt_running
       FROM webhook_deliveries
      WHERE funder_id = $1 AND plane = $2 AND endpoint_id = $3 AND id = $4 FOR UPDATE`,
    [endpointId, deliveryId, now],
  );
}

/**
 * A finished delivery (failed or delivered) goes back to pending, due now, and its schedule
 * starts again. A pending one is due now too, and the attempt it was waiting for is kept in
 * `resume_at`: the dispatcher puts it back there if the attempt sent now fails. A lease that
 * ran out (its dispatcher died) is cleared, so that dispatcher's late outcome is not recorded.
 */
export async function retryDeliveryNow(
  q: Queryable,
  scope: FunderScope,
  deliveryId: string,
  now: Date,
): Promise<DeliveryRow> {
  const row = await scopedRow<DeliveryRow>(
    q,
    scope,
    `UPDATE webhook_deliveries
        SET resume_at = CASE WHEN status = 'pending' THEN coalesce(resume_at, next_attempt_at) END,
            attempts_before_retry = CASE WHEN status = 'pending' THEN attempts_before_retry ELSE attempts END,
            status = 'pending', next_attempt_at = $4, locked_by = NULL, locked_until = NULL
      WHERE funder_id = $1 AND plane = $2 AND id = $3
      RETURNING ${DELIVERY_COLUMNS}`,
    [deliveryId, now],
  );
  return row!;
}

/**
 * A recovery: every delivery of the endpoint made since `since` that is `failed`, or `pending`
 * and waiting for a retry after a failed attempt (due later, no attempt in flight), is due now.
 * A `failed` one starts its schedule again; a waiting one keeps the attempt it waited for in
 * `resume_at`, as a manual retry does. A delivery already due (never tried yet, or put back by
 * an earlier recovery or retry and not sent yet) is left as it is: it goes out once. Answers how
 * many were put back.
 */
export async function recoverDeliveries(
  q: Queryable,
  scope: FunderScope,
  endpointId: string,
  since: Date,
  now: Date,
): Promise<number> {
  return scopedCount(
    q,
    scope,
    `UPDATE webhook_deliveries
        SET resume_at = CASE WHEN status = 'pending' THEN coalesce(resume_at, next_attempt_at) END,
            attempts_before_retry = CASE WHEN status = 'pending' THEN attempts_before_retry ELSE attempts END,
            status = 'pending', next_attempt_at = $5, locked_by = NULL, locked_until = NULL
      WHERE funder_id = $1 AND plane = $2 AND endpoint_id = $3 AND created_at >= $4
        AND (status = 'failed'
             OR (status = 'pending' AND attempts > 0 AND next_attempt_at > $5
                 AND (locked_until IS NULL OR locked_until < $5)))`,
    [endpointId, since, now],
  );
}

/** Wakes every listening dispatcher when the transaction commits (a delivery put back in line). */
export async function wakeDispatchers(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
}
