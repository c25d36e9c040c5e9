import type { FunderCaller } from '../../platform/caller.ts';
import { readPage } from '../../platform/pagination.ts';
import type { ExportsDeps } from './exports.deps.ts';
import * as store from './exports.store.ts';
import { exportView, funderRef, liveScope } from './exports.view.ts';

/** The funder's latest exports, each with its status and files. */
export function createExportList(deps: Pick<ExportsDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return {
    async list(caller: FunderCaller, query: { limit: number; cursor?: string }) {
      const scope = liveScope(caller);
      const page = await readPage(store.EXPORT_ORDER, '', query, (read) =>
        store.listExports(db, scope, read),
      );
      const now = clock.now();
      return {
        funder: funderRef(caller),
        count: page.rows.length,
        exports: page.rows.map((row) => exportView(row, now)),
        has_more: page.has_more,
        next_cursor: page.next_cursor,
      };
    },
  };
}
