import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { partiesOpsRoutes } from './parties.ops.routes.ts';
import { createPartiesService } from './parties.service.ts';

export {
  changeInvoiceAmountForOps,
  setNoticeAddressForOps,
  setVerificationLapseForOps,
} from './parties.changes.store.ts';
// The parties' public face: the other areas import these from here.
export { EU_VAT_PREFIX, isCountryCode } from './parties.countries.ts';
export { findDebtor, findDebtorByKey, findInvoice, findSeller, findSellerByKey } from './parties.reads.ts';
export {
  type DebtorInput,
  debtorKey,
  EMAIL_MAX,
  EMPLOYEES_MAX,
  EUROS_MAX,
  INVOICE_NUMBER_MAX,
  INVOICE_SOURCES,
  type InvoiceInput,
  invalid,
  isoDate,
  MAX_TERM_DAYS,
  NACE_SECTIONS,
  NAME_MAX,
  normalizeTaxId,
  oneOf,
  parseDebtorKey,
  type SellerInput,
  TAX_ID_MAX,
  text,
  VERIFICATION_STATUSES,
} from './parties.rules.ts';
export { InvoiceAmount, PartyInEvents } from './parties.schemas.ts';
export { readSellerScore, type SellerScore, sellerScore } from './parties.score.ts';
export { scoreSellerOfTheDay, scoreSellersOfTheDay } from './parties.score-daily.ts';
export type { PartiesService } from './parties.service.ts';
export type { InvoiceSource, VerificationStatus } from './parties.store.ts';
export type { Debtor, EvidenceSink, Invoice, Seller } from './parties.views.ts';
export {
  ensureDebtor,
  ensureSeller,
  insertDebtor,
  insertDebtorIfNew,
  insertInvoice,
  insertSandboxSeller,
  insertSeller,
  insertSellerIfNew,
  markInvoiceSellerPaid,
  setSellerVerification,
} from './parties.writes.ts';

/** Sellers, debtors and invoices: the operations team's service and routes. */
export function partiesModule(deps: AreaDeps) {
  const parties = createPartiesService(deps);
  const routes: AreaRoutes[] = [partiesOpsRoutes({ parties })];
  return defineArea({ name: 'parties', services: { parties }, routes });
}
