import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, errorCatalogue } from '../src/platform/errors.ts';
import { installErrorHandling } from '../src/platform/http/error-handler.ts';
import { checkDocumentedErrors } from '../src/platform/http/openapi/documented-errors.ts';
import { createOperationRegistry } from '../src/platform/http/openapi/registry.ts';
import { errorCode, expectError } from './support/errors.ts';
import { withSharedAnswersInline } from './support/openapi-contract.ts';
import { requestsGiven } from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';

type Json = Record<string, unknown>;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Json[];
  requestBody?: { content: Record<string, Json> };
  'x-required-scopes'?: string[];
  'x-error-codes'?: string[];
  responses: Record<string, { description: string; headers?: Json; content?: Record<string, Json> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; description: string; version: string };
  servers?: { url: string }[];
  tags?: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Json & { securitySchemes: Record<string, { type: string; scheme?: string }> };
}

let service: TestService;
/** The document as served. */
let served: OpenApiDocument;
/** The same with the shared error answers written out in each operation. */
let doc: OpenApiDocument;
beforeAll(async () => {
  service = await startService();
  const answer = await service.call<OpenApiDocument>(null, 'GET', '/v1/openapi.json');
  expect(answer.status).toBe(200);
  served = answer.body;
  doc = withSharedAnswersInline(served);
});
afterAll(async () => service?.close());

const operations = (): [string, Operation][] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );

/** The codes an error answer's envelope schema allows. */
const errorCodesOf = (response: { content?: Record<string, Json> }): string[] => {
  const schema = response.content?.['application/json']?.schema as Json | undefined;
  const error = (schema?.properties as Json | undefined)?.error as Json | undefined;
  return ((error?.properties as Record<string, { enum?: string[] }> | undefined)?.code?.enum ??
    []) as string[];
};

/**
 * Where the spec gives a code another status on one operation than in its error table: a reason
 * that is missing or short is 422 wherever a reason is a required field (400 only for a decline
 * without reason or notes), and a request routed to another funder is 403 on the announce.
 */
const REASON_422 = { reason_required: 422 };
const OWN_STATUSES: Record<string, Record<string, number>> = {
  'POST /v1/requests/{id}/consent-level': REASON_422,
  'POST /v1/requests/{id}/announce': { ...REASON_422, not_routed_to_you: 403 },
  'PUT /v1/settings': REASON_422,
  'PUT /v1/programme': REASON_422,
  'POST /v1/sandbox/early-payments/{id}/accept': REASON_422,
  'POST /v1/sandbox/early-payments/{id}/decline': REASON_422,
  'POST /v1/sandbox/early-payments/{id}/withdraw': REASON_422,
  'POST /v1/recourse/{id}/close': REASON_422,
  'POST /v1/sandbox/clients/{seller_id}/leave': REASON_422,
};

