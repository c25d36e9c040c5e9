import { madridDate } from '../../platform/clock.ts';
import type { WriteScope } from '../../platform/write.ts';
import * as store from './debtor-info.store.ts';

/**
 * The demonstration debtors' profiles: one at level books sharing its data (its score shows),
 * one with an account that does not share, one running a buyer programme, and the public
 * bodies' payment periods (Spain and Portugal). A debtor missing from the plane is skipped.
 */
export async function seedDemoDebtorProfiles(scope: WriteScope) {
  const { now } = scope;
  const today = madridDate(now);
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const [year, month] = today.split('-').map(Number) as [number, number];
  // Periods are published with a lag: the latest one ended two months back.
  const periodEnd = new Date(Date.UTC(year, month - 2, 0)).toISOString().slice(0, 10);
  const model = 'debtor-score-1';
  return store.seedDemoProfiles(
    scope.tx,
    [
      {
        country: 'ES',
        tax_id: 'A28000101',
        level: 'books',
        level_since: daysAgo(400),
        shares_data: true,
        score: { grade: 'B', score_100: 71, model_version: model, computed_at: daysAgo(2) },
        period: null,
      },
      {
        country: 'ES',
        tax_id: 'B46000102',
        level: 'account',
        level_since: daysAgo(90),
        shares_data: false,
        score: { grade: 'C', score_100: 54, model_version: model, computed_at: daysAgo(2) },
        period: null,
      },
      {
        country: 'ES',
        tax_id: 'P2800103A',
        level: 'notice',
        level_since: null,
        shares_data: false,
        score: null,
        period: {
          period_end: periodEnd,
          days: '41.27',
          source: 'hacienda_pmp',
          entity_name: 'Ayuntamiento de Villaejemplo',
        },
      },
      {
        country: 'PT',
        tax_id: '506000111',
        level: 'notice',
        level_since: null,
        shares_data: false,
        score: null,
        period: {
          period_end: periodEnd,
          days: '57.00',
          source: 'dgal_pmp',
          entity_name: 'Câmara Municipal de Vila Exemplo',
        },
      },
      {
        country: 'PT',
        tax_id: '500000104',
        level: 'buyer',
        level_since: daysAgo(700),
        shares_data: true,
        score: { grade: 'A', score_100: 88, model_version: model, computed_at: daysAgo(2) },
        period: null,
      },
    ],
    now,
  );
}
