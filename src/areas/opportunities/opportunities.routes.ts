import type { AreaRoutes } from '../../platform/http/app.ts';
import { ex } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { OpportunitiesAnswer, OpportunitiesQuery } from './opportunities.schemas.ts';
import type { OpportunitiesService } from './opportunities.service.ts';

const keyed = keyRoutes('Opportunities');

const digestId = '7c2e9a41-5d3b-4f8e-a1c6-0b9d2e4f6a18';
const client = {
  seller_id: ex.sellerId,
  name: ex.sellerName,
  tax_id: ex.sellerNif,
  sector: 'C',
  grade: 'B',
  size_band: 'small',
};
const debtor = { name: ex.debtorName, tax_id: ex.debtorTaxId, country: 'ES' };

/**
 * The morning digest of opportunities, for funders. Not given by the spec: reading the digest is
 * reading requests-to-be (`OPENS.read`, docs/decisions/opportunities.md).
 */
export function opportunitiesRoutes({ opportunities }: { opportunities: OpportunitiesService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/opportunities',
      keyed(
        OPENS.read,
        {
          operationId: 'getOpportunities',
          summary: 'The morning digest of opportunities',
          description: [
            'Each night from 01:00 Madrid time the service checks the invoices of your own clients that let you see them against your rules: a due date after that night; the client’s company verification approved; every document you require from its country verified and valid; a listed buyer when you take listed buyers only; no refused or suspended credit limit on the debtor or the seller, nor an active one below the invoice’s amount; no hard risk signal on the invoice; not paid, not disputed, not in a funding request, not cancelled or removed from the client’s ledger. It compares the invoices that pass with the last night that completed, and at 06:30 Madrid time publishes the day’s digest. Nothing of a night is shown before 06:30.',
            '',
            'Lines: `new` first (eligible now, not in the last snapshot), then the changes to invoices shown before: `paid` (the client marked it paid; `amount` 0), `disputed` (an open dispute), `no_longer_eligible` with a `reason`: `requested` (now in a funding request), `cancelled` or `removed` (left the client’s ledger), `left_programme` (no longer your client), `not_shared` (the client stopped sharing), `rules` (your rules no longer hold: a limit, a document, the due date...). An invoice that becomes eligible again later is `new` again.',
            '',
            '`stale: true` means the night’s run did not complete by 06:30: nothing was compared, there are no lines, and `eligible` and `snapshot_at` are those of the last run that completed. The next night compares with that run.',
            '',
            '`date` is a Madrid calendar date; without it, the latest digest. A date without a digest answers `date: null`, `digest: null` and no lines. Lines come in pages: `limit` 1 to 1,000 (default 500); `next` is the path of the next page, null on the last; `digest.line_count` counts them all. The event `opportunities.daily` is sent when a digest has lines.',
            '',
            'A digest is a computed list, not an offer: a request made for one of these invoices is checked again when made.',
            '',
            'A sandbox key also reads the digests its own `POST /v1/sandbox/requests/{id}/advance` calls made for the days its requests were moved to: the latest by date among those and the shared ones; on a date with both, the shared one. No other key sees them.',
            PAGING_DOC,
            'A digest never changes once published: its cursor names the digest, so a walk begun on the latest one stays on it when a newer one is published. `cursor` takes the place of `offset`; a `date` other than the cursor’s own answers `cursor_invalid`.',
          ].join('\n'),
          success: 'The digest and a page of its lines; `date` null when there is none.',
          errors: ['forbidden', 'query_invalid', 'cursor_invalid'],
          responseExamples: {
            '200': {
              digest: {
                summary: 'A morning with one new invoice and one change',
                value: {
                  funder: { bank_id: ex.funderId, name: ex.funderName },
                  date: ex.today,
                  digest: {
                    digest_id: digestId,
                    date: ex.today,
                    stale: false,
                    snapshot_at: '2026-10-05T00:00:03.000Z',
                    clients: { sharing: 12, not_sharing: 3 },
                    eligible: { count: 41, total: 512_300.4 },
                    new: { count: 1, total: 18_250.4 },
                    changes: { paid: 0, disputed: 0, no_longer_eligible: 1 },
                    currency: 'EUR',
                    line_count: 2,
                    lines: `/v1/opportunities?date=${ex.today}`,
                  },
                  lines: [
                    {
                      kind: 'new',
                      reason: null,
                      invoice_id: ex.requestUuid,
                      number: 'FV-2026/0142',
                      debtor,
                      amount: 18_250.4,
                      currency: 'EUR',
                      due_date: '2026-12-04',
                      client,
                    },
                    {
                      kind: 'no_longer_eligible',
                      reason: 'requested',
                      invoice_id: ex.documentId,
                      number: 'FV-2026/0118',
                      debtor,
                      amount: 9_800,
                      currency: 'EUR',
                      due_date: '2026-11-20',
                      client,
                    },
                  ],
                  next: null,
                  has_more: false,
                  next_cursor: null,
                },
              },
              none: {
                summary: 'A date without a digest',
                value: {
                  funder: { bank_id: ex.funderId, name: ex.funderName },
                  date: null,
                  digest: null,
                  lines: [],
                  next: null,
                  has_more: false,
                  next_cursor: null,
                },
              },
            },
          },
        },
        {
          querystring: OpportunitiesQuery,
          response: { 200: OpportunitiesAnswer },
        },
      ),
      async (request) => opportunities.digest(request.caller!, request.query),
    );
  };
}
