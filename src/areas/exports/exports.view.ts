import type { FunderCaller, FunderScope } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { ENTITIES } from './exports.content.store.ts';
import type * as store from './exports.store.ts';

/** The progress of an export that has not started reading yet. */
export const startProgress = (phase: string): store.ExportProgress => ({
  entities_done: 0,
  entities_total: ENTITIES.length,
  rows: 0,
  volumes_written: 0,
  phase,
});

/** Exports are for live keys only (spec): a sandbox or unclassified key is refused. */
export function liveScope(caller: FunderCaller): FunderScope {
  if (caller.environment !== 'live' || caller.plane !== 'live') {
    throw new ApiError(
      'export_live_key_required',
      'Exports are made with a live key only; this key is not one.',
    );
  }
  return { funderId: caller.funderId, plane: 'live' };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function filesAvailable(row: store.ExportRow, now: Date): boolean {
  return row.status === 'ready' && !row.files_deleted_at && row.expires_at !== null && now < row.expires_at;
}

/** An export as the funder sees it (without its links). */
export function exportView(row: store.ExportRow, now: Date) {
  const base = {
    id: row.id,
    subject: 'funder' as const,
    status: row.status,
    plane: row.plane,
    requested_via: row.requested_via,
    actor_role: row.actor_role,
    lang: row.lang,
    created_at: row.created_at.toISOString(),
    download_available: filesAvailable(row, now),
    manifest_sha256: row.manifest_sha256,
    progress: row.progress,
  };
  if (row.status !== 'ready') return base;
  return {
    ...base,
    completed_at: iso(row.completed_at),
    expires_at: iso(row.expires_at),
    size_bytes: Number(row.size_bytes),
    file_count: row.file_count,
    documents_mode: row.documents_mode,
    row_counts: row.row_counts,
  };
}

export const funderRef = (caller: FunderCaller) => ({ bank_id: caller.funderId, name: caller.funderName });
