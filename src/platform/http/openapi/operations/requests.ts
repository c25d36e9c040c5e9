import type { OperationDocs } from '../types.ts';

export const requestsOperations: OperationDocs = {
  'GET /v1/requests/{id}/documents': {
    operationId: 'getRequestDocuments',
    summary: 'Documents of a request',
    tag: 'Requests',
    description: [
      'The deal file as it stood when the request was routed to you and when it was funded, the seller documents current today, and which documents you require are missing, unverified or expired today.',
      '',
      'Each document has a `download_url` valid for two minutes (`url_expires_in` seconds); fetch it without a key. Ask again for fresh links.',
    ].join('\n'),
    success: 'The documents of the request.',
    errors: [],
  },
  'GET /v1/document-downloads/{token}': {
    operationId: 'downloadDocument',
    summary: 'Download one document',
    tag: 'Requests',
    description:
      'The file behind a `download_url` of the deal documents. The URL itself is the credential: no key is sent, and it works for two minutes after it was issued, while your account is active and the key that obtained it is not revoked. An expired or unknown link, or one of a suspended account or a revoked key, answers 404.',
    success: 'The file, with its own content type and a `Content-Disposition` naming it.',
    errors: [],
    successMedia: { status: '200', mediaType: 'application/octet-stream' },
  },
  'GET /v1/requests/{id}/debtors': {
    operationId: 'getRequestDebtors',
    summary: 'Debtors of a factoring request',
    tag: 'Requests',
    description:
      'For a factoring request routed to you or one you acted on: each debtor with the information the seller and the service hold on it, including its notice and answer. A confirming request has no debtor notices and answers 409 `not_factoring`.',
    success: 'The debtors of the request.',
    errors: ['not_factoring'],
  },
};
