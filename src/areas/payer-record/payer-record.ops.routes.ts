import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import type { LedgerLoadInput, PayerRecordService } from './payer-record.service.ts';

/** Lines of one ledger fit well inside this; the line count is checked by the service (too_many_lines). */
const LEDGER_BODY_LIMIT = 4 * 1024 * 1024;

const LedgerBody = Type.Object(
  {
    plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]),
    buyer_country: Type.String({ minLength: 2, maxLength: 2 }),
    buyer_tax_id: Type.String({ minLength: 1, maxLength: 64 }),
    supplier_key: Type.String({ minLength: 1, maxLength: 64, description: 'COUNTRY:TAXID' }),
    // Each line is checked by the service, so a bad one is answered line_invalid with its number.
    lines: Type.Array(Type.Unknown()),
  },
  { additionalProperties: false },
);

const LedgerAnswer = Type.Object({
  plane: Type.String(),
  buyer_key: Type.String(),
  supplier_key: Type.String(),
  received: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
});

/** The operations team loads connected suppliers' ledgers: POST /ops/v1/supplier-ledgers. */
export function payerRecordOpsRoutes(deps: { payerRecord: PayerRecordService }) {
  return (app: App) => {
    app.post(
      '/ops/v1/supplier-ledgers',
      {
        config: { auth: 'ops' },
        bodyLimit: LEDGER_BODY_LIMIT,
        schema: { body: LedgerBody, response: { 200: LedgerAnswer } },
      },
      async (request) => deps.payerRecord.loadLedger(request.operator!, request.body as LedgerLoadInput),
    );
  };
}