/** A JSON-pointer to a place in the document, for the example validator. */
const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(served.openapi).toBe('3.1.0');
    const result = await new Validator().validate(served as unknown as Record<string, unknown>);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
  });

  it('opens with the service name, a server, and an introduction to keys, environments, errors, idempotency and limits', () => {
    expect(doc.info.title).toBe('funder-api');
    expect(doc.servers?.length).toBeGreaterThan(0);
    for (const heading of [
      'Authentication',
      'Environments',
      'Errors',
      'Idempotency',
      'Rate limits',
      'Versioning',
    ]) {
      expect(doc.info.description).toContain(`## ${heading}`);
    }
    expect(doc.info.description).toContain('any one of them is enough');
  });

  it('gives every operation a unique operationId, a summary, a description, its scopes and one documented tag', () => {
    const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
    const ids = new Set<string>();
    for (const [name, operation] of operations()) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId!), `${name}: operationId used twice`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.description?.length ?? 0, name).toBeGreaterThan(80);
      expect(operation.tags?.length, name).toBe(1);
      expect(tags.has(operation.tags![0]!), `${name}: tag ${operation.tags![0]} is not described`).toBe(true);
      if (operation.security?.length) {
        const scopes = operation['x-required-scopes'] ?? [];
        if (scopes.length === 0) expect(operation.description, name).toContain('any valid key');
        else {
          expect(operation.description, name).toContain('any one of');
          for (const scope of scopes) expect(operation.description, name).toContain(`\`${scope}\``);
        }
      }
    }
    for (const tag of doc.tags ?? []) expect(tag.description.length, tag.name).toBeGreaterThan(20);
  });

  it('lists each error code an operation answers under one HTTP status: the registry’s, or the operation’s own where the spec gives it another', () => {
    let exceptions = 0;
    for (const [name, operation] of operations()) {
      const codes = operation['x-error-codes'] ?? [];
      expect(codes, name).toContain('internal_error');
      for (const code of codes) {
        expect(errorCatalogue, `${name}: ${code} is not in the error registry`).toHaveProperty(code);
        const registry = errorCatalogue[code as keyof typeof errorCatalogue];
        const expected = String(OWN_STATUSES[name]?.[code] ?? registry);
        const listedUnder = Object.entries(operation.responses)
          .filter(([status]) => /^[45]\d\d$/.test(status))
          .filter(([, response]) => errorCodesOf(response).includes(code))
          .map(([status]) => status);
        expect(listedUnder, `${name}: ${code}`).toEqual([expected]);
        expect(operation.responses[expected]!.description, name).toContain(`\`${code}\``);
        if (expected !== String(registry)) exceptions++;
      }
      for (const status of Object.keys(operation.responses)) {
        expect(status, `${name}: only precise statuses, no 4XX ranges`).toMatch(/^[1-5]\d\d$/);
      }
    }
    // Every exception of the table is used: it cannot outlive the route it describes.
    expect(exceptions).toBe(Object.values(OWN_STATUSES).flatMap((own) => Object.keys(own)).length);
  });

  it('answers each code with another status than the registry’s under the status its operation lists it under', async () => {
    const given = requestsGiven(service);
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    const seen: { operation: string; answer: { status: number; body: unknown } }[] = [];
    const call = async (operation: string, path: string, body: unknown) => {
      const [method] = operation.split(' ') as [string, string];
      const answer = await service.call(funder.key, method, path, { body });
      seen.push({ operation, answer });
      return answer;
    };
    const decision = 'POST /v1/requests/{id}/decision';
    expectError(
      await call(decision, `/v1/requests/${request.id}/decision`, { decision: 'decline' }),
      400,
      'reason_required',
    );
    const consent = 'POST /v1/requests/{id}/consent-level';
    const shortReason = { level: 'acceptance', reason: 'short' };
    expectError(
      await call(consent, `/v1/requests/${request.id}/consent-level`, shortReason),
      422,
      'reason_required',
    );
    const announce = 'POST /v1/requests/{id}/announce';
    const announcePath = `/v1/requests/${request.id}/announce`;
    expectError(await call(announce, announcePath, { reason: 'short' }), 422, 'reason_required');
    const settings = { debtor_consent_level: 'receipt', reason: '  short  ' };
    expectError(await call('PUT /v1/settings', '/v1/settings', settings), 422, 'reason_required');
    const programme = { terms: { recourse: 'with' }, reason: 'short' };
    expectError(await call('PUT /v1/programme', '/v1/programme', programme), 422, 'reason_required');

    // Terms the seller did not take; the request went to another funder.
    const second = await given.funder();
    const offered = await given.offeredRequest({ funder });
    const rerouted = await service.ops('POST', `/ops/v1/requests/${offered.id}/route`, {
      bank_id: second.bankId,
    });
    expect(rerouted.status).toBe(200);
    const notRouted = { reason: 'Seller asked us to notify' };
    expectError(
      await call(announce, `/v1/requests/${offered.id}/announce`, notRouted),
      403,
      'not_routed_to_you',
    );
    expectError(
      await call(decision, `/v1/requests/${offered.id}/decision`, { decision: 'decline', reason: 'other' }),
      409,
      'not_routed_to_you',
    );

    for (const { operation, answer } of seen) {
      const [method, path] = operation.split(' ') as [string, string];
      const documented = doc.paths[path]![method.toLowerCase()]!;
      const code = errorCode(answer)!;
      const listedUnder = Object.entries(documented.responses)
        .filter(([, response]) => errorCodesOf(response).includes(code))
        .map(([status]) => Number(status));
      expect(listedUnder, `${operation} ${code}`).toEqual([answer.status]);
    }
  });

  it('answers the authentication, scope and rate-limit errors on every keyed operation and idempotency errors on its writes', () => {
    for (const [name, operation] of operations()) {
      if (!operation.security?.length) continue;
      expect(operation['x-error-codes'], name).toEqual(
        expect.arrayContaining(['unauthorized', 'key_expired', 'forbidden', 'rate_limited']),
      );
      if (name.startsWith('POST ') || name.startsWith('PUT ')) {
        expect(operation['x-error-codes'], name).toEqual(
          expect.arrayContaining(['idempotency_key_reused', 'idempotency_key_in_use', 'body_invalid']),
        );
      }
    }
  });

  it('documents the headers: Request-Id and the RateLimit fields on answers, Retry-After and the RateLimit fields on 429, Idempotency-Key and Idempotent-Replayed on writes', () => {
    const rateLimitFields = [
      'RateLimit-Policy',
      'RateLimit',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ];
    for (const [name, operation] of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.headers, `${name} ${status}`).toHaveProperty(['Request-Id']);
        if (status === '429') {
          expect(response.headers, name).toHaveProperty(['Retry-After']);
          for (const header of rateLimitFields) expect(response.headers, name).toHaveProperty([header]);
        }
      }
      if (!operation.security?.length) continue;
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, name).toBeGreaterThan(0);
      for (const [, response] of success) {
        for (const header of rateLimitFields) expect(response.headers, name).toHaveProperty([header]);
      }
      if (name.startsWith('POST ') || name.startsWith('PUT ')) {
        expect(operation.parameters, name).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
        for (const [, response] of success)
          expect(response.headers, name).toHaveProperty(['Idempotent-Replayed']);
      }
    }
    const components = doc.components.headers as Record<string, Json>;
    expect(Object.keys(components)).toEqual(
      expect.arrayContaining([
        'RequestId',
        'RateLimit',
        'RateLimitPolicy',
        'RetryAfter',
        'IdempotentReplayed',
      ]),
    );
    // The draft's sixth-revision fields are marked deprecated, the current ones are not.
    for (const name of ['RateLimitLimit', 'RateLimitRemaining', 'RateLimitReset'])
      expect(components[name], name).toMatchObject({ deprecated: true });
    for (const name of ['RateLimit', 'RateLimitPolicy'])
      expect(components[name]?.deprecated, name).toBeUndefined();
  });

  it('has an example for every JSON body and answer, and every example validates against its schema', () => {
    const ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      validateFormats: true,
      multipleOfPrecision: 9,
    });
    (formatsPlugin as unknown as (ajv: Ajv2020) => void)(ajv);
    ajv.addSchema(doc as unknown as Json, 'openapi');
    let checked = 0;
    const check = (where: string, schemaPath: string, value: unknown) => {
      const validate = ajv.getSchema(`openapi#${schemaPath}`);
      expect(validate, where).toBeDefined();
      const valid = validate!(value);
      expect(valid, `${where}: ${JSON.stringify(validate!.errors)}`).toBe(true);
      checked++;
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        const base = pointer('', 'paths', path, method);
        const jsonBody = operation.requestBody?.content['application/json'];
        if (jsonBody) {
          const examples = (jsonBody.examples ?? {}) as Record<string, { value: unknown }>;
          expect(Object.keys(examples).length, `${name}: request example`).toBeGreaterThan(0);
          for (const [exampleName, example] of Object.entries(examples)) {
            check(
              `${name} request ${exampleName}`,
              `${base}/requestBody/content/application~1json/schema`,
              example.value,
            );
          }
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          const json = response.content?.['application/json'];
          if (!json) continue;
          const examples = (json.examples ?? {}) as Record<string, { value: unknown }>;
          expect(Object.keys(examples).length, `${name} ${status}: example`).toBeGreaterThan(0);
          for (const [exampleName, example] of Object.entries(examples)) {
            check(
              `${name} ${status} ${exampleName}`,
              `${base}/responses/${status}/content/application~1json/schema`,
              example.value,
            );
          }
        }
      }
    }
    const idempotencyKey = (doc.components.parameters as Record<string, { example: unknown }>)
      .IdempotencyKey!;
    check('Idempotency-Key', '/components/parameters/IdempotencyKey/schema', idempotencyKey.example);
    expect(checked).toBeGreaterThan(100);
  });

  it('gives an error answer that several operations give alike once, in components, and each code’s example once', () => {
    const shared = served.components.responses as Record<string, Json>;
    let references = 0;
    let inline = 0;
    for (const methods of Object.values(served.paths)) {
      for (const operation of Object.values(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!/^[45]/.test(status)) continue;
          const ref = (response as Json).$ref as string | undefined;
          if (ref === undefined) {
            inline++;
            // Given inline only when no other operation gives the same answer.
            const codes = errorCodesOf(response).join('_');
            expect(shared, `${status} ${codes}`).not.toHaveProperty([`Error${status}_${codes}`]);
            continue;
          }
          references++;
          const name = ref.replace('#/components/responses/', '');
          expect(shared, ref).toHaveProperty([name]);
          expect(name).toBe(`Error${status}_${errorCodesOf(shared[name]!).join('_')}`);
        }
      }
    }
    // 500 and 503 on every operation, 401 on every keyed one: each of those is given once.
    expect(references).toBeGreaterThan(5 * Object.keys(shared).length);
    expect(references).toBeGreaterThan(inline);
    const examples = served.components.examples as Record<string, { value: { error: { code: string } } }>;
    // The error codes' examples, each under its code (the answers' shared ones are PascalCase).
    const codeExamples = Object.entries(examples).filter(([name]) => /^[a-z]/.test(name));
    expect(codeExamples.length).toBeGreaterThan(50);
    for (const [code, example] of codeExamples) expect(example.value.error.code).toBe(code);
  });

  it('hides the operations API, the reference pages and the document itself', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThanOrEqual(2);
    expect(paths.filter((path) => !path.startsWith('/v1/'))).toEqual([]);
    expect(paths).not.toContain('/v1/openapi.json');
    expect(JSON.stringify(doc)).not.toContain('/ops/v1');
  });

  it('describes GET /v1/health as public and GET /v1/me behind a bearer key', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const health = doc.paths['/v1/health']?.get;
    expect(health!.security).toEqual([]);
    const me = doc.paths['/v1/me']?.get;
    expect(me!.security).toEqual([{ apiKey: [] }]);
    expect(me!['x-required-scopes']).toEqual([]);
    expect(Object.keys(me!.responses)).toEqual(['200', '401', '403', '429', '500', '503']);
  });

  /** Each key-protected operation and the scopes its route declares. */
  const operationScopes = () =>
    Object.fromEntries(
      service.app.operations
        .all()
        .filter((operation) => operation.scopes !== null)
        .map((operation) => [operation.key, operation.scopes!]),
    );

  it('lists every key-protected operation with the scopes its route declares', () => {
    const registered = Object.entries(operationScopes());
    expect(registered.map(([operation]) => operation)).toContain('GET /v1/me');
    for (const [operation, scopes] of registered) {
      const [method, path] = operation.split(' ') as [string, string];
      const documented = doc.paths[path]?.[method.toLowerCase()];
      expect(documented, `${operation} is missing from the document`).toBeDefined();
      expect(documented!.security, operation).toEqual([{ apiKey: [] }]);
      expect(documented!['x-required-scopes'], operation).toEqual(scopes);
    }
  });

  it('documents no key-protected operation whose route declares no scopes', () => {
    for (const [name, operation] of operations()) {
      if (!operation.security?.length) continue;
      expect(operationScopes(), name).toHaveProperty([name]);
    }
  });
});

