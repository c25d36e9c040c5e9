import type { AreaDeps } from '../../platform/area-deps.ts';
import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import type { RequestRow, RequestsService } from '../requests/requests.module.ts';
import * as alertsStore from './bank-data.alerts.store.ts';
import * as store from './bank-data.store.ts';
import {
  alertView,
  bankDataTermOf,
  cashFlowView,
  payoutCheck,
  problemsOf,
  yearOfMonths,
} from './bank-data.views.ts';

/**
 * A request's bank data: what its `bank_data` terms wait for, the funding gate they make under
 * `required`, and the seller's cash flow read with its consent for the funder.
 */
export function createCashFlow(
  deps: Pick<AreaDeps, 'db' | 'clock'> & {
    requests: Pick<RequestsService, 'visible'>;
  },
) {
  const { db, clock } = deps;

  /** The seller's consent for the funder, its accounts, and what the terms still wait for. */
  async function bankFacts(q: Queryable, scope: FunderScope, row: RequestRow) {
    const connection = await store.latestConnection(q, scope, row.seller_id);
    const accounts = connection?.status === 'active' ? await store.accounts(q, scope, connection.id) : [];
    const check = connection?.status === 'active' ? payoutCheck(connection, accounts) : null;
    const term = bankDataTermOf(row.programme_terms);
    return {
      connection,
      accounts,
      check,
      term,
      problems: problemsOf(term, connection, check, row.routed_at),
    };
  }

  return {
    /**
     * The bank data gate of the fund decision: under `required`, funding waits until the
     * account paid into is confirmed as the seller's own. The only owner of this rule.
     */
    async fundingGates(q: Queryable, scope: FunderScope, row: RequestRow) {
      const { problems } = await bankFacts(q, scope, row);
      const holding = problems.filter((p) => p.holds_funding).map((p) => p.problem);
      return holding.length > 0 ? [{ gate: 'bank_data', problems: holding }] : [];
    },

    /** `GET /v1/requests/{id}/cash-flow`. */
    async cashFlow(caller: FunderCaller, id: string) {
      const row = await deps.requests.visible(caller, id);
      const scope = scopeOf(caller);
      const today = madridDate(clock.now());
      const facts = await bankFacts(db, scope, row);
      const { connection, accounts } = facts;
      let cashFlow = null;
      if (connection?.status === 'active') {
        const moved = await store.movementsByMonth(db, scope, connection.id, `${yearOfMonths(today)[0]}-01`);
        cashFlow = cashFlowView(today, { ...connection, status: 'active' }, accounts, moved, facts.check);
      }
      const alerts = await alertsStore.requestAlerts(db, scope, row.id);
      return {
        request_id: row.id,
        bank_data: facts.term,
        cash_flow: cashFlow,
        bank_data_problems: facts.problems,
        payment_alerts: alerts.map(alertView),
      };
    },
  };
}
