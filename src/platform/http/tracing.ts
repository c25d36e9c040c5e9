import type { IncomingMessage } from 'node:http';
import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
  HookHandlerDoneFunction,
} from 'fastify';
import { type CallTrace, formatTraceparent, runInTrace, startCallTrace } from '../tracing.ts';

/**
 * The trace of each HTTP call (platform/tracing.ts), wired into Fastify:
 *
 * - started when Fastify makes the call's logger (its `childLoggerFactory`, called for every
 *   call, unknown routes and unreadable paths included), so `trace_id` is bound to every line
 *   the call logs, the first one included;
 * - sent back in the answer's `traceparent` (with this service's span id), and made the running
 *   trace of everything the call does (`runInTrace`), its database statements and the outbox
 *   events it writes included;
 * - ended with the access line (access-log.ts), whose fields name the server span and its
 *   attributes.
 */
const traces = new WeakMap<IncomingMessage, CallTrace>();

/** The trace of a call, once Fastify has made its logger. */
export function traceOf(request: FastifyRequest): CallTrace | undefined {
  return traces.get(request.raw);
}

export function tracingLoggerFactory(
  tracer: Tracer | null,
): NonNullable<FastifyServerOptions['childLoggerFactory']> {
  return (logger, bindings, options, rawRequest) => {
    const raw = rawRequest as IncomingMessage;
    let callTrace = traces.get(raw);
    if (!callTrace) {
      callTrace = startCallTrace(tracer, raw.headers, raw.method ?? 'GET');
      traces.set(raw, callTrace);
    }
    return (logger as FastifyBaseLogger).child({ ...bindings, trace_id: callTrace.traceId }, options);
  };
}

/** The answer's `traceparent`; the path Fastify cannot route sets it itself (app.ts). */
export function sendTraceparent(request: FastifyRequest, reply: FastifyReply): void {
  const callTrace = traceOf(request);
  if (callTrace) reply.header('traceparent', formatTraceparent(callTrace));
}

/**
 * Callback hooks on purpose (as setDatabaseActor): the rest of the call runs from `done`, inside
 * the trace. Entered again before the handler, where the database actor is set too: a body is
 * read on the socket's events, and the handler must not depend on whether their callbacks kept
 * the hooks' context (a body sent in several packets, a parser an area adds).
 */
function enterTrace(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const callTrace = traceOf(request);
  if (callTrace) runInTrace(callTrace, done);
  else done();
}

/** Registered before every other hook, so authentication's statements are in the trace too. */
export function installTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    sendTraceparent(request, reply);
    enterTrace(request, reply, done);
  });
  app.addHook('preHandler', enterTrace);
}

/** What the access line (access-log.ts) says of a call: the server span is named from it. */
export interface AnsweredCall {
  method: string;
  route: string | null;
  path: string;
  status: number;
  remote_address: string;
  funder_id: string | null;
  operator: string | null;
  client_request_id: string | null;
}

/** Ends the call's server span (when one is recorded) with what its access line says. */
export function endCallSpan(request: FastifyRequest, line: AnsweredCall): void {
  const span = traceOf(request)?.span;
  if (!span) return;
  span.updateName(line.route ? `${line.method} ${line.route}` : line.method);
  span.setAttributes({
    'http.request.method': line.method,
    'http.response.status_code': line.status,
    'url.path': line.path,
    'client.address': line.remote_address,
    'funder_api.request_id': String(request.id),
    ...(line.route ? { 'http.route': line.route } : {}),
    ...(line.funder_id ? { 'funder_api.funder_id': line.funder_id } : {}),
    ...(line.operator ? { 'funder_api.operator': line.operator } : {}),
    ...(line.client_request_id ? { 'funder_api.client_request_id': line.client_request_id } : {}),
  });
  // A server span fails on a 5xx only: a 4xx is the caller's mistake, answered as designed.
  if (line.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
