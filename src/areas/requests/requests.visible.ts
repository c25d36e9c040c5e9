import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import type { Db } from '../../platform/db/db.ts';
import { findVisibleRequest } from './requests.store.ts';

/**
 * For other areas (deal documents): the request if the funder may read it (routed to it, or
 * acted on by it, on its plane), else null. It reads the database alone, so an area the
 * requests module itself takes (the documents) can be given it before the module is built.
 */
export function visibleRequestReader(deps: { db: Db }) {
  return async (caller: FunderCaller, id: string) => {
    if (caller.plane === null) return null;
    const row = await findVisibleRequest(deps.db, scopeOf(caller), id);
    return row ? { id: row.id, sellerId: row.seller_id, plane: row.plane } : null;
  };
}
