import type { FastifyRequest, RouteOptions } from 'fastify';

/**
 * Routes whose body may be left out (a reason that is optional, a body of defaults) say so
 * with `config: { optionalBody: true }`; this is the one place that reads the flag. A call
 * with no body at all is read as the empty body `{}` before validation, so the route's schema
 * still checks it and fills its defaults and the handler always gets an object. A JSON `null`
 * is a body, and not an object: the schema refuses it like any other wrong body.
 */
export async function noBodyIsEmpty(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
}

type Hook = NonNullable<RouteOptions['preValidation']>;

/** The route's own hooks, with the empty-body reading first when the route asks for it. */
export function withOptionalBody(route: Pick<RouteOptions, 'config' | 'preValidation'>): void {
  if ((route.config as { optionalBody?: boolean } | undefined)?.optionalBody !== true) return;
  const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
  route.preValidation = [noBodyIsEmpty, ...own] as Hook;
}

/** Whether a route was declared with an optional body (the OpenAPI document says so). */
export const hasOptionalBody = (config: unknown): boolean =>
  (config as { optionalBody?: boolean } | undefined)?.optionalBody === true;
