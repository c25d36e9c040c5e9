import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, expectError } from './support/errors.ts';
import { startGiven } from './support/service.ts';

/**
 * Routes whose body may be left out say so with one route flag (`optionalBody`,
 * src/platform/http/optional-body.ts): no body at all is the empty body, validated by the
 * route's schema; a JSON null is still a wrong body; the document marks the body not required.
 */
let sandboxKey: string;
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  sandboxKey = (await service.given.demoFunder()).key;
});

const OPTIONAL_V1 = [
  'POST /v1/client-invitations/{id}/revoke',
  'POST /v1/client-links/{id}/disable',
  'POST /v1/exports',
  'POST /v1/onboarding-links/{id}/revoke',
  'POST /v1/prescribers/{id}/disable',
  'POST /v1/sandbox/early-payments',
  'POST /v1/sandbox/early-payments/{id}/accept',
  'POST /v1/sandbox/early-payments/{id}/decline',
  'POST /v1/sandbox/early-payments/{id}/withdraw',
  'POST /v1/sandbox/requests',
  'POST /v1/sandbox/statements/{id}/lines/{line}/confirm',
  'POST /v1/webhooks/{id}/rotate-secret',
];
const OPTIONAL_OPS = [
  '/ops/v1/keys/{id}/revoke',
  '/ops/v1/seller-documents/{id}/revoke',
  '/ops/v1/statements/{id}/lines/{line}/confirm',
  '/ops/v1/early-payments/{id}/accept',
  '/ops/v1/early-payments/{id}/decline',
  '/ops/v1/early-payments/{id}/withdraw',
];

const concrete = (path: string) => path.replace('{line}', '1').replace(/\{[a-z_]+\}/g, () => randomUUID());
const nullBody = { payload: 'null', headers: { 'content-type': 'application/json' } };

describe('a body that may be left out', () => {
  it('is marked not required in the document, on exactly the routes that take none', async () => {
    const doc = await service.call<{
      paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
    }>(null, 'GET', '/v1/openapi.json');
    const optional: string[] = [];
    for (const [path, methods] of Object.entries(doc.body.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (operation.requestBody && operation.requestBody.required === false) {
          optional.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(optional.sort()).toEqual([...OPTIONAL_V1].sort());
  });

  it('passes validation when left out, and a JSON null is refused as a wrong body (funder API)', async () => {
    for (const operation of OPTIONAL_V1) {
      const url = concrete(operation.slice('POST '.length));
      const none = await service.call(sandboxKey, 'POST', url);
      expect({ operation, code: errorCode(none) }).not.toEqual({ operation, code: 'body_invalid' });
      expect(none.status, `${operation}: ${JSON.stringify(none.body)}`).not.toBe(500);
      expectError(await service.call(sandboxKey, 'POST', url, nullBody), 422, 'body_invalid');
    }
  });

  it('the same on the operations API', async () => {
    for (const path of OPTIONAL_OPS) {
      const url = concrete(path);
      // Past the schema, to the record that does not exist.
      expectError(await service.ops('POST', url), 404, 'not_found');
      const sent = await service.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${service.opsToken}`, 'content-type': 'application/json' },
        payload: 'null',
      });
      expect({ path, status: sent.statusCode, code: sent.json().error?.code }).toEqual({
        path,
        status: 422,
        code: 'body_invalid',
      });
    }
  });

  it('takes the empty body with the schema’s defaults: a sandbox request made from no body at all', async () => {
    const made = await service.call<{ request: { id: string; status: string } }>(
      sandboxKey,
      'POST',
      '/v1/sandbox/requests',
    );
    expect(made.status).toBe(201);
    expect(made.body.request.status).toBe('submitted');
    const read = await service.call(sandboxKey, 'GET', `/v1/requests/${made.body.request.id}`);
    expect(read.status).toBe(200);
  });
});
