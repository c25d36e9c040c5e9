import { type TSchema, Type } from 'typebox';
import type { Plane } from '../../platform/caller.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { Uuid } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { DebtorLimitAnswer, DebtorLimitBody, SellerLimitAnswer, SellerLimitBody } from './limits.schemas.ts';
import type { LimitsService } from './limits.service.ts';

const OpsTarget = Type.Object({ bank_id: Uuid });
const PlaneQuery = Type.Object(
  { plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]) },
  { additionalProperties: false },
);

/** A limit set for a funder: its bank id in the path, the plane in the query. */
const opsSchema = <B extends TSchema, A extends TSchema>(body: B, answer: A) => ({
  params: OpsTarget,
  querystring: PlaneQuery,
  body,
  response: { 200: answer },
});

const targetOf = (request: { params: { bank_id: string }; query: { plane: Plane } }) => ({
  funderId: request.params.bank_id,
  plane: request.query.plane,
});

/** The operations team sets limits for a funder (the portal's equivalent): source `manual`. */
export function limitsOpsRoutes({ limits }: { limits: LimitsService }): AreaRoutes {
  return (app) => {
    app.put(
      '/ops/v1/funders/:bank_id/credit-limits',
      { config: opsRole('admin'), schema: opsSchema(DebtorLimitBody, DebtorLimitAnswer) },
      async (request) => limits.putCreditLimitAsOperator(request.operator!, targetOf(request), request.body),
    );

    app.put(
      '/ops/v1/funders/:bank_id/seller-limits',
      { config: opsRole('admin'), schema: opsSchema(SellerLimitBody, SellerLimitAnswer) },
      async (request) => limits.putSellerLimitAsOperator(request.operator!, targetOf(request), request.body),
    );
  };
}
