import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import type { createAnswerBook } from './webhooks.answers.ts';
import { type ClaimedAttempt, recordFailedForOps, stopEndpointForOps } from './webhooks.dispatch.store.ts';
import type { Sender } from './webhooks.sender.ts';
import {
  DELIVERY_ID_HEADER,
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  signatureHeader,
  standardHeaders,
} from './webhooks.signature.ts';

/**
 * When a failed attempt is tried again, counted from the failure: 8 attempts in all over about
 * 28 hours, then the delivery is `failed` (it can still be retried by hand).
 */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint failing without a single success for this long is stopped. */
export const DISABLE_AFTER_FAILING_SECONDS = 3 * 24 * 3600;
/** One attempt of a delivery: signed, sent, and its outcome recorded (a failure schedules the next). */
export function createAttempt(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  sender: Sender;
  answers: ReturnType<typeof createAnswerBook>;
  workerId: string;
  now: () => Promise<Date>;
}) {
  /** Sends one attempt and records it; answers whether a claim should follow (a place freed). */
  return async function attempt(claimed: ClaimedAttempt, secrets: string[]): Promise<boolean> {
    const at = deps.clock.now();
    const headers = {
      [SIGNATURE_HEADER]: signatureHeader(claimed.body, at, secrets),
      [EVENT_ID_HEADER]: claimed.event_id,
      [DELIVERY_ID_HEADER]: claimed.id,
      ...standardHeaders(claimed.event_id, claimed.body, at, secrets),
    };
    const outcome =
      secrets.length === 0
        ? { code: null, error: 'the endpoint has no signing secret' }
        : await deps.sender.send(claimed.url, claimed.body, headers);
    if (outcome.error === null && outcome.code !== null) {
      await deps.answers.record(claimed, outcome.code);
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
    const stopped = await deps.db.transaction(async (tx) => {
      const failed = await recordFailedForOps(tx, {
        id: claimed.id,
        endpointId: claimed.endpoint_id,
        workerId: deps.workerId,
        code: outcome.code,
        error: (outcome.error ?? 'failed').slice(0, 500),
        retryAt,
        now: done,
      });
      if (!failed.recorded) return null;
      const failingFor = failed.failingSince ? done.getTime() - new Date(failed.failingSince).getTime() : 0;
      if (!gone && failingFor < DISABLE_AFTER_FAILING_SECONDS * 1000) return null;
      const reason = gone ? ('gone' as const) : ('failing' as const);
      await stopEndpointForOps(tx, claimed.endpoint_id, reason, done);
      return reason;
    });
    deps.answers.forget(claimed.endpoint_id);
    if (stopped) {
      deps.logger.warn(
        { endpoint_id: claimed.endpoint_id, reason: stopped },
        'webhook endpoint stopped by the dispatcher',
      );
    }
    return true;
  };
}
