import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Db, Queryable } from './db/db.ts';

export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export interface JobContext {
  db: Db;
  clock: Clock;
  job: JobRow;
  /**
   * Aborted when the worker finds that its claim on the job was lost (another worker took it
   * over): a long handler checks it between steps and stops, since its outcome will be ignored.
   */
  signal: AbortSignal;
}

/** A handler returns `rerunAt` to run the same job again later (recurring maintenance). */
export type JobHandler = (ctx: JobContext) => Promise<undefined | { rerunAt: Date }>;

export interface EnqueueOptions {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** At most one unfinished job per key: enqueueing it again changes nothing. */
  jobKey?: string;
  maxAttempts?: number;
}

export async function enqueueJob(q: Queryable, job: EnqueueOptions): Promise<void> {
  await q.query(
    `INSERT INTO jobs (kind, payload, job_key, run_at, max_attempts, created_at)
     VALUES ($1, $2, $3, $4, $5, $4)
     ON CONFLICT (job_key) WHERE finished_at IS NULL AND failed_at IS NULL DO NOTHING`,
    [job.kind, JSON.stringify(job.payload ?? {}), job.jobKey ?? null, job.runAt, job.maxAttempts ?? 10],
  );
}

/** How long a claim holds before another worker may take the job over (a crashed worker). */
export const CLAIM_SECONDS = 300;
/**
 * While a handler runs, the worker renews its claim this often (real time), so a job that runs
 * longer than one claim (an export, a digest) is never taken over while its worker is alive.
 * A third of the claim leaves two chances to renew before it runs out.
 */
const HEARTBEAT_MS = (CLAIM_SECONDS * 1000) / 3;

export interface Worker {
  /** Claims and runs whatever is due now; answers how many jobs ran. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createWorker(deps: {
  db: Db;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  logger: Logger;
  pollMs?: number;
  /** How often a running job's claim is renewed, in real milliseconds (default: a third of the claim). */
  heartbeatMs?: number;
  batchSize?: number;
  workerId?: string;
}): Worker {
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const kinds = Object.keys(deps.handlers);
  const pollMs = deps.pollMs ?? 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function claim(): Promise<JobRow[]> {
    if (deps.clock.manual) await deps.clock.sync(deps.db);
    const now = deps.clock.now();
    // A job whose last allowed attempt lost its worker (crash, kill) is failed, not retried forever.
    await deps.db.query(
      `UPDATE jobs SET failed_at = $1, locked_by = NULL, last_error = coalesce(last_error, 'the worker stopped during the last attempt')
        WHERE finished_at IS NULL AND failed_at IS NULL AND attempts >= max_attempts AND locked_until < $1`,
      [now],
    );
    const { rows } = await deps.db.query<JobRow>(
      `UPDATE jobs SET locked_by = $1, locked_until = $2::timestamptz + make_interval(secs => $3),
                       attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM jobs
           WHERE finished_at IS NULL AND failed_at IS NULL AND run_at <= $2
             AND (locked_until IS NULL OR locked_until < $2) AND kind = ANY($4::text[])
             AND attempts < max_attempts
           ORDER BY run_at, id
           LIMIT $5
           FOR UPDATE SKIP LOCKED)
        RETURNING id::text, kind, payload, attempts, max_attempts`,
      [workerId, now, CLAIM_SECONDS, kinds, deps.batchSize ?? 10],
    );
    return rows;
  }

  /**
   * Renews the claims on the jobs this worker holds (the one running and those of the batch
   * still waiting their turn): each claim's end moves to now + the claim length. A job whose
   * row is no longer ours (taken over after a stall longer than the claim) has its signal
   * aborted and the loss logged.
   */
  function keepClaims(held: Map<string, { job: JobRow; lost: AbortController }>): () => Promise<void> {
    let beating: Promise<void> = Promise.resolve();
    const beat = async () => {
      if (held.size === 0) return;
      const ids = [...held.keys()];
      try {
        if (deps.clock.manual) await deps.clock.sync(deps.db);
        const { rows } = await deps.db.query<{ id: string }>(
          `UPDATE jobs SET locked_until = $2::timestamptz + make_interval(secs => $3)
            WHERE id = ANY($1::bigint[]) AND locked_by = $4 AND finished_at IS NULL AND failed_at IS NULL
            RETURNING id::text`,
          [ids, deps.clock.now(), CLAIM_SECONDS, workerId],
        );
        const kept = new Set(rows.map((row) => row.id));
        for (const id of ids) {
          const entry = held.get(id);
          if (!entry || kept.has(id) || entry.lost.signal.aborted) continue;
          deps.logger.warn(
            { job_id: id, kind: entry.job.kind, attempts: entry.job.attempts, worker: workerId },
            'job claim lost: another worker took the job over',
          );
          entry.lost.abort(new Error(`the claim on job ${id} was lost`));
        }
      } catch (err) {
        // The next beat tries again; the claims still have two thirds of their length to run.
        deps.logger.warn({ job_ids: ids, worker: workerId, err }, 'renewing job claims failed');
      }
    };
    const timer = setInterval(() => {
      beating = beating.then(beat);
    }, deps.heartbeatMs ?? HEARTBEAT_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await beating;
    };
  }

  async function runJob(job: JobRow, signal: AbortSignal): Promise<void> {
    const handler = deps.handlers[job.kind];
    try {
      const outcome = handler ? await handler({ db: deps.db, clock: deps.clock, job, signal }) : undefined;
      if (outcome && 'rerunAt' in outcome) {
        await deps.db.query(
          `UPDATE jobs SET run_at = $2, attempts = 0, locked_by = NULL, locked_until = NULL, last_error = NULL
            WHERE id = $1 AND locked_by = $3`,
          [job.id, outcome.rerunAt, workerId],
        );
      } else {
        await deps.db.query(
          'UPDATE jobs SET finished_at = $2, locked_by = NULL WHERE id = $1 AND locked_by = $3',
          [job.id, deps.clock.now(), workerId],
        );
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.logger.warn(
        { job_id: job.id, kind: job.kind, attempts: job.attempts, err: message },
        'job failed',
      );
      // Back off exponentially, computed in the database: e^attempts seconds, capped.
      await deps.db.query(
        `UPDATE jobs SET locked_by = NULL, locked_until = NULL, last_error = $2,
                         failed_at = CASE WHEN attempts >= max_attempts THEN $3::timestamptz END,
                         run_at = $3::timestamptz + exp(least(attempts, 10)) * interval '1 second'
          WHERE id = $1 AND locked_by = $4`,
        [job.id, message.slice(0, 1000), deps.clock.now(), workerId],
      );
    }
  }

  async function runOnce(): Promise<number> {
    const jobs = await claim();
    if (jobs.length === 0) return 0;
    const held = new Map(jobs.map((job) => [job.id, { job, lost: new AbortController() }]));
    const stopClaims = keepClaims(held);
    try {
      for (const job of jobs) {
        const { lost } = held.get(job.id)!;
        // A job of the batch taken over while it waited its turn is the other worker's now.
        if (!lost.signal.aborted) await runJob(job, lost.signal);
        held.delete(job.id);
      }
    } finally {
      await stopClaims();
    }
    return jobs.length;
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    try {
      running = runOnce();
      const count = await running;
      running = null;
      if (!stopped) timer = setTimeout(loop, count > 0 ? 0 : pollMs);
    } catch (err) {
      running = null;
      deps.logger.error({ err }, 'worker poll failed');
      if (!stopped) timer = setTimeout(loop, pollMs * 5);
    }
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
