import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

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

function validationError(error: FastifyError): ApiError {
  const first = error.validation?.[0];
  const context = error.validationContext ?? 'body';
  if (context === 'params')
    return new ApiError('not_found', 'No such resource: the id in the path is not valid.');
  const where = first?.instancePath ? `${context}${first.instancePath.replace(/\//g, '.')}` : context;
  let detail = first?.message ?? 'is not valid';
  if (first?.keyword === 'additionalProperties') {
    detail = `has an unknown member "${String((first.params as { additionalProperty?: string }).additionalProperty)}"`;
  } else if (first?.keyword === 'required') {
    detail = `is missing "${String((first.params as { missingProperty?: string }).missingProperty)}"`;
  }
  return new ApiError(context === 'body' ? 'body_invalid' : 'query_invalid', `${where} ${detail}.`, {
    extra: { field: first?.instancePath || null },
  });
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

export function installErrorHandling(app: FastifyInstance): void {
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
    return reply.code(error.status).type('application/json; charset=utf-8').send(body);
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
    if (error.validation) return send(request, reply, validationError(error));
    const framework = frameworkError(error);
    if (framework) return send(request, reply, framework);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(
        request,
        reply,
        new ApiError('body_invalid', 'The request could not be read.', { status: error.statusCode }),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(
      request,
      reply,
      new ApiError('internal_error', 'Something went wrong on our side; please retry later.'),
    );
  });
}
