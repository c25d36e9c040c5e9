import type { AreaDeps } from '../../platform/area-deps.ts';
import type { RequestsService } from '../requests/requests.module.ts';
import { createDebtorProfiles } from './debtor-info.profiles.ts';
import { type CreditLimitOf, createRequestDebtors } from './debtor-info.request-debtors.ts';

export type DebtorInfoService = ReturnType<typeof createDebtorInfoService>;

/** GET /v1/requests/{id}/debtors, and the operations team's loading of debtor data. */
export function createDebtorInfoService(
  deps: Pick<AreaDeps, 'db' | 'clock' | 'write'> & {
    requests: Pick<RequestsService, 'visible'>;
    /** The limits area's reader; without it `credit_limit` is null. */
    creditLimitOf: CreditLimitOf;
  },
) {
  return { ...createRequestDebtors(deps), ...createDebtorProfiles(deps) };
}
