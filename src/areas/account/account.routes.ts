import type { Clock } from '../../platform/clock.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { ex } from '../../platform/http/openapi/examples.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { API_VERSION } from '../../platform/version.ts';
import { Health, Me } from './account.schemas.ts';
import type { AccountService } from './account.service.ts';

const keyed = keyRoutes('Account');

export function accountRoutes({ account, clock }: { account: AccountService; clock: Clock }): AreaRoutes {
  return (app) => {
    // No key and no database: a load balancer may call it as often as it likes.
    app.get(
      '/v1/health',
      {
        config: {
          auth: 'none',
          // Called every few seconds by load balancers and monitors: its access line is debug.
          accessLog: 'debug',
          operation: {
            operationId: 'getHealth',
            summary: 'Service health',
            tag: 'Account',
            description:
              'Answers as long as the process serves HTTP. It needs no key, reads no database and is never rate limited, so a load balancer or a monitor may call it as often as it likes. `api_version` names the revision of the API being served.',
            success: 'The service is up.',
            errors: [],
            responseExamples: {
              '200': {
                ok: { summary: 'Up', value: { status: 'ok', api_version: '2026-09-23', time: ex.now } },
              },
            },
          },
        },
        schema: { response: { 200: Health } },
      },
      async () => ({ status: 'ok' as const, api_version: API_VERSION, time: clock.now().toISOString() }),
    );

    app.get(
      '/v1/me',
      keyed(
        OPENS.anyKey,
        {
          operationId: 'getMe',
          summary: 'The calling key and its funder',
          description:
            'Tells who is calling: the funder the key belongs to, the environment it works in (`live` sees the live plane, `sandbox` the shared demonstration plane, `unclassified` nothing yet) and the key itself with its scopes and expiry. A good first call to check a key. Any valid key may call it.',
          success: 'The key, its funder and environment.',
          errors: [],
          responseExamples: {
            '200': {
              sandbox: {
                summary: 'A sandbox key',
                value: {
                  api_version: '2026-09-23',
                  environment: 'sandbox',
                  funder: { bank_id: ex.funderId, name: ex.funderName },
                  key: {
                    id: ex.keyId,
                    name: 'Integration tests',
                    prefix: 'svc_fk_3c9a1',
                    scopes: ['requests:read', 'decisions:write'],
                    created_at: '2026-09-30T08:00:00.000Z',
                    expires_at: null,
                    prospect: null,
                  },
                },
              },
            },
          },
        },
        { response: { 200: Me } },
      ),
      async (request) => account.me(request.caller!),
    );
  };
}
