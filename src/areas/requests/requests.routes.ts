import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { Packet, RequestList } from './requests.schemas.ts';
import type { RequestsService } from './requests.service.ts';

export function requestsRoutes(deps: { requests: RequestsService }) {
  return (app: App) => {
    app.get(
      '/v1/requests',
      {
        config: {
          auth: 'key',
          scopes: OPENS.read,
          operation: {
            operationId: 'listRequests',
            summary: 'List requests routed to you',
            tag: 'Requests',
            description: [
              'The requests routed to you now (you can act on them) and those you already acted on (read only, even after the request went to another funder), newest first.',
              '',
              '- `status`: `open` (default: the statuses that still wait for a decision), `all`, or one status (`pending`, `submitted`, `under_review`, `terms_sent`, `accepted`, `approved`, `funded`, `settled`, `declined`, `rejected`, `cancelled`).',
              '- `limit`: 1 to 200, default 50.',
              '',
              'Each item carries your own offer (`my_offer`, or null) and where each debtor stands with its notice (`debtor_consent`).',
            ].join('\n'),
            success: 'The requests, newest first.',
            errors: ['status_invalid'],
          },
        },
        schema: {
          summary: 'Requests routed to you and those you acted on, newest first',
          querystring: Type.Object(
            {
              status: Type.Optional(Type.String({ description: 'open (default), all, or one status' })),
              limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
            },
            { additionalProperties: false },
          ),
          response: { 200: RequestList },
        },
      },
      async (request) => deps.requests.list(request.caller!, request.query),
    );

    app.get(
      '/v1/requests/:id',
      {
        config: {
          auth: 'key',
          scopes: OPENS.read,
          operation: {
            operationId: 'getRequest',
            summary: 'The underwriting packet of one request',
            tag: 'Requests',
            description:
              'Everything needed to decide on one request: the request, the consent of each debtor, the receivables (invoices), the score, your offer and the risk view. Readable while the request is routed to you or after you acted on it; otherwise it answers 404, as if it did not exist.',
            success: 'The packet of the request.',
            errors: [],
          },
        },
        schema: {
          summary: 'The underwriting packet of one request',
          params: IdParams,
          response: { 200: Packet },
        },
      },
      async (request) => deps.requests.packet(request.caller!, request.params.id),
    );
  };
}
