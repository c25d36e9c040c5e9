import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { type Answer, startService, type TestService } from '../../../test/support/service.ts';
import { BAD_KEY_LIMIT_PER_MINUTE } from './auth.ts';
import { operationKey, SCOPES, type Scope } from './scopes.ts';

type ErrorBody = { error: Record<string, unknown> & { code: string; message: string; request_id: string } };

// Bad credentials from 127.0.0.1 count towards BAD_KEY_LIMIT_PER_MINUTE for this whole file:
// tests sending many of them use an address of their own (callFrom).
let service: TestService;
/** Each key-protected operation and the scopes its route declares, read off the running app. */
let operationScopes: Record<string, readonly Scope[]> = {};
beforeAll(async () => {
  service = await startService();
  operationScopes = Object.fromEntries(
    service.app.operations
      .all()
      .filter((operation) => operation.scopes !== null)
      .map((operation) => [operation.key, operation.scopes!]),
  );
});
afterAll(async () => service?.close());

/** A call from a given client address (bad-key throttling counts per address). */
async function callFrom(address: string, authorization: string | null, url = '/v1/me'): Promise<Answer> {
  const response = await service.app.inject({
    method: 'GET',
    url,
    remoteAddress: address,
    headers: authorization === null ? {} : { authorization },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const unknownKey = () =>
  `svc_fk_${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

async function clockNow(): Promise<Date> {
  const answer = await service.ops<{ now: string }>('GET', '/ops/v1/clock');
  expect(answer.status).toBe(200);
  return new Date(answer.body.now);
}

describe('API keys', () => {
  it('a call without an Authorization header is refused with unauthorized', async () => {
    const answer = await service.call(null, 'GET', '/v1/me');
    const error = expectError(answer, 401, 'unauthorized');
    expect(error.message).toContain('Bearer svc_fk_');
  });

  it.each([
    ['a key without its svc_fk_ prefix', `Bearer ${'a'.repeat(64)}`],
    ['a key one character short', `Bearer svc_fk_${'a'.repeat(63)}`],
    ['a key one character long', `Bearer svc_fk_${'a'.repeat(65)}`],
    ['a key with characters that are not hexadecimal', `Bearer svc_fk_${'g'.repeat(64)}`],
    ['another authentication scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`],
    ['the word Bearer with no key', 'Bearer '],
    ['two keys in one header', `Bearer svc_fk_${'a'.repeat(64)} svc_fk_${'b'.repeat(64)}`],
  ])('a malformed key is refused with unauthorized: %s', async (_what, header) => {
    const answer = await service.call(null, 'GET', '/v1/me', { headers: { authorization: header } });
    expectError(answer, 401, 'unauthorized');
  });

  it('a well-formed key the service never issued is refused with unauthorized', async () => {
    const answer = await service.call(unknownKey(), 'GET', '/v1/me');
    expectError(answer, 401, 'unauthorized');
  });

  it('a valid key works whatever the case of the word Bearer', async () => {
    const { key } = await service.given.funderWithKey();
    const answer = await service.call(null, 'GET', '/v1/me', { headers: { authorization: `bearer ${key}` } });
    expect(answer.status).toBe(200);
  });

  it('a revoked key is refused with unauthorized', async () => {
    const { key, keyId } = await service.given.funderWithKey();
    expect((await service.call(key, 'GET', '/v1/me')).status).toBe(200);
    const revoked = await service.ops('POST', `/ops/v1/keys/${keyId}/revoke`, { reason: 'leaked' });
    expect(revoked.status).toBe(200);
    expectError(await service.call(key, 'GET', '/v1/me'), 401, 'unauthorized');
  });

  it('revoking one key leaves the funder’s other keys working', async () => {
    const funder = await service.given.funderAccount();
    const first = await service.given.key({ bankId: funder.bank_id });
    const second = await service.given.key({ bankId: funder.bank_id });
    expect((await service.ops('POST', `/ops/v1/keys/${first.id}/revoke`)).status).toBe(200);
    expectError(await service.call(first.secret, 'GET', '/v1/me'), 401, 'unauthorized');
    const answer = await service.call(second.secret, 'GET', '/v1/me');
    expect(answer.status).toBe(200);
    expect((answer.body.key as { id: string }).id).toBe(second.id);
  });

  it('a key works until its expiry and from then on is refused with key_expired', async () => {
    const funder = await service.given.funderAccount();
    const expiresAt = new Date((await clockNow()).getTime() + 60_000);
    const key = await service.given.key({ bankId: funder.bank_id, expiresAt: expiresAt.toISOString() });

    const before = await service.call(key.secret, 'GET', '/v1/me');
    expect(before.status).toBe(200);
    expect((before.body.key as { expires_at: string }).expires_at).toBe(expiresAt.toISOString());

    await service.advanceClock(59);
    expect((await service.call(key.secret, 'GET', '/v1/me')).status).toBe(200);

    await service.advanceClock(1);
    const at = await service.call(key.secret, 'GET', '/v1/me');
    const error = expectError(at, 401, 'key_expired');
    expect(error.message).toMatch(/expired/i);

    await service.advanceClock(3600);
    expectError(await service.call(key.secret, 'GET', '/v1/me'), 401, 'key_expired');
  });

  it('an expired key that was also revoked is refused with unauthorized', async () => {
    const funder = await service.given.funderAccount();
    const expiresAt = new Date((await clockNow()).getTime() + 30_000);
    const key = await service.given.key({ bankId: funder.bank_id, expiresAt: expiresAt.toISOString() });
    expect((await service.ops('POST', `/ops/v1/keys/${key.id}/revoke`)).status).toBe(200);
    await service.advanceClock(31);
    expectError(await service.call(key.secret, 'GET', '/v1/me'), 401, 'unauthorized');
  });
});

