import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpMetrics, MetricsExposition } from '../metrics.ts';
import type { App } from './app-types.ts';

/** Where Prometheus scrapes (docs/operations.md, "Metrics"). */
export const METRICS_PATH = '/metrics';

/**
 * Counts every call a listener answers once its answer is sent: its route pattern (never the
 * path, which would make a series of every id), method, status and duration. A path no route
 * matches counts as the route `unmatched`.
 */
export function countCalls(app: App, metrics: HttpMetrics): void {
  app.addHook('onResponse', async (request, reply) => observe(metrics, request, reply, reply.elapsedTime));
}

/**
 * A path Fastify cannot route (bad percent-encoding, a parameter too long) is answered by the
 * app's `frameworkErrors` handler, with no hook after it: counted here once its answer is sent.
 */
export function countWhenAnswered(
  metrics: HttpMetrics | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!metrics) return;
  const start = performance.now();
  reply.raw.once('finish', () => observe(metrics, request, reply, performance.now() - start));
}

function observe(metrics: HttpMetrics, request: FastifyRequest, reply: FastifyReply, ms: number): void {
  metrics.httpCall({
    method: request.method,
    route: request.routeOptions.url ?? null,
    status: reply.statusCode,
    seconds: Math.max(0, ms) / 1000,
  });
}

/**
 * Mounts the Prometheus text on a listener, as readiness is mounted (readiness-route.ts): no
 * key (a scraper calls it; which network reaches the listener is the guard), never rate
 * limited, left out of the OpenAPI document, its access line at debug. It answers 200 with
 * whatever can be read, even while the database does not answer (platform/metrics-scrape.ts).
 */
export function registerMetrics(app: App, exposition: MetricsExposition): void {
  app.get(
    METRICS_PATH,
    { config: { auth: 'none', accessLog: 'debug' }, schema: { hide: true } },
    async (_request, reply) => {
      const text = await exposition.render();
      return reply.type(exposition.contentType).send(text);
    },
  );
}