describe('the operation registry', () => {
  it('stops the start when a /v1 route has no entry', () => {
    const registry = createOperationRegistry();
    expect(() =>
      registry.add({ method: 'GET', url: '/v1/not-documented', schema: {}, config: { auth: 'key' } }),
    ).toThrow(/GET \/v1\/not-documented declares no OpenAPI entry/);
    expect(() => registry.add({ method: 'GET', url: '/ops/v1/anything', schema: {} })).not.toThrow();
  });

  it('turns an error code an operation does not document into a loud 500 under tests', async () => {
    const app = Fastify();
    const registry = createOperationRegistry();
    app.addHook('onRoute', (route) => registry.add(route as Parameters<typeof registry.add>[0]));
    checkDocumentedErrors(app, registry);
    app.setErrorHandler((error, _request, reply) => {
      const apiError = error as unknown as ApiError;
      return reply.code(apiError.status).send({ error: { code: apiError.code, message: apiError.message } });
    });
    let code: 'forbidden' | 'link_exists' = 'forbidden';
    const operation = {
      operationId: 'getMe',
      summary: 'The calling key',
      tag: 'Account',
      description: 'What the key is.',
      success: 'The key.',
      errors: [],
    } as const;
    app.get('/v1/me', { config: { auth: 'key', scopes: [], operation } }, async () => {
      throw new ApiError(code, 'test');
    });
    await app.ready();
    const documented = await app.inject({ method: 'GET', url: '/v1/me' });
    expect(documented.statusCode).toBe(403);
    code = 'link_exists';
    const undocumented = await app.inject({ method: 'GET', url: '/v1/me' });
    expect(undocumented.statusCode).toBe(500);
    expect(undocumented.json().error).toMatchObject({
      code: 'undocumented_error_code',
      undocumented: 'link_exists',
    });
    expect(undocumented.json().error.message).toContain('GET /v1/me answered 409 link_exists');
    await app.close();
  });
  it('answers a framework error of no named kind (a body stream that broke) 400 request_unreadable, as the document lists it', async () => {
    const app = Fastify();
    const registry = createOperationRegistry();
    app.addHook('onRoute', (route) => registry.add(route as Parameters<typeof registry.add>[0]));
    installErrorHandling(app);
    checkDocumentedErrors(app, registry);
    // The announce operation as the running service declares it.
    const declared = service.app.operations.get('POST /v1/requests/{id}/announce')!;
    const config = { auth: 'key' as const, scopes: declared.scopes!, operation: declared.doc };
    app.post('/v1/requests/:id/announce', { config }, async () => {
      // What Fastify's body reader hands on when the request stream fails midway.
      throw Object.assign(new Error('aborted'), { statusCode: 400 });
    });
    await app.ready();
    const answer = await app.inject({ method: 'POST', url: '/v1/requests/x/announce', payload: {} });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 'request_unreadable' });
    const announce = doc.paths['/v1/requests/{id}/announce']!.post!;
    expect(errorCodesOf(announce.responses['400']!)).toContain('request_unreadable');
    await app.close();
  });
});

