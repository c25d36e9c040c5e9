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

  async function cycle(): Promise<void> {
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
    await armTimer();
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

  /** Sleeps until the next retry falls due (real time on the system clock), at most the safety wake. */
  async function armTimer(): Promise<void> {
    if (timer) clearTimeout(timer);
    let waitMs = deps.safetyWakeMs ?? SAFETY_WAKE_SECONDS * 1000;
    if (!deps.clock.manual) {
      const at = deps.clock.now();
      const due = await nextDueForOps(deps.db(), at);
      if (due) waitMs = Math.max(0, Math.min(waitMs, new Date(due).getTime() - at.getTime() + 5));
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
