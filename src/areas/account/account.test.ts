import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../test/support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service?.close());

describe('GET /v1/health', () => {
  it('answers without a key, naming the API revision and the time', async () => {
    const answer = await service.call(null, 'GET', '/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', api_version: '2026-09-23', time: expect.any(String) });
    expect(new Date(answer.body.time as string).toISOString()).toBe(answer.body.time);
    expect(answer.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('GET /v1/me', () => {
  it('describes the calling key and its funder', async () => {
    const funder = await service.given.funder({ environment: 'live', name: 'Banco Ejemplo' });
    const key = await service.given.key({
      bankId: funder.bank_id,
      scopes: ['requests:read'],
      name: 'treasury',
    });
    const answer = await service.call(key.secret, 'GET', '/v1/me');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      api_version: '2026-09-23',
      environment: 'live',
      funder: { bank_id: funder.bank_id, name: 'Banco Ejemplo' },
      key: {
        id: key.id,
        name: 'treasury',
        prefix: key.secret.slice(0, 12),
        scopes: ['requests:read'],
        created_at: expect.any(String),
        expires_at: null,
        prospect: null,
      },
    });
  });

  it('names the environment of the funder: sandbox for a demonstration key', async () => {
    const sandbox = await service.given.sandbox();
    const answer = await service.call(sandbox.key, 'GET', '/v1/me');
    expect(answer.status).toBe(200);
    expect(answer.body.environment).toBe('sandbox');
    expect((answer.body.key as { prospect: string }).prospect).toBe('test prospect');
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine

  it('answers a wrong method with 405 and an Allow header', async () => {
    const { key } = await service.given.funderWithKey();
    const answer = await service.call(key, 'POST', '/v1/me', { body: {} });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET');
    expect((answer.body as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });
});
