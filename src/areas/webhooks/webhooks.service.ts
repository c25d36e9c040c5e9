import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { createDeliveryWrites } from './webhooks.deliveries.ts';
import { createEndpointWrites } from './webhooks.endpoints.ts';
import { createWebhookReads } from './webhooks.reads.ts';

export { MAX_ACTIVE_ENDPOINTS } from './webhooks.endpoints.ts';

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
  secrets: SecretBox;
  allowLoopback: boolean;
}

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
    events: reads.events,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
