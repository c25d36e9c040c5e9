import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FunderCaller, KeptAnswer, OperatorCaller } from '../caller.ts';
import type { EventRegistry } from '../events.ts';
import type { OperatorRole } from '../operator-roles.ts';
import type { OperationRegistry } from './openapi/registry.ts';
import type { OperationDoc } from './openapi/types.ts';
import type { Scope } from './scopes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'key': a funder API key; 'ops': the operator token; 'none': public. */
    auth?: 'key' | 'ops' | 'none';
    /** The answer carries a secret shown once: the copy kept for Idempotency-Key replays is sealed. */
    sealReplay?: boolean;
    /** The body may be left out: no body at all is the empty body (optional-body.ts). */
    optionalBody?: boolean;
    /**
     * A keyed write whose schema lists several success statuses: which one the answer to a
     * result has. The answer an Idempotency-Key keeps with the write needs it (idempotency.ts).
     */
    answerStatus?: (result: unknown) => number;
    /** With `auth: 'key'`: the scopes that open the operation (`OPENS` in scopes.ts); empty for any key. */
    scopes?: readonly Scope[];
    /** With `auth: 'ops'`: the least operator role that opens the operation (operator-roles.ts). */
    role?: OperatorRole;
    /** A public (`/v1`) operation's OpenAPI entry: what the document says beyond its schemas. */
    operation?: OperationDoc;
    /**
     * 'debug': the call's access line is written at debug level, not info (health, readiness,
     * metrics: routes a load balancer or a scraper calls every few seconds). access-log.ts.
     */
    accessLog?: 'debug';
  }
  interface FastifyInstance {
    /** The documented operations, each with the scopes that open it, as the routes declared them. */
    operations: OperationRegistry;
    /** Every route with the input schemas it validates: tests derive their bad-input cases from it. */
    routeInputs: RouteInputs[];
    /** Every operations route with the least operator role that opens it, as the routes declared it. */
    opsRoles: OpsRouteRole[];
    /** The event types the areas emit, joined (platform/events.ts): what an endpoint may subscribe to. */
    eventTypes: EventRegistry;
  }
  interface FastifyRequest {
    caller: FunderCaller | null;
    operator: OperatorCaller | null;
    idempotencyOwner: boolean;
    idempotentReplay: boolean;
    /** The answer this call's write kept for its Idempotency-Key in its own transaction, if any. */
    idempotencyKeptWithWrite: KeptAnswer | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A route and the schemas of its body and query string (undefined where it takes none). */
export interface RouteInputs {
  method: string;
  url: string;
  body: unknown;
  querystring: unknown;
}

/** Each area hands the app a plugin registering its own routes. */
export type AreaRoutes = (app: App) => Promise<void> | void;

/** An operations route and the least operator role that opens it (route-rules.ts). */
export interface OpsRouteRole {
  method: string;
  url: string;
  role: OperatorRole;
}
