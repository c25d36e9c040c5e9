import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../errors.ts';
import type { App } from './app-types.ts';
import { clientErrorAnswer } from './error-handler.ts';
import { METRICS_PATH } from './metrics-route.ts';
import { READINESS_PATH } from './readiness-route.ts';

/**
 * The operations listener (OPS_PORT): a second port, bound to a private address by default,
 * that answers the operations team's things and nothing else, while the public port answers
 * everything else and nothing of theirs. In production it is always open (config.ts); only
 * outside production, without OPS_PORT, does the one listener answer both.
 *
 * What belongs to the operations listener: every route under `/ops/`, and the paths below. A
 * new operations-only route (metrics) joins with one line here.
 */
export const OPS_LISTENER_PATHS: readonly string[] = [READINESS_PATH, METRICS_PATH];

const OPS_PREFIX = '/ops';

/** Whether a route pattern (or, for a call no route matched, its path) is the operations listener's. */
export function onOperationsListener(path: string): boolean {
  return path === OPS_PREFIX || path.startsWith(`${OPS_PREFIX}/`) || OPS_LISTENER_PATHS.includes(path);
}

/** The requests the operations listener received: one app routes both listeners' calls. */
const fromOperationsListener = new WeakSet<IncomingMessage>();

/** Whether a call came through the operations listener (its answers document no /v1 operation). */
export const throughOperationsListener = (raw: IncomingMessage): boolean => fromOperationsListener.has(raw);

/**
 * With a separate operations listener, each listener answers 404 (as for a path that does not
 * exist, in the envelope) for what belongs to the other. First of the app's `onRequest` hooks
 * after the security headers: the public port never authenticates an operations call.
 */
export function installListenerGuard(app: App): void {
  app.addHook('onRequest', async (request) => {
    const path = (request.raw.url ?? request.url).split('?')[0] ?? '/';
    const target = request.routeOptions.url ?? path;
    if (onOperationsListener(target) !== fromOperationsListener.has(request.raw)) {
      throw new ApiError('not_found', `No route ${request.method} ${path}.`);
    }
  });
}

export interface OperationsListener {
  /** Where it listens, as the command line reaches it (`http://host:port`). */
  url: string;
  port: number;
  /** Stops accepting; calls in flight finish, idle kept-alive connections close at once. */
  close(): Promise<void>;
  /** Cuts every connection still open (the bound on calls in flight is over). */
  closeAllConnections(): void;
}

/**
 * Opens the operations listener: a plain HTTP server with the same time bounds as the public
 * one, whose calls go through the same app (its routes, hooks, access log and error envelope).
 * The app must be ready.
 */
export async function listenOperations(
  app: App,
  options: { port: number; host: string; edge: { requestTimeoutMs: number; keepAliveTimeoutMs: number } },
): Promise<OperationsListener> {
  const server: Server = createServer(
    {
      requestTimeout: options.edge.requestTimeoutMs,
      headersTimeout: Math.min(60_000, options.edge.requestTimeoutMs),
      keepAliveTimeout: options.edge.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, options.edge.requestTimeoutMs),
    },
    (req, res) => {
      fromOperationsListener.add(req);
      app.routing(req, res);
    },
  );
  server.on('clientError', clientErrorAnswer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
    closeAllConnections: () => server.closeAllConnections(),
  };
}
