import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { partiesOpsRoutes } from './parties.ops.routes.ts';
import { createPartiesService } from './parties.service.ts';

export { InvoiceAmount } from './parties.schemas.ts';
export {
  type DebtorInput,
  ensureDebtor,
  findDebtorByKey,
  findSellerByKey,
  type InvoiceSource,
  insertDebtor,
  insertDrawnSeller,
  insertInvoice,
  insertSeller,
  type PartiesService,
  type SellerInput,
  setSellerVerification,
  type VerificationStatus,
} from './parties.service.ts';

/** Sellers, debtors and invoices: the operations team's service and routes. */
export function partiesModule(deps: AreaDeps) {
  const parties = createPartiesService(deps);
  const routes: AreaRoutes[] = [partiesOpsRoutes({ parties })];
  return { parties, routes };
}
