import type { Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { createDispatcher, type Dispatcher, type DispatcherDeps } from './webhooks.dispatcher.ts';
import { webhooksEvents } from './webhooks.events.ts';
import { createWebhooksJobs, PRUNE_JOB } from './webhooks.jobs.ts';
import { webhookMetrics, webhooksScrape } from './webhooks.metrics.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { webhooksSealed } from './webhooks.sealed.ts';
import { createWebhooksService } from './webhooks.service.ts';

export type { Dispatcher, DispatcherDeps } from './webhooks.dispatcher.ts';
export { DELIVERY_USER_AGENT } from './webhooks.sender.ts';
export type { WebhooksService } from './webhooks.service.ts';
export {
  deliveryHeaders,
  isUsableSecret,
  MIN_SECRET_KEY_BYTES,
  newSigningSecret,
  SECRET_PREFIX,
} from './webhooks.signature.ts';

/** What the dispatcher runs with beside the area's deps: the runtime's log, LISTEN URL and bounds. */
export interface DispatchSettings {
  logger: Logger;
  /** PostgreSQL's URL, to LISTEN for commits; null on the embedded database. */
  databaseUrl: string | null;
  safetyWakeMs: number;
  tracer: Tracer | null;
}

/**
 * Webhook endpoints and the event log (service and routes), the dispatcher that sends the
 * deliveries (`dispatcher`: a new one per worker, run beside its job loop; tests pass overrides)
 * and the hourly pruning of finished deliveries.
 */
export function webhooksModule(
  deps: AreaDeps & { secrets: SecretBox; allowLoopback: boolean; dispatch: DispatchSettings },
) {
  const webhooks = createWebhooksService(deps);
  const metrics = webhookMetrics(deps.metrics);
  const routes: AreaRoutes[] = [webhooksRoutes({ webhooks, readCache: deps.readCache })];
  const dispatcher = (overrides: Partial<DispatcherDeps> = {}): Dispatcher =>
    createDispatcher({
      db: deps.db,
      clock: deps.clock,
      secrets: deps.secrets,
      allowLoopback: deps.allowLoopback,
      metrics,
      ...deps.dispatch,
      ...overrides,
    });
  return defineArea({
    name: 'webhooks',
    events: webhooksEvents,
    services: { webhooks, dispatcher },
    routes,
    jobs: createWebhooksJobs(),
    recurring: [PRUNE_JOB],
    beside: [() => dispatcher()],
    sealed: webhooksSealed,
    scrape: webhooksScrape,
  });
}
