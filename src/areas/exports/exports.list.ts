import type { FunderCaller } from '../../platform/caller.ts';
import type { ExportsDeps } from './exports.deps.ts';
import * as store from './exports.store.ts';
import { exportView, funderRef, liveScope } from './exports.view.ts';

/** The funder's latest exports, each with its status and files. */
export function createExportList(deps: Pick<ExportsDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return {
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
  };
}
