import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams, PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import {
  EarlyPayment,
  EarlyPaymentList,
  EarlyPaymentQuery,
  PaidBody,
  RepaymentBody,
} from './early-payments.schemas.ts';
import type { EarlyPaymentsService } from './early-payments.service.ts';

const states = [
  'States: `released` (offered to the supplier with you recorded as its funder) → `accepted` (the supplier took it) → `paid` (you recorded your early payment) → `repaid` (the buyer repaid the amount due in full). A paid one past its maturity date (Madrid calendar) and not repaid reads `overdue`. The supplier may decline a released one (`declined`); the buyer may withdraw one not yet paid (`withdrawn`).',
  '',
  'Exposure: an accepted early payment counts as committed on the buyer (as a debtor of your book), a paid one as outstanding for what the buyer still owes, until repaid.',
].join('\n');

const keyed = keyRoutes('Early payments');

/**
 * Early payments under a buyer programme, for the funder that pays them. Not given by the spec:
 * early payments are read like requests (`OPENS.read`) and recorded like decisions (`OPENS.decide`).
 */
export function earlyPaymentsRoutes({ earlyPayments }: { earlyPayments: EarlyPaymentsService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/early-payments',
      keyed(
        OPENS.read,
        {
          operationId: 'listEarlyPayments',
          summary: 'Your early payments',
          description: [
            'The early payments released with you as funder, newest first (`limit` 1 to 200, default 50), optionally of one `status`, with every one of yours counted by status in `totals`.',
            '',
            states,
            PAGING_DOC,
            'A cursor is bound to the `status` it was read with; `totals` is on every page.',
          ].join('\n'),
          success: 'The early payments and the totals by status.',
          errors: ['status_invalid', 'cursor_invalid'],
        },
        { querystring: EarlyPaymentQuery, response: { 200: EarlyPaymentList } },
      ),
      async (request) => earlyPayments.list(request.caller!, request.query),
    );

    app.get(
      '/v1/early-payments/:id',
      keyed(
        OPENS.read,
        {
          operationId: 'getEarlyPayment',
          summary: 'One early payment',
          description: [
            'One of your early payments, with its repayments. Another funder’s answers 404.',
            '',
            states,
          ].join('\n'),
          success: 'The early payment.',
          errors: [],
        },
        { params: IdParams, response: { 200: EarlyPayment } },
      ),
      async (request) => earlyPayments.get(request.caller!, request.params.id),
    );

    app.post(
      '/v1/early-payments/:id/paid',
      keyed(
        OPENS.decide,
        {
          operationId: 'recordEarlyPayment',
          summary: 'Record the early payment you made',
          description: [
            'Records that you paid the supplier: `amount` (at most the amount due), `value_date` (from the day the supplier accepted to today) and your `reference`. Only an `accepted` early payment can be paid (409 `early_payment_state` otherwise); it becomes `paid` and counts as outstanding on the buyer until repaid. Kept on the evidence chain; event `early_payment.paid`.',
          ].join('\n'),
          success: 'The early payment, now paid.',
          errors: ['early_payment_state', 'invalid_amount', 'invalid_payment_details'],
          requestExamples: {
            paid: {
              summary: 'Paid the supplier today',
              value: { amount: 11760, value_date: '2026-10-05', reference: 'EP-TRF-000481' },
            },
          },
        },
        { params: IdParams, body: PaidBody, response: { 200: EarlyPayment } },
      ),
      async (request) => earlyPayments.paid(request.caller!, request.params.id, request.body),
    );

    app.post(
      '/v1/early-payments/:id/repayment',
      keyed(
        OPENS.decide,
        {
          operationId: 'recordEarlyPaymentRepayment',
          summary: 'Record the buyer’s repayment',
          description: [
            'Records money the buyer repaid you: `amount`, `value_date` (not after today) and `reference`. Partial repayments add up; together they may not pass the amount due (422 `repayment_exceeds_outstanding`, with `outstanding`). When they reach it the early payment is `repaid` (event `early_payment.repaid`; a partial one sends `early_payment.repayment_recorded`). Only a paid (or overdue) early payment takes repayments.',
          ].join('\n'),
          success: 'The early payment after the repayment.',
          errors: [
            'early_payment_state',
            'invalid_amount',
            'invalid_payment_details',
            'repayment_exceeds_outstanding',
          ],
          requestExamples: {
            partial: {
              summary: 'The buyer repaid part at maturity',
              value: { amount: 5000, value_date: '2026-12-04', reference: 'BUYER-REPAY-1' },
            },
          },
        },
        { params: IdParams, body: RepaymentBody, response: { 200: EarlyPayment } },
      ),
      async (request) => earlyPayments.repayment(request.caller!, request.params.id, request.body),
    );
  };
}