describe('GET /docs/', () => {
  it('serves the reference under the service name, with every script and style from the service itself', async () => {
    const page = await service.call<string>(null, 'GET', '/docs/');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    const html = page.body;
    expect(html).toContain('<title>funder-api reference</title>');
    expect(html).not.toMatch(/fastify|Swagger UI/i);
    // No inline script: the page's scripts are files the policy allows.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    const styles = [...html.matchAll(/<link[^>]*\shref="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBe(2);
    for (const asset of [...scripts, ...styles]) {
      expect(asset, 'no asset from another origin').not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, 'http://service.test/docs/');
      const answer = await service.call(null, 'GET', url.pathname);
      expect(answer.status, url.pathname).toBe(200);
      expect(String(answer.body).length, url.pathname).toBeGreaterThan(0);
    }
    // The page's own starter script loads the document this service serves, nothing else.
    const starter = await service.call<string>(null, 'GET', '/docs/reference.js');
    expect(starter.status).toBe(200);
    expect(starter.body).toContain('"url":"/v1/openapi.json"');
    expect(starter.body).not.toMatch(/https?:\/\//);
    // The page shows only the document's samples (each run by test/docs-samples.test.ts), none
    // generated in the browser: curl first, then the typed client, Python and Java.
    expect(starter.body).toContain('"hiddenClients":true');
    const decide = doc.paths['/v1/requests/{id}/decision']!.post as unknown as {
      'x-codeSamples': { lang: string; label: string; source: string }[];
    };
    expect(decide['x-codeSamples'].map((s) => [s.lang, s.label])).toEqual([
      ['shell', 'curl'],
      ['typescript', 'TypeScript'],
      ['python', 'Python'],
      ['java', 'Java'],
    ]);
    expect(decide['x-codeSamples'][1]!.source).toContain("client.POST('/v1/requests/{id}/decision'");
  });

  it("serves the renderer's bundle as its package's own route does", async () => {
    const served = await service.call<string>(null, 'GET', '/docs/renderer/js/scalar.js');
    expect(served.status).toBe(200);
    expect(String(served.headers['content-type'])).toBe('application/javascript; charset=utf-8');
    // The package's route, on an app of the test's own.
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const own = Fastify({ logger: false });
    await own.register(scalar, { routePrefix: '/renderer', configuration: { url: '/' } });
    const expected = await own.inject({ method: 'GET', url: '/renderer/js/scalar.js' });
    await own.close();
    expect(expected.body.length).toBeGreaterThan(1_000_000);
    // Compared whole, reported short: a difference would print megabytes.
    expect(served.body === expected.body, 'the same bundle, byte for byte').toBe(true);
    // A second request is answered from the bytes kept, the same.
    const again = await service.call<string>(null, 'GET', '/docs/renderer/js/scalar.js');
    expect(again.body === expected.body).toBe(true);
    // The renderer's own page is not served: its place sends the reader to the service's page.
    for (const path of ['/docs/renderer', '/docs/renderer/']) {
      const place = await service.call(null, 'GET', path);
      expect(place.status, path).toBe(302);
      expect(place.headers.location, path).toBe('/docs/');
    }
  });

  it('serves the renderer compressed as the browser accepts, under a versioned address kept a year, and answers 304 to its ETag', async () => {
    const page = await service.call<string>(null, 'GET', '/docs/');
    const bundle = /<script src="(\/docs\/renderer\/js\/scalar\.js\?v=[\w.-]+)"/.exec(page.body)?.[1];
    expect(bundle, 'the bundle’s address carries the renderer’s version').toBeDefined();
    const get = (url: string, headers: Record<string, string> = {}) =>
      service.app.inject({ method: 'GET', url, headers });
    const plain = await get(bundle!);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toContain('createApiReference');
    const br = await get(bundle!, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await get(bundle!, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    const again = await get(bundle!, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The document: compressed as well, still not to be stored, as every API answer.
    const document = await get('/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(document.headers['content-encoding']).toBe('br');
    expect(document.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(document.rawPayload).toString('utf8'))).toEqual(served);
  });

  it('loads nothing from another origin: its content security policy allows only itself', async () => {
    const page = await service.call(null, 'GET', '/docs/');
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) => new RegExp(`${name} ([^;]*)`).exec(csp)?.[1]?.trim();
    expect(directive('script-src')).toBe("'self'");
    expect(directive('connect-src')).toBe("'self'");
    expect(directive('default-src')).toBe("'self'");
    expect(csp).not.toMatch(/https:|swagger\.io/);
  });
});
