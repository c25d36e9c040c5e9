import type { Static, TSchema } from 'typebox';
import type { OperatorCaller } from '../../platform/caller.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { type OperatorRole, opsRole } from '../../platform/operator-roles.ts';
import type { BankDataPartiesService } from './bank-data.parties.ts';
import {
  OpsAnswer,
  OpsCollectionReadBody,
  OpsConnectBody,
  OpsPaymentBody,
  OpsPriceBody,
  OpsRevokeBody,
} from './bank-data.schemas.ts';

/**
 * The other parties of bank data as the operations team records them: a seller connects or
 * revokes its account for a funder, a debtor's payment reaches a seller, a funder's collection
 * account is read (or the read fails), the provider's price for a funder's month.
 */
export function bankDataOpsRoutes({ parties }: { parties: BankDataPartiesService }): AreaRoutes {
  return (app) => {
    /** A record the team gives in the body alone: the answer says what it changed. */
    const recordBody = <B extends TSchema>(
      role: OperatorRole,
      method: 'post' | 'put',
      path: string,
      body: B,
      record: (operator: OperatorCaller, body: Static<B>) => Promise<Static<typeof OpsAnswer>>,
    ) =>
      app[method](
        path,
        { config: opsRole(role), schema: { body, response: { 200: OpsAnswer } } },
        async (request) => record(request.operator!, request.body as Static<B>),
      );

    app.post(
      '/ops/v1/bank-data/connections',
      { config: opsRole('support'), schema: { body: OpsConnectBody, response: { 201: OpsAnswer } } },
      async (request, reply) =>
        reply.code(201).send(await parties.connectForOps(request.operator!, request.body)),
    );

    app.post(
      '/ops/v1/bank-data/connections/:id/revoke',
      {
        config: opsRole('support'),
        schema: { params: IdParams, body: OpsRevokeBody, response: { 200: OpsAnswer } },
      },
      async (request) => parties.revokeForOps(request.operator!, request.params.id, request.body),
    );

    recordBody('support', 'post', '/ops/v1/bank-data/seller-payments', OpsPaymentBody, (operator, body) =>
      parties.paymentForOps(operator, body),
    );
    recordBody(
      'support',
      'post',
      '/ops/v1/bank-data/collection-reads',
      OpsCollectionReadBody,
      (operator, body) => parties.collectionReadForOps(operator, body),
    );
    recordBody('admin', 'put', '/ops/v1/bank-data/charges', OpsPriceBody, (operator, body) =>
      parties.priceForOps(operator, body),
    );
  };
}
