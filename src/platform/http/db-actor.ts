import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type DbActor, OPERATOR, runAs } from '../db/actor.ts';

/**
 * The database actor of an authenticated call (platform/db/actor.ts), chosen once here for
 * every route: the caller's funder and plane for a key, the sandbox role for a sandbox key's
 * test helpers, the operator for the operations token. Everything the handler awaits, down
 * to the Db adapters, runs as that actor; a public route sets none and so sees nothing.
 */
export function actorOfRequest(request: FastifyRequest): DbActor | null {
  if (request.operator) return OPERATOR;
  const caller = request.caller;
  if (!caller) return null;
  if (caller.plane === 'demo' && (request.routeOptions.url ?? '').startsWith('/v1/sandbox/')) {
    return { kind: 'sandbox', funderId: caller.funderId };
  }
  return { kind: 'funder', funderId: caller.funderId, plane: caller.plane };
}

/**
 * A callback hook on purpose: the rest of the request (later hooks, the handler, the reply's
 * hooks) is called from `done`, so it runs inside the actor's context.
 */
export function setDatabaseActor(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const actor = actorOfRequest(request);
  if (actor) runAs(actor, done);
  else done();
}
