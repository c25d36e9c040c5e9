import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Tracer } from '@opentelemetry/api';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Clock } from '../clock.ts';
import type { SecretBox } from '../crypto.ts';
import type { Db } from '../db/db.ts';
import type { EventRegistry } from '../events.ts';
import { newId } from '../ids.ts';
import type { HttpMetrics, MetricsExposition } from '../metrics.ts';
import type { Readiness } from '../readiness.ts';
import { AccessLog, logWhenAnswered } from './access-log.ts';
import type { App, AreaRoutes } from './app-types.ts';
import { type AuthDeps, createAuthHook } from './auth.ts';
import { type StaticBody, sendStatic, staticBody } from './compressed.ts';
import { setDatabaseActor } from './db-actor.ts';
import { registerDocument } from './document-routes.ts';
import { clientErrorAnswer, frameworkErrorAnswer, installErrorHandling } from './error-handler.ts';
import { jsonBodyParser } from './json-body.ts';
import { countCalls, countWhenAnswered, registerMetrics } from './metrics-route.ts';
import { checkDocumentedErrors } from './openapi/documented-errors.ts';
import { installListenerGuard } from './ops-listener.ts';
import { registerReadiness } from './readiness-route.ts';
import { sendRequestIds } from './request-ids.ts';
import { installRouteRules } from './route-rules.ts';
import { ErrorEnvelope } from './schemas.ts';
import { SCOPES } from './scopes.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { compileSerializer } from './serializers.ts';
import { installTracing, sendTraceparent, tracingLoggerFactory } from './tracing.ts';
import { compileInputValidator } from './validators.ts';

export type { App, AreaRoutes, RouteInputs } from './app-types.ts';

export interface HttpDeps extends Omit<AuthDeps, 'clock'> {
  db: Db;
  clock: Clock;
  logger: FastifyServerOptions['loggerInstance'];
  routes: readonly AreaRoutes[];
  /** The event types the areas emit (platform/events.ts): `app.eventTypes`, the document's `webhooks`. */
  events: EventRegistry;
  bodyLimit?: number;
  /** Tests: an error code an operation's document does not list answers 500 (openapi/documented-errors.ts). */
  checkErrorCodes?: boolean;
  /** Seals the kept answers of routes that show a secret once (`sealReplay`). */
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  /** The connection's edge: whose X-Forwarded-For is believed, time bounds, HSTS (config.ts). */
  edge?: Partial<HttpEdge>;
  /** Mounted on this listener when given (platform/http/readiness-route.ts). */
  readiness?: Readiness;
  /** Counts every call this listener answers, and the rate limits' refusals (metrics-route.ts). */
  metrics?: HttpMetrics;
  /** Mounted on this listener at /metrics when given, as readiness is (metrics-route.ts). */
  exposition?: MetricsExposition;
  /** Records a server span per call when spans are exported; null: trace ids only (tracing.ts). */
  tracer?: Tracer | null;
  /**
   * A separate operations listener will route its calls through this app (OPS_PORT,
   * ops-listener.ts): each listener then answers 404 for what is the other's.
   */
  operationsListener?: boolean;
}

export interface HttpEdge {
  trustProxy: false | string[];
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  hsts: boolean;
}

/** The schemas the app adds (a response may `$ref` them by `$id`). */
const SHARED_SCHEMAS = { ErrorEnvelope };

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
    // The request id is always the service's own; a caller's X-Request-Id is only kept beside it
    // (request-ids.ts), since any caller may send any id.
    genReqId: () => newId(),
    requestIdHeader: false,
    // Every line of a call carries its W3C trace id, continued from a `traceparent` or new (tracing.ts).
    childLoggerFactory: tracingLoggerFactory(deps.tracer ?? null),
    // One access line per call, when it is answered, in place of Fastify's two (access-log.ts).
    logController: new AccessLog(),
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
    // Node.js applies the bound only when given to its server's constructor, and looks for
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
      logWhenAnswered(request, reply as FastifyReply);
      countWhenAnswered(deps.metrics, request, reply as FastifyReply);
      sendTraceparent(request, reply as FastifyReply);
      sendRequestIds(request, reply as FastifyReply);
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

  app.setValidatorCompiler(({ schema, httpPart }) => compileInputValidator(schema, httpPart));
  app.setSerializerCompiler(({ schema }) => compileSerializer(schema, SHARED_SCHEMAS));

  app.decorateRequest('caller', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('idempotencyOwner', false);
  app.decorateRequest('idempotentReplay', false);
  app.decorateRequest('idempotencyKeptWithWrite', null);
  app.addSchema(ErrorEnvelope);
  app.decorate('eventTypes', deps.events);

  installErrorHandling(app, {
    unavailable(cause) {
      deps.db.availability?.refusedCall();
      deps.metrics?.databaseUnavailable(cause);
    },
  });
  // First of all hooks: the key lookup of authentication is a statement of the call's trace.
  installTracing(app);
  if (deps.metrics) countCalls(app, deps.metrics);
  // Before every other hook, so even a refused call carries them.
  registerSecurityHeaders(app, { hsts: edge.hsts });

  const operations = installRouteRules(app, deps);
  if (deps.checkErrorCodes) checkDocumentedErrors(app, operations);
  await registerDocument(app, operations, deps.events);

  // Before authentication: the public port never so much as checks an operator token.
  if (deps.operationsListener) installListenerGuard(app);
  app.addHook('onRequest', createAuthHook({ ...deps, clock: deps.clock }));
  // After authentication and body validation, before any route's own hooks: the database
  // actor every statement of the call runs as (row-level security, migration 0020).
  app.addHook('preHandler', setDatabaseActor);

  // Built once and kept, compressed when the caller accepts it: the reference page loads it on
  // every visit. Like every API answer it is not to be stored (no-store).
  let document: StaticBody | undefined;
  app.get(
    '/v1/openapi.json',
    { config: { auth: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      document ??= staticBody(JSON.stringify(app.swagger()));
      return sendStatic(request, reply, document, 'application/json; charset=utf-8', 'no-store');
    },
  );

  if (deps.readiness) registerReadiness(app, deps.readiness);
  if (deps.exposition) registerMetrics(app, deps.exposition);

  for (const routes of deps.routes)
    await app.register((async (scoped: App) => routes(scoped)) as FastifyPluginAsync);
  await app.ready();
  return app;
}

export { SCOPES };
