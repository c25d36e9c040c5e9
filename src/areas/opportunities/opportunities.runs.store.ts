import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedCount, scopedRow } from '../../platform/db/scoped.ts';
import { CLIENTS, PREVIEW, SHARED, tablesOf } from './opportunities.tables.store.ts';

/**
 * The nightly prequalification's SQL (runs, snapshots, lines; the publication is
 * opportunities.publish.store.ts). Every step is one set-based statement over the funder's
 * clients' invoices (no loop per invoice); the run's row, locked at the start of each step,
 * records how far it got, so a step done is never done twice and a run resumes where it stopped.
 * The same statements make a sandbox key's preview of a night (the advance helper), in the
 * preview tables of migration 0066.
 */

export type RunStatus = 'pending' | 'snapshotted' | 'completed' | 'abandoned';

export interface RunRow {
  id: string;
  funder_id: string;
  plane: Plane;
  run_date: string;
  status: RunStatus;
  previous_run_id: string | null;
  snapshot_at: Date | null;
  clients_sharing: number | null;
  clients_not_sharing: number | null;
  eligible_count: number | null;
  eligible_total: string | null;
  /** Set on a sandbox key's preview run (absent on a shared nightly run). */
  sandbox_key_id?: string;
}

/** The invoice `i` is in a request still alive (open, funded or settled). */
const IN_REQUEST = `EXISTS (SELECT 1 FROM request_invoices_read ri JOIN funding_requests_read r ON r.id = ri.request_id
   WHERE ri.invoice_id = i.id AND r.status NOT IN ('declined', 'rejected', 'cancelled'))`;

/** The invoice `i` has an open dispute. */
const DISPUTED = `EXISTS (SELECT 1 FROM disputes_read d WHERE d.invoice_id = i.id AND d.status = 'open')`;

/**
 * The funder's rules on an invoice `i` of seller `s` to debtor `db`, on night $3 (a Madrid date):
 * a due date after the night; the seller verified; every document the funder requires from the
 * seller's country verified and valid that day; a listed buyer when the funder takes listed
 * buyers only; no refused or suspended limit on the debtor or the seller, nor an active one
 * below the invoice's amount; no hard risk signal open or confirmed on the invoice.
 */
const MEETS_RULES = `i.due_date IS NOT NULL AND i.due_date > $3::date
  AND s.verification_status = 'approved'
  AND NOT EXISTS (
    SELECT 1 FROM funder_required_documents_read rd CROSS JOIN LATERAL unnest(rd.codes) AS need(code)
     WHERE rd.funder_id = $1 AND rd.plane = $2 AND rd.country = s.country
       AND NOT EXISTS (SELECT 1 FROM seller_documents_read sd
                        WHERE sd.seller_id = s.id AND sd.code = need.code AND sd.status = 'verified'
                          AND sd.issued_on <= $3::date AND (sd.valid_until IS NULL OR sd.valid_until >= $3::date)))
  AND (NOT coalesce((SELECT fs.listed_buyers_only FROM funder_settings_read fs WHERE fs.funder_id = $1 AND fs.plane = $2), false)
       OR EXISTS (SELECT 1 FROM funder_listed_buyers_read lb
                   WHERE lb.funder_id = $1 AND lb.plane = $2 AND lb.country = db.country AND lb.tax_id = db.tax_id))
  AND NOT EXISTS (SELECT 1 FROM credit_limits_read cl
                   WHERE cl.funder_id = $1 AND cl.plane = $2 AND cl.debtor_country = db.country
                     AND cl.debtor_tax_id = db.tax_id AND (cl.status <> 'active' OR cl.amount < i.amount))
  AND NOT EXISTS (SELECT 1 FROM seller_limits_read sl
                   WHERE sl.funder_id = $1 AND sl.plane = $2 AND sl.seller_id = s.id
                     AND (sl.status <> 'active' OR sl.amount < i.amount))
  AND NOT EXISTS (SELECT 1 FROM risk_signals_read rs
                   WHERE rs.invoice_id = i.id AND rs.hard AND rs.status IN ('open', 'confirmed'))`;

/**
 * Creates the night's run for every funder and plane with clients (or consents on record), once:
 * the unique key on (funder, plane, date) makes a second worker's insert a no-op. Answers the
 * night's runs still to do.
 */
