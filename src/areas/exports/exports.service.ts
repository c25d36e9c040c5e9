import type { FunderCaller } from '../../platform/caller.ts';
import type { ExportsDeps } from './exports.deps.ts';
import { createExportDownloads } from './exports.downloads.ts';
import { createExportJobs } from './exports.jobs.ts';
import { createExportRequest } from './exports.request.ts';
import * as store from './exports.store.ts';
import { exportView, funderRef, liveScope } from './exports.view.ts';

export type { ExportsDeps } from './exports.deps.ts';
export { BUILD_JOB, DELETE_JOB } from './exports.jobs.ts';
export { EXPORTS_PER_DAY } from './exports.request.ts';

/** The funder's exports, one file per subject: asking, listing, links and downloads, the jobs. */
export function createExportsService(deps: ExportsDeps) {
  const { db, clock } = deps;
  const { request } = createExportRequest(deps);
  const { get, download } = createExportDownloads(deps);
  return {
    jobs: createExportJobs(deps),
    request,

    async list(caller: FunderCaller, limit: number) {
      const scope = liveScope(caller);
      const rows = await store.listExports(db, scope, limit);
      const now = clock.now();
      return {
        funder: funderRef(caller),
        count: rows.length,
        exports: rows.map((row) => exportView(row, now)),
      };
    },

    get,
    download,
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
