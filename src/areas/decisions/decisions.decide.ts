import type { FunderCaller } from '../../platform/caller.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { BankDataService } from '../bank-data/bank-data.module.ts';
import type { DisclosureService } from '../disclosure/disclosure.module.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import type { Payments, RequestLifecycle } from '../requests/requests.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import { createDeclineDecision } from './decisions.decline.ts';
import { createFundDecision } from './decisions.fund.ts';
import { readDecision } from './decisions.input.ts';
import { createOfferDecision, type OfferGuard } from './decisions.offer.ts';
import type { DecisionInput as DecisionBody } from './decisions.schemas.ts';
import { createSettleDecision } from './decisions.settle.ts';

/** What the decisions are built from. */
export interface DecideDeps {
  write: RunWrite;
  requests: RequestLifecycle;
  settings: Pick<SettingsService, 'policy' | 'listedBuyers'>;
  documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
  offerGuards: readonly OfferGuard[];
  disclosure: Pick<DisclosureService, 'confidentialGates'>;
  /** The payments on requests (requests area): the settle decision records through them. */
  payments: Pick<Payments, 'record'>;
  /** The bank data gate (`bank_data: required`): the bank data area owns the rule. */
  bankData: Pick<BankDataService, 'fundingGates'>;
}

/**
 * One decision on a request, read from its body and handed to its subject (offer, decline,
 * fund, settle).
 */
export function createDecide(deps: DecideDeps) {
  const offer = createOfferDecision(deps);
  const decline = createDeclineDecision(deps);
  const fund = createFundDecision(deps);
  const settle = createSettleDecision(deps);

  return {
    /** POST /v1/requests/{id}/decision */
    async decide(caller: FunderCaller, id: string, body: DecisionBody) {
      const input = readDecision(body);
      switch (input.kind) {
        case 'offer':
          return offer(caller, id, input.offer);
        case 'decline':
          return decline(caller, id, input.decline);
        case 'fund':
          return fund(caller, id, input.fund);
        case 'settle':
          return settle(caller, id, input.settle);
      }
    },
  };
}
