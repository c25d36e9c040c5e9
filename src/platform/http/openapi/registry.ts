import { type ErrorCode, errorCatalogue } from '../../errors.ts';
import { hasOptionalBody } from '../optional-body.ts';
import { operationKey } from '../scopes.ts';
import { operationDocs } from './operations/index.ts';
import type { OperationDoc } from './types.ts';

/** What the route itself tells about the errors it can answer, whatever its own rules. */
export interface OperationTraits {
  method: string;
  auth: string | undefined;
  hasBody: boolean;
  /** The body may be left out (`config.optionalBody`). */
  optionalBody: boolean;
  hasQuery: boolean;
  hasParams: boolean;
}

export interface DocumentedOperation {
  key: string;
  doc: OperationDoc;
  traits: OperationTraits;
  /** Every code it can answer, in the registry's order. */
  codes: readonly ErrorCode[];
}

const ORDER = Object.keys(errorCatalogue) as ErrorCode[];

/**
 * The codes an operation can answer: its own, plus those every operation of its kind answers
 * (authentication and rate limit for a key, not_found for an id in the path, the schema-failure
 * and body codes for a write, the idempotency codes and the second wall's refusal for a keyed
 * POST or PUT).
 */
export function codesOf(doc: OperationDoc, traits: OperationTraits): ErrorCode[] {
  const codes = new Set<ErrorCode>(doc.errors);
  codes.add('internal_error');
  codes.add('service_unavailable');
  const write = traits.method === 'POST' || traits.method === 'PUT' || traits.method === 'PATCH';
  if (traits.auth === 'key') {
    for (const code of ['unauthorized', 'key_expired', 'forbidden', 'rate_limited'] as const) codes.add(code);
  }
  if (traits.hasParams) codes.add('not_found');
  if (traits.hasQuery) codes.add('query_invalid');
  if (write || traits.hasBody) {
    for (const code of ['body_invalid', 'body_too_large', 'unsupported_media_type'] as const) codes.add(code);
  }
  if (write && traits.auth === 'key') {
    for (const code of [
      'idempotency_key_in_use',
      'idempotency_key_reused',
      'idempotency_key_invalid',
    ] as const)
      codes.add(code);
    // A row refused by the second wall (row-level security), see the error handler.
    codes.add('out_of_scope');
  }
  return ORDER.filter((code) => codes.has(code));
}

/** Routes of the public API (`/v1`) must be documented; the operations API is not. */
export const isDocumented = (url: string, hidden: boolean): boolean => url.startsWith('/v1/') && !hidden;

/**
 * The operations of one app, filled as its routes are added. A `/v1` route without an entry in
 * `operations/` stops the start, like a route missing from the scope table.
 */
export function createOperationRegistry() {
  const operations = new Map<string, DocumentedOperation>();
  return {
    add(route: {
      method: string | string[];
      url: string;
      schema?: Record<string, unknown>;
      config?: unknown;
    }): void {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = route.schema ?? {};
      if (!isDocumented(route.url, schema.hide === true)) return;
      for (const method of methods) {
        if (method === 'HEAD') continue;
        const key = operationKey(method, route.url);
        const doc = operationDocs[key];
        if (!doc) {
          throw new Error(
            `${key} has no entry in the OpenAPI operation registry (platform/http/openapi/operations)`,
          );
        }
        const traits: OperationTraits = {
          method: method.toUpperCase(),
          auth: (route.config as { auth?: string } | undefined)?.auth,
          hasBody: schema.body !== undefined,
          optionalBody: hasOptionalBody(route.config),
          hasQuery: schema.querystring !== undefined,
          hasParams: schema.params !== undefined || route.url.includes(':'),
        };
        operations.set(key, { key, doc, traits, codes: codesOf(doc, traits) });
      }
    },
    get: (key: string): DocumentedOperation | undefined => operations.get(key),
    all: (): DocumentedOperation[] => [...operations.values()],
  };
}

export type OperationRegistry = ReturnType<typeof createOperationRegistry>;
