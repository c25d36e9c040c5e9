import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/platform/http/app.ts';
import { startService, type TestService } from './support/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  await service?.close();
});

/** Every operations route, each path parameter filled with a well-formed id. */
const opsRoutes = () =>
  service.app.routeInputs
    .filter((route) => route.url.startsWith('/ops/'))
    .map((route) => ({
      method: route.method,
      url: route.url.replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000'),
    }));

describe('the operations routes', () => {
  it('every one takes the operator token: no token, a wrong one or an API key get 401', async () => {
    const routes = opsRoutes();
    expect(routes.length).toBeGreaterThan(30);
    // Each call from an address of its own, so that the refusals are not counted towards a limit.
    let caller = 0;
    for (const { method, url } of routes) {
      for (const authorization of [undefined, 'Bearer ops_wrong', 'Bearer fk_test_not_an_operator']) {
        caller += 1;
        const answer = await service.app.inject({
          method: method as 'GET',
          url,
          headers: authorization ? { authorization } : {},
          remoteAddress: `10.7.${caller >> 8}.${caller & 255}`,
        });
        const seen = { status: answer.statusCode, code: answer.json().error?.code };
        expect(seen, `${method} ${url} with ${authorization ?? 'no token'}`).toEqual({
          status: 401,
          code: 'unauthorized',
        });
      }
    }
  });

  /** An app built from the service's own parts with one route of the test's. */
  const buildWith = (route: Parameters<typeof buildApp>[0]['routes'][number]) => {
    const { runtime } = service;
    return buildApp({
      db: runtime.db,
      clock: runtime.clock,
      logger: runtime.logger,
      rateCounter: runtime.rateCounter,
      opsToken: service.opsToken,
      lookupKey: runtime.services.account.lookupKey,
      lookupOperator: runtime.services.account.lookupOperator,
      secrets: runtime.secrets,
      routes: [route],
      events: runtime.services.events,
    });
  };

  it('a route under /ops/ that declares another kind of caller stops the start', async () => {
    await expect(
      buildWith((app) => {
        app.get('/ops/v1/declared-public', { config: { auth: 'none' } }, async () => ({}));
      }),
    ).rejects.toThrow(/is an operations route: it takes the operator token/);
  });

  it('a route under /ops/ that declares no operator role stops the start', async () => {
    await expect(
      buildWith((app) => {
        app.post('/ops/v1/undeclared', async () => ({}));
      }),
    ).rejects.toThrow(/POST \/ops\/v1\/undeclared declares no operator role/);
  });
});
