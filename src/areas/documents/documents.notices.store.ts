import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';

/**
 * The requests a document event concerns and the lapses already told (migration 0072): the
 * operations team's and the worker's reads across funders (`...ForOperator`), each through the
 * owners' views of the requests, sellers and required documents.
 */

/**
 * The statuses of a request still to be decided or funded (the requests area's open statuses,
 * requests.status.ts; documents.events.test.ts holds the two lists equal): the requests whose
 * funder a document event is for.
 */
export const OPEN_REQUEST_STATUSES = [
  'pending',
  'submitted',
  'under_review',
  'terms_sent',
  'accepted',
  'approved',
] as const;

export interface ConcernedRequest {
  request_id: string;
  funder_id: string;
  sandbox_key_id: string | null;
}

/**
 * The open requests of a seller routed to a funder whose list for the seller's country names
 * the document's code, by funder.
 */
export async function concernedRequestsForOperator(
  q: Queryable,
  document: { plane: Plane; seller_id: string; code: string },
): Promise<ConcernedRequest[]> {
  const { rows } = await q.query<ConcernedRequest>(
    `SELECT r.id::text AS request_id, r.assigned_funder_id::text AS funder_id, r.sandbox_key_id::text
       FROM funding_requests_read r
       JOIN sellers_read s ON s.id = r.seller_id
       JOIN funder_required_documents_read q
         ON q.funder_id = r.assigned_funder_id AND q.plane = r.plane AND q.country = s.country
      WHERE r.seller_id = $1 AND r.plane = $2 AND r.status = ANY($4::text[]) AND $3 = ANY(q.codes)
      ORDER BY r.assigned_funder_id, r.id`,
    [document.seller_id, document.plane, document.code, OPEN_REQUEST_STATUSES],
  );
  return rows;
}

/** A lapse not yet told: a document, a funder requiring it, and that funder's open requests of the seller. */
export interface UntoldLapse {
  document_id: string;
  funder_id: string;
  plane: Plane;
  valid_until: string;
  request_ids: string[];
  sandbox_key_ids: (string | null)[];
}

/**
 * Up to `limit` (document, funder) pairs whose lapse was not told yet: the seller's current
 * document of its code (its newest upload neither rejected nor revoked), verified, whose
 * validity ended before `today` and at most `windowDays` before it.
 */
export async function untoldLapsesForOperator(
  q: Queryable,
  today: string,
  windowDays: number,
  limit: number,
): Promise<UntoldLapse[]> {
  const { rows } = await q.query<UntoldLapse>(
    `SELECT d.id::text AS document_id, r.assigned_funder_id::text AS funder_id, d.plane,
            to_char(d.valid_until, 'YYYY-MM-DD') AS valid_until,
            array_agg(r.id::text ORDER BY r.id) AS request_ids,
            array_agg(r.sandbox_key_id::text ORDER BY r.id) AS sandbox_key_ids
       FROM seller_documents d
       JOIN funding_requests_read r ON r.seller_id = d.seller_id AND r.plane = d.plane
       JOIN sellers_read s ON s.id = r.seller_id
       JOIN funder_required_documents_read q
         ON q.funder_id = r.assigned_funder_id AND q.plane = r.plane AND q.country = s.country
      WHERE d.status = 'verified' AND d.valid_until < $1::date AND d.valid_until >= $1::date - $2::int
        AND r.status = ANY($4::text[]) AND d.code = ANY(q.codes)
        AND NOT EXISTS (
          SELECT 1 FROM seller_documents newer
           WHERE newer.seller_id = d.seller_id AND newer.plane = d.plane AND newer.code = d.code
             AND newer.status IN ('pending', 'verified')
             AND (newer.uploaded_at, newer.issued_on, newer.id) > (d.uploaded_at, d.issued_on, d.id))
        AND NOT EXISTS (
          SELECT 1 FROM document_lapse_notices n WHERE n.document_id = d.id AND n.funder_id = r.assigned_funder_id)
      GROUP BY d.id, r.assigned_funder_id, d.plane, d.valid_until
      ORDER BY d.valid_until, d.id, r.assigned_funder_id
      LIMIT $3`,
    [today, windowDays, limit, OPEN_REQUEST_STATUSES],
  );
  return rows;
}

/** Marks a lapse told; false when it already was (another run got there first). */
export async function markLapseToldForOperator(
  q: Queryable,
  lapse: { document_id: string; funder_id: string; plane: Plane; valid_until: string },
  at: Date,
): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO document_lapse_notices (document_id, funder_id, plane, valid_until, noticed_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (document_id, funder_id) DO NOTHING
     RETURNING document_id`,
    [lapse.document_id, lapse.funder_id, lapse.plane, lapse.valid_until, at],
  );
  return rows.length === 1;
}

/** Whether the document is its seller's current one of its code: no newer upload still counts. */
export async function isCurrentForOperator(
  q: Queryable,
  document: { id: string; plane: Plane; seller_id: string; code: string },
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM seller_documents d
      WHERE d.id = $1 AND d.status IN ('pending', 'verified') AND NOT EXISTS (
        SELECT 1 FROM seller_documents newer
         WHERE newer.seller_id = d.seller_id AND newer.plane = d.plane AND newer.code = d.code
           AND newer.status IN ('pending', 'verified')
           AND (newer.uploaded_at, newer.issued_on, newer.id) > (d.uploaded_at, d.issued_on, d.id))`,
    [document.id],
  );
  return rows.length === 1;
}
