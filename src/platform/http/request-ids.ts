import type { FastifyReply, FastifyRequest } from 'fastify';
import { incomingRequestId } from '../ids.ts';

/**
 * The ids of a call. The request id (`request.id`, app.ts) is always made by the service: it is
 * the one quoted to support, written on the evidence chain and bound to every log line. A caller
 * may name the call in its own words with `X-Request-Id` (a gateway's or a load balancer's id):
 * when it passes the shape check (`incomingRequestId`) it is kept beside ours as the client
 * request id, echoed in the `Client-Request-Id` answer header and written on the access line as
 * `client_request_id`, so the two sides' logs still meet. Any caller may send any id, another
 * funder's included, so it identifies nothing and is recorded nowhere else.
 */

/** The caller's own id of the call, null when it sent none or one that is not a UUID. */
export function clientRequestIdOf(request: FastifyRequest): string | null {
  return incomingRequestId(request.headers['x-request-id']);
}

/** `Request-Id` on every answer, and `Client-Request-Id` when the caller named the call. */
export function sendRequestIds(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('request-id', request.id);
  const client = clientRequestIdOf(request);
  if (client !== null) reply.header('client-request-id', client);
}
