import { sha256Hex } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import { insertDeliveriesForOps, takeEventsForOps } from './webhooks.fan-out.store.ts';

/** Events taken at once by one fan-out transaction. */
export const FAN_OUT_BATCH = 200;

/** The dispatcher's fan-out, over its own connections (`db`) and its reading of the clock (`now`). */
export function createFanOut(deps: { db: () => Db; now: () => Promise<Date> }) {
  /**
   * Turns committed events into delivery rows, one per matching endpoint; with `once`, one batch
   * only (answers whether more may be waiting), so a long fan-out lets claims in between.
   */
  return async function fanOut(once = false): Promise<number> {
    let total = 0;
    for (;;) {
      const at = await deps.now();
      const taken = await deps.db().transaction(async (tx) => {
        const events = await takeEventsForOps(tx, FAN_OUT_BATCH, at);
        const rows = events.flatMap((event) => {
          if (event.endpoint_ids.length === 0) return [];
          const body = JSON.stringify({
            id: event.id,
            type: event.type,
            created_at: new Date(event.created_at).toISOString(),
            api_version: event.api_version,
            data: event.payload,
          });
          const bodySha256 = sha256Hex(body);
          return event.endpoint_ids.map((endpointId) => ({
            id: newId(),
            endpointId,
            funderId: event.funder_id,
            plane: event.plane,
            eventId: event.id,
            eventType: event.type,
            body,
            bodySha256,
          }));
        });
        await insertDeliveriesForOps(tx, rows, at);
        return events.length;
      });
      total += taken;
      if (taken < FAN_OUT_BATCH || once) return total;
    }
  };
}
