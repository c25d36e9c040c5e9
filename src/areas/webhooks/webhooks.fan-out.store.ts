import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { TAKE_UNDISPATCHED } from '../../platform/outbox.ts';

/**
 * The dispatcher's fan-out SQL: committed events taken in order and turned into one delivery
 * row per matching endpoint. It crosses funders, so every function is named `...ForOps` and
 * runs as the operator role.
 */

export interface PendingEvent {
  id: string;
  funder_id: string;
  plane: Plane;
  type: string;
  key_id: string | null;
  api_version: string;
  payload: Record<string, unknown>;
  created_at: Date;
  endpoint_ids: string[];
}

/**
 * Takes up to `limit` events not yet fanned out (skipping those another dispatcher holds), with
 * the active endpoints each one goes to, and marks them fanned out. Runs inside the transaction
 * that also inserts their deliveries, so an event is fanned out exactly once.
 */
export async function takeEventsForOps(q: Queryable, limit: number, now: Date): Promise<PendingEvent[]> {
  const { rows } = await q.query<PendingEvent>(
    `WITH ${TAKE_UNDISPATCHED}
     SELECT ev.id::text, ev.funder_id::text, ev.plane, ev.type, ev.key_id::text, ev.api_version, ev.payload,
            ev.created_at,
            coalesce(array_agg(e.id::text ORDER BY e.id) FILTER (WHERE e.id IS NOT NULL), '{}') AS endpoint_ids
       FROM ev
       JOIN marked m ON m.id = ev.id
       LEFT JOIN webhook_endpoints e
         ON e.active AND e.funder_id = ev.funder_id AND e.plane = ev.plane
        AND (ev.plane = 'live' OR e.created_by_key = ev.key_id)
        AND CASE WHEN ev.type = 'webhook.test' THEN e.id::text = ev.payload->>'webhook_id'
                 ELSE ('*' = ANY (e.events) OR ev.type = ANY (e.events)) END
      GROUP BY ev.id, ev.funder_id, ev.plane, ev.type, ev.key_id, ev.api_version, ev.payload, ev.created_at, ev.seq
      ORDER BY ev.seq`,
    [limit, now],
  );
  return rows;
}

export async function insertDeliveriesForOps(
  q: Queryable,
  rows: readonly {
    id: string;
    endpointId: string;
    funderId: string;
    plane: Plane;
    eventId: string;
    eventType: string;
    body: string;
    bodySha256: string;
  }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, funder_id, plane, event_id, event_type, body, body_sha256,
                                     status, next_attempt_at, created_at)
     SELECT d.id, d.endpoint_id, d.funder_id, d.plane, d.event_id, d.event_type, d.body, d.body_sha256,
            'pending', $9, $9
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::text[])
         AS d(id, endpoint_id, funder_id, plane, event_id, event_type, body, body_sha256)
     ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.endpointId),
      rows.map((r) => r.funderId),
      rows.map((r) => r.plane),
      rows.map((r) => r.eventId),
      rows.map((r) => r.eventType),
      rows.map((r) => r.body),
      rows.map((r) => r.bodySha256),
      now,
    ],
  );
}
