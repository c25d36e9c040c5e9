import { everyHour, type JobHandler } from '../../platform/jobs.ts';
import { pruneWebhookDeliveries } from './webhooks.retention.ts';

/** The worker's hourly upkeep of the delivery logs (webhooks.retention). */
export const PRUNE_JOB = 'maintenance.webhook_deliveries';

/** The worker's job of the webhooks: finished deliveries past their keeping pruned, every hour. */
export function createWebhooksJobs(): Record<string, JobHandler> {
  return { [PRUNE_JOB]: everyHour((ctx) => pruneWebhookDeliveries(ctx.db, ctx.clock.now())) };
}
