import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/http/app.ts';
import { API_VERSION } from '../../platform/version.ts';
import { Health, Me } from './account.schemas.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(deps: { account: AccountService; clock: Clock }) {
  return (app: App) => {
    // No key and no database: a load balancer may call it as often as it likes.
    app.get(
      '/v1/health',
      {
        config: { auth: 'none' },
        schema: { tags: ['Account'], summary: 'Service health', response: { 200: Health } },
      },
      async () => ({ status: 'ok' as const, api_version: API_VERSION, time: deps.clock.now().toISOString() }),
    );

    app.get(
      '/v1/me',
      {
        config: { auth: 'key' },
        schema: { tags: ['Account'], summary: 'The calling key and its funder', response: { 200: Me } },
      },
      async (request) => deps.account.me(request.caller!),
    );
  };
}
