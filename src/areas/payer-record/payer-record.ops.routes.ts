import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { LedgerBody } from './payer-record.schemas.ts';
import type { PayerRecordService } from './payer-record.service.ts';

/** Lines of one ledger fit well inside this; the line count is checked by the service (too_many_lines). */
const LEDGER_BODY_LIMIT = 4 * 1024 * 1024;

const LedgerAnswer = Type.Object({
  plane: Type.String(),
  buyer_key: Type.String(),
  supplier_key: Type.String(),
  received: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
});

/** The operations team loads connected suppliers' ledgers: POST /ops/v1/supplier-ledgers. */
export function payerRecordOpsRoutes({ payerRecord }: { payerRecord: PayerRecordService }): AreaRoutes {
  return (app) => {
    app.post(
      '/ops/v1/supplier-ledgers',
      {
        config: opsRole('support'),
        bodyLimit: LEDGER_BODY_LIMIT,
        schema: { body: LedgerBody, response: { 200: LedgerAnswer } },
      },
      async (request) => payerRecord.loadLedger(request.operator!, request.body),
    );
  };
}
