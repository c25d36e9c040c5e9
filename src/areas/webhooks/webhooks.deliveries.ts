import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { signalOutboxCommit } from '../../platform/outbox.ts';
import type { WebhooksDeps } from './webhooks.deps.ts';
import { RECOVER_MAX_DAYS } from './webhooks.schemas.ts';
import {
  lockDelivery,
  lockEndpoint,
  recoverDeliveries,
  retryDeliveryNow,
  wakeDispatchers,
} from './webhooks.store.ts';
import { deliveryView, ownKeyOf } from './webhooks.views.ts';

/** Writes that cause deliveries: a test event, a delivery retried now, a recovery. */
export function createDeliveryWrites(deps: Pick<WebhooksDeps, 'write'>) {
  const { write } = deps;
  return {
    async sendTest(caller: FunderCaller, id: string) {
      const scope = scopeOf(caller);
      return write(caller, async ({ tx, now, emit }) => {
        const row = await lockEndpoint(tx, scope, ownKeyOf(caller), id);
        if (!row) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        emit({
          funderId: scope.funderId,
          plane: scope.plane,
          type: 'webhook.test',
          data: { webhook_id: id, sent_at: now.toISOString(), message: 'A test event you asked for.' },
        });
        return { webhook_id: id, event_type: 'webhook.test' as const, queued: true };
      });
    },

    async retryDelivery(caller: FunderCaller, id: string, deliveryId: string) {
      const scope = scopeOf(caller);
      const answer = await write(caller, async ({ tx, now, evidence }) => {
        const endpoint = await lockEndpoint(tx, scope, ownKeyOf(caller), id);
        if (!endpoint) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        const delivery = await lockDelivery(tx, scope, id, deliveryId, now);
        if (!delivery) throw new ApiError('not_found', 'The delivery was not found.');
        if (delivery.status === 'cancelled') {
          throw new ApiError(
            'delivery_not_retryable',
            'The delivery was cancelled: its endpoint was stopped.',
          );
        }
        if (delivery.attempt_running) {
          throw new ApiError(
            'delivery_attempt_in_progress',
            'An attempt of this delivery is being sent right now: read the log for its outcome, then retry if it failed.',
          );
        }
        const requeued = await retryDeliveryNow(tx, scope, deliveryId, now);
        await wakeDispatchers(tx);
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'webhook.delivery_retried',
          subjectType: 'webhook_delivery',
          subjectId: deliveryId,
          payload: { endpoint_id: id, previous_status: delivery.status },
        });
        return { delivery: deliveryView(requeued) };
      });
      signalOutboxCommit();
      return answer;
    },

    /** Sends again what the endpoint missed since `since` (at most 14 days back), oldest first. */
    async recover(caller: FunderCaller, id: string, body: { since: string }) {
      const scope = scopeOf(caller);
      const since = new Date(body.since);
      const answer = await write(caller, async ({ tx, now, evidence }) => {
        if (
          since.getTime() > now.getTime() ||
          now.getTime() - since.getTime() > RECOVER_MAX_DAYS * 86_400_000
        ) {
          throw new ApiError(
            'since_invalid',
            `\`since\` must be between ${RECOVER_MAX_DAYS} days ago and now (${now.toISOString()}).`,
          );
        }
        const endpoint = await lockEndpoint(tx, scope, ownKeyOf(caller), id);
        if (!endpoint) throw new ApiError('not_found', 'The webhook endpoint was not found.');
        const recovered = await recoverDeliveries(tx, scope, id, since, now);
        if (recovered > 0) await wakeDispatchers(tx);
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'webhook.recovered',
          subjectType: 'webhook_endpoint',
          subjectId: id,
          payload: { since: since.toISOString(), recovered },
        });
        return { webhook_id: id, since: since.toISOString(), recovered };
      });
      signalOutboxCommit();
      return answer;
    },
  };
}
