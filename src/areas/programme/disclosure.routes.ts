import type { App } from '../../platform/http/app.ts';
import { IdParams } from '../../platform/http/schemas.ts';
import type { RequestDisclosureService } from '../requests/request-disclosure.service.ts';
import { AnnounceBody, AnnounceResult, RequestNotices } from './disclosure.schemas.ts';

/** Announcing a confidential request, and its notices of assignment. */
export function disclosureRoutes(deps: { disclosure: RequestDisclosureService }) {
  const { disclosure } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };

    app.post(
      '/v1/requests/:id/announce',
      {
        ...key,
        schema: {
          tags: ['Requests'],
          summary: 'Announce a confidential request to its debtors',
          params: IdParams,
          body: AnnounceBody,
          response: { 200: AnnounceResult },
        },
      },
      async (request) => disclosure.announce(request.caller!, request.params.id, request.body),
    );

    app.get(
      '/v1/requests/:id/notices',
      {
        ...key,
        schema: {
          tags: ['Requests'],
          summary: 'The notices of assignment of a request, as prepared for each debtor',
          params: IdParams,
          response: { 200: RequestNotices },
        },
      },
      async (request) => disclosure.notices(request.caller!, request.params.id),
    );
  };
}
