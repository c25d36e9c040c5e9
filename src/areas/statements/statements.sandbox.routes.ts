import type { AreaRoutes } from '../../platform/http/app.ts';
import { ex, sandboxOnly } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { ConfirmBody, ConfirmResult, LineParams } from './statements.schemas.ts';
import type { StatementsService } from './statements.service.ts';

// Sandbox helpers play the other parties and change shared demonstration state: they take a
// key that may decide.
const keyed = keyRoutes('Sandbox');

/** The sandbox's stand-in for the portal: confirm a statement line's match, which records the payment. */
export function statementsSandboxRoutes({ statements }: { statements: StatementsService }): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/sandbox/statements/:id/lines/:line/confirm',
      // The body may be left out.
      keyed(
        OPENS.decide,
        {
          operationId: 'sandboxConfirmStatementLine',
          summary: 'Sandbox: confirm the match of a statement line',
          description: [
            'Plays the confirmation the portal asks of you before a statement credit settles a request: line `line` of statement `id` settles the request it was matched to, or `request_id` when given. The settlement is recorded like `settle` on the decision operation.',
            '',
            sandboxOnly,
          ].join('\n'),
          success: 'The line and the settlement it recorded.',
          errors: [
            'sandbox_only',
            'not_your_request',
            'invalid_state',
            'invalid_amount',
            'request_not_in_flight',
            'conflict',
          ],
          requestExamples: {
            matched: { summary: 'Confirm the match found', value: {} },
            other: {
              summary: 'Settle another request with this line',
              value: { request_id: ex.requestId },
            },
          },
        },
        {
          summary: 'Sandbox: confirm the match of a statement line (records the payment)',
          params: LineParams,
          body: ConfirmBody,
          response: { 200: ConfirmResult },
        },
        { optionalBody: true },
      ),
      async (request) =>
        statements.confirmLine(request.caller!, request.params.id, request.params.line, request.body),
    );
  };
}