describe('repeated bad keys from one address', () => {
  it(`are answered rate_limited after ${BAD_KEY_LIMIT_PER_MINUTE} in a minute, while a valid key from that address still works`, async () => {
    // A fresh address and a fresh minute, so no other test's bad calls count here.
    const now = await clockNow();
    await service.advanceClock(60 - ((now.getTime() / 1000) % 60));
    const address = '203.0.113.7';
    const bad = [null, 'Bearer nonsense', `Bearer ${unknownKey()}`];

    for (let i = 0; i < BAD_KEY_LIMIT_PER_MINUTE; i++) {
      const answer = await callFrom(address, bad[i % bad.length]!);
      expect(answer.status, `bad call ${i + 1}`).toBe(401);
    }
    const refused = await callFrom(address, `Bearer ${unknownKey()}`);
    const error = expectError(refused, 429, 'rate_limited');
    expect(refused.headers['retry-after']).toBe('60');
    expect(error).toMatchObject({
      retry_after_seconds: 60,
      limit: BAD_KEY_LIMIT_PER_MINUTE,
      window_seconds: 60,
    });

    // A call with no key at all is throttled the same way.
    expectError(await callFrom(address, null), 429, 'rate_limited');

    // Another address is not affected.
    expectError(await callFrom('203.0.113.8', `Bearer ${unknownKey()}`), 401, 'unauthorized');

    // The funder's own valid key, from the throttled address, is served.
    const { key } = await service.given.funderWithKey();
    const served = await callFrom(address, `Bearer ${key}`);
    expect(served.status).toBe(200);

    // A revoked key from that address counts as a bad key.
    const revoked = await service.given.funderWithKey();
    await service.ops('POST', `/ops/v1/keys/${revoked.keyId}/revoke`);
    expectError(await callFrom(address, `Bearer ${revoked.key}`), 429, 'rate_limited');

    // A wrong operator token is throttled too.
    expectError(
      await callFrom(address, 'Bearer not-the-operator-token', '/ops/v1/funders'),
      429,
      'rate_limited',
    );

    // Once the minute is over, a bad key is told unauthorized again.
    await service.advanceClock(60);
    expectError(await callFrom(address, `Bearer ${unknownKey()}`), 401, 'unauthorized');
  });
});

