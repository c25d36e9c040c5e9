import { madridDate } from '../../platform/clock.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { DemoProfileSeed } from './debtor-info.store.ts';
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
  const scored = (
    country: string,
    taxId: string,
    level: DemoProfileSeed['level'],
    sinceDays: number,
    sharesData: boolean,
    grade: NonNullable<DemoProfileSeed['score']>['grade'],
    score100: number,
  ): DemoProfileSeed => ({
    country,
    tax_id: taxId,
    level,
    level_since: daysAgo(sinceDays),
    shares_data: sharesData,
    score: { grade, score_100: score100, model_version: model, computed_at: daysAgo(2) },
    period: null,
  });
  const publicBody = (
    country: string,
    taxId: string,
    days: string,
    source: NonNullable<DemoProfileSeed['period']>['source'],
    entityName: string,
  ): DemoProfileSeed => ({
    country,
    tax_id: taxId,
    level: 'notice',
    level_since: null,
    shares_data: false,
    score: null,
    period: { period_end: periodEnd, days, source, entity_name: entityName },
  });
  return store.seedDemoProfiles(
    scope.tx,
    [
      scored('ES', 'A28000101', 'books', 400, true, 'B', 71),
      scored('ES', 'B46000102', 'account', 90, false, 'C', 54),
      publicBody('ES', 'P2800103A', '41.27', 'hacienda_pmp', 'Ayuntamiento de Villaejemplo'),
      publicBody('PT', '506000111', '57.00', 'dgal_pmp', 'Câmara Municipal de Vila Exemplo'),
      scored('PT', '500000104', 'buyer', 700, true, 'A', 88),
    ],
    now,
  );
}
