import type { AreaDeps } from '../../platform/area-deps.ts';
import type { RequestsService } from '../requests/requests.module.ts';
import { createCashFlow } from './bank-data.cash-flow.ts';
import { createOverview } from './bank-data.overview.ts';

export type BankDataService = ReturnType<typeof createBankDataService>;

/**
 * Bank data as the funder sees it: a seller's account read with its consent for one funder,
 * what a request's `bank_data` terms wait for (and the funding gate it makes under `required`),
 * the payments debtors made to the seller and the alerts they raise, and the funder's own
 * overview. The seller's consent and the debtors' payments are written inside the writes of the
 * other parties (`bank-data.consents.ts`, `bank-data.alerts.ts`).
 */
export function createBankDataService(
  deps: Pick<AreaDeps, 'db' | 'clock'> & {
    requests: Pick<RequestsService, 'visible'>;
  },
) {
  return { ...createCashFlow(deps), ...createOverview(deps) };
}
