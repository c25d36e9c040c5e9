import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import type { CreditLimitOf } from '../debtor-info/debtor-info.module.ts';
import { payerRecordOpsRoutes } from './payer-record.ops.routes.ts';
import { payerRecordRoutes } from './payer-record.routes.ts';
import { createPayerRecordService } from './payer-record.service.ts';

export { seedDemoPayerRecords } from './payer-record.demo.ts';
export { PAYER_RECORD_WINDOW_MONTHS } from './payer-record.read.ts';

/** A buyer's payment record from suppliers' ledgers: service and routes. */
export function payerRecordModule(deps: AreaDeps & { creditLimitOf: CreditLimitOf }) {
  const payerRecord = createPayerRecordService(deps);
  const routes: AreaRoutes[] = [payerRecordRoutes({ payerRecord }), payerRecordOpsRoutes({ payerRecord })];
  return defineArea({ name: 'payer-record', services: { payerRecord }, routes });
}

export type { PayerRecordService } from './payer-record.service.ts';
