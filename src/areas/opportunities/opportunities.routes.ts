import type { App } from '../../platform/http/app.ts';
import { OpportunitiesAnswer, OpportunitiesQuery } from './opportunities.schemas.ts';
import type { OpportunitiesService } from './opportunities.service.ts';

/** The morning digest of opportunities, for funders. */
export function opportunitiesRoutes(deps: { opportunities: OpportunitiesService }) {
  const { opportunities } = deps;
  return (app: App) => {
    app.get(
      '/v1/opportunities',
      {
        config: { auth: 'key' as const },
        schema: {
          tags: ['Opportunities'],
          querystring: OpportunitiesQuery,
          response: { 200: OpportunitiesAnswer },
        },
      },
      async (request) => opportunities.digest(request.caller!, request.query),
    );
  };
}
