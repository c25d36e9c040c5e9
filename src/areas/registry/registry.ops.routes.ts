import type { AreaRoutes } from '../../platform/http/app.ts';
import { RegistryChangeBody, RegistryOpsState } from './registry.schemas.ts';
import type { RegistryService } from './registry.service.ts';

/** The operations team opens and closes the live plane's registry. */
export function registryOpsRoutes({ registry }: { registry: RegistryService }): AreaRoutes {
  return (app) => {
    app.get('/ops/v1/registry', { schema: { response: { 200: RegistryOpsState } } }, async () =>
      registry.opsState(),
    );

    for (const [action, open] of [
      ['open', true],
      ['close', false],
    ] as const) {
      app.post(
        `/ops/v1/registry/${action}`,
        { schema: { body: RegistryChangeBody, response: { 200: RegistryOpsState } } },
        async (request) => registry.setOpen(request.operator!, open, request.body.reason),
      );
    }
  };
}
