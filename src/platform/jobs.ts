import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import { type Db, isUnavailable } from './db/db.ts';
import {
  type Claim,
  claimDueJobs,
  failAttempt,
  finishJob,
  type JobRow,
  releaseClaims,
  renewClaims,
  rerunJob,
} from './jobs.store.ts';

export {
  type EnqueueOptions,
  enqueueJob,
  type JobQueueCount,
  type JobRow,
  jobQueueForOpsSql,
} from './jobs.store.ts';

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

interface WorkerDeps {
  db: Db;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  logger: Logger;
  pollMs?: number;
  /** How often a running job's claim is renewed, in real milliseconds (default: a third of the claim). */
  heartbeatMs?: number;
  batchSize?: number;
  workerId?: string;
}

/**
 * The jobs a worker holds while it runs a batch, each with the signal aborted if its claim is
 * lost; `ending` once its handler has returned and its outcome is being written (the write
 * ends the claim, which a renewal must not take for a loss).
 */
type HeldJobs = Map<string, { job: JobRow; lost: AbortController; ending: boolean }>;

export function createWorker(deps: WorkerDeps): Worker {
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const kinds = Object.keys(deps.handlers);
  const pollMs = deps.pollMs ?? 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  // Set by stop() only: a batch being run gives back the jobs it has not started.
  let stopAsked = false;

  async function runOnce(): Promise<number> {
    const jobs = await claimDueJobs(deps.db, await claimNow(deps, workerId), kinds, deps.batchSize ?? 10);
    if (jobs.length === 0) return 0;
    const held: HeldJobs = new Map(
      jobs.map((job) => [job.id, { job, lost: new AbortController(), ending: false }]),
    );
    const stopClaims = keepClaims(deps, workerId, held);
    try {
      for (const job of jobs) {
        if (stopAsked) break;
        const entry = held.get(job.id)!;
        // A job of the batch taken over while it waited its turn is the other worker's now.
        if (!entry.lost.signal.aborted)
          await runJob(deps, workerId, job, entry.lost.signal, () => {
            entry.ending = true;
          });
        held.delete(job.id);
      }
    } finally {
      await stopClaims();
    }
    // Stopping: the jobs of the batch not started yet go back to the queue for another worker.
    if (held.size > 0) await releaseClaims(deps.db, [...held.keys()], workerId);
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
      // The database gone is logged once for the outage by its pool (platform/db/availability.ts).
      if (isUnavailable(err)) deps.logger.debug({ err: String(err) }, 'worker poll: database unavailable');
      else deps.logger.error({ err }, 'worker poll failed');
      if (!stopped) timer = setTimeout(loop, pollMs * 5);
    }
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      stopAsked = false;
      timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      stopAsked = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** A claim made now, on the service clock (a stopped clock is read from the database first). */
async function claimNow(deps: WorkerDeps, workerId: string): Promise<Claim> {
  if (deps.clock.manual) await deps.clock.sync(deps.db);
  return { workerId, now: deps.clock.now(), seconds: CLAIM_SECONDS };
}

/**
 * Renews the claims on the jobs this worker holds (the one running and those of the batch
 * still waiting their turn): each claim's end moves to now + the claim length. A job whose
 * row is no longer ours (taken over after a stall longer than the claim) has its signal
 * aborted and the loss logged. Answers the function that stops renewing.
 */
function keepClaims(deps: WorkerDeps, workerId: string, held: HeldJobs): () => Promise<void> {
  let beating: Promise<void> = Promise.resolve();
  const beat = async () => {
    if (held.size === 0) return;
    const ids = [...held.keys()];
    try {
      const kept = await renewClaims(deps.db, await claimNow(deps, workerId), ids);
      for (const id of ids) {
        const entry = held.get(id);
        if (!entry || entry.ending || kept.has(id) || entry.lost.signal.aborted) continue;
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

/**
 * Runs one claimed job through its handler and records how it ended; `ending` is called once the
 * handler is done, before the outcome's write ends the claim.
 */
async function runJob(
  deps: WorkerDeps,
  workerId: string,
  job: JobRow,
  signal: AbortSignal,
  ending: () => void,
): Promise<void> {
  const handler = deps.handlers[job.kind];
  try {
    const outcome = handler ? await handler({ db: deps.db, clock: deps.clock, job, signal }) : undefined;
    ending();
    if (outcome && 'rerunAt' in outcome) await rerunJob(deps.db, job.id, workerId, outcome.rerunAt);
    else await finishJob(deps.db, job.id, workerId, deps.clock.now());
  } catch (err) {
    ending();
    const message = err instanceof Error ? err.message : String(err);
    deps.logger.warn({ job_id: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed');
    await failAttempt(deps.db, job.id, workerId, deps.clock.now(), message);
  }
}
