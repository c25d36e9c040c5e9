import type { Caller } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { currentDocumentView } from './documents.downloads.ts';
import { DOCUMENT_LAPSED, type DOCUMENT_PROVIDED } from './documents.events.ts';
import * as notices from './documents.notices.store.ts';
import * as store from './documents.store.ts';

/**
 * Telling funders of their required documents (docs/decisions/documents.md, "A required
 * document that is provided or lapses is an event"): each event is for one open request routed
 * to a funder whose list requires the document, and carries the document as that request's
 * documents show it.
 */

type Change =
  | { type: typeof DOCUMENT_PROVIDED }
  | { type: typeof DOCUMENT_LAPSED; reason: 'expired' | 'revoked' };

function emitFor(
  ws: WriteScope,
  document: store.SellerDocumentRow,
  requests: readonly { request_id: string; funder_id: string }[],
  change: Change,
): void {
  const view = currentDocumentView(document, true, madridDate(ws.now));
  for (const request of requests) {
    ws.emit({
      funderId: request.funder_id,
      plane: document.plane,
      type: change.type,
      data: {
        request_id: request.request_id,
        document: view,
        ...('reason' in change ? { reason: change.reason } : {}),
      },
    });
  }
}

/**
 * Inside the write that verified or revoked `document` (read after the change): an event per
 * open request a funder requiring it has of the seller, when the document is (or, revoked, was)
 * the seller's current one of its code. `wasCurrent` is read before the change.
 */
export async function tellDocumentChange(
  ws: WriteScope,
  document: store.SellerDocumentRow,
  change: Change,
  wasCurrent: boolean,
): Promise<void> {
  if (!wasCurrent) return;
  const requests = await notices.concernedRequestsForOperator(ws.tx, document);
  emitFor(ws, document, requests, change);
}

/** Whether a document is its seller's current one of its code (read inside the caller's write). */
export const isCurrent = notices.isCurrentForOperator;

/** How far back a lapse is still news: the window of `GET /v1/events`. */
export const LAPSE_WINDOW_DAYS = 30;
const LAPSE_BATCH = 200;

/**
 * The worker's hourly look for lapses: every pair of a current verified document past its
 * validity and a funder requiring it of a seller with an open request routed to it, not told
 * yet, is told once, one write per pair (the mark and the events commit together). A pair
 * whose requests all belong to one sandbox key gives the events to that key.
 */
export function createLapseNotices(deps: { write: RunWrite; clock: Clock }) {
  const { write, clock } = deps;
  return {
    async tellLapses(caller: Caller): Promise<number> {
      let told = 0;
      for (;;) {
        const today = madridDate(clock.now());
        const batch = await write(caller, ({ tx }) =>
          notices.untoldLapsesForOperator(tx, today, LAPSE_WINDOW_DAYS, LAPSE_BATCH),
        );
        for (const lapse of batch) {
          const keys = [...new Set(lapse.sandbox_key_ids)];
          const key = keys.length === 1 ? keys[0] : null;
          const pairCaller: Caller =
            key && caller.kind !== 'funder' ? { ...caller, causedByKey: key } : caller;
          const marked = await write(pairCaller, async (ws) => {
            if (!(await notices.markLapseToldForOperator(ws.tx, lapse, ws.now))) return false;
            const document = await store.findSellerDocumentForOperator(ws.tx, lapse.document_id);
            if (!document) return false;
            const requests = lapse.request_ids.map((request_id) => ({
              request_id,
              funder_id: lapse.funder_id,
            }));
            emitFor(ws, document, requests, { type: DOCUMENT_LAPSED, reason: 'expired' });
            return true;
          });
          if (marked) told += 1;
        }
        if (batch.length < LAPSE_BATCH) return told;
      }
    },
  };
}
