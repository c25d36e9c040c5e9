import type { ExportsDeps } from './exports.deps.ts';
import { createExportDownloads } from './exports.downloads.ts';
import { createExportList } from './exports.list.ts';
import { createExportRequest } from './exports.request.ts';

export type { ExportsDeps } from './exports.deps.ts';

/**
 * The funder's exports, one file per subject: asking, listing, links and downloads. The worker's
 * jobs that build and delete them are the module's (exports.jobs.ts).
 */
export function createExportsService(deps: ExportsDeps) {
  return {
    ...createExportRequest(deps),
    ...createExportList(deps),
    ...createExportDownloads(deps),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
