import type { AreaRoutes } from '../../platform/http/app.ts';
import { ex } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { RegistryLookupAnswer, RegistryLookupBody, RegistryStatus } from './registry.schemas.ts';
import type { RegistryService } from './registry.service.ts';

const keyed = keyRoutes('Registry');

/** The assignment registry, for funders: its state and the look-ups. */
export function registryRoutes({ registry }: { registry: RegistryService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/registry',
      keyed(
        OPENS.registryAny,
        {
          operationId: 'getRegistry',
          summary: 'The assignment registry’s state and your look-ups',
          description: [
            'Whether the assignment registry answers on your plane (`open`), the most invoices one look-up may carry, and how many look-ups you made (in all, and over the last 30 days) with how many invoices were answered assigned.',
            '',
            'The registry is always open on the sandbox. On the live plane it stays `closed` until the service opens it; this call answers either way, so an integration can check before it asks.',
          ].join('\n'),
          success: 'The registry’s state on your plane.',
          errors: ['forbidden'],
        },
        { response: { 200: RegistryStatus } },
      ),
      async (request) => registry.status(request.caller!),
    );

    app.post(
      '/v1/registry/lookups',
      keyed(
        OPENS.registryAny,
        {
          operationId: 'lookUpAssignments',
          summary: 'Ask whether invoices are already assigned',
          description: [
            'For each invoice sent (1 to 500 per call, identified by the seller’s and the debtor’s country and tax number and the invoice number, optionally with its issue date and amount), answers `assigned: true` when an invoice with those details belongs to a request a funder of the service has funded and not yet settled, else `false`. The answer never says which funder, nor anything else about the invoice.',
            '',
            'Tax numbers may be written with or without their VAT country prefix, and with spaces, dots, dashes or slashes; invoice numbers are compared in capitals without spaces, dots, dashes or slashes. An issue date or amount, when sent, must match as well.',
            '',
            'Each look-up is counted and kept on the evidence chain with the SHA-256 of the normalised questions (`query_sha256`), never the questions themselves. On the live plane the registry answers 403 `registry_not_open` until the service opens it; it is open on the sandbox.',
          ].join('\n'),
          success: 'One answer per invoice, in the order sent.',
          errors: ['registry_not_open', 'forbidden', 'country_invalid', 'invalid_amount'],
          requestExamples: {
            one: {
              summary: 'Check one invoice before offering',
              value: {
                invoices: [
                  {
                    seller: { country: 'ES', tax_id: 'B12345678' },
                    debtor: { country: 'ES', tax_id: 'A28000101' },
                    number: 'FV-2026/0142',
                    issue_date: '2026-10-01',
                    amount: 18250.4,
                    ref: 'line-1',
                  },
                ],
              },
            },
          },
          responseExamples: {
            '200': {
              assigned: {
                summary: 'The invoice is already assigned',
                value: {
                  lookup_id: ex.requestId,
                  checked_at: ex.now,
                  count: 1,
                  assigned_count: 1,
                  query_sha256: '5f0c1a3e9b7d2c4a6e8f0b1d3c5e7a9b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c',
                  results: [{ index: 0, ref: 'line-1', assigned: true }],
                },
              },
            },
          },
        },
        { body: RegistryLookupBody, response: { 200: RegistryLookupAnswer } },
      ),
      async (request) => registry.lookup(request.caller!, request.body),
    );
  };
}
