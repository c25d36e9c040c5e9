import type { Db } from '../../platform/db/db.ts';
import { type ClaimedAttempt, recordDeliveredForOps } from './webhooks.dispatch.store.ts';

/** Flushes of answers under way at once in one dispatcher: answers never wait long for a turn. */
export const MAX_FLUSHES = 4;

/**
 * The 2xx answers of one dispatcher, recorded in batches. One flush records every answer that
 * came in while the previous one was being written: attempts that finish together cost one
 * statement, not one each. An attempt stays in flight until its answer is recorded; the
 * attempts that take the answered ones' places come back from the same statement and are
 * started before the answered ones leave.
 */
export interface AnswerBook {
  /** Resolves once the answer is recorded (rejects when it could not be). */
  record(claimed: ClaimedAttempt, code: number): Promise<void>;
  /** A failure was recorded for the endpoint here: its next success writes the endpoint row. */
  forget(endpointId: string): void;
  /** false while the dispatcher stops: answers are still recorded, nothing new is taken. */
  takeNext(take: boolean): void;
  /** The flushes under way. */
  flushes(): Promise<void>[];
}

export function createAnswerBook(deps: {
  db: () => Db;
  now: () => Promise<Date>;
  workerId: string;
  leaseSeconds: number;
  asOperator: <T>(work: () => Promise<T>) => Promise<T>;
  /** Starts sending the attempts claimed in a flush. */
  start: (next: ClaimedAttempt[]) => void;
  /** A place freed and not taken again: what else is due is for a claim. */
  wake: () => void;
}): AnswerBook {
  const answered: {
    claimed: ClaimedAttempt;
    code: number;
    recorded: () => void;
    lost: (err: unknown) => void;
  }[] = [];
  const flushing = new Set<Promise<void>>();
  let taking = true;
  /**
   * Per endpoint, when this dispatcher last wrote its success (clock milliseconds). An endpoint
   * row is written only when it may need it: failing when claimed, failed here since, or its
   * last success written more than a second ago. A failure recorded by another dispatcher in
   * between is cleared by the next write, within a second of successes.
   */
  const successWritten = new Map<string, number>();

  /** Starts a flush of what has been answered, unless as many as allowed are under way already. */
  function startFlush(): void {
    if (flushing.size >= MAX_FLUSHES || answered.length === 0) return;
    const running: Promise<void> = deps
      .asOperator(() => flush(answered.splice(0)))
      .finally(() => {
        flushing.delete(running);
        startFlush();
      });
    flushing.add(running);
  }

  function endpointsToWrite(batch: typeof answered, at: Date): string[] {
    const due = new Set<string>();
    for (const { claimed } of batch) {
      const written = successWritten.get(claimed.endpoint_id);
      if (claimed.failing || written === undefined || at.getTime() - written >= 1000)
        due.add(claimed.endpoint_id);
    }
    if (successWritten.size > 10_000) successWritten.clear();
    for (const id of due) successWritten.set(id, at.getTime());
    return [...due].sort();
  }

  async function flush(batch: typeof answered): Promise<void> {
    let endpointIds: string[] = [];
    try {
      const done = await deps.now();
      endpointIds = endpointsToWrite(batch, done);
      const answers = {
        workerId: deps.workerId,
        ids: batch.map((one) => one.claimed.id),
        codes: batch.map((one) => one.code),
        endpointIds,
        now: done,
        leaseSeconds: deps.leaseSeconds,
        takeNext: taking,
      };
      // With no endpoint row to write, the flush is one statement: no transaction around it.
      const db = deps.db();
      const { recorded, next } =
        endpointIds.length === 0
          ? await recordDeliveredForOps(db, answers)
          : await db.transaction((tx) => recordDeliveredForOps(tx, answers));
      // The attempts taking their places are in flight before the answered ones leave.
      deps.start(next);
      for (const one of batch) one.recorded();
      // Places freed and not taken again (nothing due there, or a lease that had run out).
      if (next.length < recorded.length || recorded.length < batch.length) deps.wake();
    } catch (err) {
      // Not written after all: the next success writes those endpoints.
      for (const id of endpointIds) successWritten.delete(id);
      for (const one of batch) one.lost(err);
    }
  }

  return {
    record(claimed, code) {
      return new Promise<void>((recorded, lost) => {
        answered.push({ claimed, code, recorded, lost });
        startFlush();
      });
    },
    forget(endpointId) {
      successWritten.delete(endpointId);
    },
    takeNext(take) {
      taking = take;
    },
    flushes: () => [...flushing],
  };
}
