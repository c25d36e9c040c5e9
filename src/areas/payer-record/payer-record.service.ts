import type { AreaDeps } from '../../platform/area-deps.ts';
import type { CreditLimitOf } from '../debtor-info/debtor-info.module.ts';
import { createLedgers } from './payer-record.ledgers.ts';
import { createPayerRecordReads } from './payer-record.read.ts';

export type PayerRecordService = ReturnType<typeof createPayerRecordService>;

/**
 * GET /v1/payer-record, and the operations team's loading of suppliers' ledgers. The limits
 * area's reader (`creditLimitOf`): a buyer on the caller's limit list is readable too.
 */
export function createPayerRecordService(
  deps: Pick<AreaDeps, 'db' | 'clock' | 'write'> & { creditLimitOf: CreditLimitOf },
) {
  return { ...createPayerRecordReads(deps), ...createLedgers(deps) };
}
