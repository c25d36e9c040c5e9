import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { AnnounceBody, AnnounceResult, RequestNotices } from './disclosure.schemas.ts';
import type { DisclosureService } from './disclosure.service.ts';

const keyed = keyRoutes('Requests');

/** Announcing a confidential request, and its notices of assignment. */
export function disclosureRoutes({ disclosure }: { disclosure: DisclosureService }): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/requests/:id/announce',
      keyed(
        OPENS.decide,
        {
          operationId: 'announceRequest',
          summary: 'Announce a confidential request to its debtors',
          description: [
            'Turns a request routed to you under confidential terms into an announced one: the notices prepared for its debtors are queued for sending (`sending_queued`), `announced_at` is set and `announced_trigger` is `manual`, and the event `request.announced` is emitted. The request status does not change.',
            '',
            'Allowed while the request is open or funded. `reason` (at least 8 characters) is kept on the evidence chain. An announced request stays announced: announcing it again, or a request routed under announced terms, answers `already_announced`; a closed request answers `request_closed`; a request you can read but that is not routed to you answers 403 `not_routed_to_you`.',
          ].join('\n'),
          success: 'The request as announced, and how many notices were queued.',
          errors: [
            'not_routed_to_you',
            'reason_required',
            'already_announced',
            'request_closed',
            'body_invalid',
          ],
          // The spec answers a request routed to another funder 403 here (409 on the decisions).
          statuses: { not_routed_to_you: 403 },
          requestExamples: {
            manual: {
              summary: 'Announce before the invoices fall due',
              value: { reason: 'Seller asked us to notify its customers' },
            },
          },
        },
        {
          summary: 'Announce a confidential request to its debtors',
          params: IdParams,
          body: AnnounceBody,
          response: { 200: AnnounceResult },
        },
      ),
      async (request) => disclosure.announce(request.caller!, request.params.id, request.body),
    );

    app.get(
      '/v1/requests/:id/notices',
      keyed(
        OPENS.read,
        {
          operationId: 'getRequestNotices',
          summary: 'The notices of assignment of a request',
          description: [
            'For a request routed to you or one you acted on: per debtor, the notice’s status, the invoices it covers with their amounts today, and the prepared document — the exact subject and HTML the debtor receives, its language, the governing law, and the SHA-256 (hex) of the subject, a line feed and the HTML. The HTML holds the literal `{{ACK_LINK}}` where the debtor’s personal link goes; that link is never shown.',
            '',
            '`names_this_funder` says the document names the funder the request is routed to now; `current` turns false when an invoice it covers or its amount changed since it was prepared, and true again once the notice is prepared anew. `has_notice_address` says whether the service has an address to send it to. `sending` is `sending_queued` once the request is announced.',
          ].join('\n'),
          success: 'The notices of the request.',
          errors: [],
        },
        {
          summary: 'The notices of assignment of a request, as prepared for each debtor',
          params: IdParams,
          response: { 200: RequestNotices },
        },
      ),
      async (request) => disclosure.notices(request.caller!, request.params.id),
    );
  };
}
