import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { PaymentPeriodAnswer, PaymentPeriodBody, ProfileAnswer, ProfileBody } from './debtor-info.schemas.ts';
import type { DebtorInfoService } from './debtor-info.service.ts';

/** The operations team loads what the service knows about a debtor: /ops/v1/debtors/{id}/... */
export function debtorInfoOpsRoutes({ debtorInfo }: { debtorInfo: DebtorInfoService }): AreaRoutes {
  return (app) => {
    app.put(
      '/ops/v1/debtors/:id/profile',
      {
        config: opsRole('support'),
        schema: { params: IdParams, body: ProfileBody, response: { 200: ProfileAnswer } },
      },
      async (request) => debtorInfo.setProfile(request.operator!, request.params.id, request.body),
    );

    app.put(
      '/ops/v1/debtors/:id/public-payment-period',
      {
        config: opsRole('support'),
        schema: { params: IdParams, body: PaymentPeriodBody, response: { 200: PaymentPeriodAnswer } },
      },
      async (request) =>
        debtorInfo.setPublicPaymentPeriod(request.operator!, request.params.id, request.body),
    );
  };
}
