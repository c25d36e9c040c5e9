import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import {
  type AnnounceTrigger,
  noticeCovers,
  requestInScope,
  visibleToFunder,
} from '../requests/requests.module.ts';

/**
 * The disclosure side of a request: the prepared notice per debtor, announcing, and what the
 * confidential funding gates and the automatic announcements read.
 */

export interface NoticeFactsRow {
  notice_id: string;
  request_ref: string;
  funder_name: string;
  seller_name: string;
  seller_tax_id: string;
  debtor_name: string;
  debtor_tax_id: string;
  debtor_country: string;
  invoices: { number: string; amount: string; due_date: string | null }[];
}

/** What the notices not answered yet must say, naming the funder `funderId`. */
export async function noticeFactsForOps(
  q: Queryable,
  requestId: string,
  funderId: string,
): Promise<NoticeFactsRow[]> {
  const { rows } = await q.query<NoticeFactsRow>(
    `SELECT n.id AS notice_id, r.request_ref, f.name AS funder_name, s.name AS seller_name,
            s.tax_id AS seller_tax_id, d.name AS debtor_name, d.tax_id AS debtor_tax_id,
            d.country AS debtor_country,
            (SELECT jsonb_agg(jsonb_build_object('number', i.number, 'amount', i.amount::text,
                                                 'due_date', to_char(i.due_date, 'YYYY-MM-DD'))
                              ORDER BY ri.position, i.number)
               FROM request_invoices_read ri JOIN invoices_read i ON i.id = ri.invoice_id
              WHERE ri.request_id = n.request_id AND i.debtor_id = n.debtor_id) AS invoices
       FROM debtor_notices_read n
       JOIN funding_requests_read r ON r.id = n.request_id
       JOIN sellers_read s ON s.id = r.seller_id
       JOIN debtors_read d ON d.id = n.debtor_id
       JOIN funders_read f ON f.id = $2
      WHERE n.request_id = $1 AND n.answered_at IS NULL AND n.status = 'pending'
      ORDER BY d.name, d.id`,
    [requestId, funderId],
  );
  return rows;
}

export interface NoticeDocumentRow {
  notice_id: string;
  debtor_id: string;
  debtor_name: string;
  debtor_tax_id: string;
  status: string;
  level_required: string;
  level_achieved: string | null;
  invoices: { invoice_id: string; number: string; amount: string }[];
  subject: string | null;
  html: string | null;
  language: string | null;
  governing_law: string | null;
  sha256: string | null;
  prepared_at: Date | null;
  names_this_funder: boolean;
  current: boolean;
  has_address: boolean;
  sending: 'sending_queued' | null;
  sending_queued_at: Date | null;
}

const DOCUMENT_SELECT = `
  SELECT n.id AS notice_id, n.debtor_id, d.name AS debtor_name, d.tax_id AS debtor_tax_id, n.status,
         n.level_required, n.level_achieved, ${noticeCovers('n')} AS invoices,
         n.subject, n.html, n.language, n.governing_law, n.sha256, n.prepared_at,
         (n.names_funder_id IS NOT NULL AND n.names_funder_id = r.assigned_funder_id) AS names_this_funder,
         (n.subject IS NOT NULL AND n.covers = ${noticeCovers('n')}) AS current,
         (d.notice_address IS NOT NULL) AS has_address, n.sending, n.sending_queued_at
    FROM debtor_notices_read n JOIN debtors_read d ON d.id = n.debtor_id JOIN funding_requests_read r ON r.id = n.request_id`;

/** The notices of a request the funder may see, with their prepared documents. */
export async function noticeDocuments(q: Queryable, scope: FunderScope, requestId: string) {
  return scopedRows<NoticeDocumentRow>(
    q,
    scope,
    `${DOCUMENT_SELECT}
      WHERE n.request_id = $3 AND n.plane = $2 AND ${requestInScope('n.request_id', '$2', '$1')}
      ORDER BY d.name, d.id`,
    [requestId],
  );
}

