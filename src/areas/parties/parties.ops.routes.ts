import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams, Uuid } from '../../platform/http/schemas.ts';
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
export function partiesOpsRoutes(deps: { parties: PartiesService }) {
  const { parties } = deps;
  return (app: App) => {
    const SellerAnswer = Type.Object({ seller: SellerSchema });
    const DebtorAnswer = Type.Object({ debtor: DebtorSchema });
    const InvoiceAnswer = Type.Object({ invoice: InvoiceSchema });

    app.post(
      '/ops/v1/sellers',
      { schema: { body: SellerCreateBody, response: { 201: SellerAnswer } } },
      async (request, reply) => {
        const seller = await parties.createSeller(request.operator!, request.body);
        reply.code(201);
        return { seller };
      },
    );

    app.get(
      '/ops/v1/sellers/:id',
      { schema: { params: IdParams, response: { 200: SellerAnswer } } },
      async (request) => ({ seller: await parties.getSeller(request.params.id) }),
    );

    app.post(
      '/ops/v1/sellers/:id/verification',
      {
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
        schema: {
          params: IdParams,
          response: {
            200: Type.Object({ seller_id: Uuid, score: Type.Union([SellerScoreSchema, Type.Null()]) }),
          },
        },
      },
      async (request) => parties.getSellerScore(request.params.id),
    );

    app.post(
      '/ops/v1/debtors',
      { schema: { body: DebtorCreateBody, response: { 201: DebtorAnswer } } },
      async (request, reply) => {
        const debtor = await parties.createDebtor(request.operator!, request.body);
        reply.code(201);
        return { debtor };
      },
    );

    app.get(
      '/ops/v1/debtors/:id',
      { schema: { params: IdParams, response: { 200: DebtorAnswer } } },
      async (request) => ({ debtor: await parties.getDebtor(request.params.id) }),
    );

    app.post(
      '/ops/v1/invoices',
      { schema: { body: InvoiceCreateBody, response: { 201: InvoiceAnswer } } },
      async (request, reply) => {
        const invoice = await parties.createInvoice(request.operator!, request.body);
        reply.code(201);
        return { invoice };
      },
    );

    app.get(
      '/ops/v1/invoices/:id',
      { schema: { params: IdParams, response: { 200: InvoiceAnswer } } },
      async (request) => ({ invoice: await parties.getInvoice(request.params.id) }),
    );

    app.post(
      '/ops/v1/invoices/:id/seller-paid',
      {
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
