import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationScopes } from '../src/platform/http/scopes.ts';
import { startService, type TestService } from './support/service.ts';

interface Operation {
  security?: Record<string, string[]>[];
  'x-required-scopes'?: string[];
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
}

let service: TestService;
let doc: OpenApiDocument;
beforeAll(async () => {
  service = await startService();
  const answer = await service.call<OpenApiDocument>(null, 'GET', '/v1/openapi.json');
  expect(answer.status).toBe(200);
  doc = answer.body;
});
afterAll(async () => service?.close());

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
  });

  it('describes GET /v1/health as public and GET /v1/me behind a bearer key with its scopes', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const health = doc.paths['/v1/health']?.get;
    expect(health).toBeDefined();
    expect(health!.security).toBeUndefined();
    const me = doc.paths['/v1/me']?.get;
    expect(me).toBeDefined();
    expect(me!.security).toEqual([{ apiKey: [] }]);
    expect(me!['x-required-scopes']).toEqual([]);
    expect(me!.responses).toHaveProperty('200');
    expect(me!.responses).toHaveProperty('4XX');
  });

  it('hides the operations API, the reference pages and the document itself', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThanOrEqual(2);
    expect(paths.filter((path) => !path.startsWith('/v1/'))).toEqual([]);
    expect(paths).not.toContain('/v1/openapi.json');
    expect(JSON.stringify(doc)).not.toContain('/ops/v1');
  });

  it('lists every registered operation of the scope table with the scopes that open it', () => {
    const registered = Object.entries(operationScopes).filter(([operation]) => {
      const [method, path] = operation.split(' ') as [string, string];
      return service.app.hasRoute({ method: method as 'GET', url: path.replace(/\{([A-Za-z_]+)\}/g, ':$1') });
    });
    expect(registered.map(([operation]) => operation)).toContain('GET /v1/me');
    for (const [operation, scopes] of registered) {
      const [method, path] = operation.split(' ') as [string, string];
      const documented = doc.paths[path]?.[method.toLowerCase()];
      expect(documented, `${operation} is missing from the document`).toBeDefined();
      expect(documented!.security, operation).toEqual([{ apiKey: [] }]);
      expect(documented!['x-required-scopes'], operation).toEqual(scopes);
    }
  });

  it('documents no key-protected operation that the scope table does not know', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security) continue;
        expect(operationScopes, `${method.toUpperCase()} ${path}`).toHaveProperty([
          `${method.toUpperCase()} ${path}`,
        ]);
      }
    }
  });
});

describe('GET /docs/', () => {
  it('serves the interactive reference with every script and style from the service itself', async () => {
    const page = await service.call<string>(null, 'GET', '/docs/');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    const html = page.body;
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    const styles = [...html.matchAll(/<link[^>]*\shref="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const asset of [...scripts, ...styles]) {
      expect(asset, 'no asset from another origin').not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, 'http://service.test/docs/');
      const answer = await service.call(null, 'GET', url.pathname);
      expect(answer.status, url.pathname).toBe(200);
      expect(String(answer.body).length, url.pathname).toBeGreaterThan(0);
    }
    // The page's own initializer loads the document from the service too.
    const initializer = await service.call<string>(null, 'GET', '/docs/static/swagger-initializer.js');
    expect(initializer.status).toBe(200);
    expect(initializer.body).not.toMatch(/src\s*=\s*['"]https?:\/\//);
    const json = await service.call<OpenApiDocument>(null, 'GET', '/docs/json');
    expect(json.status).toBe(200);
    expect(json.body.paths).toEqual(doc.paths);
  });

  it('loads nothing from another origin: its content security policy allows only itself for scripts', async () => {
    const page = await service.call(null, 'GET', '/docs/');
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.trim();
    expect(scriptSrc).toBe("'self'");
  });
});
