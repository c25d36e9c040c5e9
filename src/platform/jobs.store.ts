import type { AddParam, Queryable } from './db/db.ts';

/** The job queue's statements: enqueue, claim, renew, and each way a claimed job ends. */

export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

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

/** A claim: who holds it, when it is made, and for how long. */
export interface Claim {
  workerId: string;
  now: Date;
  seconds: number;
}

/**
 * Claims up to `limit` due jobs of the given kinds, oldest first, skipping those another worker
 * holds. A job whose last allowed attempt lost its worker (crash, kill) is failed first, not
 * retried forever.
 */
export async function claimDueJobs(
  q: Queryable,
  claim: Claim,
  kinds: readonly string[],
  limit: number,
  /** Jobs left out of this claim (those the worker has just run). */
  exceptIds: readonly string[] = [],
): Promise<JobRow[]> {
  await q.query(
    `UPDATE jobs SET failed_at = $1, locked_by = NULL, last_error = coalesce(last_error, 'the worker stopped during the last attempt')
      WHERE finished_at IS NULL AND failed_at IS NULL AND attempts >= max_attempts AND locked_until < $1`,
    [claim.now],
  );
  const { rows } = await q.query<JobRow>(
    `UPDATE jobs SET locked_by = $1, locked_until = $2::timestamptz + make_interval(secs => $3),
                     attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
         WHERE finished_at IS NULL AND failed_at IS NULL AND run_at <= $2
           AND (locked_until IS NULL OR locked_until < $2) AND kind = ANY($4::text[])
           AND attempts < max_attempts AND NOT (id = ANY($6::bigint[]))
         ORDER BY run_at, id
         LIMIT $5
         FOR UPDATE SKIP LOCKED)
      RETURNING id::text, kind, payload, attempts, max_attempts`,
    [claim.workerId, claim.now, claim.seconds, kinds, limit, exceptIds],
  );
  return rows;
}

/** Moves the end of the worker's claims on these jobs to now + the claim; answers those still its own. */
export async function renewClaims(q: Queryable, claim: Claim, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE jobs SET locked_until = $2::timestamptz + make_interval(secs => $3)
      WHERE id = ANY($1::bigint[]) AND locked_by = $4 AND finished_at IS NULL AND failed_at IS NULL
      RETURNING id::text`,
    [ids, claim.now, claim.seconds, claim.workerId],
  );
  return new Set(rows.map((row) => row.id));
}

/** The job ran: finished now (if the worker still holds it). */
export async function finishJob(q: Queryable, id: string, workerId: string, at: Date): Promise<void> {
  await q.query('UPDATE jobs SET finished_at = $2, locked_by = NULL WHERE id = $1 AND locked_by = $3', [
    id,
    at,
    workerId,
  ]);
}

/** The job ran and asked to run again at `runAt` (recurring maintenance): its attempts start over. */
export async function rerunJob(q: Queryable, id: string, workerId: string, runAt: Date): Promise<void> {
  await q.query(
    `UPDATE jobs SET run_at = $2, attempts = 0, locked_by = NULL, locked_until = NULL, last_error = NULL
      WHERE id = $1 AND locked_by = $3`,
    [id, runAt, workerId],
  );
}

/**
 * The attempt failed: the job is released to run again after a back-off computed in the database
 * (e^attempts seconds, capped), or failed for good after its last allowed attempt.
 */
export async function failAttempt(
  q: Queryable,
  id: string,
  workerId: string,
  at: Date,
  message: string,
): Promise<void> {
  await q.query(
    `UPDATE jobs SET locked_by = NULL, locked_until = NULL, last_error = $2,
                     failed_at = CASE WHEN attempts >= max_attempts THEN $3::timestamptz END,
                     run_at = $3::timestamptz + exp(least(attempts, 10)) * interval '1 second'
      WHERE id = $1 AND locked_by = $4`,
    [id, message.slice(0, 1000), at, workerId],
  );
}

/** The queue of one job kind as a scrape reports it (platform/metrics-scrape.ts). */
export interface JobQueueCount {
  kind: string;
  /** Due, not held by a worker, and with an attempt left. */
  queued: number;
  /** Held by a worker whose claim has not run out. */
  running: number;
  /** Since when the oldest of the queued has been due, in seconds; null when none is queued. */
  oldest_queued_seconds: number | null;
}

/**
 * The unfinished jobs by kind, at `now`, as a scalar subquery for the scrape's one statement
 * (platform/metrics-scrape.store.ts): a jsonb array of JobQueueCount. One pass over the rows the
 * ready index holds (the unfinished ones only; jobs scheduled later are read and counted in
 * neither column).
 */
export function jobQueueForOpsSql(now: Date, param: AddParam): string {
  const at = `${param(now)}::timestamptz`;
  return `(SELECT coalesce(jsonb_agg(jsonb_build_object('kind', kind, 'queued', queued, 'running', running,
                   'oldest_queued_seconds', oldest_queued_seconds)), '[]'::jsonb)
      FROM (SELECT kind,
                   count(*) FILTER (WHERE waiting)::int AS queued,
                   count(*) FILTER (WHERE locked_until >= ${at})::int AS running,
                   extract(epoch FROM ${at} - min(run_at) FILTER (WHERE waiting))::float8 AS oldest_queued_seconds
              FROM (SELECT kind, run_at, locked_until,
                           run_at <= ${at} AND (locked_until IS NULL OR locked_until < ${at}) AND attempts < max_attempts AS waiting
                      FROM jobs WHERE finished_at IS NULL AND failed_at IS NULL) AS unfinished
             GROUP BY kind) AS by_kind)`;
}
