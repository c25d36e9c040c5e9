import { sandboxOnly } from '../examples.ts';
import type { OperationDocs } from '../types.ts';

const states = [
  'States: `released` (offered to the supplier with you recorded as its funder) → `accepted` (the supplier took it) → `paid` (you recorded your early payment) → `repaid` (the buyer repaid the amount due in full). A paid one past its maturity date (Madrid calendar) and not repaid reads `overdue`. The supplier may decline a released one (`declined`); the buyer may withdraw one not yet paid (`withdrawn`).',
  '',
  'Exposure: an accepted early payment counts as committed on the buyer (as a debtor of your book), a paid one as outstanding for what the buyer still owes, until repaid.',
].join('\n');

export const earlyPaymentsOperations: OperationDocs = {
  'GET /v1/early-payments': {
    operationId: 'listEarlyPayments',
    summary: 'Your early payments',
    tag: 'Early payments',
    description: [
      'The early payments released with you as funder, newest first (`limit` 1 to 200, default 50), optionally of one `status`, with every one of yours counted by status in `totals`.',
      '',
      states,
    ].join('\n'),
    success: 'The early payments and the totals by status.',
    errors: ['status_invalid'],
  },
  'GET /v1/early-payments/{id}': {
    operationId: 'getEarlyPayment',
    summary: 'One early payment',
    tag: 'Early payments',
    description: [
      'One of your early payments, with its repayments. Another funder’s answers 404.',
      '',
      states,
    ].join('\n'),
    success: 'The early payment.',
    errors: [],
  },
  'POST /v1/early-payments/{id}/paid': {
    operationId: 'recordEarlyPayment',
    summary: 'Record the early payment you made',
    tag: 'Early payments',
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
  'POST /v1/early-payments/{id}/repayment': {
    operationId: 'recordEarlyPaymentRepayment',
    summary: 'Record the buyer’s repayment',
    tag: 'Early payments',
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
  'POST /v1/sandbox/early-payments': {
    operationId: 'sandboxCreateEarlyPayment',
    summary: 'Sandbox: a buyer-approved invoice offered early with you as funder',
    tag: 'Sandbox',
    description: [
      'Makes a fictitious supplier and invoice of a fictitious buyer on the demonstration plane and releases an early payment of it to the supplier with you as funder. `amount` (face value, default 12,000), `offered_amount` (default 98% of it) and `due_in_days` (maturity, 1 to 365, default 60) are optional.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The released early payment.',
    errors: ['sandbox_only', 'invalid_amount'],
    requestExamples: {
      custom: {
        summary: 'A 5,000 euro invoice maturing in 30 days',
        value: { amount: 5000, offered_amount: 4925.5, due_in_days: 30 },
      },
    },
  },
  'POST /v1/sandbox/early-payments/{id}/accept': {
    operationId: 'sandboxAcceptEarlyPayment',
    summary: 'Sandbox: the supplier accepts an early payment',
    tag: 'Sandbox',
    description: [
      'The supplier takes a released early payment of yours: it becomes `accepted`, yours to pay.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The accepted early payment.',
    errors: ['sandbox_only', 'early_payment_state', 'reason_required'],
    requestExamples: {
      reason: { summary: 'With a reason', value: { reason: 'The supplier wants the cash now' } },
    },
  },
  'POST /v1/sandbox/early-payments/{id}/decline': {
    operationId: 'sandboxDeclineEarlyPayment',
    summary: 'Sandbox: the supplier declines an early payment',
    tag: 'Sandbox',
    description: [
      'The supplier turns down a released early payment of yours (optional `reason`).',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The declined early payment.',
    errors: ['sandbox_only', 'early_payment_state', 'reason_required'],
    requestExamples: {
      reason: { summary: 'With a reason', value: { reason: 'The supplier prefers to wait' } },
    },
  },
  'POST /v1/sandbox/early-payments/{id}/withdraw': {
    operationId: 'sandboxWithdrawEarlyPayment',
    summary: 'Sandbox: the buyer withdraws an early payment',
    tag: 'Sandbox',
    description: [
      'The buyer withdraws a released or accepted early payment of yours before you pay it (optional `reason`).',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The withdrawn early payment.',
    errors: ['sandbox_only', 'early_payment_state', 'reason_required'],
    requestExamples: {
      reason: { summary: 'With a reason', value: { reason: 'The buyer disputes the invoice' } },
    },
  },
};
