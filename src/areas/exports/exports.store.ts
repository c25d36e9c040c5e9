import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  defineKeyset,
  type KeyPosition,
  keysetAfter,
  keysetKey,
  keysetOrder,
} from '../../platform/db/keyset.ts';
import { scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import type { KeyedRow } from '../../platform/pagination.ts';

export type ExportStatus = 'queued' | 'running' | 'ready';

export interface ExportProgress {
  entities_done: number;
  entities_total: number;
  rows: number;
  volumes_written: number;
  phase: string;
}

export interface StoredVolume {
  name: string;
  bytes: number;
  sha256: string;
  /** The object's key in the export storage. */
  object: string;
}

export interface ExportRow {
  id: string;
  funder_id: string;
  plane: 'live' | 'demo';
  status: ExportStatus;
  requested_via: 'api' | 'portal';
  actor_role: string;
  key_id: string | null;
  lang: string;
  created_at: Date;
  started_at: Date | null;
  build_token: string | null;
  progress: ExportProgress;
  completed_at: Date | null;
  expires_at: Date | null;
  files_deleted_at: Date | null;
  manifest_sha256: string | null;
  size_bytes: string | null;
  file_count: number | null;
  documents_mode: string | null;
  row_counts: Record<string, number> | null;
  volumes: StoredVolume[] | null;
  funder_name: string;
}

const COLUMNS = `id, funder_id, (SELECT f.name FROM funders_read f WHERE f.id = exports.funder_id) AS funder_name, plane, status, requested_via, actor_role, key_id, lang, created_at, started_at,
  build_token, progress, completed_at, expires_at, files_deleted_at, manifest_sha256, size_bytes::text,
  file_count, documents_mode, row_counts, volumes`;

export async function insertExport(
  q: Queryable,
  scope: FunderScope,
  row: {
    id: string;
    keyId: string | null;
    lang: string;
    actorRole: string;
    now: Date;
    progress: ExportProgress;
  },
): Promise<ExportRow> {
  const inserted = await scopedRow<ExportRow>(
    q,
    scope,
    `INSERT INTO exports (id, funder_id, plane, status, requested_via, actor_role, key_id, lang, created_at, progress)
     VALUES ($3, $1, $2, 'queued', 'api', $4, $5, $6, $7, $8)
     RETURNING ${COLUMNS}`,
    [row.id, row.actorRole, row.keyId, row.lang, row.now, JSON.stringify(row.progress)],
  );
  return inserted!;
}

/** Serialises export requests of one funder: the count and the insert see one order. */
export async function lockFunderExports(q: Queryable, scope: FunderScope): Promise<void> {
  await scopedRows(
    q,
    scope,
    `SELECT pg_advisory_xact_lock(hashtextextended('exports:' || $1 || ':' || $2, 0))`,
  );
}

/** The funder's unfinished export, if any, and the creation instants of those since `since`. */
export async function exportLoad(
  q: Queryable,
  scope: FunderScope,
  since: Date,
): Promise<{ unfinished: string | null; recent: Date[] }> {
  const rows = await scopedRows<{ id: string; status: ExportStatus; created_at: Date }>(
    q,
    scope,
    `SELECT id, status, created_at FROM exports
      WHERE funder_id = $1 AND plane = $2 AND (status <> 'ready' OR created_at > $3)
      ORDER BY created_at`,
    [since],
  );
  return {
    unfinished: rows.find((row) => row.status !== 'ready')?.id ?? null,
    recent: rows.filter((row) => row.created_at > since).map((row) => row.created_at),
  };
}

/** The exports' order: newest first, then by id. */
export const EXPORT_ORDER = defineKeyset('exports', [
  { sql: 'created_at', type: 'timestamp', desc: true },
  { sql: 'id', type: 'uuid', desc: true },
]);

/** Up to `limit` of the funder's exports after `after` (null: from the newest). */
export async function listExports(
  q: Queryable,
  scope: FunderScope,
  page: { limit: number; after: KeyPosition | null },
) {
  const after = keysetAfter(EXPORT_ORDER, page.after, 4);
  return scopedRows<ExportRow & KeyedRow>(
    q,
    scope,
    `SELECT ${COLUMNS}, ${keysetKey(EXPORT_ORDER)} FROM exports WHERE funder_id = $1 AND plane = $2${after.sql}
      ORDER BY ${keysetOrder(EXPORT_ORDER)} LIMIT $3`,
    [page.limit, ...after.params],
  );
}

export async function findExport(q: Queryable, scope: FunderScope, id: string) {
  return scopedRow<ExportRow>(
    q,
    scope,
    `SELECT ${COLUMNS} FROM exports WHERE id = $3 AND funder_id = $1 AND plane = $2`,
    [id],
  );
}

export async function logLinks(
  q: Queryable,
  scope: FunderScope,
  entry: {
    id: string;
    exportId: string;
    keyId: string | null;
    requestId: string;
    now: Date;
    expiresAt: Date;
    volumes: number;
  },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO export_link_log (id, export_id, funder_id, plane, key_id, request_id, issued_at, links_expire_at, volumes)
     VALUES ($3, $4, $1, $2, $5, $6, $7, $8, $9)`,
    [entry.id, entry.exportId, entry.keyId, entry.requestId, entry.now, entry.expiresAt, entry.volumes],
  );
}

// The worker's side (operator role): the build and the deletion of files.

/**
 * Whether a download link of the export still works for who obtained it: the export's funder
 * active, and the key (of that funder) not revoked. Read as the operator: the download route
 * carries no key.
 */
export async function linkHolderActiveForOps(
  q: Queryable,
  exportId: string,
  keyId: string,
): Promise<boolean> {
  const { rows } = await q.query<{ ok: boolean }>(
    `SELECT true AS ok
       FROM exports e
       JOIN funders_read f ON f.id = e.funder_id AND f.status = 'active'
       JOIN api_keys_read k ON k.id = $2 AND k.funder_id = e.funder_id AND k.revoked_at IS NULL
      WHERE e.id = $1`,
    [exportId, keyId],
  );
  return rows.length > 0;
}

export async function findExportForOps(q: Queryable, id: string): Promise<ExportRow | null> {
  const { rows } = await q.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Starts (or restarts) a build: a new token, so any earlier attempt's writes stop counting. */
export async function startBuildForOps(
  q: Queryable,
  id: string,
  token: string,
  now: Date,
  progress: ExportProgress,
): Promise<{ previousToken: string | null } | null> {
  const { rows } = await q.query<{ previous: string | null }>(
    `UPDATE exports e SET status = 'running', build_token = $2, started_at = $3, progress = $4
       FROM (SELECT id, build_token AS previous FROM exports WHERE id = $1 FOR UPDATE) old
      WHERE e.id = old.id AND e.status <> 'ready'
      RETURNING old.previous`,
    [id, token, now, JSON.stringify(progress)],
  );
  return rows[0] ? { previousToken: rows[0].previous } : null;
}

/** Records progress; answers false when the build was taken over (another token). */
export async function saveProgressForOps(
  q: Queryable,
  id: string,
  token: string,
  progress: ExportProgress,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE exports SET progress = $3 WHERE id = $1 AND build_token = $2 AND status = 'running'`,
    [id, token, JSON.stringify(progress)],
  );
  return rowCount === 1;
}

