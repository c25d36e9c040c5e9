import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { RequestsService } from '../requests/requests.module.ts';
import { bankDataEvents } from './bank-data.events.ts';
import { bankDataOpsRoutes } from './bank-data.ops.routes.ts';
import { createBankDataParties } from './bank-data.parties.ts';
import { bankDataRoutes } from './bank-data.routes.ts';
import { bankDataSandboxRoutes } from './bank-data.sandbox.routes.ts';
import { createBankDataService } from './bank-data.service.ts';

export { playBankDataDemo, playCollectionAccountDemo } from './bank-data.demo.ts';
export type { BankDataPartiesService } from './bank-data.parties.ts';
export type { BankDataService } from './bank-data.service.ts';
/** The funder's collection account, read inside the caller's query or write (recourse claims name it). */
export { collectionIban } from './bank-data.store.ts';

/** Bank data and a request's cash flow: the service (with the funding gate), the parties, routes. */
export function bankDataModule(deps: AreaDeps & { requests: Pick<RequestsService, 'visible'> }) {
  const bankData = createBankDataService(deps);
  const parties = createBankDataParties(deps);
  const routes: AreaRoutes[] = [
    bankDataRoutes({ bankData }),
    bankDataSandboxRoutes({ parties }),
    bankDataOpsRoutes({ parties }),
  ];
  return defineArea({
    name: 'bank-data',
    events: bankDataEvents,
    services: { bankData, bankDataParties: parties },
    routes,
  });
}
