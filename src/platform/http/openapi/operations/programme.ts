import type { OperationDocs } from '../types.ts';

/** The programme terms, announcing a confidential request, and its notices of assignment. */
export const programmeOperations: OperationDocs = {
  'GET /v1/programme': {
    operationId: 'getProgramme',
    summary: 'Your programme terms',
    tag: 'Settings',
    description: [
      'The terms requests take when they are routed to you: your `default` (with `source` `funder_default` and when it was last changed), and each company you can set terms for — the sellers of requests routed to you and those you already set terms for — with the terms in force for it (`source` `seller` when it has its own terms over your default) and the reason given.',
      '',
      '`requests` counts the requests routed to you now by `<disclosure>:<recourse>:<status>`: the disclosure the request has today (a confidential request becomes `announced` once announced), the recourse it was routed under, and its request status.',
    ].join('\n'),
    success: 'Your programme.',
    errors: [],
  },
  'PUT /v1/programme': {
    operationId: 'updateProgramme',
    summary: 'Change your default terms or one company’s terms',
    tag: 'Settings',
    description: [
      'Without `seller_id` (or with null) the change is to your default; with one, to that company’s own terms, which take precedence over your default. Only the keys sent in `terms` change. `{"reset": true}` alone, with a `seller_id`, removes the company’s own terms so your default applies to it again.',
      '',
      'Day counts (`recourse_days`, `announce_overdue_days`) are whole days from 1 to 365, or null for none. `reason` (at least 8 characters) is kept with the change on the evidence chain.',
      '',
      'The change applies to requests routed from then on: a request keeps the terms it was routed under (`open_requests_keep_their_terms` counts the open ones whose terms now differ).',
    ].join('\n'),
    success: 'The terms in force after the change.',
    errors: [
      'body_invalid',
      'seller_id_invalid',
      'terms_invalid',
      'terms_key_unknown',
      'reason_required',
      'seller_not_in_programme',
    ],
    requestExamples: {
      confidentialDefault: {
        summary: 'Confidential, without recourse, by default',
        value: {
          terms: { disclosure: 'confidential', recourse: 'without', announce_overdue_days: 15 },
          reason: 'Credit committee of 3 November',
        },
      },
      company: {
        summary: 'One company announced, with recourse after 30 days',
        value: {
          seller_id: '3f8b6c1e-2d4a-4e5f-9a7b-1c2d3e4f5a6b',
          terms: { disclosure: 'announced', recourse: 'with', recourse_days: 30 },
          reason: 'Seller asked for an announced programme',
        },
      },
      reset: {
        summary: 'Back to your default for one company',
        value: {
          seller_id: '3f8b6c1e-2d4a-4e5f-9a7b-1c2d3e4f5a6b',
          terms: { reset: true },
          reason: 'Special terms ended with the contract',
        },
      },
    },
  },
  'POST /v1/requests/{id}/announce': {
    operationId: 'announceRequest',
    summary: 'Announce a confidential request to its debtors',
    tag: 'Requests',
    description: [
      'Turns a request routed to you under confidential terms into an announced one: the notices prepared for its debtors are queued for sending (`sending_queued`), `announced_at` is set and `announced_trigger` is `manual`, and the event `request.announced` is emitted. The request status does not change.',
      '',
      'Allowed while the request is open or funded. `reason` (at least 8 characters) is kept on the evidence chain. An announced request stays announced: announcing it again, or a request routed under announced terms, answers `already_announced`; a closed request answers `request_closed`; a request you can read but that is not routed to you answers 403 `not_routed_to_you`.',
    ].join('\n'),
    success: 'The request as announced, and how many notices were queued.',
    errors: ['not_routed_to_you', 'reason_required', 'already_announced', 'request_closed', 'body_invalid'],
    // The spec answers a request routed to another funder 403 here (409 on the decisions).
    statuses: { not_routed_to_you: 403 },
    requestExamples: {
      manual: {
        summary: 'Announce before the invoices fall due',
        value: { reason: 'Seller asked us to notify its customers' },
      },
    },
  },
  'GET /v1/requests/{id}/notices': {
    operationId: 'getRequestNotices',
    summary: 'The notices of assignment of a request',
    tag: 'Requests',
    description: [
      'For a request routed to you or one you acted on: per debtor, the notice’s status, the invoices it covers with their amounts today, and the prepared document — the exact subject and HTML the debtor receives, its language, the governing law, and the SHA-256 (hex) of the subject, a line feed and the HTML. The HTML holds the literal `{{ACK_LINK}}` where the debtor’s personal link goes; that link is never shown.',
      '',
      '`names_this_funder` says the document names the funder the request is routed to now; `current` turns false when an invoice it covers or its amount changed since it was prepared, and true again once the notice is prepared anew. `has_notice_address` says whether the service has an address to send it to. `sending` is `sending_queued` once the request is announced.',
    ].join('\n'),
    success: 'The notices of the request.',
    errors: [],
  },
};
