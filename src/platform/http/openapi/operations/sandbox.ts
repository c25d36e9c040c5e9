import { ex } from '../examples.ts';
import type { OperationDocs } from '../types.ts';

export const sandboxOnly =
  'Sandbox keys only (403 `sandbox_only` otherwise); it changes the shared demonstration plane, never live data.';

export const sandboxOperations: OperationDocs = {
  'POST /v1/sandbox/requests': {
    operationId: 'sandboxCreateRequest',
    summary: 'Sandbox: a new request routed to you',
    tag: 'Sandbox',
    description: [
      'Creates a fictitious seller request and routes it to you, as a seller would through the service. `type` is `factoring` (default) or `confirming`; `invoices` (1 to 20) name each debtor, its tax id and country, the amount, due date and `source` (`erp` by default; `e_invoice`, `saft`, or `upload`, which is not the seller’s own books). With no body at all a default request is made.',
      '',
      '`terms` (any programme terms, for example `{"disclosure": "confidential", "announce_on_dispute": true}`) become the new company’s own terms with you before the request is routed, so the request takes them. Each debtor gets an address for its notices unless it has one already.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The new request, routed to you.',
    errors: ['sandbox_only', 'country_invalid', 'conflict', 'terms_invalid', 'terms_key_unknown'],
    requestExamples: {
      confidential: {
        summary: 'A confidential request, one invoice uploaded',
        value: {
          terms: { disclosure: 'confidential', recourse: 'without', announce_overdue_days: 10 },
          invoices: [
            {
              debtor_name: ex.debtorName,
              debtor_tax_id: ex.debtorTaxId,
              debtor_country: 'ES',
              amount: 7500,
              due_date: '2026-12-31',
              source: 'upload',
            },
          ],
        },
      },
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
  'POST /v1/sandbox/requests/{id}/parties': {
    operationId: 'sandboxRequestParties',
    summary: 'Sandbox: the seller, a debtor or an invoice of your request changes',
    tag: 'Sandbox',
    description: [
      'Plays the other parties of a request routed to you, as the service’s operations team records them: `seller_verification` (the seller’s company verification status), `seller_verification_lapses_on` (the day it lapses; null: none), `notice_addresses` (per debtor tax id, where its notice is sent; null: none known) and `invoice_amounts` (per invoice number, its new amount). An amount change raises the hard signal `amount_changed_in_request` and makes the notice covering that invoice no longer current.',
      '',
      sandboxOnly,
    ].join('\n'),
    success: 'The request after the change.',
    errors: ['sandbox_only', 'not_routed_to_you', 'conflict'],
    requestExamples: {
      lapse: {
        summary: 'The seller’s verification lapses at the end of the year',
        value: { seller_verification_lapses_on: '2026-12-31' },
      },
      address: {
        summary: 'A debtor without an address for its notice',
        value: { notice_addresses: [{ debtor_tax_id: ex.debtorTaxId, address: null }] },
      },
      amount: {
        summary: 'An invoice’s amount changes',
        value: { invoice_amounts: [{ invoice_number: 'SBX-12345678-1', amount: 7000 }] },
      },
    },
  },
};
