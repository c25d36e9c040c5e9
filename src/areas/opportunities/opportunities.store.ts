import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import type { DigestRow } from './opportunities.publish.store.ts';
import type { RunRow } from './opportunities.runs.store.ts';
import type { LineReason, SizeBand } from './opportunities.schemas.ts';

/** The digest as funders read it, and what the clients' side of it writes (consent, exits). */

const DIGEST_COLUMNS = `id, funder_id, plane, digest_date, run_id, stale, snapshot_at, clients_sharing,
  clients_not_sharing, eligible_count, eligible_total, new_count, new_total, changes_paid, changes_disputed,
  changes_no_longer_eligible, line_count, published_at`;

/**
 * The caller's digest of a date, or its latest, published by `now`. A sandbox key (`keyId`) also
 * sees its own previews (the advance helper's): the latest date of either wins, and on one date
 * the shared digest (a preview of a night that has come gives way to the real one). Another
 * key's previews are never read, nor any without a key (`null`: a live key's call).
 */
export async function digestFor(
  q: Queryable,
  scope: FunderScope,
  keyId: string | null,
  date: string | null,
  now: Date,
) {
  return scopedRow<DigestRow>(
    q,
    scope,
    `SELECT * FROM (
       SELECT ${DIGEST_COLUMNS}, NULL::uuid AS sandbox_key_id FROM opportunity_digests
        WHERE funder_id = $1 AND plane = $2 AND published_at <= $4 AND ($3::date IS NULL OR digest_date = $3::date)
       UNION ALL
       SELECT ${DIGEST_COLUMNS}, sandbox_key_id FROM opportunity_preview_digests
        WHERE funder_id = $1 AND plane = $2 AND sandbox_key_id = $5::uuid AND published_at <= $4
          AND ($3::date IS NULL OR digest_date = $3::date)) d
      ORDER BY digest_date DESC, sandbox_key_id NULLS FIRST LIMIT 1`,
    [date, now, keyId],
  );
}

export interface LineRow {
  position: number;
  kind: 'new' | 'paid' | 'disputed' | 'no_longer_eligible';
  reason: LineReason | null;
  invoice_id: string;
  number: string;
  debtor_name: string;
  debtor_tax_id: string;
  debtor_country: string;
  amount: string;
  currency: string;
  due_date: string | null;
  seller_id: string;
  client_name: string;
  client_tax_id: string;
  client_sector: string | null;
  client_grade: string | null;
  client_size_band: SizeBand | null;
}

const LINE_COLUMNS = `position, kind, reason, invoice_id, number, debtor_name, debtor_tax_id, debtor_country,
  amount, currency, due_date, seller_id, client_name, client_tax_id, client_sector, client_grade, client_size_band`;

/**
 * A page of the caller's lines of a run, in order, after a position: a shared run's, or with
 * `previewKeyId` a preview run of that sandbox key (and of no other).
 */
export async function linesFor(
  q: Queryable,
  scope: FunderScope,
  runId: string,
  after: number,
  limit: number,
  previewKeyId: string | null = null,
) {
  if (previewKeyId !== null) {
    return scopedRows<LineRow>(
      q,
      scope,
      `SELECT ${LINE_COLUMNS} FROM opportunity_preview_lines l
        WHERE l.funder_id = $1 AND l.plane = $2 AND l.run_id = $3 AND l.position > $4
          AND EXISTS (SELECT 1 FROM opportunity_preview_runs r WHERE r.id = l.run_id AND r.sandbox_key_id = $6)
        ORDER BY l.position LIMIT $5`,
      [runId, after, limit, previewKeyId],
    );
  }
  return scopedRows<LineRow>(
    q,
    scope,
    `SELECT ${LINE_COLUMNS}
       FROM opportunity_lines
      WHERE funder_id = $1 AND plane = $2 AND run_id = $3 AND position > $4
      ORDER BY position LIMIT $5`,
    [runId, after, limit],
  );
}

/**
 * Whether a seller is the funder's client on the plane, still in its network (operations and
 * sandbox checks): a client that left has no consent to give.
 */
export async function clientOf(q: Queryable, scope: FunderScope, sellerId: string): Promise<boolean> {
  const rows = await scopedRows(
    q,
    scope,
    'SELECT 1 FROM funder_clients_read WHERE funder_id = $1 AND plane = $2 AND seller_id = $3 AND left_at IS NULL',
    [sellerId],
  );
  return rows.length > 0;
}

/** The funder a seller is the client of (still in its network), on which plane (operations). */
export async function clientshipForOps(
  q: Queryable,
  sellerId: string,
): Promise<{ funder_id: string; plane: Plane } | null> {
  const { rows } = await q.query<{ funder_id: string; plane: Plane }>(
    'SELECT funder_id, plane FROM funder_clients_read WHERE seller_id = $1 AND left_at IS NULL',
    [sellerId],
  );
  return rows[0] ?? null;
}

/** Records a client's consent (or its withdrawal); answers whether it changed. */
export async function setSharing(
  q: Queryable,
  scope: FunderScope,
  sellerId: string,
  sharing: boolean,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const current = await scopedRow<{ sharing: boolean }>(
    q,
    scope,
    'SELECT sharing FROM opportunity_sharing WHERE funder_id = $1 AND plane = $2 AND seller_id = $3 FOR UPDATE',
    [sellerId],
  );
  if ((current?.sharing ?? false) === sharing) return false;
  await scopedCount(
    q,
    scope,
    `INSERT INTO opportunity_sharing (funder_id, plane, seller_id, sharing, reason, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (funder_id, plane, seller_id)
       DO UPDATE SET sharing = excluded.sharing, reason = excluded.reason, changed_at = excluded.changed_at`,
    [sellerId, sharing, reason, now],
  );
  return true;
}

export interface InvoiceOwner {
  id: string;
  plane: Plane;
  seller_id: string;
  exit: 'cancelled' | 'removed' | null;
}

/** An invoice of a plane with its exit, if it left the ledger. */
export async function invoiceForOps(q: Queryable, invoiceId: string): Promise<InvoiceOwner | null> {
  const { rows } = await q.query<InvoiceOwner>(
    `SELECT i.id, i.plane, i.seller_id, x.exit FROM invoices_read i
       LEFT JOIN invoice_ledger_exits x ON x.invoice_id = i.id WHERE i.id = $1`,
    [invoiceId],
  );
  return rows[0] ?? null;
}

export async function insertExitForOps(
  q: Queryable,
  invoice: { id: string; plane: Plane },
  exit: 'cancelled' | 'removed',
  reason: string | null,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO invoice_ledger_exits (invoice_id, plane, exit, reason, exited_at) VALUES ($1, $2, $3, $4, $5)`,
    [invoice.id, invoice.plane, exit, reason, now],
  );
}

/** The runs of a funder and plane, newest first (operations). */
export function runsForOps(q: Queryable, owner: FunderScope, limit: number) {
  return scopedRows<RunRow & { completed_at: Date | null }>(
    q,
    owner,
    `SELECT * FROM opportunity_runs WHERE funder_id = $1 AND plane = $2 ORDER BY run_date DESC LIMIT $3`,
    [limit],
  );
}
