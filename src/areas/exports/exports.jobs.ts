import type { Caller } from '../../platform/caller.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import { buildExport, DEFAULT_VOLUME_BYTES } from './exports.build.ts';
import { ENTITIES } from './exports.content.store.ts';
import { DAY_MS, type ExportsDeps } from './exports.deps.ts';
import type { ExportMetrics } from './exports.metrics.ts';
import * as store from './exports.store.ts';
import { exportView, startProgress } from './exports.view.ts';

export const BUILD_JOB = 'export.build';
export const DELETE_JOB = 'export.delete_files';
const SYSTEM: Caller = { kind: 'system', job: BUILD_JOB };

/**
 * Counts a build with its outcome and duration: real elapsed time, a measure of the machine's
 * work, not a time of the business (which the service clock gives).
 */
async function timedBuild(metrics: ExportMetrics, build: () => Promise<void>): Promise<void> {
  const began = performance.now();
  const seconds = () => (performance.now() - began) / 1000;
  try {
    await build();
  } catch (err) {
    metrics.exportBuilt('failed', seconds());
    throw err;
  }
  metrics.exportBuilt('ready', seconds());
}

/** The worker's jobs of the exports: build one, delete its files after 24 hours. */
export function createExportsJobs(deps: ExportsDeps): Record<string, JobHandler> {
  const { db, write, storage } = deps;

  /** Builds (or builds again, after a lost worker) one export, then marks it ready. */
  const build: JobHandler = async ({ job, signal }) => {
    const exportId = String(job.payload.export_id);
    const row = await store.findExportForOps(db, exportId);
    if (!row || row.status === 'ready') return undefined;
    const token = newId();
    const started = await write(SYSTEM, ({ tx, now }) =>
      store.startBuildForOps(tx, exportId, token, now, startProgress('reading')),
    );
    if (!started) return undefined;
    await timedBuild(deps.metrics, () => buildAndStore(row, exportId, token, signal));
    return undefined;
  };

  /** One attempt's build, from reading the rows to the export marked ready (its job's to retry). */
  const buildAndStore = async (
    row: store.ExportRow,
    exportId: string,
    token: string,
    signal: AbortSignal,
  ): Promise<void> => {
    // Whatever an earlier attempt stored is dropped: this attempt writes every volume anew.
    await storage.removeAll(`${exportId}/`);
    const built = await buildExport({
      db,
      storage,
      scope: { funderId: row.funder_id, plane: row.plane },
      exportId,
      funderName: row.funder_name,
      token,
      lang: row.lang,
      createdAt: row.created_at,
      volumeBytes: deps.volumeBytes ?? DEFAULT_VOLUME_BYTES,
      signal,
      onProgress: (progress) =>
        write(SYSTEM, ({ tx }) => store.saveProgressForOps(tx, exportId, token, progress)),
    });
    await write(SYSTEM, async ({ tx, now, evidence, emit }) => {
      const expiresAt = new Date(now.getTime() + DAY_MS);
      const ready = await store.markReadyForOps(tx, exportId, token, {
        now,
        expiresAt,
        manifestSha256: built.manifestSha256,
        sizeBytes: built.sizeBytes,
        fileCount: built.fileCount,
        documentsMode: 'metadata',
        rowCounts: built.rowCounts,
        volumes: built.volumes,
        progress: {
          entities_done: ENTITIES.length,
          entities_total: ENTITIES.length,
          rows: Object.values(built.rowCounts).reduce((a, b) => a + b, 0),
          volumes_written: built.volumes.length,
          phase: 'ready',
        },
      });
      if (!ready) throw new Error(`export ${exportId}: another build attempt took it over`);
      const volumes = built.volumes.map(({ name, bytes, sha256 }) => ({ name, bytes, sha256 }));
      evidence({
        funderId: row.funder_id,
        plane: row.plane,
        kind: 'export.ready',
        subjectType: 'export',
        subjectId: exportId,
        payload: { manifest_sha256: built.manifestSha256, size_bytes: built.sizeBytes, volumes },
      });
      emit({
        funderId: row.funder_id,
        plane: row.plane,
        type: 'export.ready',
        data: {
          export: exportView(ready, now),
          export_id: exportId,
          manifest_sha256: built.manifestSha256,
          size_bytes: built.sizeBytes,
          expires_at: expiresAt.toISOString(),
        },
      });
      await enqueueJob(tx, {
        kind: DELETE_JOB,
        payload: { export_id: exportId },
        runAt: expiresAt,
        jobKey: `${DELETE_JOB}:${exportId}`,
      });
    });
  };

  /** The files of an export whose 24 hours ended are deleted; its record stays. */
  const deleteFiles: JobHandler = async ({ job, clock: jobClock }) => {
    const row = await store.findExportForOps(db, String(job.payload.export_id));
    if (!row?.expires_at || row.files_deleted_at) return undefined;
    const now = jobClock.now();
    if (now < row.expires_at) return { rerunAt: row.expires_at };
    await storage.removeAll(`${row.id}/`);
    await write({ kind: 'system', job: DELETE_JOB }, ({ tx }) =>
      store.markFilesDeletedForOps(tx, row.id, now),
    );
    return undefined;
  };

  return { [BUILD_JOB]: build, [DELETE_JOB]: deleteFiles };
}
