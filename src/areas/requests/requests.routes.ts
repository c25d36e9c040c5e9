import { type Static, Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { asWritten, cachedRead, withWrittenItems } from '../../platform/http/cached-read.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { CursorParam, IdParams, PAGING_DOC } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { compileSerializer } from '../../platform/http/serializers.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import type { RequestItem } from './requests.items.ts';
import { Packet, RequestList, RequestListItem } from './requests.schemas.ts';
import type { RequestsService } from './requests.service.ts';

const keyed = keyRoutes('Requests');

/** One list item as the list's own serializer writes it (its items are kept as written). */
const writeItem: (item: RequestItem) => string = compileSerializer(RequestListItem, {});
const withItems = withWrittenItems('requests');
/** A packet as its route's serializer writes it (kept as written). */
const writePacket: (packet: Static<typeof Packet>) => string = compileSerializer(Packet, {});

export function requestsRoutes({
  requests,
  readCache,
}: {
  requests: RequestsService;
  readCache: ReadCache;
}): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/requests',
      keyed(
        OPENS.read,
        {
          operationId: 'listRequests',
          summary: 'List requests routed to you',
          description: [
            'The requests routed to you now (you can act on them) and those you already acted on (read only, even after the request went to another funder), newest first.',
            '',
            '- `status`: `open` (default: the statuses that still wait for a decision), `all`, or one status (`pending`, `submitted`, `under_review`, `terms_sent`, `accepted`, `approved`, `funded`, `settled`, `declined`, `rejected`, `cancelled`).',
            '- `limit`: 1 to 200, default 50.',
            '',
            'Each item carries your own offer (`my_offer`, or null) and where each debtor stands with its notice (`debtor_consent`).',
            PAGING_DOC,
            'A cursor is bound to the `status` it was read with; walk `status=all` to see every request once whatever its status does meanwhile.',
          ].join('\n'),
          success: 'The requests, newest first.',
          errors: ['status_invalid', 'cursor_invalid'],
        },
        {
          summary: 'Requests routed to you and those you acted on, newest first',
          querystring: Type.Object(
            {
              status: Type.Optional(Type.String({ description: 'open (default), all, or one status' })),
              limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
              cursor: CursorParam,
            },
            { additionalProperties: false },
          ),
          response: { 200: RequestList },
        },
      ),
      // Answered as the bytes this route's serializer writes, kept between calls; the items
      // themselves as they were written and kept (migration 0076).
      async (request, reply) =>
        cachedRead(
          reply,
          readCache,
          requests.list(request.caller!, request.query, { write: writeItem, verify: readCache.verifying }),
          withItems,
        ),
    );

    app.get(
      '/v1/requests/:id',
      keyed(
        OPENS.read,
        {
          operationId: 'getRequest',
          summary: 'The underwriting packet of one request',
          description:
            'Everything needed to decide on one request: the request, the consent of each debtor, the receivables (invoices), the score, your offer and the risk view. Readable while the request is routed to you or after you acted on it; otherwise it answers 404, as if it did not exist.',
          success: 'The packet of the request.',
          errors: [],
        },
        {
          summary: 'The underwriting packet of one request',
          params: IdParams,
          response: { 200: Packet },
        },
      ),
      // Answered as this route's serializer wrote the packet, kept between calls and kept as
      // written (migration 0076).
      async (request, reply) =>
        cachedRead(
          reply,
          readCache,
          requests.packet(request.caller!, request.params.id, {
            write: writePacket,
            verify: readCache.verifying,
          }),
          asWritten,
        ),
    );
  };
}
