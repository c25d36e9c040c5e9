import type { AreaDeps } from '../../platform/area-deps.ts';
import { type FunderCaller, type Plane, scopeOf } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { debtorKey } from '../parties/parties.module.ts';
import type { RequestsService } from '../requests/requests.module.ts';
import { CLOSED_STATUSES } from '../requests/requests.module.ts';
import { figure, monthsBefore, PAIR_HISTORY_MONTHS } from './debtor-info.figures.ts';
import * as store from './debtor-info.store.ts';

/** A debtor's score is shown only once its books are connected (spec: DebtorInfo `score`). */
const SCORE_LEVELS: readonly store.DebtorLevel[] = ['books', 'buyer'];

/** The caller's limit on a debtor with its exposure, as the limits area reports it. */
export interface CreditLimitView {
  amount: number | null;
  status: 'active' | 'refused' | 'suspended';
  source: 'manual' | 'api' | 'import' | 'insurer';
  source_ref: string | null;
  /** Outstanding plus committed plus offered, euros. */
  exposure: number;
}

/** Reads one funder's limit on a debtor named by country and tax id; null when it has none. */
export type CreditLimitOf = (
  q: Queryable,
  funderId: string,
  plane: Plane,
  country: string,
  taxId: string,
) => Promise<CreditLimitView | null>;

/** GET /v1/requests/{id}/debtors: what the caller is told about each debtor of a request. */
export function createRequestDebtors(
  deps: Pick<AreaDeps, 'db' | 'clock'> & {
    requests: Pick<RequestsService, 'visible'>;
    /** The limits area's reader; without it `credit_limit` is null. */
    creditLimitOf: CreditLimitOf;
  },
) {
  const { db, clock } = deps;

  return {
    /** Every debtor of a factoring request the caller may see (routed to it or acted on). */
    async forRequest(caller: FunderCaller, requestId: string) {
      const request = await deps.requests.visible(caller, requestId);
      if (request.type !== 'factoring') {
        throw new ApiError('not_factoring', 'Debtor information is given for factoring requests only.');
      }
      // Acted on only, or closed: the caller no longer finances these debtors' invoices.
      const routedNow =
        request.assigned_funder_id === caller.funderId && !CLOSED_STATUSES.includes(request.status);
      const today = madridDate(clock.now());
      const scope = scopeOf(caller);
      const debtors = await store.requestDebtors(db, scope, request.id);
      const [history, limits] = await Promise.all([
        store.pairHistory(db, scope, {
          requestId: request.id,
          windowFrom: monthsBefore(today, PAIR_HISTORY_MONTHS),
          today,
        }),
        Promise.all(
          debtors.map((d) => deps.creditLimitOf(db, caller.funderId, request.plane, d.country, d.tax_id)),
        ),
      ]);
      const pairs = new Map(history.map((h) => [h.debtor_id, h]));
      const views = debtors.map((d, i) => {
        const level = d.level ?? 'notice';
        const pair = pairs.get(d.id);
        const showScore =
          routedNow && d.shares_data === true && SCORE_LEVELS.includes(level) && d.score_grade !== null;
        return {
          debtor_key: debtorKey(d.country, d.tax_id),
          debtor_country: d.country,
          debtor_name: d.name,
          level,
          level_since: d.level_since?.toISOString() ?? null,
          buyer_programme: level === 'buyer',
          score: showScore
            ? {
                grade: d.score_grade!,
                score_100: d.score_100!,
                computed_at: d.score_computed_at!.toISOString(),
                model_version: d.score_model_version!,
              }
            : null,
          pair_history: {
            invoices: pair?.invoices ?? 0,
            settled: pair?.settled ?? 0,
            open: pair?.open ?? 0,
            overdue: pair?.overdue ?? 0,
            with_due_date: pair?.with_due_date ?? 0,
            first_invoice: pair?.first_invoice ?? null,
            last_invoice: pair?.last_invoice ?? null,
            avg_days_to_pay: figure(pair?.avg_days_to_pay ?? null),
            median_days_to_pay: figure(pair?.median_days_to_pay ?? null),
            on_time_pct: figure(pair?.on_time_pct ?? null),
            share_of_sales_pct: figure(pair?.share_of_sales_pct ?? null),
          },
          public_payment_period:
            d.is_public_body && d.period_end !== null
              ? {
                  days: Number(d.period_days),
                  period_end: d.period_end,
                  source: d.period_source!,
                  entity_name: d.period_entity_name!,
                }
              : null,
          credit_limit: limits[i] ?? null,
        };
      });
      return {
        funder: { bank_id: caller.funderId, name: caller.funderName },
        request_id: request.id,
        count: views.length,
        debtors: views,
      };
    },
  };
}
