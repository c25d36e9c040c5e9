import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { loggableUrl } from '../log-safety.ts';
import { refusedForTheDatabase } from './error-handler.ts';
import { clientRequestIdOf } from './request-ids.ts';
import { endCallSpan } from './tracing.ts';

/**
 * One access line per call, written when its answer has been sent, instead of Fastify's two
 * ("incoming request" and "request completed"). Fastify calls this controller for every call it
 * made a request for, unknown routes and unreadable paths included; a connection refused before
 * that (unreadable HTTP, headers too large) is answered by the client-error handler and has no
 * access line.
 *
 * Level: `error` for an answer that could not be written; `debug` for a route whose config says
 * `accessLog: 'debug'` (health, readiness, metrics: called every few seconds by load balancers
 * and scrapers), whatever its status, since a readiness check answering 503 while the service
 * drains is expected; `error` for any other 5xx answer; `info` for every other call, 4xx
 * included, but `warn` for a 503 because the database is unavailable (its outage has its own two
 * lines). A failure inside a call is logged by the error handler on its own line, whatever the
 * access line's level.
 */
export class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  /** Nothing when a call arrives: the access line is written once it is answered. */
  override incomingRequest(): void {}

  /** The access line says it (route null, status 404). */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    writeAccessLine(request, reply, reply.elapsedTime, error);
  }
}

/**
 * A path Fastify cannot route (bad percent-encoding, a parameter too long) is answered by the
 * app's `frameworkErrors` handler, which Fastify does not follow to the end of the call: its
 * access line is written here once the answer is sent.
 */
export function logWhenAnswered(request: FastifyRequest, reply: FastifyReply): void {
  const start = performance.now();
  reply.raw.once('finish', () => writeAccessLine(request, reply, performance.now() - start, null));
}

function writeAccessLine(
  request: FastifyRequest,
  reply: FastifyReply,
  durationMs: number,
  error: Error | null | undefined,
): void {
  const line = accessLine(request, reply, durationMs);
  endCallSpan(request, line);
  // A call refused because the database is gone: the outage is logged once by the pool, the
  // call's line says only that it was refused (no stack, not an error of its own).
  if (refusedForTheDatabase(request)) reply.log.warn(line, 'call');
  else if (error) reply.log.error({ ...line, err: error }, 'call');
  else if (request.routeOptions.config?.accessLog === 'debug') reply.log.debug(line, 'call');
  else if (reply.statusCode >= 500) reply.log.error(line, 'call');
  else reply.log.info(line, 'call');
}

/**
 * The fields of a call's access line; the request id and the trace id are on every line of the
 * call already (the bindings of its logger: app.ts, tracing.ts).
 */
export interface AccessLine {
  method: string;
  /** The route pattern (`/v1/requests/:id`), null when no route matched. */
  route: string | null;
  /** The path without its query string (which may carry a credential), credentials cut out. */
  path: string;
  status: number;
  duration_ms: number;
  /** The client's address, as `trustProxy` lets the service believe it. */
  remote_address: string;
  /** The funder whose key made the call, once authenticated. */
  funder_id: string | null;
  /** The operator who made the call, once operators are named. */
  operator: string | null;
  /**
   * The caller's own id of the call (`X-Request-Id`, when a UUID), beside the service's
   * `request_id`; null when it sent none (request-ids.ts).
   */
  client_request_id: string | null;
}

export function accessLine(request: FastifyRequest, reply: FastifyReply, durationMs: number): AccessLine {
  const url = request.raw.url ?? request.url ?? '/';
  const queryAt = url.indexOf('?');
  return {
    method: request.method,
    route: request.routeOptions.url ?? null,
    path: loggableUrl(queryAt === -1 ? url : url.slice(0, queryAt)),
    status: reply.statusCode,
    duration_ms: Math.round(Math.max(0, durationMs) * 10) / 10,
    remote_address: request.ip,
    funder_id: request.caller?.funderId ?? null,
    operator: request.operator?.name ?? null,
    client_request_id: clientRequestIdOf(request),
  };
}
