import { createDeliveryWrites } from './webhooks.deliveries.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';
import { createEndpointWrites } from './webhooks.endpoints.ts';
import { createWebhookReads } from './webhooks.reads.ts';

export { MAX_ACTIVE_ENDPOINTS } from './webhooks.endpoints.ts';

/**
 * Webhook endpoints and the event log, one module per subject: the endpoints' writes
 * (webhooks.endpoints), the writes that cause deliveries (webhooks.deliveries) and the reads
 * (webhooks.reads); the answers' shapes are in webhooks.views.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const endpoints = createEndpointWrites(deps);
  const deliveryWrites = createDeliveryWrites(deps);
  const reads = createWebhookReads(deps);
  return {
    create: endpoints.create,
    list: reads.list,
    stop: endpoints.stop,
    rotateSecret: endpoints.rotateSecret,
    sendTest: deliveryWrites.sendTest,
    deliveries: reads.deliveries,
    retryDelivery: deliveryWrites.retryDelivery,
    recover: deliveryWrites.recover,
    events: reads.events,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
