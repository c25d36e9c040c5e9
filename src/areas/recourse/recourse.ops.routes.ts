import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { RepaymentBody, RepaymentResult } from './recourse.schemas.ts';
import type { RecourseService } from './recourse.service.ts';

const Answer = Type.Object({}, { additionalProperties: true });

/**
 * The operations team's side: the seller's repayment of a recourse claim, and the opening of
 * due claims run now (the worker runs it every hour on its own).
 */
export function recourseOpsRoutes({ recourse }: { recourse: RecourseService }): AreaRoutes {
  return (app) => {
    app.post(
      '/ops/v1/recourse/:id/repayments',
      {
        config: opsRole('support'),
        schema: { params: IdParams, body: RepaymentBody, response: { 200: RepaymentResult } },
      },
      async (request) => recourse.repaymentForOps(request.operator!, request.params.id, request.body),
    );

    app.post(
      '/ops/v1/recourse/run',
      { config: opsRole('support'), schema: { response: { 200: Answer } } },
      async (request) => ({
        opened: await recourse.openDue(request.operator!),
      }),
    );
  };
}
