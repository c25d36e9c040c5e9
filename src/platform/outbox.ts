import type { Plane } from './caller.ts';
import type { Tx } from './db/db.ts';
import { newId } from './ids.ts';
import { API_VERSION } from './version.ts';

export interface OutboxEvent {
  funderId: string;
  plane: Plane;
  type: string;
  /** The event's data; `id`, `type`, `api_version` and `created_at` are added around it. */
  data: Record<string, unknown>;
}

/**
 * Inserts events in the transaction of the change that caused them: they exist exactly when
 * the change does. Each gets a stable id that receivers can use to drop duplicates.
 */
export async function insertOutboxEvents(
  tx: Tx,
  at: Date,
  events: readonly OutboxEvent[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const ids = events.map(() => newId());
  await tx.query(
    `INSERT INTO outbox_events (id, funder_id, plane, type, api_version, payload, created_at)
     SELECT id, funder_id, plane, type, $5, payload, $6
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $7::jsonb[])
         AS e(id, funder_id, plane, type, payload)`,
    [
      ids,
      events.map((e) => e.funderId),
      events.map((e) => e.plane),
      events.map((e) => e.type),
      API_VERSION,
      at,
      events.map((e) => JSON.stringify(e.data)),
    ],
  );
  return ids;
}
