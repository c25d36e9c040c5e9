import type { App } from '../../platform/http/app.ts';
import { RegistryLookupAnswer, RegistryLookupBody, RegistryStatus } from './registry.schemas.ts';
import type { RegistryService } from './registry.service.ts';

/** The assignment registry, for funders: its state and the look-ups. */
export function registryRoutes(deps: { registry: RegistryService }) {
  const { registry } = deps;
  return (app: App) => {
    const key = { config: { auth: 'key' as const } };

    app.get(
      '/v1/registry',
      { ...key, schema: { tags: ['Registry'], response: { 200: RegistryStatus } } },
      async (request) => registry.status(request.caller!),
    );

    app.post(
      '/v1/registry/lookups',
      {
        ...key,
        schema: { tags: ['Registry'], body: RegistryLookupBody, response: { 200: RegistryLookupAnswer } },
      },
      async (request) => registry.lookup(request.caller!, request.body),
    );
  };
}