export async function noticeDocumentsForOps(q: Queryable, requestId: string): Promise<NoticeDocumentRow[]> {
  const { rows } = await q.query<NoticeDocumentRow>(
    `${DOCUMENT_SELECT} WHERE n.request_id = $1 ORDER BY d.name, d.id`,
    [requestId],
  );
  return rows;
}

/** The facts the confidential funding gates read, within the funder's scope. */
export async function confidentialGateFacts(
  q: Queryable,
  scope: FunderScope,
  requestId: string,
  today: string,
): Promise<{ uploaded: { invoice_id: string; number: string }[]; seller_approved: boolean }> {
  const uploaded = await scopedRows<{ invoice_id: string; number: string }>(
    q,
    scope,
    `SELECT i.id AS invoice_id, i.number FROM request_invoices_read ri JOIN invoices_read i ON i.id = ri.invoice_id
      WHERE ri.request_id = $3 AND i.source = 'upload' AND ${requestInScope('ri.request_id', '$2', '$1')}
      ORDER BY ri.position, i.number`,
    [requestId],
  );
  const seller = await scopedRow<{ approved: boolean }>(
    q,
    scope,
    `SELECT (s.verification_status = 'approved'
             AND (s.verification_lapses_on IS NULL OR s.verification_lapses_on > $4::date)) AS approved
       FROM funding_requests_read r JOIN sellers_read s ON s.id = r.seller_id
      WHERE r.id = $3 AND r.plane = $2 AND ${visibleToFunder('r', '$1')}`,
    [requestId, today],
  );
  return { uploaded, seller_approved: seller?.approved ?? false };
}

export interface DueAnnouncement {
  id: string;
  plane: Plane;
  request_ref: string;
  funder_id: string;
  trigger: Exclude<AnnounceTrigger, 'manual'>;
  detail: string;
  /** The sandbox key that made the request (its events are that key's), else null. */
  sandbox_key_id: string | null;
}

/**
 * Funded confidential requests a trigger that is on has reached by `today` (a Madrid date):
 * an invoice `announce_overdue_days` past its due date, a dispute raised, the seller's
 * verification lapsed. One row per request, the first trigger met in that order.
 */
export async function dueAnnouncementsForOps(
  q: Queryable,
  today: string,
  onlyIds: string[] | null = null,
): Promise<DueAnnouncement[]> {
  const { rows } = await q.query<DueAnnouncement>(
    `SELECT r.id, r.plane, r.request_ref, r.assigned_funder_id AS funder_id, t.trigger, t.detail,
            r.sandbox_key_id::text AS sandbox_key_id
       FROM funding_requests_read r
       JOIN sellers_read s ON s.id = r.seller_id
       -- The request's own day: a sandbox request moved ahead in time lives that many days on.
       CROSS JOIN LATERAL (SELECT $1::date + r.sandbox_offset_days AS day) rd
       CROSS JOIN LATERAL (
         SELECT 'overdue' AS trigger, i.number AS detail, 1 AS rank
           FROM request_invoices_read ri JOIN invoices_read i ON i.id = ri.invoice_id
          WHERE ri.request_id = r.id AND i.due_date IS NOT NULL
            AND (r.programme_terms->>'announce_overdue_days') IS NOT NULL
            AND i.due_date + (r.programme_terms->>'announce_overdue_days')::int <= rd.day
         UNION ALL
         SELECT 'dispute', x.id::text, 2 FROM disputes_read x
          WHERE x.request_id = r.id AND (r.programme_terms->>'announce_on_dispute')::boolean
            AND (x.raised_at AT TIME ZONE 'Europe/Madrid')::date <= rd.day
         UNION ALL
         SELECT 'kyc_lapse', s.verification_status, 3
          WHERE (r.programme_terms->>'announce_on_kyc_lapse')::boolean
            AND (s.verification_status = 'lapsed' OR s.verification_lapses_on <= rd.day)
         ORDER BY rank, detail LIMIT 1
       ) t
      WHERE r.status = 'funded' AND r.disclosure = 'confidential' AND r.assigned_funder_id IS NOT NULL
        AND ($2::uuid[] IS NULL OR r.id = ANY ($2::uuid[]))
      ORDER BY r.id`,
    [today, onlyIds],
  );
  return rows;
}
