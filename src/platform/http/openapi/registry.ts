import { type ErrorCode, errorCatalogue } from '../../errors.ts';
import { ERROR_CODE, ERROR_STATUS } from '../input.ts';
import { hasOptionalBody } from '../optional-body.ts';
import { operationKey, type Scope } from '../scopes.ts';
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
  /** The scopes that open it (`config.scopes`); null for an operation that takes no key. */
  scopes: readonly Scope[] | null;
  traits: OperationTraits;
  /** Every code it can answer, in the registry's order. */
  codes: readonly ErrorCode[];
  /**
   * The status it answers each code with where that is not the registry's: from its input
   * schemas (a field whose code carries `x-error-status`) and from its entry's `statuses`.
   */
  statuses: Partial<Record<ErrorCode, number>>;
}

/** The HTTP status an operation answers a code with: its own where it has one, else the registry's. */
export function statusOf(operation: Pick<DocumentedOperation, 'statuses'>, code: ErrorCode): number {
  return operation.statuses[code] ?? errorCatalogue[code];
}

/** The statuses an input schema gives its fields' codes (`Reason()`: reason_required 422). */
export function schemaStatuses(
  schema: unknown,
  into: Partial<Record<ErrorCode, number>> = {},
): Partial<Record<ErrorCode, number>> {
  if (Array.isArray(schema)) {
    for (const item of schema) schemaStatuses(item, into);
  } else if (schema !== null && typeof schema === 'object') {
    const node = schema as Record<string, unknown>;
    if (typeof node[ERROR_CODE] === 'string' && typeof node[ERROR_STATUS] === 'number') {
      const code = node[ERROR_CODE] as ErrorCode;
      const status = node[ERROR_STATUS] as number;
      const earlier = into[code];
      if (earlier !== undefined && earlier !== status) {
        throw new Error(`${code} is given two statuses in one operation's schemas (${earlier}, ${status})`);
      }
      into[code] = status;
    }
    for (const value of Object.values(node)) schemaStatuses(value, into);
  }
  return into;
}

const ORDER = Object.keys(errorCatalogue) as ErrorCode[];

/**
 * The codes an operation can answer: its own, plus those every operation of its kind answers
 * (authentication and rate limit for a key, not_found for an id in the path, the schema-failure
 * and body codes for a write (request_unreadable: a body stream that broke while it was read, a
 * body that is not UTF-8 or nests too deep: json-body.ts), the idempotency codes and the second
 * wall's refusal for a keyed POST or PUT).
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
    for (const code of [
      'body_invalid',
      'body_too_large',
      'unsupported_media_type',
      'request_unreadable',
    ] as const)
      codes.add(code);
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
 * The operations of one app, filled as its routes are added. A `/v1` route without its entry
 * (`config.operation`) stops the start, like a key route without its scopes.
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
        const config = (route.config ?? {}) as { operation?: OperationDoc; scopes?: readonly Scope[] };
        const doc = config.operation;
        if (!doc) throw new Error(`${key} declares no OpenAPI entry (config.operation)`);
        const traits: OperationTraits = {
          method: method.toUpperCase(),
          auth: (route.config as { auth?: string } | undefined)?.auth,
          hasBody: schema.body !== undefined,
          optionalBody: hasOptionalBody(route.config),
          hasQuery: schema.querystring !== undefined,
          hasParams: schema.params !== undefined || route.url.includes(':'),
        };
        const statuses = schemaStatuses([schema.body, schema.querystring, schema.params]);
        for (const [code, status] of Object.entries(doc.statuses ?? {}) as [ErrorCode, number][]) {
          statuses[code] = status;
        }
        operations.set(key, {
          key,
          doc,
          scopes: traits.auth === 'key' ? (config.scopes ?? []) : null,
          traits,
          codes: codesOf(doc, traits),
          statuses,
        });
      }
    },
    get: (key: string): DocumentedOperation | undefined => operations.get(key),
    all: (): DocumentedOperation[] => [...operations.values()],
  };
}

export type OperationRegistry = ReturnType<typeof createOperationRegistry>;
