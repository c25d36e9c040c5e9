import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { partiesOpsRoutes } from './parties.ops.routes.ts';
import { createPartiesService } from './parties.service.ts';

/** Sellers, debtors and invoices: the operations team's service and routes. */
export function partiesModule(deps: AreaDeps) {
  const parties = createPartiesService(deps);
  const routes: AreaRoutes[] = [partiesOpsRoutes({ parties })];
  return { parties, routes };
}
export { isCountryCode } from './countries.ts';
export { invalid, isoDate, MAX_TERM_DAYS, oneOf, text } from './parties.rules.ts';
export {
  debtorKey,
  ensureDebtor,
  findDebtor,
  INVOICE_NUMBER_MAX,
  insertDrawnSeller,
  insertInvoice,
  NAME_MAX,
  normalizeTaxId,
  parseDebtorKey,
} from './parties.service.ts';
