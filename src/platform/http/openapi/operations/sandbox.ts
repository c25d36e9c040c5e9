import { ex, sandboxOnly } from '../examples.ts';
import type { OperationDocs } from '../types.ts';

// Other operations files still read the sentence from here.
export { sandboxOnly };

export const sandboxOperations: OperationDocs = {
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
