import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedCount, scopedRows, scopedStatement } from '../../platform/db/scoped.ts';
import { namedStatement } from '../../platform/db/statements.ts';
import type { ConsentLevel } from './requests.store.ts';
import { reachableRequests, requestInScope } from './requests.store.ts';

export interface NoticeRow {
  id: string;
  request_id: string;
  debtor_id: string;
  debtor_name: string;
  debtor_tax_id: string;
  debtor_country: string;
  status: 'pending' | 'acknowledged' | 'disputed' | 'withdrawn';
  level_required: ConsentLevel;
  level_achieved: ConsentLevel | null;
  channel: string | null;
  declaration_text_id: string | null;
  declaration_text: string | null;
  declaration_counsel_approved: boolean | null;
  signer_name: string | null;
  signer_role: string | null;
  dispute_reason: string | null;
  answered_at: Date | null;
}

const NOTICE_SELECT = `
  SELECT n.id, n.request_id, n.debtor_id, n.status, n.level_required, n.level_achieved, n.channel,
         n.declaration_text_id, n.declaration_text, n.declaration_counsel_approved, n.signer_name, n.signer_role,
         n.dispute_reason, n.answered_at, d.name AS debtor_name, d.tax_id AS debtor_tax_id, d.country AS debtor_country
    FROM debtor_notices n JOIN debtors_read d ON d.id = n.debtor_id`;

/**
 * Of the requests in `$3`, the notices of those the funder (`$1`) may reach on its plane (`$2`),
 * by request, then debtor: the visibility rule checked once per request, not once per notice.
 */
const OF_REACHABLE_REQUESTS = `
      WHERE n.request_id = ANY(${reachableRequests('$3::uuid[]', '$2', '$1')}) AND n.plane = $2
      ORDER BY n.request_id, d.name, d.id`;

const NOTICES = namedStatement<NoticeRow>()({
  name: 'request_notices',
  columns: [
    'id',
    'request_id',
    'debtor_id',
    'status',
    'level_required',
    'level_achieved',
    'channel',
    'declaration_text_id',
    'declaration_text',
    'declaration_counsel_approved',
    'signer_name',
    'signer_role',
    'dispute_reason',
    'answered_at',
    'debtor_name',
    'debtor_tax_id',
    'debtor_country',
  ],
  sql: `${NOTICE_SELECT}${OF_REACHABLE_REQUESTS}`,
});

/** The notices of the requests a funder may see. */
export async function noticesOf(
  q: Queryable,
  scope: FunderScope,
  requestIds: readonly string[],
): Promise<NoticeRow[]> {
  if (requestIds.length === 0) return [];
  return scopedStatement(q, scope, NOTICES, [requestIds]);
}

/** What a list item shows of a debtor's notice (views: debtorConsent). */
export type NoticeAnswer = Pick<
  NoticeRow,
  | 'request_id'
  | 'debtor_name'
  | 'debtor_tax_id'
  | 'status'
  | 'level_required'
  | 'level_achieved'
  | 'declaration_counsel_approved'
>;

const NOTICE_ANSWERS = namedStatement<NoticeAnswer>()({
  name: 'request_notice_answers',
  columns: [
    'request_id',
    'debtor_name',
    'debtor_tax_id',
    'status',
    'level_required',
    'level_achieved',
    'declaration_counsel_approved',
  ],
  sql: `SELECT n.request_id, d.name AS debtor_name, d.tax_id AS debtor_tax_id, n.status, n.level_required,
            n.level_achieved, n.declaration_counsel_approved
       FROM debtor_notices n JOIN debtors_read d ON d.id = n.debtor_id${OF_REACHABLE_REQUESTS}`,
});

/** The notices of the requests a funder may see, with only what a list item shows of each. */
export async function noticeAnswersOf(
  q: Queryable,
  scope: FunderScope,
  requestIds: readonly string[],
): Promise<NoticeAnswer[]> {
  if (requestIds.length === 0) return [];
  return scopedStatement(q, scope, NOTICE_ANSWERS, [requestIds]);
}

