import type { RunWrite } from '../../platform/write.ts';
import type { RequestsService } from '../requests/requests.module.ts';
import { createBankDataCollectionForOps } from './bank-data.ops.collection.ts';
import { createBankDataSellersForOps } from './bank-data.ops.sellers.ts';
import { createBankDataSandbox } from './bank-data.sandbox.ts';

export type BankDataPartiesService = ReturnType<typeof createBankDataParties>;

/**
 * The other parties of bank data: the seller connecting or revoking its account, its debtors
 * paying it, the funder's collection account being read, the provider's price. Played by the
 * operations API for any funder, and by the sandbox helpers on the demonstration plane.
 */
export function createBankDataParties(deps: { write: RunWrite; requests: Pick<RequestsService, 'visible'> }) {
  return {
    ...createBankDataSandbox(deps),
    ...createBankDataSellersForOps(deps),
    ...createBankDataCollectionForOps(deps),
  };
}
