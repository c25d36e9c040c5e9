import type { AreaDeps } from '../../platform/area-deps.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

// The runtime builds the dispatcher (beside the worker's job loop) and runs the retention upkeep.
export { createDispatcher, type Dispatcher, type DispatcherDeps } from './webhooks.dispatcher.ts';
export { EVENT_TYPE_NAMES } from './webhooks.event-types.ts';
export { oldestDueDeliveryForOpsSql } from './webhooks.metrics.store.ts';
export { pruneWebhookDeliveries } from './webhooks.retention.ts';
export type { WebhooksService } from './webhooks.service.ts';
export {
  deliveryHeaders,
  isUsableSecret,
  MIN_SECRET_KEY_BYTES,
  newSigningSecret,
  SECRET_PREFIX,
} from './webhooks.signature.ts';

/** Webhook endpoints and the event log: service and routes (the dispatcher is built by the runtime from this module's factory). */
export function webhooksModule(deps: AreaDeps & { secrets: SecretBox; allowLoopback: boolean }) {
  const webhooks = createWebhooksService(deps);
  const routes: AreaRoutes[] = [webhooksRoutes({ webhooks })];
  return { webhooks, routes };
}
