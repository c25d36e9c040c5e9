import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import {
  EarlyPayment,
  EarlyPaymentList,
  EarlyPaymentQuery,
  PaidBody,
  RepaymentBody,
} from './early-payments.schemas.ts';
import type { EarlyPaymentsService } from './early-payments.service.ts';

/** Early payments under a buyer programme, for the funder that pays them. */
export function earlyPaymentsRoutes(deps: { earlyPayments: EarlyPaymentsService }) {
  const { earlyPayments } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };
    const tags = ['Early payments'];

    app.get(
      '/v1/early-payments',
      { ...key, schema: { tags, querystring: EarlyPaymentQuery, response: { 200: EarlyPaymentList } } },
      async (request) => earlyPayments.list(request.caller!, request.query),
    );

    app.get(
      '/v1/early-payments/:id',
      { ...key, schema: { tags, params: IdParams, response: { 200: EarlyPayment } } },
      async (request) => earlyPayments.get(request.caller!, request.params.id),
    );

    app.post(
      '/v1/early-payments/:id/paid',
      { ...key, schema: { tags, params: IdParams, body: PaidBody, response: { 200: EarlyPayment } } },
      async (request) => earlyPayments.paid(request.caller!, request.params.id, request.body),
    );

    app.post(
      '/v1/early-payments/:id/repayment',
      { ...key, schema: { tags, params: IdParams, body: RepaymentBody, response: { 200: EarlyPayment } } },
      async (request) => earlyPayments.repayment(request.caller!, request.params.id, request.body),
    );
  };
}
