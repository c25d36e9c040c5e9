import type { Logger } from 'pino';
import { type Clock, clockMoves } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { outboxCommits } from '../../platform/outbox.ts';
import type { AnswerBook } from './webhooks.answers.ts';
import { nextDueForOps } from './webhooks.dispatch.store.ts';
import { FAN_OUT_BATCH } from './webhooks.fan-out.ts';
import { createCommitListener } from './webhooks.listener.ts';

/**
 * A safety net only: dispatchers are woken by commits and by moves of the manual clock, this
 * catches a missed notification (WEBHOOK_SAFETY_WAKE_SECONDS sets it for `serve` and `work`).
 */
export const SAFETY_WAKE_SECONDS = 30;
/**
 * After a cycle that failed (the database unreachable, a statement refused), the next one comes
 * this soon (real time; sooner if the safety wake is shorter): a failing cycle never leaves the
 * dispatcher asleep.
 */
export const FAILED_CYCLE_RETRY_MS = 5000;

export interface RunnerDeps {
  db: () => Db;
  clock: Clock;
  logger: Logger;
  databaseUrl: string | null;
  safetyWakeMs?: number;
  asOperator: <T>(work: () => Promise<T>) => Promise<T>;
  answers: Pick<AnswerBook, 'takeNext'>;
  /** Fans out waiting events; answers how many were fanned out. */
  fanOut: (once?: boolean) => Promise<number>;
  pump: () => Promise<{ claimed: number; full: boolean }>;
}

/**
 * The dispatcher running on its own: woken by commits and by moves of the manual clock
 * (LISTEN/NOTIFY on PostgreSQL, in process otherwise), and by a timer for the next retry due.
 */
export function createRunner(deps: RunnerDeps) {
  let started = false;
  let cycling: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** Set by a commit (or the safety net): new events may wait to be fanned out. */
  let eventsWaiting = true;

  /** One cycle; whatever happens in it, the next one is scheduled before it ends. */
  async function cycle(): Promise<void> {
    let failed = true;
    try {
      await claimWhatIsDue();
      failed = false;
    } finally {
      await armTimer(failed);
    }
  }

  async function claimWhatIsDue(): Promise<void> {
    do {
      again = false;
      if (eventsWaiting) {
        eventsWaiting = false;
        // A full batch: more events may wait; the first of them are claimed and sent meanwhile.
        if ((await deps.fanOut(true)) === FAN_OUT_BATCH) {
          eventsWaiting = true;
          again = true;
        }
      }
      // A claim short of its room took everything it may: the attempts it started wake the
      // dispatcher again as they finish.
      while ((await deps.pump()).full) {
        /* claim until nothing more is due or the bounds are full */
      }
    } while (again && started);
  }

  function wake(): void {
    if (!started) return;
    if (cycling) {
      again = true;
      return;
    }
    cycling = deps
      .asOperator(cycle)
      .catch((err: unknown) => deps.logger.error({ err }, 'webhook dispatcher cycle failed'))
      .finally(() => {
        cycling = null;
        if (again) wake();
      });
  }

  /**
   * Sleeps until the next retry or lease end falls due (real time on the system clock), at most
   * the safety wake; after a failed cycle, or when the next due time cannot be read, at most
   * FAILED_CYCLE_RETRY_MS. Never throws: the timer is always set while the dispatcher runs.
   */
  async function armTimer(failed: boolean): Promise<void> {
    if (timer) clearTimeout(timer);
    const safetyMs = deps.safetyWakeMs ?? SAFETY_WAKE_SECONDS * 1000;
    let waitMs = failed ? Math.min(safetyMs, FAILED_CYCLE_RETRY_MS) : safetyMs;
    if (!deps.clock.manual && !failed) {
      const at = deps.clock.now();
      try {
        const due = await nextDueForOps(deps.db(), at);
        if (due) waitMs = Math.max(0, Math.min(waitMs, new Date(due).getTime() - at.getTime() + 5));
      } catch (err) {
        deps.logger.error({ err }, 'webhook dispatcher could not read when the next attempt is due');
        waitMs = Math.min(safetyMs, FAILED_CYCLE_RETRY_MS);
      }
    }
    if (!started) return;
    timer = setTimeout(() => {
      eventsWaiting = true;
      wake();
    }, waitMs);
    timer.unref();
  }

  const onCommit = () => {
    eventsWaiting = true;
    wake();
  };
  const commits = deps.databaseUrl
    ? createCommitListener({
        databaseUrl: deps.databaseUrl,
        logger: deps.logger,
        onCommit,
        running: () => started,
      })
    : null;

  return {
    wake,
    async start() {
      if (started) return;
      started = true;
      deps.answers.takeNext(true);
      outboxCommits.on('commit', onCommit);
      clockMoves.on('moved', onCommit);
      await commits?.listen();
      wake();
    },
    /** Stops listening and waits for the cycle under way; attempts in flight are the caller's. */
    async stop() {
      started = false;
      deps.answers.takeNext(false);
      outboxCommits.off('commit', onCommit);
      clockMoves.off('moved', onCommit);
      if (timer) clearTimeout(timer);
      await commits?.close();
      await cycling;
    },
  };
}
