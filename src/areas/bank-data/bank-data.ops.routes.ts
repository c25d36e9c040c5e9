import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
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
export function bankDataOpsRoutes(deps: { parties: BankDataPartiesService }) {
  const { parties } = deps;
  return (app: App) => {
    app.post(
      '/ops/v1/bank-data/connections',
      { schema: { body: OpsConnectBody, response: { 201: OpsAnswer } } },
      async (request, reply) =>
        reply.code(201).send(await parties.connectForOps(request.operator!, request.body)),
    );

    app.post(
      '/ops/v1/bank-data/connections/:id/revoke',
      { schema: { params: IdParams, body: OpsRevokeBody, response: { 200: OpsAnswer } } },
      async (request) => parties.revokeForOps(request.operator!, request.params.id, request.body),
    );

    app.post(
      '/ops/v1/bank-data/seller-payments',
      { schema: { body: OpsPaymentBody, response: { 200: OpsAnswer } } },
      async (request) => parties.paymentForOps(request.operator!, request.body),
    );

    app.post(
      '/ops/v1/bank-data/collection-reads',
      { schema: { body: OpsCollectionReadBody, response: { 200: OpsAnswer } } },
      async (request) => parties.collectionReadForOps(request.operator!, request.body),
    );

    app.put(
      '/ops/v1/bank-data/charges',
      { schema: { body: OpsPriceBody, response: { 200: OpsAnswer } } },
      async (request) => parties.priceForOps(request.operator!, request.body),
    );
  };
}
