import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { exportsRoutes } from './exports.routes.ts';
import { createExportsService, type ExportsDeps } from './exports.service.ts';

/** The funder's exports: service, routes, and the worker's jobs (build, delete after 24 hours). */
export function exportsModule(deps: AreaDeps & Omit<ExportsDeps, keyof AreaDeps>) {
  const exports = createExportsService(deps);
  const routes: AreaRoutes[] = [exportsRoutes({ exports })];
  return { exports, routes, jobs: exports.jobs };
}
