import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pgErrorCode, type UnavailableCause, unavailableCause } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';
import { type InputPart, inputError } from './input-errors.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** How much of a refused body is read and dropped before the connection is cut instead. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Errors found before there is a request (a path Fastify cannot decode, a parameter longer
 * than the router takes), answered in the envelope like any other.
 */
export function frameworkErrorAnswer(error: FastifyError): ApiError {
  if (error.code === 'FST_ERR_BAD_URL') {
    return new ApiError('path_invalid', 'The path is not valid: it has a malformed percent-encoding.');
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new ApiError('not_found', 'No such resource: a part of the path is longer than any id.');
  }
  return new ApiError('path_invalid', 'The path could not be read.');
}

/**
 * Errors of the connection itself, before Fastify has a request: headers too large (431) and
 * unreadable HTTP. Written straight to the socket, in the envelope.
 */
export function clientErrorAnswer(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('headers_too_large', 'The request headers are larger than this service accepts (16 KB).')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('request_timeout', 'The request took too long to arrive.')
        : new ApiError('request_unreadable', 'The request is not valid HTTP.');
  const body = JSON.stringify({ error: { ...problem.toBody().error, request_id: newId() } });
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[
    problem.status as 400 | 408 | 431
  ];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${problem.status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Turns a route URL ("/v1/requests/:id") into a pattern matching concrete paths. */
function routePattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) =>
      part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** Fastify's own errors (parsing, size, media type) in our envelope and codes. */
function frameworkError(error: FastifyError): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('body_too_large', 'The request body is larger than this endpoint accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        'unsupported_media_type',
        'This content type is not accepted here; send application/json.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('body_invalid', 'The body is empty but the content type says JSON.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('body_invalid', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('body_invalid', 'The Content-Length header does not match the body.');
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return new ApiError('body_invalid', 'The body is not valid JSON.');
  }
  return null;
}

/** Any other 4xx of the framework, under a code the error registry gives that status. */
function clientError(status: number): ApiError {
  if (status === 413)
    return new ApiError('body_too_large', 'The request body is larger than this endpoint accepts.');
  if (status === 415) {
    return new ApiError(
      'unsupported_media_type',
      'This content type is not accepted here; send application/json.',
    );
  }
  return new ApiError('request_unreadable', 'The request could not be read.');
}

/**
 * PostgreSQL's `insufficient_privilege` (42501): a row-level security policy refused a row the
 * call would have written ("new row violates row-level security policy"), or the role may not
 * touch the table at all. The store should have refused first (wall one), so it is our defect,
 * but the caller gets a clear refusal in the envelope, never a 500; the transaction rolled back.
 */
function secondWallRefusal(error: unknown): ApiError | null {
  if (pgErrorCode(error) !== '42501') return null;
  return new ApiError(
    'out_of_scope',
    'This call would have written data outside your funder or environment; nothing was changed.',
  );
}

/** Seconds a caller is asked to wait (`Retry-After`) when the database is unavailable or too slow. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

const UNAVAILABLE_MESSAGES: Record<UnavailableCause, string> = {
  unreachable:
    'The database cannot be reached right now; this call did not complete. Retry after Retry-After seconds (a write with the same Idempotency-Key).',
  timeout:
    'The database did not answer in time; this call did not complete. Retry after Retry-After seconds (a write with the same Idempotency-Key).',
  statement_timeout:
    'This call took longer than the service allows and was stopped; it did not complete. Retry after Retry-After seconds (a write with the same Idempotency-Key).',
  lock_timeout:
    'What this call changes is held by another call right now; it did not complete. Retry after Retry-After seconds (a write with the same Idempotency-Key).',
};

/**
 * The database unavailable or too slow (platform/db/db.ts, `unavailableCause`): 503
 * `service_unavailable` with Retry-After, never a 500; the transaction rolled back. Logged once per
 * outage by the pool (platform/db/availability.ts), not here.
 */
export function unavailableAnswer(cause: UnavailableCause): ApiError {
  return new ApiError('service_unavailable', UNAVAILABLE_MESSAGES[cause], {
    headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  });
}

const refusedForDatabase = new WeakSet<FastifyRequest>();

/** Whether the call was answered 503 because of the database (its access line is a warning, without a stack). */
export const refusedForTheDatabase = (request: FastifyRequest): boolean => refusedForDatabase.has(request);

export interface ErrorHandlingHooks {
  /** A call answered 503 because of the database (metrics, the outage's count). */
  unavailable?(cause: UnavailableCause): void;
}

export function installErrorHandling(app: FastifyInstance, hooks: ErrorHandlingHooks = {}): void {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let entry = routes.find((r) => r.pattern.source === routePattern(route.url).source);
    if (!entry) {
      entry = { pattern: routePattern(route.url), methods: new Set() };
      routes.push(entry);
    }
    for (const method of methods) entry.methods.add(method);
  });

  const send = (request: FastifyRequest, reply: FastifyReply, error: ApiError) => {
    const body = error.toBody();
    body.error.request_id = request.id;
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    const answer = () => reply.code(error.status).type('application/json; charset=utf-8').send(body);
    // A body still arriving (too large, or refused before it was read) is read to its end and
    // dropped first: closing a connection with unread data resets it, and the client would see
    // a reset instead of this answer.
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || raw.destroyed) return answer();
    let seen = 0;
    raw.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) raw.destroy();
    });
    raw.once('end', answer);
    raw.once('error', () => {});
    raw.resume();
    return reply;
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = new Set<string>();
    for (const route of routes) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    // A method the path does allow (the path differs only by a trailing slash) is not a 405.
    if (allowed.size > 0 && !allowed.has(request.method)) {
      const list = METHODS.filter((m) => allowed.has(m));
      reply.header('allow', list.join(', '));
      return send(
        request,
        reply,
        new ApiError(
          'method_not_allowed',
          `${request.method} is not allowed here; use ${list.join(' or ')}.`,
        ),
      );
    }
    return send(request, reply, new ApiError('not_found', `No route ${request.method} ${path}.`));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return send(request, reply, error);
    if (error.validation) {
      return send(
        request,
        reply,
        inputError(error.validation, (error.validationContext ?? 'body') as InputPart),
      );
    }
    const framework = frameworkError(error);
    if (framework) return send(request, reply, framework);
    const cause = unavailableCause(error);
    if (cause) {
      hooks.unavailable?.(cause);
      refusedForDatabase.add(request);
      return send(request, reply, unavailableAnswer(cause));
    }
    const refusal = secondWallRefusal(error);
    if (refusal) {
      request.log.error({ err: error }, 'row-level security refused a write the store let through');
      return send(request, reply, refusal);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A framework error not named above, in practice a body stream that broke while it was
      // read (Fastify gives those 400). One code per status, as the OpenAPI document lists it.
      request.log.info({ err: error }, 'client error');
      return send(request, reply, clientError(error.statusCode));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(
      request,
      reply,
      new ApiError('internal_error', 'Something went wrong on our side; please retry later.'),
    );
  });
}
