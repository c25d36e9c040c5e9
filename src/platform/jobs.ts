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

const HOUR_MS = 3600 * 1000;

/** A recurring job that runs `work` and schedules itself again an hour after the run. */
export function everyHour(work: (ctx: JobContext) => Promise<unknown>): JobHandler {
  return async (ctx) => {
    await work(ctx);
    return { rerunAt: new Date(ctx.clock.now().getTime() + HOUR_MS) };
  };
}

/**
 * How long a claim holds before another worker may take the job over (a crashed worker). Short,
 * and only the job that starts now is claimed: a worker killed mid-job frees it within 15 s, and
 * holds nothing it has not started.
 */
export const CLAIM_SECONDS = 15;
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
  /** The most jobs one runOnce runs, one after the other, each claimed as it starts (default 10). */
  batchSize?: number;
  workerId?: string;
}

/**
 * The job a worker holds while it runs it, with the signal aborted if its claim is lost;
 * `ending` once its handler has returned and its outcome is being written (the write ends the
 * claim, which a renewal must not take for a loss).
 */
type HeldJobs = Map<string, { job: JobRow; lost: AbortController; ending: boolean }>;

export function createWorker(deps: WorkerDeps): Worker {
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const kinds = Object.keys(deps.handlers);
  const pollMs = deps.pollMs ?? 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  // Set by stop() only: a run under way ends after the job it is running.
  let stopAsked = false;

  /**
   * Runs due jobs one after the other, each claimed only as it starts: a job waiting its turn is
   * never held, so another worker takes it at once, and a worker that dies holds only the job it
   * was running. A job that fails, or whose outcome cannot be written, never stops the next.
   */
  async function runOnce(): Promise<number> {
    const limit = deps.batchSize ?? 10;
    // A job run here and due again at once (a rerun asked for now) waits for the next run.
    const ran: string[] = [];
    while (ran.length < limit && !(ran.length > 0 && stopAsked)) {
      const [job] = await claimDueJobs(deps.db, await claimNow(deps, workerId), kinds, 1, ran);
      if (!job) break;
      ran.push(job.id);
      const entry = { job, lost: new AbortController(), ending: false };
      const stopClaim = keepClaims(deps, workerId, new Map([[job.id, entry]]));
      try {
        await runJob(deps, workerId, job, entry.lost.signal, () => {
          entry.ending = true;
        });
      } finally {
        await stopClaim();
      }
    }
    return ran.length;
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
 * Renews the claim on the job this worker is running: the claim's end moves to now + the
 * claim length. A job whose
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
 * handler is done, before the outcome's write ends the claim. Never throws: an outcome that
 * cannot be written (the database refused it) is logged, and the job, still claimed, runs again
 * once its claim runs out (at least once).
 */
async function runJob(
  deps: WorkerDeps,
  workerId: string,
  job: JobRow,
  signal: AbortSignal,
  ending: () => void,
): Promise<void> {
  const handler = deps.handlers[job.kind];
  let outcome: Awaited<ReturnType<JobHandler>>;
  try {
    outcome = handler ? await handler({ db: deps.db, clock: deps.clock, job, signal }) : undefined;
  } catch (err) {
    ending();
    const message = err instanceof Error ? err.message : String(err);
    deps.logger.warn({ job_id: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed');
    await recordOutcome(deps, job, () => failAttempt(deps.db, job.id, workerId, deps.clock.now(), message));
    return;
  }
  ending();
  await recordOutcome(deps, job, () =>
    outcome && 'rerunAt' in outcome
      ? rerunJob(deps.db, job.id, workerId, outcome.rerunAt)
      : finishJob(deps.db, job.id, workerId, deps.clock.now()),
  );
}

async function recordOutcome(deps: WorkerDeps, job: JobRow, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    deps.logger.error(
      { job_id: job.id, kind: job.kind, attempts: job.attempts, err },
      'job outcome not recorded: the job runs again once its claim runs out',
    );
  }
}
