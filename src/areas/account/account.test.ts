import { describe, expect, it } from 'vitest';
import { startGiven } from '../../../test/support/service.ts';

const { service } = startGiven();

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
    const funder = await service.given.funderAccount({ environment: 'live', name: 'Banco Ejemplo' });
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
    const sandbox = await service.given.demoFunder();
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

describe('a key’s plane is fixed when it is issued', () => {
  const classify = (bankId: string, environment: string) =>
    service.ops<{ error: { code: string; message: string } }>('POST', `/ops/v1/funders/${bankId}/classify`, {
      environment,
    });
  const environmentOf = async (key: string) => (await service.call(key, 'GET', '/v1/me')).body.environment;

  it('the demonstration funder can never be classified live or unclassified: 409 classification_refused', async () => {
    const sandbox = await service.given.demoFunder();
    for (const environment of ['live', 'unclassified']) {
      const refused = await classify(sandbox.bankId, environment);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('classification_refused');
      expect(refused.body.error.message).toContain('demonstration');
    }
    expect(await environmentOf(sandbox.key)).toBe('sandbox');
    const funder = await service.ops<{ funder: { environment: string } }>(
      'GET',
      `/ops/v1/funders/${sandbox.bankId}`,
    );
    expect(funder.body.funder.environment).toBe('sandbox');
  });

  it('a live funder never becomes sandbox nor unclassified, and its keys stay live', async () => {
    const live = await service.given.funderWithKey({ environment: 'live' });
    for (const environment of ['sandbox', 'unclassified']) {
      const refused = await classify(live.bankId, environment);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('classification_refused');
    }
    expect(await environmentOf(live.key)).toBe('live');
    // Classifying it live again changes nothing and is not refused.
    const again = await service.ops('POST', `/ops/v1/funders/${live.bankId}/classify`, {
      environment: 'live',
    });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
  });

  it('a sandbox key stays a sandbox key when its funder becomes live; keys issued after are live', async () => {
    const prospect = await service.given.funderWithKey({ environment: 'sandbox' });
    expect((await classify(prospect.bankId, 'live')).status).toBe(200);
    expect(await environmentOf(prospect.key)).toBe('sandbox');
    const liveKey = await service.given.key({ bankId: prospect.bankId });
    expect(await environmentOf(liveKey.secret)).toBe('live');
    const keys = await service.ops<{ keys: { id: string }[] }>(
      'GET',
      `/ops/v1/keys?bank_id=${prospect.bankId}`,
    );
    expect(keys.body.keys.map((key) => key.id).sort()).toEqual([prospect.keyId, liveKey.id].sort());
  });

  it('an unclassified funder’s keys see nothing until it is classified, then keep the plane it got', async () => {
    const funder = await service.given.funderAccount({ environment: 'unclassified' });
    const key = await service.given.key({ bankId: funder.bank_id });
    expect(await environmentOf(key.secret)).toBe('unclassified');
    const list = await service.call(key.secret, 'GET', '/v1/requests?status=all');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 0, requests: [] });

    expect((await classify(funder.bank_id, 'sandbox')).status).toBe(200);
    expect(await environmentOf(key.secret)).toBe('sandbox');
    // Back to unclassified: nothing again; then live: the key keeps the sandbox plane it got.
    expect((await classify(funder.bank_id, 'unclassified')).status).toBe(200);
    expect(await environmentOf(key.secret)).toBe('unclassified');
    expect((await classify(funder.bank_id, 'live')).status).toBe(200);
    expect(await environmentOf(key.secret)).toBe('sandbox');
  });

  it('the database itself refuses to move a key to the other plane or the demonstration funder off sandbox', async () => {
    const live = await service.given.funderWithKey({ environment: 'live' });
    await expect(
      service.db.query(`UPDATE api_keys SET plane = 'demo' WHERE id = $1`, [live.keyId]),
    ).rejects.toThrow(/fixed/);
    await expect(
      service.db.query(`UPDATE funders SET environment = 'sandbox' WHERE id = $1`, [live.bankId]),
    ).rejects.toThrow(/live/);
    const sandbox = await service.given.demoFunder();
    await expect(
      service.db.query(`UPDATE funders SET environment = 'live' WHERE id = $1`, [sandbox.bankId]),
    ).rejects.toThrow();
    expect(await environmentOf(live.key)).toBe('live');
  });
});