export async function markReadyForOps(
  q: Queryable,
  id: string,
  token: string,
  ready: {
    now: Date;
    expiresAt: Date;
    manifestSha256: string;
    sizeBytes: number;
    fileCount: number;
    documentsMode: string;
    rowCounts: Record<string, number>;
    volumes: StoredVolume[];
    progress: ExportProgress;
  },
): Promise<ExportRow | null> {
  const { rows } = await q.query<ExportRow>(
    `UPDATE exports SET status = 'ready', completed_at = $3, expires_at = $4, manifest_sha256 = $5,
            size_bytes = $6, file_count = $7, documents_mode = $8, row_counts = $9, volumes = $10, progress = $11
      WHERE id = $1 AND build_token = $2 AND status = 'running'
      RETURNING ${COLUMNS}`,
    [
      id,
      token,
      ready.now,
      ready.expiresAt,
      ready.manifestSha256,
      ready.sizeBytes,
      ready.fileCount,
      ready.documentsMode,
      JSON.stringify(ready.rowCounts),
      JSON.stringify(ready.volumes),
      JSON.stringify(ready.progress),
    ],
  );
  return rows[0] ?? null;
}

/** Ready exports whose files are past their 24 hours and still in storage. */
export async function expiredFilesForOps(q: Queryable, now: Date, limit: number): Promise<ExportRow[]> {
  const { rows } = await q.query<ExportRow>(
    `SELECT ${COLUMNS} FROM exports
      WHERE status = 'ready' AND files_deleted_at IS NULL AND expires_at <= $1
      ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows;
}

export async function markFilesDeletedForOps(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE exports SET files_deleted_at = $2 WHERE id = $1 AND files_deleted_at IS NULL', [
    id,
    now,
  ]);
}
