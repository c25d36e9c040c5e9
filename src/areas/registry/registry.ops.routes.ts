import type { AreaRoutes } from '../../platform/http/app.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import { RegistryChangeBody, RegistryOpsState } from './registry.schemas.ts';
import type { RegistryService } from './registry.service.ts';

/** The operations team opens and closes the live plane's registry. */
export function registryOpsRoutes({ registry }: { registry: RegistryService }): AreaRoutes {
  return (app) => {
    app.get(
      '/ops/v1/registry',
      { config: opsRole('auditor'), schema: { response: { 200: RegistryOpsState } } },
      async () => registry.opsState(),
    );

    for (const [action, open] of [
      ['open', true],
      ['close', false],
    ] as const) {
      app.post(
        `/ops/v1/registry/${action}`,
        // Opening or closing the live registry is a control of the service: an admin's.
        {
          config: opsRole('admin'),
          schema: { body: RegistryChangeBody, response: { 200: RegistryOpsState } },
        },
        async (request) => registry.setOpen(request.operator!, open, request.body.reason),
      );
    }
  };
}
