import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { type ErrorBody, expectError as expectAnError } from '../../../test/support/errors.ts';
import {
  type Answer,
  type CallOptions,
  startGiven,
  startService,
  type TestService,
} from '../../../test/support/service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const { service } = startGiven();

/**
 * Checks the one error envelope every non-2xx answer has, beyond what the shared check reads:
 * its media type and a request id that is a UUID. Returns its error.
 */
function expectError(answer: Answer, status: number, code: string): ErrorBody['error'] {
  const error = expectAnError(answer, status, code);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(error).toEqual(
    expect.objectContaining({ code, message: expect.any(String), request_id: expect.stringMatching(UUID) }),
  );
  expect(error.message.length).toBeGreaterThan(0);
  expect(answer.headers['request-id']).toBe(error.request_id);
  return error;
}

/** Operations API call with a raw payload and headers of the test's choosing. */
const opsRaw = (method: string, url: string, options: CallOptions) =>
  service.call(null, method, url, {
    ...options,
    headers: { authorization: `Bearer ${service.opsToken}`, ...options.headers },
  });

const json = { 'content-type': 'application/json' };

describe('unknown routes and wrong methods', () => {
  it.each([
    ['GET', '/v1/nothing-here'],
    ['GET', '/v2/me'],
    ['POST', '/v1/requests-that-do-not-exist'],
    ['GET', '/'],
  ])('%s %s answers 404 not_found', async (method, url) => {
    const error = expectError(await service.call(null, method, url), 404, 'not_found');
    expect(error.message).toContain(url);
  });

  it('a path the method is allowed on, but written with a trailing slash, answers 404 not_found rather than 405', async () => {
    const error = expectError(await service.call(null, 'GET', '/v1/me/'), 404, 'not_found');
    expect(error.message).toContain('/v1/me/');
    expect((await service.call(null, 'GET', '/v1/me/')).headers.allow).toBeUndefined();
  });

  it('an id in the path that is not a UUID answers 404 not_found, like an unknown id', async () => {
    expectError(await service.ops('GET', '/ops/v1/funders/not-a-uuid'), 404, 'not_found');
    expectError(
      await service.ops('GET', '/ops/v1/funders/00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
  });

  it.each([
    ['PUT', '/v1/health', 'GET'],
    ['DELETE', '/v1/me', 'GET'],
    ['DELETE', '/ops/v1/funders', 'GET, POST'],
    ['PATCH', '/ops/v1/funders/00000000-0000-4000-8000-000000000000/classify', 'POST'],
    ['DELETE', '/ops/v1/clock/', 'GET, POST'],
  ])('%s %s answers 405 method_not_allowed with Allow: %s', async (method, url, allow) => {
    const answer = await service.call(null, method, url);
    const error = expectError(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe(allow);
    expect(error.message).toContain(method);
  });
});

describe('request bodies', () => {
  it('a body that is not valid JSON is refused with body_invalid', async () => {
    const answer = await opsRaw('POST', '/ops/v1/funders', { payload: '{"name": "Banco', headers: json });
    const error = expectError(answer, 422, 'body_invalid');
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('an empty body sent as JSON is refused with body_invalid', async () => {
    expectError(await opsRaw('POST', '/ops/v1/funders', { payload: '', headers: json }), 422, 'body_invalid');
  });

  it('a JSON body with a member the endpoint does not know is refused with body_invalid naming it', async () => {
    const answer = await service.ops('POST', '/ops/v1/funders', {
      name: 'Banco Ejemplo',
      environment: 'live',
      enviroment: 'sandbox',
    });
    const error = expectError(answer, 422, 'body_invalid');
    expect(error.message).toContain('"enviroment"');
  });

  it('a member of the wrong type is refused with body_invalid naming the field, without coercion', async () => {
    const answer = await service.ops('POST', '/ops/v1/funders', { name: 42, environment: 'live' });
    const error = expectError(answer, 422, 'body_invalid');
    expect(error.field).toBe('name');
    expect(error.message).toBe('name must be text.');
  });

  it('a JSON array where an object is expected is refused with body_invalid', async () => {
    expectError(await service.ops('POST', '/ops/v1/funders', [{ name: 'x' }]), 422, 'body_invalid');
  });

  it('a body over 1 MiB is refused with body_too_large; one just under is read', async () => {
    const envelope = JSON.stringify({ name: '', environment: 'live' });
    const over = JSON.stringify({ name: 'x'.repeat(1024 * 1024 - envelope.length + 1), environment: 'live' });
    expect(Buffer.byteLength(over)).toBe(1024 * 1024 + 1);
    const error = expectError(
      await opsRaw('POST', '/ops/v1/funders', { payload: over, headers: json }),
      413,
      'body_too_large',
    );
    expect(error.message).toMatch(/larger/);

    // Exactly 1 MiB is within the limit: it is read and then refused for the name's length.
    const at = JSON.stringify({ name: 'x'.repeat(1024 * 1024 - envelope.length), environment: 'live' });
    expect(Buffer.byteLength(at)).toBe(1024 * 1024);
    expectError(await opsRaw('POST', '/ops/v1/funders', { payload: at, headers: json }), 422, 'body_invalid');
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
    'a body sent as %s to a JSON endpoint is refused with unsupported_media_type',
    async (type) => {
      const answer = await opsRaw('POST', '/ops/v1/funders', {
        payload: JSON.stringify({ name: 'Banco Ejemplo', environment: 'live' }),
        headers: { 'content-type': type },
      });
      const error = expectError(answer, 415, 'unsupported_media_type');
      expect(error.message).toContain('application/json');
    },
  );

  it('JSON with a charset parameter is accepted', async () => {
    const answer = await opsRaw('POST', '/ops/v1/funders', {
      payload: JSON.stringify({ name: 'Banco Ejemplo', environment: 'live' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(answer.status).toBe(201);
  });

  it('a query parameter of the wrong form is refused with query_invalid', async () => {
    const error = expectError(
      await service.ops('GET', '/ops/v1/keys?bank_id=not-a-uuid'),
      422,
      'query_invalid',
    );
    expect(error.message).toContain('bank_id');
  });
});

describe('the error envelope', () => {
  it('every kind of error answers {error: {code, message, request_id}} with the same id in the Request-Id header', async () => {
    const { key } = await service.given.funderWithKey();
    const answers = [
      await service.call(null, 'GET', '/v1/me'),
      await service.call(key, 'POST', '/v1/me', { body: {} }),
      await service.call(key, 'GET', '/v1/unknown'),
      await service.ops('POST', '/ops/v1/funders', { name: 'x' }),
      await opsRaw('POST', '/ops/v1/funders', { payload: 'nope', headers: { 'content-type': 'text/plain' } }),
      await service.ops('POST', '/ops/v1/clock', { advance_seconds: 0 }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 405, 404, 422, 415, 422]);
    const ids = new Set<string>();
    for (const answer of answers) {
      const error = expectError(answer, answer.status, (answer.body as ErrorBody).error.code);
      expect(Object.keys(answer.body)).toEqual(['error']);
      ids.add(error.request_id);
    }
    expect(ids.size).toBe(answers.length);
  });

  it('successful answers carry a Request-Id header too', async () => {
    const answer = await service.call(null, 'GET', '/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.headers['request-id']).toMatch(UUID);
  });

  it('a Request-Id sent by the client is not taken as the request’s id', async () => {
    const answer = await service.call(null, 'GET', '/v1/me', {
      headers: { 'request-id': 'chosen-by-client' },
    });
    const error = expectError(answer, 401, 'unauthorized');
    expect(error.request_id).not.toBe('chosen-by-client');
  });
});

describe('when something fails inside the service', () => {
  let database: TestDatabase;
  let broken: TestService;
  let key: string;
  beforeAll(async () => {
    database = await freshDatabase();
    broken = await startService({ database });
    key = (await broken.given.funderWithKey()).key;
    expect((await broken.call(key, 'GET', '/v1/me')).status).toBe(200);
    // The database goes away under a running server: the service's own connection (the test's
    // `broken.db` is a wrapper of its own that leaves the connection open).
    await database.db.close();
  });
  afterAll(async () => {
    await broken?.close().catch(() => undefined);
    await database?.drop();
  });

  it('a call answers 500 internal_error asking to retry later, with no stack trace or internal detail', async () => {
    for (const answer of [
      await broken.call(key, 'GET', '/v1/me'),
      await broken.ops('GET', '/ops/v1/funders'),
      await broken.ops('POST', '/ops/v1/funders', { name: 'Banco', environment: 'live' }),
    ]) {
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        error: {
          code: 'internal_error',
          message: expect.stringMatching(/retry later/),
          request_id: answer.headers['request-id'],
        },
      });
      const raw = JSON.stringify(answer.body);
      expect(raw).not.toMatch(/stack/i);
      expect(raw).not.toMatch(/\bat .*\(|\.ts:\d+|node_modules/);
      expect(raw).not.toMatch(/pglite|pool|closed|sql/i);
    }
  });

  it('GET /v1/health still answers, since it makes no database call', async () => {
    const answer = await broken.call(null, 'GET', '/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok' });
  });
});
