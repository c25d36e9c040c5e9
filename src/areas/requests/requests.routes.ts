import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import { Packet, RequestList } from './requests.schemas.ts';
import type { RequestsService } from './requests.service.ts';

export function requestsRoutes(deps: { requests: RequestsService }) {
  return (app: App) => {
    app.get(
      '/v1/requests',
      {
        config: { auth: 'key' },
        schema: {
          tags: ['Requests'],
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
        config: { auth: 'key' },
        schema: {
          tags: ['Requests'],
          summary: 'The underwriting packet of one request',
          params: IdParams,
          response: { 200: Packet },
        },
      },
      async (request) => deps.requests.packet(request.caller!, request.params.id),
    );
  };
}