export async function noticesForOps(q: Queryable, requestId: string): Promise<NoticeRow[]> {
  const { rows } = await q.query<NoticeRow>(
    `${NOTICE_SELECT} WHERE n.request_id = $1 ORDER BY d.name, d.id`,
    [requestId],
  );
  return rows;
}

/** Whether any debtor of the request has answered its notice (the level is then fixed). */
export async function anyNoticeAnswered(
  q: Queryable,
  scope: FunderScope,
  requestId: string,
): Promise<boolean> {
  const rows = await scopedRows(
    q,
    scope,
    `SELECT 1 FROM debtor_notices n
      WHERE n.request_id = $3 AND n.answered_at IS NOT NULL AND ${requestInScope('n.request_id', '$2', '$1')} LIMIT 1`,
    [requestId],
  );
  return rows.length > 0;
}

/** The funder raises the level: every notice not answered yet asks for the new one. */
export async function raisePendingLevel(
  q: Queryable,
  scope: FunderScope,
  requestId: string,
  level: ConsentLevel,
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `UPDATE debtor_notices n SET level_required = $4
      WHERE n.request_id = $3 AND n.status = 'pending' AND ${requestInScope('n.request_id', '$2', '$1')}`,
    [requestId, level],
  );
}

/** A funder steps back from an approved request: its notices are withdrawn. */
export async function withdrawNotices(q: Queryable, scope: FunderScope, requestId: string): Promise<void> {
  await scopedCount(
    q,
    scope,
    `UPDATE debtor_notices n SET status = 'withdrawn'
      WHERE n.request_id = $3 AND n.status IN ('pending', 'acknowledged')
        AND ${requestInScope('n.request_id', '$2', '$1')}`,
    [requestId],
  );
}

/** Routing prepares one notice per debtor; a notice not answered yet takes the new level. */
export async function prepareNoticesForOps(
  q: Queryable,
  request: { id: string; plane: Plane },
  level: ConsentLevel,
  at: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO debtor_notices (id, plane, request_id, debtor_id, status, level_required, created_at)
     SELECT gen_random_uuid(), $2, $1, debtor_id, 'pending', $3, $4
       FROM (SELECT DISTINCT i.debtor_id FROM request_invoices ri JOIN invoices_read i ON i.id = ri.invoice_id
              WHERE ri.request_id = $1) d
     ON CONFLICT (request_id, debtor_id) DO UPDATE SET level_required = EXCLUDED.level_required
       WHERE debtor_notices.answered_at IS NULL`,
    [request.id, request.plane, level, at],
  );
}

export interface Acknowledgement {
  level: ConsentLevel;
  channel: string;
  declarationTextId: string | null;
  declarationText: string;
  counselApproved: boolean;
  signerName: string;
  signerRole: string | null;
  at: Date;
}

/**
 * A debtor's signed declaration on its notice. A debtor that signed below the level required
 * may sign a new declaration: it replaces the earlier one on the notice.
 */
export async function acknowledgeForOps(q: Queryable, noticeId: string, ack: Acknowledgement): Promise<void> {
  await q.query(
    `UPDATE debtor_notices SET status = 'acknowledged', level_achieved = $2, channel = $3, declaration_text_id = $4,
            declaration_text = $5, declaration_counsel_approved = $6, signer_name = $7, signer_role = $8,
            answered_at = $9
      WHERE id = $1`,
    [
      noticeId,
      ack.level,
      ack.channel,
      ack.declarationTextId,
      ack.declarationText,
      ack.counselApproved,
      ack.signerName,
      ack.signerRole,
      ack.at,
    ],
  );
}

export async function disputeForOps(
  q: Queryable,
  noticeId: string,
  answer: { channel: string; signerName: string | null; signerRole: string | null; reason: string; at: Date },
): Promise<void> {
  await q.query(
    `UPDATE debtor_notices SET status = 'disputed', channel = $2, signer_name = $3, signer_role = $4,
            dispute_reason = $5, answered_at = $6 WHERE id = $1`,
    [noticeId, answer.channel, answer.signerName, answer.signerRole, answer.reason, answer.at],
  );
}
