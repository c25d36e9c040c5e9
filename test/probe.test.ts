import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableFootprint } from './support/footprint.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * A seeded probe: generated bodies (wrong types, text the database cannot store, numbers at
 * the edges of what a double holds, nulls, nesting) thrown at every operation of the API
 * document and every route of the operations API. Whatever is sent: never a 5xx, always the envelope, and nothing written unless the
 * answer is a 2xx.
 */

let service: TestService;
let key: string;

interface Operation {
  method: string;
  path: string;
  fields: string[];
  decisions: string[];
  query: string[];
  /** An operations-API route, called with the operator token. */
  ops?: boolean;
}

let operations: Operation[] = [];

/** Member names and `decision` values a body schema mentions, anywhere in it. */
function namesIn(schema: unknown, fields: Set<string>, decisions: Set<string>): void {
  if (Array.isArray(schema)) {
    for (const member of schema) namesIn(member, fields, decisions);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  if (typeof node.properties === 'object' && node.properties !== null) {
    for (const [name, member] of Object.entries(node.properties)) {
      fields.add(name);
      const constant = (member as { const?: unknown }).const;
      if (name === 'decision' && typeof constant === 'string') decisions.add(constant);
    }
  }
  for (const value of Object.values(node)) namesIn(value, fields, decisions);
}

beforeAll(async () => {
  service = await startService();
  const funder = await service.given.funderAccount({ environment: 'live' });
  ({ secret: key } = await service.given.key({
    bankId: funder.bank_id,
    perMinute: 1_000_000,
    perHour: 1_000_000,
  }));
  const document = service.app.swagger() as unknown as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: unknown }> };
          parameters?: { in: string; name: string }[];
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      const fields = new Set<string>();
      const decisions = new Set<string>();
      namesIn(operation.requestBody?.content?.['application/json']?.schema, fields, decisions);
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      operations.push({
        method: method.toUpperCase(),
        path,
        fields: [...fields],
        decisions: [...decisions],
        query,
      });
    }
  }
  operations = operations.filter((o) => o.path !== '/v1/health');
  // The operations API is not in the document: its routes come from the app's own route list.
  // The demonstration reset is left out (it rebuilds a whole plane per call, and takes no input).
  for (const route of service.app.routeInputs) {
    if (!route.url.startsWith('/ops/v1/') || route.url === '/ops/v1/demo/reset') continue;
    const fields = new Set<string>();
    const decisions = new Set<string>();
    namesIn(route.body, fields, decisions);
    const properties = (route.querystring as { properties?: Record<string, unknown> } | undefined)
      ?.properties;
    operations.push({
      method: route.method,
      path: route.url.replace(/:(\w+)/g, '{$1}'),
      fields: [...fields],
      decisions: [...decisions],
      query: Object.keys(properties ?? {}),
      ops: true,
    });
  }
});
afterAll(async () => service?.close());

const footprint = () => tableFootprint(service.db);

const nasty = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00',
    '\u001b[31m',
    '\u007f',
    ' 12 ',
    '',
    ' ',
    'ES',
    '2026-09-24',
    '2026-09-24T10:00:00Z',
    '9'.repeat(40),
    randomUUID(),
  ),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const numbers = fc.oneof(
  fc.constantFrom(5e-324, -5e-324, 1e308, -1e308, 0, -0, 1e17, 2 ** 53 + 2, 0.1 + 0.2, 100.00001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const scalar = fc.oneof(nasty, numbers, fc.boolean(), fc.constant(null));
const value = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(nasty, scalar, { maxKeys: 3 }),
);

/** Percent-encoded UTF-8; a lone surrogate, which UTF-8 cannot carry, as the bytes a careless encoder writes. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
};

/** A query string of the operation's own parameters (and a stranger), with nasty values. */
function queryFor(operation: Operation) {
  const names = [...operation.query, 'x'];
  return fc
    .dictionary(fc.constantFrom(...names), fc.oneof(nasty, numbers.map(String)), { maxKeys: names.length })
    .map((params) =>
      Object.entries(params)
        .map(([name, v]) => `${name}=${encode(v)}`)
        .join('&'),
    );
}

function bodyFor(operation: Operation) {
  const names = operation.fields.length > 0 ? operation.fields : ['x'];
  const known = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length + 1 });
  const withDecision =
    operation.decisions.length > 0
      ? fc
          .tuple(fc.constantFrom(...operation.decisions), known)
          .map(([decision, rest]) => ({ ...rest, decision }))
      : known;
  return fc.oneof(
    withDecision,
    withDecision,
    fc.constant(null),
    value,
    fc.array(withDecision, { maxLength: 2 }),
  );
}

describe('a seeded probe of every operation', () => {
  it('finds no 5xx, no answer outside the envelope, and no write without a 2xx', async () => {
    expect(operations.filter((o) => !o.ops).length).toBeGreaterThan(10);
    expect(operations.filter((o) => o.ops).length).toBeGreaterThan(20);
    // The footprint the database has now, when known: what the last refused call left (its
    // footprint after it), so that a run of refusals reads it once per call instead of twice.
    let known: Record<string, number> | null = null;
    for (const [n, operation] of operations.entries()) {
      const url = operation.path.replace(/\{[^}]+\}/g, () => randomUUID());
      const sendsBody = operation.method === 'POST' || operation.method === 'PUT';
      await fc.assert(
        fc.asyncProperty(bodyFor(operation), queryFor(operation), async (body, query) => {
          const before = known ?? (await footprint());
          known = null;
          const target = query === '' ? url : `${url}?${query}`;
          type Answer = { error?: { code?: unknown; request_id?: unknown } };
          const answer = operation.ops
            ? await service.ops<Answer>(operation.method, target, sendsBody ? body : undefined)
            : await service.call<Answer>(key, operation.method, target, sendsBody ? { body } : {});
          const where = `${operation.method} ${target} ${JSON.stringify(body)} -> ${answer.status} ${JSON.stringify(answer.body)}`;
          expect(answer.status, where).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(typeof answer.body.error?.code, where).toBe('string');
            expect(typeof answer.body.error?.request_id, where).toBe('string');
            const after = await footprint();
            expect(after, where).toEqual(before);
            known = after;
          }
        }),
        { seed: 20_260_923 + n, numRuns: sendsBody ? 12 : 6 },
      );
    }
    // Every operation in one test: its work grows with the routes, so it gets a bound of its own,
    // far above what it needs even on a loaded machine.
  }, 1_800_000);
});
