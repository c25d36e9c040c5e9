import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { Uuid } from '../../platform/http/schemas.ts';
import { DebtorLimitAnswer, DebtorLimitBody, SellerLimitAnswer, SellerLimitBody } from './limits.schemas.ts';
import type { LimitsService } from './limits.service.ts';

const OpsTarget = Type.Object({ bank_id: Uuid });
const PlaneQuery = Type.Object(
  { plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]) },
  { additionalProperties: false },
);

/** The operations team sets limits for a funder (the portal's equivalent): source `manual`. */
export function limitsOpsRoutes(deps: { limits: LimitsService }) {
  const { limits } = deps;
  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };

    app.put(
      '/ops/v1/funders/:bank_id/credit-limits',
      {
        ...ops,
        schema: {
          params: OpsTarget,
          querystring: PlaneQuery,
          body: DebtorLimitBody,
          response: { 200: DebtorLimitAnswer },
        },
      },
      async (request) =>
        limits.putCreditLimitAsOperator(
          request.operator!,
          { funderId: request.params.bank_id, plane: request.query.plane },
          request.body,
        ),
    );

    app.put(
      '/ops/v1/funders/:bank_id/seller-limits',
      {
        ...ops,
        schema: {
          params: OpsTarget,
          querystring: PlaneQuery,
          body: SellerLimitBody,
          response: { 200: SellerLimitAnswer },
        },
      },
      async (request) =>
        limits.putSellerLimitAsOperator(
          request.operator!,
          { funderId: request.params.bank_id, plane: request.query.plane },
          request.body,
        ),
    );
  };
}
