import type { AreaRoutes } from '../../platform/http/app.ts';
import { sandboxOnly } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { RepaymentResult, SandboxRepaymentBody } from './recourse.schemas.ts';
import type { RecourseService } from './recourse.service.ts';

// Sandbox helpers play the other parties and change shared demonstration state: they take a
// key that may decide.
const keyed = keyRoutes('Sandbox');

/** The sandbox helper playing the seller who repays a recourse claim. */
export function recourseSandboxRoutes({ recourse }: { recourse: RecourseService }): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/sandbox/recourse/:id/repayment',
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxRecourseRepayment',
          summary: 'Sandbox: the seller repays a recourse claim',
          description: [
            'The seller repays your open recourse claim today, quoting its `pay_reference`: `amount` (default what remains of the claim) is recorded as a payment on the request (source `recourse`, event `settlement.recorded`), which lowers `outstanding` in your exposure books. Once repayments since the claim opened cover `claim_amount` the claim is `settled` and the request closes as settled by recourse. A `debtor_default` claim is not repaid by the seller (409 `invalid_state`); more than what remains answers `invalid_amount`; a claim that is not yours answers 404.',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The claim after the repayment, the payment recorded and the request’s status.',
          errors: ['sandbox_only', 'claim_closed', 'invalid_state', 'invalid_amount'],
          requestExamples: {
            part: { summary: 'A first part of the claim', value: { amount: 1000 } },
            all: { summary: 'What remains', value: {} },
          },
        },
        {
          params: IdParams,
          body: SandboxRepaymentBody,
          response: { 200: RepaymentResult },
        },
      ),
      async (request) => recourse.sandboxRepayment(request.caller!, request.params.id, request.body ?? {}),
    );
  };
}
