import type { Static } from 'typebox';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
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
      const rows = await store.list(db, scope, {
        status: query.status ?? null,
        today,
        limit: query.limit ?? 50,
      });
      const totals: Record<string, { count: number; amount_due: number; outstanding: number }> = {};
      for (const t of await store.totals(db, scope, today)) {
        totals[t.status] = {
          count: t.count,
          amount_due: euros(t.amount_due),
          outstanding: euros(t.outstanding),
        };
      }
      return { count: rows.length, totals, early_payments: rows.map((r) => view(r, today)) };
    },

    async get(caller: FunderCaller, id: string) {
      const row = await store.find(db, scopeOf(caller), id);
      if (!row) throw new ApiError('not_found', 'Early payment was not found.');
      return view(row, madridDate(clock.now()));
    },
  };
}