describe('funders', () => {
  it('a key of a suspended funder is refused with forbidden, and works again when the funder is reactivated', async () => {
    const { bankId, key } = await service.given.funderWithKey();
    expect((await service.call(key, 'GET', '/v1/me')).status).toBe(200);

    const suspended = await service.ops('POST', `/ops/v1/funders/${bankId}/status`, {
      status: 'suspended',
      reason: 'contract ended',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ funder: { bank_id: bankId, status: 'suspended' }, changed: true });
    const error = expectError(await service.call(key, 'GET', '/v1/me'), 403, 'forbidden');
    expect(error.message).toMatch(/not active/);

    const again = await service.ops('POST', `/ops/v1/funders/${bankId}/status`, { status: 'suspended' });
    expect(again.body).toMatchObject({ changed: false });

    const reactivated = await service.ops('POST', `/ops/v1/funders/${bankId}/status`, { status: 'active' });
    expect(reactivated.body).toMatchObject({ funder: { status: 'active' }, changed: true });
    expect((await service.call(key, 'GET', '/v1/me')).status).toBe(200);
  });

  it('suspending one funder leaves other funders’ keys working', async () => {
    const suspended = await service.given.funderWithKey();
    const other = await service.given.funderWithKey();
    await service.ops('POST', `/ops/v1/funders/${suspended.bankId}/status`, { status: 'suspended' });
    expectError(await service.call(suspended.key, 'GET', '/v1/me'), 403, 'forbidden');
    expect((await service.call(other.key, 'GET', '/v1/me')).status).toBe(200);
  });

  it('a key of a funder not yet classified works and reports the environment unclassified', async () => {
    const funder = await service.given.funderAccount({ environment: 'unclassified', name: 'Fondo Nuevo' });
    const key = await service.given.key({ bankId: funder.bank_id, scopes: ['requests:read'] });
    const answer = await service.call(key.secret, 'GET', '/v1/me');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      environment: 'unclassified',
      funder: { bank_id: funder.bank_id, name: 'Fondo Nuevo' },
      key: { id: key.id, scopes: ['requests:read'] },
    });
  });

  it('classifying a funder gives its keys issued while unclassified their plane, once', async () => {
    const funder = await service.given.funderAccount({ environment: 'unclassified' });
    const key = await service.given.key({ bankId: funder.bank_id });
    expect((await service.call(key.secret, 'GET', '/v1/me')).body.environment).toBe('unclassified');

    const live = await service.ops('POST', `/ops/v1/funders/${funder.bank_id}/classify`, {
      environment: 'live',
    });
    expect(live.status).toBe(200);
    expect((await service.call(key.secret, 'GET', '/v1/me')).body.environment).toBe('live');

    const refused = await service.ops('POST', `/ops/v1/funders/${funder.bank_id}/classify`, {
      environment: 'sandbox',
    });
    expect(refused.status).toBe(409);
    expect((await service.call(key.secret, 'GET', '/v1/me')).body.environment).toBe('live');
  });

  it('GET /v1/me needs no particular scope: a key with no scope at all can read it', async () => {
    const funder = await service.given.funderAccount();
    const key = await service.given.key({ bankId: funder.bank_id, scopes: [] });
    const answer = await service.call(key.secret, 'GET', '/v1/me');
    expect(answer.status).toBe(200);
    expect((answer.body.key as { scopes: string[] }).scopes).toEqual([]);
  });
});

/**
 * Scopes over HTTP, on every operation the running app registers with a required scope (read
 * from its OpenAPI document, which takes them from the scope table). The scope check runs
 * before the path, body or handler, so placeholder ids are enough.
 */
