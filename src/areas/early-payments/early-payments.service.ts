import type { Static } from 'typebox';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import { createEarlyPaymentParties } from './early-payments.parties.ts';
import { recordPaid, recordRepayment } from './early-payments.payments.ts';
import type { EarlyPaymentQuery, PaidBody, RepaymentBody } from './early-payments.schemas.ts';
import * as store from './early-payments.store.ts';
import { euros, view } from './early-payments.view.ts';

export type { EarlyPaymentView } from './early-payments.view.ts';
export type EarlyPaymentsService = ReturnType<typeof createEarlyPaymentsService>;

/**
 * Early payments under a buyer programme: released to a supplier with this funder as its payer,
 * accepted (or declined) by the supplier, paid early by the funder, and repaid by the buyer at
 * maturity, partial repayments adding up. The buyer and the supplier are played by the
 * operations API (live) and the sandbox helpers (demonstration plane).
 */
export function createEarlyPaymentsService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock, write } = deps;
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

    /** The funder paid the supplier early. */
    async paid(caller: FunderCaller, id: string, body: Static<typeof PaidBody>) {
      const scope = scopeOf(caller);
      return write(caller, (ws) => recordPaid(ws, scope, id, body));
    },

    /** The buyer repaid the funder (in part or in full). */
    async repayment(caller: FunderCaller, id: string, body: Static<typeof RepaymentBody>) {
      const scope = scopeOf(caller);
      return write(caller, (ws) => recordRepayment(ws, scope, id, body));
    },

    ...createEarlyPaymentParties(deps),
  };
}
