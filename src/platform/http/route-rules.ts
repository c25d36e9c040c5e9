import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOperatorRole, OPERATOR_ROLES } from '../operator-roles.ts';
import type { App, OpsRouteRole, RouteInputs } from './app-types.ts';
import { createIdempotency, type IdempotencyDeps, successStatuses } from './idempotency.ts';
import { createOperationRegistry, type OperationRegistry } from './openapi/registry.ts';
import type { OperationDoc } from './openapi/types.ts';
import { withOptionalBody } from './optional-body.ts';
import { operationKey, type Scope } from './scopes.ts';

/** A route option that may be one value or several (methods, hooks), as a list. */
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * What the app does with each route as it is registered: who may call it, the hooks its kind
 * of call takes (idempotency, an optional body), the checks that stop the start when a route
 * leaves out what it must declare, the registry of documented operations, and the error
 * envelope on its answers. Answers the registry.
 */
export function installRouteRules(app: App, deps: IdempotencyDeps): OperationRegistry {
  // The path decides who may call an operations route: everything under /ops/ takes the
  // operator token, and a route there that says otherwise stops the start.
  // Each declares the least operator role that opens it: one without is a bug that stops the start.
  const opsRoles: OpsRouteRole[] = [];
  app.decorate('opsRoles', opsRoles);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/ops/')) return;
    const config = (route.config ?? {}) as { auth?: string; role?: unknown };
    if (config.auth !== undefined && config.auth !== 'ops') {
      throw new Error(
        `${route.url} is an operations route: it takes the operator token, not auth '${config.auth}'`,
      );
    }
    if (!isOperatorRole(config.role)) {
      throw new Error(
        `${asList(route.method).join(',')} ${route.url} declares no operator role (config.role, one of ${OPERATOR_ROLES.join(', ')})`,
      );
    }
    route.config = { ...route.config, auth: 'ops' };
    for (const method of asList(route.method)) {
      if (method !== 'HEAD') opsRoles.push({ method, url: route.url, role: config.role });
    }
  });

  // Idempotency-Key is for POST and PUT: their routes get the two hooks, other calls pay nothing.
  const idempotency = createIdempotency(deps);
  const recordAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.idempotentReplay) await idempotency.record(request, reply, payload);
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const methods = asList(route.method);
    if (!methods.includes('POST') && !methods.includes('PUT')) return;
    const config = route.config as { auth?: string; answerStatus?: unknown } | undefined;
    if (config?.auth !== 'key') return;
    // The answer a key keeps with its write needs the status: a route that may answer several
    // success statuses says which one a result gets, or the start stops.
    if (successStatuses(route.schema?.response).length > 1 && typeof config.answerStatus !== 'function') {
      throw new Error(
        `${methods.join(',')} ${route.url} lists several success statuses: say which one a result gets (answerStatus)`,
      );
    }
    route.preHandler = [...asList(route.preHandler), idempotency.claim] as typeof route.preHandler;
    route.onSend = [...asList(route.onSend), recordAnswer] as typeof route.onSend;
  });

  // A body the route lets the caller leave out is read as `{}` before validation.
  app.addHook('onRoute', withOptionalBody);

  const routeInputs: RouteInputs[] = [];
  app.decorate('routeInputs', routeInputs);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of asList(route.method)) {
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
    const method = asList(route.method).find((m) => m !== 'HEAD');
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
  return operations;
}
