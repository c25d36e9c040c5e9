import type { Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import type { RequestStatus } from './request-status.ts';
import { visibleToFunder } from './visibility.ts';

export type ConsentLevel = 'receipt' | 'acknowledgment' | 'acceptance';

export interface RequestRow {
  id: string;
  plane: Plane;
  request_ref: string;
  type: 'factoring' | 'confirming';
  status: RequestStatus;
  seller_id: string;
  seller_name: string;
  seller_tax_id: string;
  seller_country: string;
  seller_verification_status: string;
  total_amount: string;
  advance_amount: string;
  assigned_funder_id: string | null;
  consent_level_required: ConsentLevel | null;
  programme_terms: Record<string, unknown> | null;
  routed_at: Date | null;
  accepted_offer_id: string | null;
  approved_at: Date | null;
  funder_of_record_id: string | null;
  funded_at: Date | null;
  funded_value_date: string | null;
  funded_reference: string | null;
  funded_amount: string | null;
  settled_amount: string;
  settled_at: Date | null;
  closed_at: Date | null;
  close_reason: string | null;
  close_note: string | null;
  created_at: Date;
  updated_at: Date;
  invoice_count: number;
}

const REQUEST_SELECT = `
  SELECT r.*, s.name AS seller_name, s.tax_id AS seller_tax_id, s.country AS seller_country,
         s.verification_status AS seller_verification_status,
         (SELECT count(*)::int FROM request_invoices ri WHERE ri.request_id = r.id) AS invoice_count
    FROM funding_requests r JOIN sellers s ON s.id = r.seller_id`;

export async function findRequest(q: Queryable, id: string, options: { forUpdate?: boolean } = {}) {
  if (options.forUpdate) await q.query('SELECT 1 FROM funding_requests WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await q.query<RequestRow>(`${REQUEST_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

/** A request as one funder may see it: routed to it now, or acted on by it, on its plane. */
export async function findVisibleRequest(
  q: Queryable,
  funderId: string,
  plane: Plane,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RequestRow | null> {
  const row = await findRequest(q, id, options);
  if (!row || row.plane !== plane) return null;
  if (row.assigned_funder_id === funderId) return row;
  const { rows } = await q.query(
    'SELECT 1 FROM request_funders WHERE funder_id = $1 AND request_id = $2 AND acted_at IS NOT NULL',
    [funderId, id],
  );
  return rows.length > 0 ? row : null;
}

export async function listVisibleRequests(
  q: Queryable,
  funderId: string,
  plane: Plane,
  statuses: readonly RequestStatus[],
  limit: number,
): Promise<RequestRow[]> {
  const { rows } = await q.query<RequestRow>(
    `${REQUEST_SELECT}
      WHERE r.plane = $2 AND r.status = ANY($3::text[])
        AND ${visibleToFunder('r', '$1')}
      ORDER BY r.created_at DESC, r.request_ref DESC
      LIMIT $4`,
    [funderId, plane, statuses, limit],
  );
  return rows;
}

export interface OfferRow {
  id: string;
  request_id: string;
  funder_id: string;
  rate: string;
  advance_pct: string;
  days: number;
  advance_amount: string;
  notes: string | null;
  valid_days: number;
  status: 'pending' | 'accepted' | 'rejected' | 'superseded' | 'expired' | 'withdrawn';
  submitted_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
}

/**
 * Each request's latest offer from this funder. Two offers may share an instant (a stopped
 * clock, the same millisecond): the one that superseded the other is the latest.
 */
export async function latestOffers(q: Queryable, funderId: string, requestIds: readonly string[]) {
  if (requestIds.length === 0) return new Map<string, OfferRow>();
  const { rows } = await q.query<OfferRow>(
    `SELECT DISTINCT ON (request_id) * FROM offers
      WHERE funder_id = $1 AND request_id = ANY($2::uuid[])
      ORDER BY request_id, submitted_at DESC, (status = 'superseded'), id DESC`,
    [funderId, requestIds],
  );
  return new Map(rows.map((row) => [row.request_id, row]));
}

export async function findOffer(q: Queryable, id: string): Promise<OfferRow | null> {
  return (await q.query<OfferRow>('SELECT * FROM offers WHERE id = $1', [id])).rows[0] ?? null;
}

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

export async function noticesOf(q: Queryable, requestIds: readonly string[]): Promise<NoticeRow[]> {
  if (requestIds.length === 0) return [];
  const { rows } = await q.query<NoticeRow>(
    `SELECT n.*, d.name AS debtor_name, d.tax_id AS debtor_tax_id, d.country AS debtor_country
       FROM debtor_notices n JOIN debtors d ON d.id = n.debtor_id
      WHERE n.request_id = ANY($1::uuid[])
      ORDER BY n.request_id, d.name, d.id`,
    [requestIds],
  );
  return rows;
}

export interface ReceivableRow {
  invoice_id: string;
  number: string;
  amount: string;
  issue_date: string;
  due_date: string | null;
  source: string;
  debtor_id: string;
  debtor_name: string;
  debtor_tax_id: string;
  debtor_country: string;
  is_public_body: boolean;
}

export async function receivablesOf(q: Queryable, requestId: string): Promise<ReceivableRow[]> {
  const { rows } = await q.query<ReceivableRow>(
    `SELECT i.id AS invoice_id, i.number, i.amount, i.issue_date, i.due_date, i.source,
            d.id AS debtor_id, d.name AS debtor_name, d.tax_id AS debtor_tax_id, d.country AS debtor_country,
            d.is_public_body
       FROM request_invoices ri JOIN invoices i ON i.id = ri.invoice_id JOIN debtors d ON d.id = i.debtor_id
      WHERE ri.request_id = $1
      ORDER BY ri.position, i.number`,
    [requestId],
  );
  return rows;
}

export interface SignalRow {
  id: string;
  code: string;
  severity: 'low' | 'medium' | 'high';
  hard: boolean;
  status: 'open' | 'confirmed' | 'cleared';
  detail: string | null;
  invoice_id: string | null;
  raised_at: Date;
  reviewed_at: Date | null;
}

export interface DisputeRow {
  id: string;
  debtor_id: string | null;
  debtor_name: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  raised_by: string;
  reason: string;
  status: 'open' | 'resolved';
  raised_at: Date;
  resolved_at: Date | null;
  resolution: string | null;
}

export async function risksOf(q: Queryable, requestId: string) {
  const signals = await q.query<SignalRow>(
    `SELECT id, code, severity, hard, status, detail, invoice_id, raised_at, reviewed_at FROM risk_signals
      WHERE request_id = $1 ORDER BY raised_at, id`,
    [requestId],
  );
  const disputes = await q.query<DisputeRow>(
    `SELECT x.id, x.debtor_id, d.name AS debtor_name, x.invoice_id, i.number AS invoice_number, x.raised_by,
            x.reason, x.status, x.raised_at, x.resolved_at, x.resolution
       FROM disputes x LEFT JOIN debtors d ON d.id = x.debtor_id LEFT JOIN invoices i ON i.id = x.invoice_id
      WHERE x.request_id = $1 ORDER BY x.raised_at, x.id`,
    [requestId],
  );
  return { signals: signals.rows, disputes: disputes.rows };
}

/** What stops routing and funding: hard signals not cleared by the operations team, open disputes. */
export async function hardBlocks(q: Queryable, requestId: string) {
  const { signals, disputes } = await risksOf(q, requestId);
  return {
    signals: signals.filter((s) => s.hard && s.status !== 'cleared'),
    disputes: disputes.filter((d) => d.status === 'open'),
  };
}

export async function setStatus(
  q: Queryable,
  request: Pick<RequestRow, 'id' | 'plane' | 'status'>,
  to: RequestStatus,
  trigger: string,
  actor: Record<string, string>,
  at: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const columns = Object.keys(extra);
  const sets = columns.map((column, i) => `${column} = $${i + 4}`);
  await q.query(
    `UPDATE funding_requests SET status = $2, updated_at = $3${sets.length ? `, ${sets.join(', ')}` : ''} WHERE id = $1`,
    [request.id, to, at, ...columns.map((c) => extra[c])],
  );
  await q.query(
    `INSERT INTO request_history (request_id, plane, from_status, to_status, trigger, actor, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [request.id, request.plane, request.status, to, trigger, JSON.stringify(actor), at],
  );
}

export async function updateRequest(q: Queryable, id: string, at: Date, changes: Record<string, unknown>) {
  const columns = Object.keys(changes);
  await q.query(
    `UPDATE funding_requests SET updated_at = $2, ${columns.map((c, i) => `${c} = $${i + 3}`).join(', ')} WHERE id = $1`,
    [id, at, ...columns.map((c) => changes[c])],
  );
}

/** Marks that a funder acted on a request: it keeps seeing it, read only, after re-routing. */
export async function markActed(q: Queryable, requestId: string, funderId: string, plane: Plane, at: Date) {
  await q.query(
    `INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at, acted_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (funder_id, request_id) DO UPDATE SET acted_at = coalesce(request_funders.acted_at, $4)`,
    [requestId, funderId, plane, at],
  );
}

/** The operations team: a request's status on either plane, or null when there is none. */
export async function requestStatusForOperator(q: Queryable, id: string): Promise<string | null> {
  const { rows } = await q.query<{ status: string }>('SELECT status FROM funding_requests WHERE id = $1', [
    id,
  ]);
  return rows[0]?.status ?? null;
}
