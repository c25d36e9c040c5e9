import type { Readable } from 'node:stream';
import type { Caller, FunderCaller, FunderScope } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import type { RunWrite } from '../../platform/write.ts';
import { ENTITIES } from './export-content.store.ts';
import { buildExport, DEFAULT_VOLUME_BYTES } from './exports.build.ts';
import { LINK_SECONDS, type LinkSigner } from './exports.links.ts';
import type { ExportStorage } from './exports.storage.ts';
import * as store from './exports.store.ts';

/** Spec, Limits: one export at a time, at most 10 in 24 hours; files kept 24 hours. */
export const EXPORTS_PER_DAY = 10;
const DAY_MS = 24 * 3600 * 1000;
export const BUILD_JOB = 'export.build';
export const DELETE_JOB = 'export.delete_files';
const SYSTEM: Caller = { kind: 'system', job: BUILD_JOB };

const startProgress = (phase: string): store.ExportProgress => ({
  entities_done: 0,
  entities_total: ENTITIES.length,
  rows: 0,
  volumes_written: 0,
  phase,
});

export interface ExportsDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
  storage: ExportStorage;
  links: LinkSigner;
  publicBaseUrl: string;
  /** Compressed bytes after which a new volume starts (tests set it small). */
  volumeBytes?: number;
}

/** Exports are for live keys only (spec): a sandbox or unclassified key is refused. */
function liveScope(caller: FunderCaller): FunderScope {
  if (caller.environment !== 'live' || caller.plane !== 'live') {
    throw new ApiError(
      'export_live_key_required',
      'Exports are made with a live key only; this key is not one.',
    );
  }
  return { funderId: caller.funderId, plane: 'live' };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function createExportsService(deps: ExportsDeps) {
  const { db, clock, write, storage, links } = deps;

  function filesAvailable(row: store.ExportRow, now: Date): boolean {
    return row.status === 'ready' && !row.files_deleted_at && row.expires_at !== null && now < row.expires_at;
  }

  function view(row: store.ExportRow, now: Date) {
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

  const funderRef = (caller: FunderCaller) => ({ bank_id: caller.funderId, name: caller.funderName });

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
    return undefined;
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

  return {
    jobs: { [BUILD_JOB]: build, [DELETE_JOB]: deleteFiles } as Record<string, JobHandler>,

    /** POST /v1/exports: queues an export of everything the funder can see on the live plane. */
    async request(caller: FunderCaller, input: { lang?: string }) {
      const scope = liveScope(caller);
      return write(caller, async ({ tx, now, evidence }) => {
        await store.lockFunderExports(tx, scope);
        const load = await store.exportLoad(tx, scope, new Date(now.getTime() - DAY_MS));
        if (load.unfinished) {
          throw new ApiError('export_rate_limited', 'An export is still being built: one at a time.', {
            extra: { reason: 'export_in_progress', export_id: load.unfinished, next_allowed_at: null },
          });
        }
        if (load.recent.length >= EXPORTS_PER_DAY) {
          const next = new Date(load.recent[load.recent.length - EXPORTS_PER_DAY]!.getTime() + DAY_MS);
          const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
          throw new ApiError('export_rate_limited', `At most ${EXPORTS_PER_DAY} exports in 24 hours.`, {
            extra: {
              reason: 'daily_limit',
              next_allowed_at: next.toISOString(),
              retry_after_seconds: seconds,
            },
            headers: { 'retry-after': String(seconds) },
          });
        }
        const id = newId();
        const row = await store.insertExport(tx, scope, {
          id,
          keyId: caller.keyId,
          lang: input.lang ?? 'en',
          actorRole: 'api_key',
          now,
          progress: startProgress('queued'),
        });
        await enqueueJob(tx, {
          kind: BUILD_JOB,
          payload: { export_id: id },
          runAt: now,
          jobKey: `${BUILD_JOB}:${id}`,
          maxAttempts: 5,
        });
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'export.requested',
          subjectType: 'export',
          subjectId: id,
          payload: { lang: row.lang },
        });
        return { funder: funderRef(caller), export: view(row, now) };
      });
    },

    async list(caller: FunderCaller, limit: number) {
      const scope = liveScope(caller);
      const rows = await store.listExports(db, scope, limit);
      const now = clock.now();
      return { funder: funderRef(caller), count: rows.length, exports: rows.map((row) => view(row, now)) };
    },

    /** GET /v1/exports/{id}: once ready and for 24 hours, a signed link per volume, logged. */
    async get(caller: FunderCaller, id: string) {
      const scope = liveScope(caller);
      const row = await store.findExport(db, scope, id);
      if (!row) throw new ApiError('not_found', 'Export was not found.');
      const now = clock.now();
      if (!filesAvailable(row, now)) return { funder: funderRef(caller), export: view(row, now) };
      const urlExpiresAt = new Date(Math.min(now.getTime() + LINK_SECONDS * 1000, row.expires_at!.getTime()));
      // Whole seconds: the link carries Unix seconds and must not outlive what it states.
      urlExpiresAt.setUTCMilliseconds(0);
      const files = (row.volumes ?? []).map((volume) => ({
        name: volume.name,
        bytes: volume.bytes,
        sha256: volume.sha256,
        url: links.url(deps.publicBaseUrl, volume.object, urlExpiresAt, caller.keyId),
        url_expires_at: urlExpiresAt.toISOString(),
      }));
      await write(caller, ({ tx, now: at }) =>
        store.logLinks(tx, scope, {
          id: newId(),
          exportId: row.id,
          keyId: caller.keyId,
          requestId: caller.requestId,
          now: at,
          expiresAt: urlExpiresAt,
          volumes: files.length,
        }),
      );
      return { funder: funderRef(caller), export: { ...view(row, now), files } };
    },

    /**
     * GET /v1/export-downloads/...: the signed link is the credential. A forged or expired one
     * is refused with no database call; a genuine one works only while the export's funder is
     * active and the key that obtained it is not revoked (one indexed read, as the operator:
     * the route carries no key).
     */
    async download(
      object: string,
      link: { expires: number; keyId: string; sig: string },
    ): Promise<{ body: Readable; bytes: number; name: string }> {
      const gone = () =>
        new ApiError('not_found', 'This export link is unknown or has expired; ask for the export again.');
      if (!links.check(object, link.expires, link.keyId, link.sig, clock.now())) throw gone();
      const exportId = object.slice(0, object.indexOf('/'));
      const holder = await runAs(OPERATOR, () => store.linkHolderActiveForOps(db, exportId, link.keyId));
      if (!holder) throw gone();
      const file = await storage.get(object);
      if (!file) throw gone();
      return { ...file, name: object.slice(object.lastIndexOf('/') + 1) };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
