import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { DebtorInfoList } from './debtor-info.schemas.ts';
import type { DebtorInfoService } from './debtor-info.service.ts';

const keyed = keyRoutes('Requests');

/** What the service knows about each debtor of a request, for the funder it is routed to. */
export function debtorInfoRoutes({ debtorInfo }: { debtorInfo: DebtorInfoService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/requests/:id/debtors',
      keyed(
        OPENS.read,
        {
          operationId: 'getRequestDebtors',
          summary: 'Debtors of a factoring request',
          description:
            'For a factoring request routed to you or one you acted on: each debtor with the information the seller and the service hold on it, including its notice and answer. A confirming request has no debtor notices and answers 409 `not_factoring`.',
          success: 'The debtors of the request.',
          errors: ['not_factoring'],
        },
        {
          summary: 'What is known about each debtor of a factoring request',
          params: IdParams,
          response: { 200: DebtorInfoList },
        },
      ),
      async (request) => debtorInfo.forRequest(request.caller!, request.params.id),
    );
  };
}
