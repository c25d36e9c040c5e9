import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, as browsers' preload lists ask; subdomains are the operator's, not ours to bind. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The headers a reviewer checks, on every answer (@fastify/helmet): no sniffing of content
 * types, no referrer, no framing by another page, no caching of API answers (several show a
 * secret once), and HSTS when the operator says the service is reached over https.
 *
 * API answers get the strictest policy, `default-src 'none'; frame-ancestors 'none'` (a JSON
 * answer loads nothing); the reference page at /docs keeps its own policy
 * (openapi/reference-page.ts), set by the reference's own routes after this one.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean },
): Promise<void> {
  await app.register(helmet, {
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
  // Nothing the API answers may be kept by a browser or a proxy; the reference page's files may.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/docs')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
