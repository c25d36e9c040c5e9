import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { PayerRecordAnswer, PayerRecordQuery } from './payer-record.schemas.ts';
import type { PayerRecordService } from './payer-record.service.ts';

const keyed = keyRoutes('Limits and payer record');

/** A buyer's payment record, for funders that may read limits. */
export function payerRecordRoutes({ payerRecord }: { payerRecord: PayerRecordService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/payer-record',
      keyed(
        OPENS.limitsRead,
        {
          operationId: 'getPayerRecord',
          summary: 'How a payer pays',
          description: [
            'The payment record of one payer, aggregated from the ledgers of the suppliers connected to the service (days to pay, on-time share, settlement delays, what is open and overdue), over the invoices issued in the last 24 months (`window_from` is the first day). Published only when at least three suppliers observe the payer in that window (`observers`); otherwise `status` is `insufficient_observers` and every figure is null.',
            '',
            'Query `tax_id` (required) and `country` (two letters). Readable only for a debtor on a request you can see or on your debtor book; otherwise 404.',
          ].join('\n'),
          success: 'The payer record, or null when none exists yet.',
          errors: ['not_found', 'tax_id_required', 'country_invalid'],
        },
        {
          summary: 'How a buyer pays its suppliers: aggregates from connected suppliers’ ledgers',
          querystring: PayerRecordQuery,
          response: {
            200: PayerRecordAnswer,
          },
        },
      ),
      async (request) => payerRecord.read(request.caller!, request.query),
    );
  };
}
