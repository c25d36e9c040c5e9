import type { AreaDeps } from '../../platform/area-deps.ts';
import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { addMadridDays, madridDate, madridMidnight } from '../../platform/clock.ts';
import * as alertsStore from './bank-data.alerts.store.ts';
import * as store from './bank-data.store.ts';
import { alertView, chargeView, collectionView } from './bank-data.views.ts';

/** How far back `GET /v1/bank-data` lists payment alerts: Madrid calendar days. */
export const ALERT_DAYS = 180;

/**
 * The funder's own overview of bank data: its collection accounts, the sellers sharing their
 * accounts with it, the recent payment alerts and what the reads cost.
 */
export function createOverview(deps: Pick<AreaDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return {
    /** `GET /v1/bank-data`. */
    async overview(caller: FunderCaller) {
      const scope = scopeOf(caller);
      const now = clock.now();
      const since = madridDate(addMadridDays(now, -ALERT_DAYS));
      const [collections, sharing, alerts, charges] = await Promise.all([
        store.collectionConnections(db, scope),
        store.sellersSharing(db, scope),
        alertsStore.funderAlerts(db, scope, madridMidnight(since)),
        store.charges(db, scope),
      ]);
      return {
        funder: { bank_id: caller.funderId, name: caller.funderName },
        collection_connections: collections.map(collectionView),
        sellers_sharing: sharing,
        payment_alerts: { since, count: alerts.length, alerts: alerts.map(alertView) },
        charges: charges.map(chargeView),
      };
    },
  };
}
