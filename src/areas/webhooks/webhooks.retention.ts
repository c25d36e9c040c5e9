import type { Db } from '../../platform/db/db.ts';
import { pruneFinishedDeliveriesForOps } from './webhooks.dispatch.store.ts';

/**
 * How long a finished delivery stays in the endpoint's delivery log: as long as the event log
 * (`GET /v1/events`, outbox rows) keeps its events, so a delivery is never listed for an event
 * the funder can no longer read. Pending deliveries stay until they finish.
 */
export const DELIVERY_KEEP_DAYS = 30;
/** Rows removed per statement: short transactions that never hold many rows locked. */
export const DELIVERY_PRUNE_BATCH = 1000;

/** The worker's hourly upkeep: removes finished deliveries past the retention, batch by batch. */
export async function pruneWebhookDeliveries(
  db: Db,
  now: Date,
  batch: number = DELIVERY_PRUNE_BATCH,
): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_KEEP_DAYS * 24 * 3600 * 1000);
  let removed = 0;
  for (;;) {
    const gone = await pruneFinishedDeliveriesForOps(db, before, batch);
    removed += gone;
    if (gone < batch) return removed;
  }
}
