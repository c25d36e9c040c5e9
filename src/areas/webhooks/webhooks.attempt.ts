import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { type CallTrace, formatTraceparent, startDeliveryTrace } from '../../platform/tracing.ts';
import type { createAnswerBook } from './webhooks.answers.ts';
import { type ClaimedAttempt, recordFailedForOps, stopEndpointForOps } from './webhooks.dispatch.store.ts';
import type { WebhookMetrics, WebhookPreparationFailure } from './webhooks.metrics.ts';
import type { Sender } from './webhooks.sender.ts';
import { deliveryHeaders } from './webhooks.signature.ts';

/**
 * When a failed attempt is tried again, counted from the failure: 8 attempts in all over about
 * 28 hours, then the delivery is `failed` (it can still be retried by hand).
 */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint failing without a single success for this long is stopped. */
export const DISABLE_AFTER_FAILING_SECONDS = 3 * 24 * 3600;

/**
 * What the launcher could make of a claimed attempt before it is sent: the endpoint's secrets
 * opened, or why they could not be (webhooks.claims.ts).
 */
export type Preparation = { secrets: string[] } | { failure: WebhookPreparationFailure };

/**
 * The `last_error` of an attempt that could not be prepared, by reason: it names what went
 * wrong and what to look at, never a secret, a key or the sealed value.
 */
export const PREPARATION_ERRORS: Record<WebhookPreparationFailure, string> = {
  secret:
    "the endpoint's signing secret could not be opened (wrong SECRETS_KEY or a damaged row); nothing was sent",
  body: 'the signed request could not be built from the stored delivery; nothing was sent',
};

/** One attempt of a delivery: signed, sent, and its outcome recorded (a failure schedules the next). */
export function createAttempt(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  sender: Sender;
  answers: ReturnType<typeof createAnswerBook>;
  workerId: string;
  now: () => Promise<Date>;
  metrics: WebhookMetrics;
  /** Records a client span per attempt when spans are exported; null: the trace is only handed on. */
  tracer: Tracer | null;
}) {
  /**
   * Sends one attempt and records it; answers whether a claim should follow (a place freed). An
   * attempt that cannot be prepared (its secret does not open, its request cannot be built) is
   * not sent: it fails alone, on the delivery's retry schedule, without counting against the
   * endpoint (the fault is the service's, not the receiver's).
   */
  return async function attempt(claimed: ClaimedAttempt, prepared: Preparation): Promise<boolean> {
    const at = deps.clock.now();
    // The trace of the call that caused the event, continued by this attempt and its receiver.
    const delivery = startDeliveryTrace(deps.tracer, claimed.traceparent, {
      'funder_api.delivery_id': claimed.id,
      'funder_api.event_id': claimed.event_id,
      'funder_api.webhook_id': claimed.endpoint_id,
      'funder_api.attempt': claimed.attempt,
    });
    let failure: WebhookPreparationFailure | null = 'failure' in prepared ? prepared.failure : null;
    let headers: Record<string, string> | null = null;
    if ('secrets' in prepared && prepared.secrets.length > 0) {
      try {
        headers = {
          ...deliveryHeaders({
            body: claimed.body,
            at,
            secrets: prepared.secrets,
            eventId: claimed.event_id,
            deliveryId: claimed.id,
          }),
          traceparent: formatTraceparent(delivery),
        };
      } catch {
        failure = 'body';
      }
    }
    const outcome =
      failure !== null
        ? { code: null, error: PREPARATION_ERRORS[failure] }
        : headers === null
          ? { code: null, error: 'the endpoint has no signing secret' }
          : await deps.sender.send(claimed.url, claimed.body, headers);
    if (failure !== null) {
      deps.metrics.webhookPreparationFailed(failure);
      deps.logger.warn(
        { delivery_id: claimed.id, endpoint_id: claimed.endpoint_id, reason: failure },
        'webhook delivery could not be prepared: it fails alone and is tried again on its schedule',
      );
    }
    logAttempt(deps.logger, claimed, delivery, outcome);
    if (outcome.error === null && outcome.code !== null) {
      await deps.answers.record(claimed, outcome.code);
      deps.metrics.webhookAttempt('delivered');
      return false;
    }
    const done = await deps.now();
    // The next success here writes the endpoint again, ending its run of failures.
    deps.answers.forget(claimed.endpoint_id);
    const gone = outcome.code === 410;
    // An attempt a manual retry moved forward goes back to the attempt it moved, whatever this
    // says (recordFailedForOps reads `resume_at`); its number is the schedule's, unchanged.
    const wait = RETRY_SCHEDULE_SECONDS[claimed.attempt - 1];
    const retryAt = gone || wait === undefined ? null : new Date(done.getTime() + wait * 1000);
    // One transaction: until it commits the attempt still counts as in flight, so no other
    // attempt of an endpoint being stopped is claimed in between.
    const ended = await deps.db.transaction(async (tx) => {
      const failed = await recordFailedForOps(tx, {
        id: claimed.id,
        endpointId: claimed.endpoint_id,
        workerId: deps.workerId,
        code: outcome.code,
        error: (outcome.error ?? 'failed').slice(0, 500),
        retryAt,
        now: done,
        endpointFailed: failure === null,
      });
      if (!failed.recorded) return null;
      if (failure !== null) return { retrying: failed.retrying, stopped: null };
      const failingFor = failed.failingSince ? done.getTime() - new Date(failed.failingSince).getTime() : 0;
      if (!gone && failingFor < DISABLE_AFTER_FAILING_SECONDS * 1000)
        return { retrying: failed.retrying, stopped: null };
      const reason = gone ? ('gone' as const) : ('failing' as const);
      await stopEndpointForOps(tx, claimed.endpoint_id, reason, done);
      return { retrying: false, stopped: reason };
    });
    deps.answers.forget(claimed.endpoint_id);
    // Counted once recorded: an attempt whose lease another dispatcher took is that one's to count.
    if (ended) deps.metrics.webhookAttempt(ended.retrying ? 'retrying' : 'failed');
    if (ended?.stopped) {
      deps.logger.warn(
        { endpoint_id: claimed.endpoint_id, reason: ended.stopped },
        'webhook endpoint stopped by the dispatcher',
      );
    }
    return true;
  };
}

/**
 * One line per attempt, naming the trace of the call that caused the event; never the URL (its
 * query may carry the receiver's credential) nor the body. The span, when recorded, ends here.
 */
function logAttempt(
  logger: Logger,
  claimed: ClaimedAttempt,
  delivery: CallTrace,
  outcome: { code: number | null; error: string | null },
): void {
  const delivered = outcome.error === null && outcome.code !== null;
  if (delivery.span) {
    if (outcome.code !== null) delivery.span.setAttribute('http.response.status_code', outcome.code);
    if (!delivered) delivery.span.setStatus({ code: SpanStatusCode.ERROR });
    delivery.span.end();
  }
  logger.info(
    {
      delivery_id: claimed.id,
      event_id: claimed.event_id,
      endpoint_id: claimed.endpoint_id,
      attempt: claimed.attempt,
      outcome: delivered ? 'delivered' : 'failed',
      response_code: outcome.code,
      ...(delivered ? {} : { error: outcome.error }),
      trace_id: delivery.traceId,
    },
    'webhook delivery attempt',
  );
}
