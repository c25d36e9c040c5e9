import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { BankDataService } from '../bank-data/bank-data.module.ts';
import type { DisclosureService } from '../disclosure/disclosure.module.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import type { Payments, RequestLifecycle } from '../requests/requests.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import { createConsentLevelService } from './decisions.consent-level.ts';
import { decisionsEvents } from './decisions.events.ts';
import type { OfferGuard } from './decisions.offer.ts';
import { decisionsRoutes } from './decisions.routes.ts';
import { createDecisionsService } from './decisions.service.ts';

// The decisions area's public face: what other areas use of it.
export type { ConsentLevelService } from './decisions.consent-level.ts';
export { DEFAULT_OFFER_DAYS, defaultOfferDays } from './decisions.offer-days.ts';
export type { DecisionInput } from './decisions.schemas.ts';
export { DECLINE_REASONS } from './decisions.schemas.ts';
export type { DecisionsService, OfferGuard } from './decisions.service.ts';

/**
 * The funder's decisions on a request (offer, decline, fund, settle) and the consent level it
 * raises: services and routes. The settle decision records through the requests area's payments.
 */
export function decisionsModule(
  deps: AreaDeps & {
    lifecycle: RequestLifecycle;
    payments: Pick<Payments, 'record'>;
    settings: Pick<SettingsService, 'policy' | 'listedBuyers'>;
    documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
    /** Checks an offer must pass beside the decision's own (the credit limits): required, never empty. */
    offerGuards: readonly [OfferGuard, ...OfferGuard[]];
    disclosure: Pick<DisclosureService, 'confidentialGates'>;
    bankData: Pick<BankDataService, 'fundingGates'>;
  },
) {
  const decisions = createDecisionsService({ ...deps, requests: deps.lifecycle });
  const consentLevel = createConsentLevelService({ write: deps.write, requests: deps.lifecycle });
  const routes: AreaRoutes[] = [decisionsRoutes({ decisions, consentLevel })];
  return defineArea({
    name: 'decisions',
    events: decisionsEvents,
    services: { decisions, consentLevel },
    routes,
  });
}

// What other areas use of this one.
