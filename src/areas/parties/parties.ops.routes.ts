import { type Static, type TSchema, Type } from 'typebox';
import type { OperatorCaller } from '../../platform/caller.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { IdParams, Uuid } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import {
  DebtorCreateBody,
  DebtorSchema,
  InvoiceCreateBody,
  InvoiceSchema,
  SellerCreateBody,
  SellerPaidBody,
  SellerSchema,
  SellerScoreSchema,
  VerificationBody,
} from './parties.schemas.ts';
import type { PartiesService } from './parties.service.ts';

/** The operations team's side of sellers, debtors and invoices: /ops/v1, operator token. */
export function partiesOpsRoutes({ parties }: { parties: PartiesService }): AreaRoutes {
  return (app) => {
    /**
     * A record the team makes at `path` (answering 201) and reads back at `path/{id}`; both
     * answer it under its `name`.
     */
    const makeAndRead = <B extends TSchema, R extends TSchema>(
      path: string,
      name: 'seller' | 'debtor' | 'invoice',
      body: B,
      record: R,
      make: (operator: OperatorCaller, body: Static<B>) => Promise<Static<R>>,
      read: (id: string) => Promise<Static<R>>,
    ) => {
      // Typed loosely, as the caller names the answer's member; the schema still shapes what is sent.
      const Answer: TSchema = Type.Object({ [name]: record });
      const byId = `${path}/:id`;
      // Making a party is playing it (support's); reading one is a read (an auditor's).
      app.post(
        path,
        { config: opsRole('support'), schema: { body, response: { 201: Answer } } },
        async (request, reply) => {
          const made = await make(request.operator!, request.body as Static<B>);
          reply.code(201);
          return { [name]: made };
        },
      );
      app.get(
        byId,
        { config: opsRole('auditor'), schema: { params: IdParams, response: { 200: Answer } } },
        async (request) => ({ [name]: await read(request.params.id) }),
      );
    };

    makeAndRead(
      '/ops/v1/sellers',
      'seller',
      SellerCreateBody,
      SellerSchema,
      (operator, body) => parties.createSeller(operator, body),
      (id) => parties.getSeller(id),
    );

    app.post(
      '/ops/v1/sellers/:id/verification',
      {
        config: opsRole('support'),
        schema: {
          params: IdParams,
          body: VerificationBody,
          response: { 200: Type.Object({ seller: SellerSchema, changed: Type.Boolean() }) },
        },
      },
      async (request) => parties.setSellerVerification(request.operator!, request.params.id, request.body),
    );

    app.get(
      '/ops/v1/sellers/:id/score',
      {
        config: opsRole('auditor'),
        schema: {
          params: IdParams,
          response: {
            200: Type.Object({ seller_id: Uuid, score: Type.Union([SellerScoreSchema, Type.Null()]) }),
          },
        },
      },
      async (request) => parties.getSellerScore(request.params.id),
    );

    makeAndRead(
      '/ops/v1/debtors',
      'debtor',
      DebtorCreateBody,
      DebtorSchema,
      (operator, body) => parties.createDebtor(operator, body),
      (id) => parties.getDebtor(id),
    );

    makeAndRead(
      '/ops/v1/invoices',
      'invoice',
      InvoiceCreateBody,
      InvoiceSchema,
      (operator, body) => parties.createInvoice(operator, body),
      (id) => parties.getInvoice(id),
    );

    app.post(
      '/ops/v1/invoices/:id/seller-paid',
      {
        config: opsRole('support'),
        schema: {
          params: IdParams,
          body: SellerPaidBody,
          response: { 200: Type.Object({ invoice: InvoiceSchema, changed: Type.Boolean() }) },
        },
      },
      async (request) =>
        parties.markInvoiceSellerPaid(request.operator!, request.params.id, request.body.paid_at),
    );
  };
}
