import type { OperationDoc } from './openapi/types.ts';
import type { Scope } from './scopes.ts';

/** What a funder route may say of itself beside its scopes, its entry and its schemas. */
export interface KeyRouteTraits {
  /** The answer shows a secret once: the copy kept for Idempotency-Key replays is sealed. */
  sealReplay?: boolean;
  /** The body may be left out (optional-body.ts). */
  optionalBody?: boolean;
  /** A write with several success statuses: the one its answer to a result has (idempotency.ts). */
  answerStatus?: (result: unknown) => number;
}

/**
 * The options of the funder routes (`/v1`, an API key) of one OpenAPI tag. A routes file names
 * its tag once; each route then gives the scopes that open it (a set of `OPENS`), its OpenAPI
 * entry and its schemas: `app.get(path, keyed(OPENS.read, { operationId, ... }, { response }), handler)`.
 */
export function keyRoutes(tag: OperationDoc['tag']) {
  return <S extends object>(
    scopes: readonly Scope[],
    operation: Omit<OperationDoc, 'tag'>,
    schema: S,
    traits: KeyRouteTraits = {},
  ) => ({
    config: { auth: 'key' as const, ...traits, scopes, operation: { ...operation, tag } },
    schema,
  });
}
