import type { Static } from 'typebox';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { pageOf, readCursor } from '../../platform/pagination.ts';
import type { EarlyPaymentQuery } from './early-payments.schemas.ts';
import * as store from './early-payments.store.ts';
import { euros, view } from './early-payments.view.ts';

/** The funder's reads of its early payments: the list with totals by status, and one of them. */
export function createEarlyPaymentReading(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async list(caller: FunderCaller, query: Static<typeof EarlyPaymentQuery>) {
      const scope = scopeOf(caller);
      const today = madridDate(clock.now());
      const limit = query.limit ?? 50;
      // A cursor is bound to the list and to its status filter.
      const filter = query.status ?? '';
      const after = readCursor(store.EARLY_PAYMENT_ORDER, filter, query.cursor);
      const page = pageOf(
        store.EARLY_PAYMENT_ORDER,
        filter,
        await store.list(db, scope, { status: query.status ?? null, today, limit: limit + 1, after }),
        limit,
      );
      const rows = page.rows;
      const totals: Record<string, { count: number; amount_due: number; outstanding: number }> = {};
      for (const t of await store.totals(db, scope, today)) {
        totals[t.status] = {
          count: t.count,
          amount_due: euros(t.amount_due),
          outstanding: euros(t.outstanding),
        };
      }
      return {
        count: rows.length,
        totals,
        early_payments: rows.map((r) => view(r, today)),
        has_more: page.has_more,
        next_cursor: page.next_cursor,
      };
    },

    async get(caller: FunderCaller, id: string) {
      const row = await store.find(db, scopeOf(caller), id);
      if (!row) throw new ApiError('not_found', 'Early payment was not found.');
      return view(row, madridDate(clock.now()));
    },
  };
}
