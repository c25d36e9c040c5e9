import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import type { BankDataPartiesService } from './bank-data.parties.ts';
import {
  BankDataAnswer,
  CashFlowAnswer,
  SandboxConnectAnswer,
  SandboxConnectBody,
  SandboxPaymentAnswer,
  SandboxPaymentBody,
} from './bank-data.schemas.ts';
import type { BankDataService } from './bank-data.service.ts';

/** A request's cash flow, the funder's bank data, and the sandbox helpers playing the seller. */
export function bankDataRoutes(deps: { bankData: BankDataService; parties: BankDataPartiesService }) {
  const { bankData, parties } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };

    app.get(
      '/v1/requests/:id/cash-flow',
      { ...key, schema: { tags: ['Requests'], params: IdParams, response: { 200: CashFlowAnswer } } },
      async (request) => bankData.cashFlow(request.caller!, request.params.id),
    );

    app.get(
      '/v1/bank-data',
      { ...key, schema: { tags: ['Bank data'], response: { 200: BankDataAnswer } } },
      async (request) => bankData.overview(request.caller!),
    );

    app.post(
      '/v1/sandbox/requests/:id/bank-connection',
      {
        ...key,
        // An empty POST (no body at all) connects with the payout account the seller's own.
        preValidation: async (request) => {
          if (request.body === undefined) (request as { body: unknown }).body = {};
        },
        schema: {
          tags: ['Sandbox'],
          params: IdParams,
          body: SandboxConnectBody,
          response: { 201: SandboxConnectAnswer },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await parties.sandboxConnect(request.caller!, request.params.id, request.body)),
    );

    app.post(
      '/v1/sandbox/requests/:id/seller-payment',
      {
        ...key,
        schema: {
          tags: ['Sandbox'],
          params: IdParams,
          body: SandboxPaymentBody,
          response: { 201: SandboxPaymentAnswer },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await parties.sandboxPayment(request.caller!, request.params.id, request.body)),
    );
  };
}
