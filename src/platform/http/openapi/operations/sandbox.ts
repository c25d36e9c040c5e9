import type { OperationDocs } from '../types.ts';
import { ex } from './examples-data.ts';

export const sandboxOnly =
  'Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.';

export const sandboxOperations: OperationDocs = {
  'POST /v1/sandbox/requests': {
    operationId: 'sandboxCreateRequest',
    summary: 'Sandbox: a new request routed to you',
    tag: 'Sandbox',
    description: [
      'Creates a fictitious seller request and routes it to you, as a seller would through the service. `type` is `factoring` (default) or `confirming`; `invoices` (1 to 20) name each debtor, its tax id and country, the amount and due date. With no body at all a default request is made.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The new request, routed to you.',
    errors: ['sandbox_only', 'country_invalid', 'conflict'],
    requestExamples: {
      twoInvoices: {
        summary: 'A factoring request with two invoices',
        value: {
          type: 'factoring',
          invoices: [
            {
              debtor_name: ex.debtorName,
              debtor_tax_id: ex.debtorTaxId,
              debtor_country: 'ES',
              amount: 7500,
              due_date: '2026-12-31',
            },
            {
              debtor_name: 'Ferragens do Porto, Lda.',
              debtor_tax_id: 'PT509876543',
              debtor_country: 'PT',
              amount: 5000,
              due_date: '2027-01-15',
            },
          ],
        },
      },
    },
  },
  'POST /v1/sandbox/requests/{id}/accept': {
    operationId: 'sandboxAcceptOffer',
    summary: 'Sandbox: the seller accepts your offer',
    tag: 'Sandbox',
    description: [
      'Plays the seller accepting your open offer on a request in `terms_sent`; the request becomes `approved` and can be funded.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The request after the acceptance.',
    errors: ['sandbox_only', 'not_routed_to_you', 'invalid_state', 'conflict'],
  },
  'POST /v1/sandbox/requests/{id}/debtor-answer': {
    operationId: 'sandboxDebtorAnswer',
    summary: 'Sandbox: a debtor answers its notice',
    tag: 'Sandbox',
    description: [
      'Plays one debtor (`debtor_tax_id`) or every debtor (left out or null) of a factoring request answering its notice: `answer` is `acknowledged` or `disputed`; `level` is the consent given (default: the level required).',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The request after the answer.',
    errors: [
      'sandbox_only',
      'not_routed_to_you',
      'not_factoring',
      'notice_already_decided',
      'request_not_in_flight',
      'invalid_state',
      'level_invalid',
      'conflict',
    ],
    requestExamples: {
      everyone: { summary: 'Every debtor acknowledges', value: { answer: 'acknowledged' } },
      one: {
        summary: 'One debtor disputes',
        value: { debtor_tax_id: ex.debtorTaxId, answer: 'disputed' },
      },
    },
  },
  'POST /v1/sandbox/statements/{id}/lines/{line}/confirm': {
    operationId: 'sandboxConfirmStatementLine',
    summary: 'Sandbox: confirm the match of a statement line',
    tag: 'Sandbox',
    description: [
      'Plays the confirmation the portal asks of you before a statement credit settles a request: line `line` of statement `id` settles the request it was matched to, or `request_id` when given. The settlement is recorded like `settle` on the decision operation.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The line and the settlement it recorded.',
    errors: [
      'sandbox_only',
      'not_your_request',
      'invalid_state',
      'invalid_amount',
      'request_not_in_flight',
      'conflict',
    ],
    requestExamples: {
      matched: { summary: 'Confirm the match found', value: {} },
      other: { summary: 'Settle another request with this line', value: { request_id: ex.requestId } },
    },
  },
};
