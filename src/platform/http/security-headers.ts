import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** One year, as browsers' preload lists ask; subdomains are the operator's, not ours to bind. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The headers helmet sets for these options. None of them depends on the call (no nonce, no
 * policy computed from the request), so helmet's middleware is run once, at start-up, against a
 * response that only records what it is told, and every answer gets the recorded set.
 * (@fastify/helmet builds helmet's middleware again for every call: about 4 kB of garbage and a
 * few per cent of the server's time on `GET /v1/me`; bench/README.md, "Authentication and rate limiting".)
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/**
 * The headers a reviewer checks, on every answer (helmet): no sniffing of content types, no
 * referrer, no framing by another page, no caching of API answers (several show a secret once),
 * and HSTS when the operator says the service is reached over https.
 *
 * API answers get the strictest policy, `default-src 'none'; frame-ancestors 'none'` (a JSON
 * answer loads nothing); the reference page at /docs keeps its own policy
 * (openapi/reference-page.ts), set by the reference's own routes after this one.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: options.hsts
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
      : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Nothing the API answers may be kept by a browser or a proxy; the reference page's files may.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/docs')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
