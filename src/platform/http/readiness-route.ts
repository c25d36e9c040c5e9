import { ApiError } from '../errors.ts';
import type { Readiness } from '../readiness.ts';
import type { App } from './app-types.ts';

/** Where a load balancer asks whether to send calls (docs/decisions/operations.md, "Readiness"). */
export const READINESS_PATH = '/readyz';

/**
 * Mounts readiness on a listener: no key (a load balancer calls it), never rate limited, left
 * out of the OpenAPI document (it is the platform's, not an integrator's). 200 when every check
 * passes, else 503 `not_ready` in the error envelope, naming each check and nothing more.
 *
 * While the process drains, every answer asks its client to close the connection: a client on
 * a kept-alive connection opens a new one, which the load balancer sends elsewhere.
 */
export function registerReadiness(app: App, readiness: Readiness): void {
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });
  app.get(
    READINESS_PATH,
    { config: { auth: 'none', accessLog: 'debug' }, schema: { hide: true } },
    async () => {
      const report = await readiness.check();
      if (!report.ready) {
        const failing = report.checks
          .filter((check) => check.status === 'failing')
          .map((check) => check.name);
        throw new ApiError('not_ready', `Not ready: ${failing.join(', ')}.`, {
          extra: { checks: report.checks },
        });
      }
      return { status: 'ready', checks: report.checks };
    },
  );
}
