import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { ConfirmBody, ConfirmResult, LineParams, StatementResult } from './statements.schemas.ts';
import type { StatementsService } from './statements.service.ts';

/**
 * The operations team's side of statements (what the funder's portal does): read a statement
 * and confirm a line's match, which records the payment on the request.
 */
export function statementsOpsRoutes({ statements }: { statements: StatementsService }): AreaRoutes {
  return (app) => {
    app.get(
      '/ops/v1/statements/:id',
      { config: opsRole('auditor'), schema: { params: IdParams, response: { 200: StatementResult } } },
      async (request) => statements.statementForOps(request.params.id),
    );

    app.post(
      '/ops/v1/statements/:id/lines/:line/confirm',
      {
        // The body may be left out.
        config: { ...opsRole('support'), optionalBody: true },
        schema: { params: LineParams, body: ConfirmBody, response: { 200: ConfirmResult } },
      },
      async (request) =>
        statements.confirmLineForOperator(
          request.operator!,
          request.params.id,
          request.params.line,
          request.body,
        ),
    );
  };
}
