import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { FunderCaller, OperatorCaller } from '../caller.ts';
import type { Clock } from '../clock.ts';
import type { SecretBox } from '../crypto.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { type AuthDeps, createAuthHook } from './auth.ts';
import { setDatabaseActor } from './db-actor.ts';
import { clientErrorAnswer, frameworkErrorAnswer, installErrorHandling } from './error-handler.ts';
import { createIdempotency } from './idempotency.ts';
import { jsonBodyParser } from './json-body.ts';
import { openApiOptions } from './openapi/document.ts';
import { checkDocumentedErrors } from './openapi/documented-errors.ts';
import { registerReferencePage } from './openapi/reference-page.ts';
import { createOperationRegistry, type OperationRegistry } from './openapi/registry.ts';
import type { OperationDoc } from './openapi/types.ts';
import { withOptionalBody } from './optional-body.ts';
import { ErrorEnvelope } from './schemas.ts';
import { operationKey, SCOPES, type Scope } from './scopes.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { bodyAjv, queryAjv, withoutPerItemChecks, withSafeText } from './validators.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'key': a funder API key; 'ops': the operator token; 'none': public. */
    auth?: 'key' | 'ops' | 'none';
    /** The answer carries a secret shown once: the copy kept for Idempotency-Key replays is sealed. */
    sealReplay?: boolean;
    /** The body may be left out: no body at all is the empty body (optional-body.ts). */
    optionalBody?: boolean;
    /** With `auth: 'key'`: the scopes that open the operation (`OPENS` in scopes.ts); empty for any key. */
    scopes?: readonly Scope[];
    /** A public (`/v1`) operation's OpenAPI entry: what the document says beyond its schemas. */
    operation?: OperationDoc;
  }
  interface FastifyInstance {
    /** The documented operations, each with the scopes that open it, as the routes declared them. */
    operations: OperationRegistry;
    /** Every route with the input schemas it validates: tests derive their bad-input cases from it. */
    routeInputs: RouteInputs[];
  }
  interface FastifyRequest {
    caller: FunderCaller | null;
    operator: OperatorCaller | null;
    idempotencyOwner: boolean;
    idempotentReplay: boolean;
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

export interface HttpDeps extends Omit<AuthDeps, 'clock'> {
  db: Db;
  clock: Clock;
  logger: FastifyServerOptions['loggerInstance'];
  routes: readonly AreaRoutes[];
  bodyLimit?: number;
  /** Tests: an error code an operation's document does not list answers 500 (openapi/documented-errors.ts). */
  checkErrorCodes?: boolean;
  /** Seals the kept answers of routes that show a secret once (`sealReplay`). */
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  /** The connection's edge: whose X-Forwarded-For is believed, time bounds, HSTS (config.ts). */
  edge?: Partial<HttpEdge>;
}

export interface HttpEdge {
  trustProxy: false | string[];
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  hsts: boolean;
}

const DEFAULT_EDGE: HttpEdge = {
  trustProxy: false,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 72_000,
  hsts: false,
};

/** A connection that neither sends nor receives anything for this long is dropped. */
const SOCKET_IDLE_MS = 120_000;

export async function buildApp(deps: HttpDeps): Promise<App> {
  const edge: HttpEdge = { ...DEFAULT_EDGE, ...deps.edge };
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: () => newId(),
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Only the listed proxies may name the client (config.ts refuses `true` and hop counts).
    trustProxy: edge.trustProxy,
    // A whole request must arrive within the bound (a body sent a byte at a time is cut with
    // 408 request_timeout, clientErrorAnswer); idle keep-alive and silent connections close.
    requestTimeout: edge.requestTimeoutMs,
    keepAliveTimeout: edge.keepAliveTimeoutMs,
    connectionTimeout: Math.max(SOCKET_IDLE_MS, edge.requestTimeoutMs, edge.keepAliveTimeoutMs),
    // Node 20 applies the bound only when given to its server's constructor, and looks for
    // requests past it every 30 s by default: look every second.
    http: {
      requestTimeout: edge.requestTimeoutMs,
      headersTimeout: Math.min(60_000, edge.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, edge.requestTimeoutMs),
    },
    ajv: { plugins: [] },
    // Path parameters longer than this are no id of ours (answered 404 in the envelope).
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: (error, request, reply) => {
      const problem = frameworkErrorAnswer(error);
      return (reply as FastifyReply)
        .code(problem.status)
        .type('application/json; charset=utf-8')
        .send({ error: { ...problem.toBody().error, request_id: request.id } });
    },
    clientErrorHandler: clientErrorAnswer,
  }).withTypeProvider<TypeBoxTypeProvider>() as App;

  // JSON only, unless an area adds its own parser: any other content type answers 415. JSON is
  // read by the one body parser (UTF-8 only, nesting bounded: json-body.ts).
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonBodyParser(app));

  const bodyValidator = bodyAjv();
  const paramValidator = queryAjv();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    withSafeText(
      httpPart === 'body'
        ? bodyValidator.compile(withoutPerItemChecks(schema))
        : paramValidator.compile(schema),
    ),
  );

  app.decorateRequest('caller', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('idempotencyOwner', false);
  app.decorateRequest('idempotentReplay', false);
  app.addSchema(ErrorEnvelope);

  installErrorHandling(app);
  // Before every other hook, so even a refused call carries them.
  await registerSecurityHeaders(app, { hsts: edge.hsts });

  // The path decides who may call an operations route: everything under /ops/ takes the
  // operator token, and a route there that says otherwise stops the start.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/ops/')) return;
    const config = (route.config ?? {}) as { auth?: string };
    if (config.auth !== undefined && config.auth !== 'ops') {
      throw new Error(
        `${route.url} is an operations route: it takes the operator token, not auth '${config.auth}'`,
      );
    }
    route.config = { ...route.config, auth: 'ops' };
  });

  // Idempotency-Key is for POST and PUT: their routes get the two hooks, other calls pay nothing.
  const idempotency = createIdempotency({ db: deps.db, clock: deps.clock, secrets: deps.secrets });
  const recordAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.idempotentReplay) await idempotency.record(request, reply, payload);
    return payload;
  };
  const asList = <T>(hooks: T | T[] | undefined): T[] =>
    hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') && !methods.includes('PUT')) return;
    if ((route.config as { auth?: string } | undefined)?.auth !== 'key') return;
    route.preHandler = [...asList(route.preHandler), idempotency.claim] as typeof route.preHandler;
    route.onSend = [...asList(route.onSend), recordAnswer] as typeof route.onSend;
  });

  // A body the route lets the caller leave out is read as `{}` before validation.
  app.addHook('onRoute', withOptionalBody);

  const routeInputs: RouteInputs[] = [];
  app.decorate('routeInputs', routeInputs);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD') continue;
      routeInputs.push({ method, url: route.url, body: schema.body, querystring: schema.querystring });
    }
  });

  // A route declares who may call it (`config.scopes` for a key) and, under /v1, its OpenAPI
  // entry (`config.operation`): a route without them is a bug that stops the start.
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as {
      auth?: string;
      scopes?: readonly Scope[];
      operation?: OperationDoc;
    };
    const method = (Array.isArray(route.method) ? route.method : [route.method]).find((m) => m !== 'HEAD');
    if (!method) return;
    if (config.auth === 'key' && config.scopes === undefined) {
      throw new Error(
        `${operationKey(method, route.url)} declares no scopes (config.scopes, from OPENS in platform/http/scopes.ts)`,
      );
    }
  });

  // Every /v1 operation has its OpenAPI entry (operationId, description, error codes, examples).
  const operations = createOperationRegistry();
  app.decorate('operations', operations);
  app.addHook('onRoute', (route) => operations.add(route as Parameters<typeof operations.add>[0]));
  if (deps.checkErrorCodes) checkDocumentedErrors(app, operations);

  app.addHook('onRoute', (route) => {
    if (route.schema && !route.schema.hide) {
      const response = (route.schema.response ?? {}) as Record<string, unknown>;
      route.schema.response = {
        ...response,
        '4xx': { $ref: 'ErrorEnvelope#' },
        '5xx': { $ref: 'ErrorEnvelope#' },
      };
    }
  });

  await app.register(swagger, {
    ...openApiOptions(operations),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const config = (route.config ?? {}) as { auth?: string };
      if (!schema || url.startsWith('/ops/') || url.startsWith('/docs')) {
        return { schema: { ...(schema ?? {}), hide: true }, url };
      }
      if (config.auth !== 'key') return { schema, url };
      const scopes = (route.config as { scopes?: readonly Scope[] } | undefined)?.scopes ?? [];
      return {
        schema: { ...schema, security: [{ apiKey: [] }], 'x-required-scopes': scopes } as typeof schema,
        url,
      };
    },
  });
  await registerReferencePage(app);

  app.addHook('onRequest', createAuthHook({ ...deps, clock: deps.clock }));
  // After authentication and body validation, before any route's own hooks: the database
  // actor every statement of the call runs as (row-level security, migration 0020).
  app.addHook('preHandler', setDatabaseActor);

  app.get(
    '/v1/openapi.json',
    { config: { auth: 'none' }, schema: { hide: true } },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );

  for (const routes of deps.routes)
    await app.register((async (scoped: App) => routes(scoped)) as FastifyPluginAsync);
  await app.ready();
  return app;
}

export { SCOPES };
