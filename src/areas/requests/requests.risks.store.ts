import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { namedStatement, runStatement } from '../../platform/db/statements.ts';
import { requestInScope } from './requests.store.ts';

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

const SIGNAL_SELECT = `
  SELECT id, code, severity, hard, status, detail, invoice_id, raised_at, reviewed_at FROM risk_signals`;
const DISPUTE_SELECT = `
  SELECT x.id, x.debtor_id, d.name AS debtor_name, x.invoice_id, i.number AS invoice_number, x.raised_by,
         x.reason, x.status, x.raised_at, x.resolved_at, x.resolution
    FROM disputes x LEFT JOIN debtors_read d ON d.id = x.debtor_id LEFT JOIN invoices_read i ON i.id = x.invoice_id`;

const SIGNALS = namedStatement<SignalRow>()({
  name: 'request_signals',
  columns: ['id', 'code', 'severity', 'hard', 'status', 'detail', 'invoice_id', 'raised_at', 'reviewed_at'],
  sql: `${SIGNAL_SELECT} WHERE request_id = $1 AND plane = $2 AND ${requestInScope('request_id', '$2', '$3')}
      ORDER BY raised_at, id`,
});

const DISPUTES = namedStatement<DisputeRow>()({
  name: 'request_disputes',
  columns: [
    'id',
    'debtor_id',
    'debtor_name',
    'invoice_id',
    'invoice_number',
    'raised_by',
    'reason',
    'status',
    'raised_at',
    'resolved_at',
    'resolution',
  ],
  sql: `${DISPUTE_SELECT} WHERE x.request_id = $1 AND x.plane = $2 AND ${requestInScope('x.request_id', '$2', '$3')}
      ORDER BY x.raised_at, x.id`,
});

/** The risk signals and disputes of a request the funder may see. */
export async function risksOf(q: Queryable, scope: FunderScope, requestId: string) {
  const params = [requestId, scope.plane, scope.funderId];
  const signals = await runStatement(q, SIGNALS, params);
  const disputes = await runStatement(q, DISPUTES, params);
  return { signals: signals.rows, disputes: disputes.rows };
}

export async function risksForOps(q: Queryable, requestId: string) {
  const signals = await q.query<SignalRow>(`${SIGNAL_SELECT} WHERE request_id = $1 ORDER BY raised_at, id`, [
    requestId,
  ]);
  const disputes = await q.query<DisputeRow>(
    `${DISPUTE_SELECT} WHERE x.request_id = $1 ORDER BY x.raised_at, x.id`,
    [requestId],
  );
  return { signals: signals.rows, disputes: disputes.rows };
}

export async function insertSignalForOps(
  q: Queryable,
  signal: {
    id: string;
    plane: Plane;
    requestId: string;
    code: string;
    severity: string;
    hard: boolean;
    detail: string | null;
    at: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO risk_signals (id, plane, request_id, code, severity, hard, status, detail, raised_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8)`,
    [
      signal.id,
      signal.plane,
      signal.requestId,
      signal.code,
      signal.severity,
      signal.hard,
      signal.detail,
      signal.at,
    ],
  );
}

/** One risk signal or dispute, locked for the operations team's review: its request and status. */
async function lockForOps(q: Queryable, table: 'risk_signals' | 'disputes', id: string) {
  const { rows } = await q.query<{ request_id: string; status: string }>(
    `SELECT request_id, status FROM ${table} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export function lockSignalForOps(q: Queryable, id: string) {
  return lockForOps(q, 'risk_signals', id);
}

export async function reviewSignalForOps(
  q: Queryable,
  id: string,
  outcome: 'cleared' | 'confirmed',
  note: string | null,
  at: Date,
): Promise<void> {
  await q.query(`UPDATE risk_signals SET status = $2, reviewed_at = $3, review_note = $4 WHERE id = $1`, [
    id,
    outcome,
    at,
    note,
  ]);
}

export async function insertDisputeForOps(
  q: Queryable,
  dispute: {
    id: string;
    plane: Plane;
    requestId: string;
    debtorId: string | null;
    invoiceId: string | null;
    raisedBy: 'debtor' | 'seller' | 'operator';
    reason: string;
    at: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO disputes (id, plane, request_id, debtor_id, invoice_id, raised_by, reason, status, raised_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8)`,
    [
      dispute.id,
      dispute.plane,
      dispute.requestId,
      dispute.debtorId,
      dispute.invoiceId,
      dispute.raisedBy,
      dispute.reason,
      dispute.at,
    ],
  );
}

export function lockDisputeForOps(q: Queryable, id: string) {
  return lockForOps(q, 'disputes', id);
}

export async function resolveDisputeForOps(
  q: Queryable,
  id: string,
  resolution: string,
  at: Date,
): Promise<void> {
  await q.query(`UPDATE disputes SET status = 'resolved', resolved_at = $2, resolution = $3 WHERE id = $1`, [
    id,
    at,
    resolution,
  ]);
}