describe('scopes on the running API', () => {
  const placeholder = '00000000-0000-4000-8000-000000000000';
  async function scopedOperations(): Promise<{ method: string; path: string; scopes: string[] }[]> {
    const doc = await service.call<{
      paths: Record<string, Record<string, { 'x-required-scopes'?: string[] }>>;
    }>(null, 'GET', '/v1/openapi.json');
    expect(doc.status).toBe(200);
    return Object.entries(doc.body.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation['x-required-scopes'] ?? []).length > 0)
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, placeholder),
          scopes: operation['x-required-scopes']!,
        })),
    );
  }

  it('a key lacking the scope an operation needs is refused with forbidden, naming the scopes that would open it', async () => {
    const funder = await service.given.funderAccount();
    const none = await service.given.key({ bankId: funder.bank_id, scopes: [] });
    for (const { method, path, scopes } of await scopedOperations()) {
      const others = await service.given.key({
        bankId: funder.bank_id,
        scopes: SCOPES.filter((scope) => !scopes.includes(scope)),
      });
      for (const key of [none.secret, others.secret]) {
        const answer = await service.call(key, method, path, method === 'GET' ? {} : { body: {} });
        const error = expectError(answer, 403, 'forbidden');
        expect(error.required_scopes, `${method} ${path}`).toEqual(scopes);
      }
    }
  });

  it('a key holding any one of the scopes an operation accepts gets past the scope check', async () => {
    const funder = await service.given.funderAccount();
    const keys = new Map<string, string>();
    for (const scope of SCOPES) {
      keys.set(scope, (await service.given.key({ bankId: funder.bank_id, scopes: [scope] })).secret);
    }
    // Reads only: a write with a real key could change something.
    for (const { method, path, scopes } of (await scopedOperations()).filter((o) => o.method === 'GET')) {
      for (const scope of scopes) {
        const answer = await service.call(keys.get(scope)!, method, path);
        expect((answer.body as Partial<ErrorBody>).error?.code, `${method} ${path} with ${scope}`).not.toBe(
          'forbidden',
        );
        expect(answer.status, `${method} ${path} with ${scope}`).not.toBe(401);
      }
    }
  });
});

/**
 * The scope table against the spec (Authentication). No funder route needing a scope exists
 * yet, so the table the auth hook reads is checked here rule by rule.
 */
