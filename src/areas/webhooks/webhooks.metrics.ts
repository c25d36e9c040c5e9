import type { MetricsRegistry } from '../../platform/metrics.ts';
import type { ScrapeGauge } from '../../platform/metrics-scrape.ts';
import { oldestDueDeliveryForOpsSql } from './webhooks.metrics.store.ts';

/**
 * What one attempt of a webhook delivery came to: delivered (a 2xx answer), failed with another
 * attempt scheduled, or failed for good (retries spent, or the endpoint stopped).
 */
export type WebhookAttemptOutcome = 'delivered' | 'retrying' | 'failed';

/**
 * Why a delivery could not be prepared for sending: its endpoint's signing secret would not open
 * (a wrong secrets key, a damaged row), or its headers and body could not be built.
 */
export type WebhookPreparationFailure = 'secret' | 'body';

/** What the dispatcher counts (docs/operations.md, "Metrics"). */
export interface WebhookMetrics {
  webhookAttempt(outcome: WebhookAttemptOutcome): void;
  /** A claimed delivery that failed before it was sent (it fails alone, on its retry schedule). */
  webhookPreparationFailed(reason: WebhookPreparationFailure): void;
}

/** The webhooks' instruments, declared on the runtime's registry. */
export function webhookMetrics(registry: MetricsRegistry): WebhookMetrics {
  const attempts = registry.counter({
    name: 'webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts by outcome: delivered, retrying (another attempt scheduled), failed (for good).',
    labelNames: ['outcome'],
  });
  const unprepared = registry.counter({
    name: 'webhook_preparation_failures_total',
    help: 'Webhook deliveries that could not be prepared for sending, by reason: secret (the signing secret would not open: wrong SECRETS_KEY or a damaged row), body (the signed request could not be built).',
    labelNames: ['reason'],
  });
  // Both reasons are reported from the start, 0 until one happens.
  for (const reason of ['secret', 'body'] as const) unprepared.inc({ reason }, 0);
  return {
    webhookAttempt: (outcome) => attempts.inc({ outcome }),
    webhookPreparationFailed: (reason) => unprepared.inc({ reason }),
  };
}

/** What the scrape reads from the deliveries: how late the oldest one due is. */
export const webhooksScrape: readonly ScrapeGauge[] = [
  {
    source: 'webhooks',
    name: 'webhook_oldest_due_seconds',
    help: 'How long the oldest pending webhook delivery has been due (0 when none is).',
    sql: oldestDueDeliveryForOpsSql,
    whenNull: 0,
  },
];
