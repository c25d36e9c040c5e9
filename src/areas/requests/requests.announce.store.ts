import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedCount } from '../../platform/db/scoped.ts';
import { requestInScope } from './requests.store.ts';

/**
 * The disclosure area's writes on requests and their notices (the tables are this area's): a
 * notice's prepared document, and announcing a confidential request with its notices queued for
 * sending. Published through the module; the disclosure area calls them inside its writes.
 */

/** What a notice covers: each invoice of its debtor in the request with its amount, in one order. */
export const noticeCovers = (notice: string) => `(
  SELECT coalesce(jsonb_agg(jsonb_build_object('invoice_id', i.id, 'number', i.number, 'amount', i.amount)
                            ORDER BY i.id), '[]'::jsonb)
    FROM request_invoices ri JOIN invoices_read i ON i.id = ri.invoice_id
   WHERE ri.request_id = ${notice}.request_id AND i.debtor_id = ${notice}.debtor_id)`;

export interface PreparedDocument {
  subject: string;
  html: string;
  language: string;
  governing_law: string;
  sha256: string;
}

/** Stores the prepared document of a notice and what it covers now. */
export async function saveNoticeDocumentForOps(
  q: Queryable,
  noticeId: string,
  doc: PreparedDocument,
  funderId: string,
  at: Date,
): Promise<void> {
  await q.query(
    `UPDATE debtor_notices n SET subject = $2, html = $3, language = $4, governing_law = $5, sha256 = $6,
            names_funder_id = $7, prepared_at = $8, covers = ${noticeCovers('n')}
      WHERE n.id = $1`,
    [noticeId, doc.subject, doc.html, doc.language, doc.governing_law, doc.sha256, funderId, at],
  );
}

export type AnnounceTrigger = 'manual' | 'overdue' | 'dispute' | 'kyc_lapse';

/** The announcement's change of a request, its instant, trigger and reason in the given parameters. */
const announceSet = (at: string, trigger: string, reason: string) =>
  `disclosure = 'announced', announced_at = ${at}, announced_trigger = ${trigger}, announce_reason = ${reason},
  updated_at = ${at}`;
/** Queues the prepared notices of the request in parameter `request` for sending at `at`. */
const queueNotices = (request: string, at: string) =>
  `UPDATE debtor_notices n SET sending = 'sending_queued', sending_queued_at = ${at}
  WHERE n.request_id = ${request} AND n.subject IS NOT NULL AND n.status <> 'withdrawn' AND n.sending IS NULL`;

/** A funder announces its request: the disclosure changes and the prepared notices queue for sending. */
export async function announce(
  q: Queryable,
  scope: FunderScope,
  requestId: string,
  change: { trigger: AnnounceTrigger; reason: string; at: Date },
): Promise<number> {
  const updated = await scopedCount(
    q,
    scope,
    `UPDATE funding_requests r SET ${announceSet('$4', '$5', '$6')}
      WHERE r.id = $3 AND r.plane = $2 AND r.assigned_funder_id = $1 AND r.disclosure = 'confidential'`,
    [requestId, change.at, change.trigger, change.reason],
  );
  if (updated === 0) return -1;
  return scopedCount(
    q,
    scope,
    `${queueNotices('$3', '$4')} AND n.plane = $2 AND ${requestInScope('n.request_id', '$2', '$1')}`,
    [requestId, change.at],
  );
}

/** The worker announces a request on a trigger. */
export async function announceForOps(
  q: Queryable,
  requestId: string,
  change: { trigger: AnnounceTrigger; reason: string; at: Date },
): Promise<number> {
  const updated = await q.query(
    `UPDATE funding_requests r SET ${announceSet('$2', '$3', '$4')} WHERE r.id = $1 AND r.disclosure = 'confidential'`,
    [requestId, change.at, change.trigger, change.reason],
  );
  if (updated.rowCount === 0) return -1;
  return (await q.query(queueNotices('$1', '$2'), [requestId, change.at])).rowCount;
}