describe('the scope each operation needs', () => {
  const specScopes = [
    'requests:read',
    'limits:read',
    'limits:write',
    'decisions:write',
    'settings:write',
    'statements:write',
    'clients:write',
    'webhooks:write',
    'onboarding:write',
    'exports:write',
  ];

  it('the service knows exactly the scopes the spec lists', () => {
    expect([...SCOPES].sort()).toEqual([...specScopes].sort());
  });

  it('every operation in the table is a /v1 path opened only by known scopes', () => {
    for (const [operation, scopes] of Object.entries(operationScopes)) {
      expect(operation).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/v1\/[a-z0-9/{}_-]+$/);
      for (const scope of scopes) expect(specScopes, operation).toContain(scope);
      expect(new Set(scopes).size, `${operation} lists a scope twice`).toBe(scopes.length);
    }
  });

  it('every operation except GET /v1/me needs some scope', () => {
    const open = Object.entries(operationScopes)
      .filter(([, scopes]) => scopes.length === 0)
      .map(([operation]) => operation);
    expect(open).toEqual(['GET /v1/me']);
  });

  it('Fastify route parameters are named as the OpenAPI document writes them', () => {
    expect(operationKey('get', '/v1/requests/:id')).toBe('GET /v1/requests/{id}');
    expect(operationScopes['GET /v1/requests/{id}']).toEqual(['requests:read']);
    expect(operationScopes['POST /v1/webhooks/{id}/rotate-secret']).toEqual([
      'webhooks:write',
      'decisions:write',
    ]);
    expect(operationScopes['GET /v1/nothing-here']).toBeUndefined();
  });

  // "Scopes accepted per operation" in the spec, exactly.
  const exactly: [string, string[]][] = [
    ['POST /v1/requests/{id}/decision', ['decisions:write']],
    ['POST /v1/requests/{id}/consent-level', ['decisions:write']],
    ['PUT /v1/required-documents', ['settings:write', 'decisions:write']],
    ['PUT /v1/settings', ['settings:write', 'decisions:write']],
    ['PUT /v1/programme', ['settings:write', 'decisions:write']],
    ['POST /v1/requests/{id}/announce', ['decisions:write']],
    ['POST /v1/recourse/{id}/close', ['decisions:write']],
    ['GET /v1/credit-limits', ['limits:read', 'requests:read']],
    ['GET /v1/seller-limits', ['limits:read', 'requests:read']],
    ['PUT /v1/credit-limits', ['limits:write', 'decisions:write']],
    ['POST /v1/credit-limits/import', ['limits:write', 'decisions:write']],
    ['PUT /v1/seller-limits', ['limits:write', 'decisions:write']],
    ['GET /v1/payer-record', ['limits:read', 'requests:read']],
    ['POST /v1/statements', ['statements:write', 'decisions:write']],
    ['GET /v1/webhooks', ['webhooks:write', 'decisions:write', 'requests:read']],
  ];
  it.each(exactly)('%s accepts exactly the scopes the spec names', (operation, scopes) => {
    expect([...(operationScopes[operation] ?? ['<missing>'])].sort()).toEqual([...scopes].sort());
  });

  // What each scope "Allows", in the spec's scope table: the scope must open these operations.
  const opens: [string, string[]][] = [
    [
      'requests:read',
      [
        'GET /v1/requests',
        'GET /v1/requests/{id}',
        'GET /v1/requests/{id}/documents',
        'GET /v1/requests/{id}/notices',
        'GET /v1/requests/{id}/debtors',
        'GET /v1/requests/{id}/cash-flow',
        'GET /v1/settings',
        'GET /v1/required-documents',
        'GET /v1/credit-limits',
        'GET /v1/seller-limits',
        'GET /v1/payer-record',
        'GET /v1/programme',
        'GET /v1/recourse',
        'GET /v1/bank-data',
        'GET /v1/prescribers',
        'GET /v1/client-links',
        'GET /v1/client-invitations',
        'GET /v1/prescribers/report',
        'GET /v1/onboarding-links',
        'GET /v1/onboarding-links/{id}',
        'GET /v1/webhooks',
        'GET /v1/webhooks/{id}/deliveries',
      ],
    ],
    ['limits:read', ['GET /v1/credit-limits', 'GET /v1/seller-limits', 'GET /v1/payer-record']],
    ['limits:write', ['PUT /v1/credit-limits', 'POST /v1/credit-limits/import', 'PUT /v1/seller-limits']],
    ['settings:write', ['PUT /v1/settings', 'PUT /v1/required-documents', 'PUT /v1/programme']],
    ['statements:write', ['POST /v1/statements']],
    [
      'clients:write',
      [
        'POST /v1/prescribers',
        'POST /v1/prescribers/{id}/disable',
        'POST /v1/client-links',
        'POST /v1/client-links/{id}/disable',
        // beyond the spec: revoking an invitation is managing clients (docs/decisions/clients.md)
        'POST /v1/client-invitations/{id}/revoke',
        'GET /v1/prescribers',
        'GET /v1/client-links',
        'GET /v1/client-invitations',
        'GET /v1/prescribers/report',
      ],
    ],
    [
      'webhooks:write',
      [
        'POST /v1/webhooks',
        'DELETE /v1/webhooks/{id}',
        'POST /v1/webhooks/{id}/rotate-secret',
        'POST /v1/webhooks/{id}/test',
        'GET /v1/webhooks',
        'GET /v1/webhooks/{id}/deliveries',
        // beyond the spec: retrying a delivery is managing the endpoint (docs/decisions/webhooks.md)
        'POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry',
        // beyond the spec: recovering what an endpoint missed is managing it too
        'POST /v1/webhooks/{id}/recover',
        'GET /v1/events',
      ],
    ],
    [
      'onboarding:write',
      [
        'POST /v1/onboarding-links',
        'GET /v1/onboarding-links',
        'GET /v1/onboarding-links/{id}',
        // beyond the spec: revoking a link the funder made (docs/decisions/clients.md)
        'POST /v1/onboarding-links/{id}/revoke',
        // the sandbox helpers that play the supplier of a link the key made
        'POST /v1/sandbox/onboarding-links/{id}/account',
        'POST /v1/sandbox/onboarding-links/{id}/complete',
      ],
    ],
    ['exports:write', ['POST /v1/exports', 'GET /v1/exports', 'GET /v1/exports/{id}']],
    [
      'decisions:write',
      [
        'POST /v1/requests/{id}/decision',
        'POST /v1/requests/{id}/consent-level',
        'POST /v1/requests/{id}/announce',
        'POST /v1/recourse/{id}/close',
        'PUT /v1/programme',
        // every write on settings, limits, statements, clients, onboarding links, webhooks
        'PUT /v1/settings',
        'PUT /v1/required-documents',
        'PUT /v1/credit-limits',
        'POST /v1/credit-limits/import',
        'PUT /v1/seller-limits',
        'POST /v1/statements',
        'POST /v1/prescribers',
        'POST /v1/prescribers/{id}/disable',
        'POST /v1/client-links',
        'POST /v1/client-links/{id}/disable',
        'POST /v1/onboarding-links',
        'POST /v1/webhooks',
        'DELETE /v1/webhooks/{id}',
        'POST /v1/webhooks/{id}/rotate-secret',
        'POST /v1/webhooks/{id}/test',
        // and reading webhooks, clients and onboarding links
        'GET /v1/webhooks',
        'GET /v1/webhooks/{id}/deliveries',
        'GET /v1/prescribers',
        'GET /v1/client-links',
        'GET /v1/client-invitations',
        'GET /v1/prescribers/report',
        'GET /v1/onboarding-links',
        'GET /v1/onboarding-links/{id}',
        // exporting
        'POST /v1/exports',
      ],
    ],
  ];
  it.each(opens)('a key with %s may call every operation the spec says it allows', (scope, operations) => {
    const closed = operations.filter(
      (operation) => !(operationScopes[operation] ?? []).includes(scope as never),
    );
    expect(closed).toEqual([]);
  });

  it('the narrow scopes open nothing beyond what the spec gives them', () => {
    const narrow = new Map(opens.filter(([scope]) => !['requests:read', 'decisions:write'].includes(scope)));
    for (const [operation, scopes] of Object.entries(operationScopes)) {
      for (const scope of scopes) {
        const allowed = narrow.get(scope);
        if (allowed) expect(allowed, `${scope} opens ${operation}`).toContain(operation);
      }
    }
  });

  it('requests:read opens no write', () => {
    // Questions sent with POST because they carry a body, changing nothing but their own count.
    const questions = ['POST /v1/registry/lookups'];
    const writes = Object.entries(operationScopes)
      .filter(
        ([operation, scopes]) =>
          !operation.startsWith('GET ') && !questions.includes(operation) && scopes.includes('requests:read'),
      )
      .map(([operation]) => operation);
    expect(writes).toEqual([]);
  });

  it('the OpenAPI document names the scopes of each operation from the same table', async () => {
    const answer = await service.call<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      null,
      'GET',
      '/v1/openapi.json',
    );
    expect(answer.status).toBe(200);
    const me = answer.body.paths['/v1/me']?.get;
    expect(me?.['x-required-scopes']).toEqual([]);
    expect(me?.security).toEqual([{ apiKey: [] }]);
    // Public: an explicit empty list of security requirements.
    expect(answer.body.paths['/v1/health']?.get?.security).toEqual([]);
    // The operations API stays out of the funder's document.
    expect(Object.keys(answer.body.paths).filter((path) => path.startsWith('/ops/'))).toEqual([]);
  });
});
