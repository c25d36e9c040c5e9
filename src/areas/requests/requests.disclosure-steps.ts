import type { Tx } from '../../platform/db/db.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { RequestRow } from './requests.lifecycle.ts';

/**
 * What routing and disputes ask of the disclosure area, inside their write: the notices'
 * documents of a request routed with a consent level, and the automatic announcement of a
 * confidential request on a dispute. The disclosure area is built on the request lifecycle and
 * hands these steps to the requests module, so the dependency runs one way (disclosure ->
 * requests).
 */
export interface DisclosureSteps {
  prepareNoticeDocuments(tx: Tx, requestId: string, funderId: string, at: Date): Promise<unknown>;
  announceIn(
    ws: WriteScope,
    row: RequestRow,
    change: { trigger: 'dispute'; reason: string; scope: null },
  ): Promise<unknown>;
}