export async function ensureRunsForOps(q: Queryable, date: string, now: Date, ids: () => string) {
  const { rows: owners } = await q.query<{ funder_id: string; plane: Plane }>(
    `SELECT funder_id, plane FROM funder_clients_read
     UNION SELECT funder_id, plane FROM opportunity_sharing`,
  );
  if (owners.length > 0) {
    await q.query(
      `INSERT INTO opportunity_runs (id, funder_id, plane, run_date, status, created_at, updated_at)
       SELECT id, funder_id, plane, $4::date, 'pending', $5, $5
         FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS o(id, funder_id, plane)
       ON CONFLICT (funder_id, plane, run_date) DO NOTHING`,
      [owners.map(() => ids()), owners.map((o) => o.funder_id), owners.map((o) => o.plane), date, now],
    );
  }
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM opportunity_runs WHERE run_date = $1 AND status IN ('pending', 'snapshotted') ORDER BY id`,
    [date],
  );
  return rows.map((r) => r.id);
}

/** One run of one funder and plane for a night, created when missing (operations, benchmark). */
export async function ensureRunForOps(
  q: Queryable,
  owner: FunderScope,
  date: string,
  now: Date,
  id: string,
): Promise<string | null> {
  // No run for a funder that does not exist (null): never a foreign key failure.
  await scopedCount(
    q,
    owner,
    `INSERT INTO opportunity_runs (id, funder_id, plane, run_date, status, created_at, updated_at)
     SELECT $3, $1, $2, $4, 'pending', $5, $5 WHERE EXISTS (SELECT 1 FROM funders_read WHERE id = $1)
     ON CONFLICT (funder_id, plane, run_date) DO NOTHING`,
    [id, date, now],
  );
  const run = await scopedRow<{ id: string }>(
    q,
    owner,
    'SELECT id FROM opportunity_runs WHERE funder_id = $1 AND plane = $2 AND run_date = $3',
    [date],
  );
  return run?.id ?? null;
}

/**
 * Whether the nightly job makes runs for this funder and plane: it has clients (or consents on
 * record), as `ensureRunsForOps` finds its owners.
 */
export async function makesNightsForOps(q: Queryable, owner: FunderScope): Promise<boolean> {
  const row = await scopedRow<{ yes: boolean }>(
    q,
    owner,
    `SELECT EXISTS (SELECT 1 FROM funder_clients_read WHERE funder_id = $1 AND plane = $2)
         OR EXISTS (SELECT 1 FROM opportunity_sharing WHERE funder_id = $1 AND plane = $2) AS yes`,
  );
  return row?.yes ?? false;
}

/** A sandbox key's preview run of a night, created when missing (one per key and date). */
export async function ensurePreviewRunForOps(
  q: Queryable,
  owner: FunderScope,
  keyId: string,
  date: string,
  now: Date,
  id: string,
): Promise<string> {
  await scopedCount(
    q,
    owner,
    `INSERT INTO opportunity_preview_runs (id, funder_id, plane, run_date, status, created_at, updated_at, sandbox_key_id)
     VALUES ($3, $1, $2, $4, 'pending', $5, $5, $6)
     ON CONFLICT (funder_id, plane, sandbox_key_id, run_date) DO NOTHING`,
    [id, date, now, keyId],
  );
  const run = await scopedRow<{ id: string }>(
    q,
    owner,
    `SELECT id FROM opportunity_preview_runs
      WHERE funder_id = $1 AND plane = $2 AND sandbox_key_id = $3 AND run_date = $4`,
    [keyId, date],
  );
  return run!.id;
}

/**
 * The run's row, locked for the step about to run (a second worker waits, then sees the step
 * done): a shared run, or a key's preview run.
 */
export async function lockRunForOps(q: Queryable, runId: string, preview = false): Promise<RunRow | null> {
  const { rows } = await q.query<RunRow>(
    `SELECT * FROM ${preview ? PREVIEW.runs : SHARED.runs} WHERE id = $1 FOR UPDATE`,
    [runId],
  );
  return rows[0] ?? null;
}

export async function abandonRunForOps(q: Queryable, run: RunRow, now: Date): Promise<void> {
  await q.query(
    `UPDATE ${tablesOf(run).runs} SET status = 'abandoned', updated_at = $2
      WHERE id = $1 AND status IN ('pending', 'snapshotted')`,
    [run.id, now],
  );
}

/**
 * Step one: the eligible invoices of the funder's sharing clients tonight, written as the run's
 * snapshot (a step started again first drops what a stopped attempt left).
 */
export async function snapshotForOps(q: Queryable, run: RunRow, now: Date): Promise<void> {
  const t = tablesOf(run);
  await q.query(`DELETE FROM ${t.snapshots} WHERE run_id = $1`, [run.id]);
  // Inserted in invoice order: each key lands on the last page of the run's part of the primary
  // key, instead of anywhere in it (bench/README.md, "Opportunities digest"). The count and total
  // come back from the insert itself rather than from a second read of the rows.
  const { rows: figures } = await q.query<{ n: number; total: string }>(
    `WITH written AS (
       INSERT INTO ${t.snapshots} (run_id, funder_id, plane, invoice_id, amount)
       SELECT $4::uuid, $1::uuid, $2, i.id, i.amount
         FROM funder_clients_read c
         JOIN opportunity_sharing sh ON sh.funder_id = c.funder_id AND sh.plane = c.plane
                                    AND sh.seller_id = c.seller_id AND sh.sharing
         JOIN sellers_read s ON s.id = c.seller_id
         JOIN invoices_read i ON i.seller_id = c.seller_id AND i.plane = c.plane
         JOIN debtors_read db ON db.id = i.debtor_id
        WHERE c.funder_id = $1 AND c.plane = $2 AND c.left_at IS NULL
          AND i.seller_marked_paid_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM invoice_ledger_exits x WHERE x.invoice_id = i.id)
          AND NOT ${IN_REQUEST}
          AND NOT ${DISPUTED}
          AND ${MEETS_RULES}
        ORDER BY i.id
       RETURNING amount)
     SELECT count(*)::int AS n, coalesce(sum(amount), 0) AS total FROM written`,
    [run.funder_id, run.plane, run.run_date, run.id],
  );
  const { rows } = await q.query<{ sharing: number; not_sharing: number }>(
    `SELECT count(*) FILTER (WHERE sh.sharing)::int AS sharing,
            count(*) FILTER (WHERE sh.sharing IS NOT TRUE)::int AS not_sharing
       FROM ${CLIENTS} WHERE c.funder_id = $1 AND c.plane = $2`,
    [run.funder_id, run.plane],
  );
  await q.query(
    `UPDATE ${t.runs} r SET status = 'snapshotted', snapshot_at = $2, updated_at = $2,
            clients_sharing = $3, clients_not_sharing = $4, eligible_count = $5, eligible_total = $6,
            previous_run_id = (SELECT p.id FROM ${t.comparable}
                                WHERE p.funder_id = r.funder_id AND p.plane = r.plane AND p.status = 'completed'
                                  AND p.run_date < r.run_date ORDER BY ${t.latestFirst} LIMIT 1)
      WHERE r.id = $1`,
    [run.id, now, rows[0]!.sharing, rows[0]!.not_sharing, figures[0]!.n, figures[0]!.total],
  );
}

/** The client's details as a line carries them: latest grade, EU size band from staff and turnover. */
const CLIENT_FIELDS = `s.id AS seller_id, s.name AS client_name, s.tax_id AS client_tax_id,
  s.sector AS client_sector,
  (SELECT sc.grade FROM seller_scores_read sc WHERE sc.seller_id = s.id ORDER BY sc.computed_at DESC LIMIT 1) AS client_grade,
  CASE WHEN s.employees IS NULL AND s.annual_revenue IS NULL THEN NULL
       WHEN coalesce(s.employees, 0) < 10 AND coalesce(s.annual_revenue, 0) <= 2000000 THEN 'micro'
       WHEN coalesce(s.employees, 0) < 50 AND coalesce(s.annual_revenue, 0) <= 10000000 THEN 'small'
       WHEN coalesce(s.employees, 0) < 250 AND coalesce(s.annual_revenue, 0) <= 50000000 THEN 'medium'
       ELSE 'large' END AS client_size_band`;

/**
 * Step two: compares the run's snapshot with the last completed run's. Invoices eligible now and
 * not before are `new`; those eligible before and not now are a change: `paid` (the seller marked
 * it paid), `disputed` (an open dispute), else `no_longer_eligible` with the first reason that
 * holds, in the order requested, cancelled, removed, left_programme, not_shared, rules. Lines
 * are numbered new first, then paid, disputed, no longer eligible; within each by client, debtor,
 * due date and number. The run completes in the same transaction, and snapshots older than it are
 * dropped.
 */
export async function compareForOps(q: Queryable, run: RunRow, now: Date): Promise<void> {
  const t = tablesOf(run);
  await q.query(`DELETE FROM ${t.lines} WHERE run_id = $1`, [run.id]);
  // The two snapshots meet in one full join on the invoice: PostgreSQL answers a full join by
  // merging or hashing, never by a nested loop, so the comparison stays linear whatever the
  // statistics say (tonight's snapshot is never in them). What a change is, and why, is asked
  // only of the invoices that left (the CASE reaches those subqueries for them alone).
  await q.query(
    `WITH found AS (
       SELECT coalesce(cur.invoice_id, prev.invoice_id) AS invoice_id, cur.invoice_id IS NOT NULL AS fresh,
              cur.amount AS amount
         FROM (SELECT invoice_id, amount FROM ${t.snapshots} WHERE run_id = $3::uuid) cur
         FULL JOIN (SELECT ps.invoice_id FROM ${t.previousSnapshots} ps WHERE ps.run_id = $4::uuid) prev
           ON prev.invoice_id = cur.invoice_id
        WHERE cur.invoice_id IS NULL OR prev.invoice_id IS NULL)
     INSERT INTO ${t.lines} (run_id, funder_id, plane, position, kind, reason, invoice_id, number,
       debtor_name, debtor_tax_id, debtor_country, amount, currency, due_date, seller_id, client_name,
       client_tax_id, client_sector, client_grade, client_size_band)
     SELECT $3::uuid, $1::uuid, $2,
            row_number() OVER (ORDER BY CASE k.kind WHEN 'new' THEN 0 WHEN 'paid' THEN 1 WHEN 'disputed' THEN 2 ELSE 3 END,
                                        s.name, db.name, i.due_date, i.number, i.id)::int,
            k.kind,
            CASE WHEN k.kind <> 'no_longer_eligible' THEN NULL
                 WHEN ${IN_REQUEST} THEN 'requested'
                 ELSE coalesce((SELECT x.exit FROM invoice_ledger_exits x WHERE x.invoice_id = i.id),
                               CASE WHEN NOT EXISTS (SELECT 1 FROM funder_clients_read c
                                                      WHERE c.seller_id = i.seller_id AND c.funder_id = $1
                                                        AND c.plane = $2 AND c.left_at IS NULL) THEN 'left_programme'
                                    WHEN (SELECT sh.sharing FROM opportunity_sharing sh
                                           WHERE sh.funder_id = $1 AND sh.plane = $2 AND sh.seller_id = i.seller_id)
                                         IS NOT TRUE THEN 'not_shared'
                                    ELSE 'rules' END) END,
            i.id, i.number, db.name, db.tax_id, db.country,
            CASE k.kind WHEN 'new' THEN f.amount WHEN 'paid' THEN 0 ELSE i.amount END,
            i.currency, i.due_date,
            ${CLIENT_FIELDS}
       FROM found f
       JOIN invoices_read i ON i.id = f.invoice_id
       JOIN sellers_read s ON s.id = i.seller_id
       JOIN debtors_read db ON db.id = i.debtor_id
       CROSS JOIN LATERAL (SELECT CASE WHEN f.fresh THEN 'new'
                                       WHEN i.seller_marked_paid_at IS NOT NULL THEN 'paid'
                                       WHEN ${DISPUTED} THEN 'disputed'
                                       ELSE 'no_longer_eligible' END AS kind) k`,
    [run.funder_id, run.plane, run.id, run.previous_run_id],
  );
  await q.query(
    `UPDATE ${t.runs} SET status = 'completed', completed_at = $2, updated_at = $2 WHERE id = $1`,
    [run.id, now],
  );
  await dropOldSnapshots(q, run);
}

/**
 * Drops the snapshots no later run will compare with. A shared run drops the shared snapshots
 * of the nights before it (never a key's). A key's preview drops that key's own preview
 * snapshots dated on or before the latest completed shared run (never a shared one): a later
 * preview compares with that shared run or a later preview, and previews need not come in date
 * order (two requests moved to different days), so a preview earlier than this one is kept.
 */
async function dropOldSnapshots(q: Queryable, run: RunRow): Promise<void> {
  if (!run.sandbox_key_id) {
    await q.query(
      `DELETE FROM opportunity_snapshot_rows sr USING opportunity_runs r
        WHERE sr.run_id = r.id AND r.funder_id = $1 AND r.plane = $2 AND r.run_date < $3::date`,
      [run.funder_id, run.plane, run.run_date],
    );
    return;
  }
  await q.query(
    `DELETE FROM opportunity_preview_snapshot_rows sr USING opportunity_preview_runs r
      WHERE sr.run_id = r.id AND r.funder_id = $1 AND r.plane = $2 AND r.sandbox_key_id = $3 AND r.id <> $4
        AND r.run_date <= (SELECT max(s.run_date) FROM opportunity_runs s
                            WHERE s.funder_id = $1 AND s.plane = $2 AND s.status = 'completed')`,
    [run.funder_id, run.plane, run.sandbox_key_id, run.id],
  );
}
