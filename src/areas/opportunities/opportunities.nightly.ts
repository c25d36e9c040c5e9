import type { Caller, Plane } from '../../platform/caller.ts';
import { addDays, type Clock, madridDate, madridInstant } from '../../platform/clock.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs.ts';
import { decimalToEuros } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import * as runs from './opportunities.runs.store.ts';
import { linesPath } from './opportunities.views.ts';

/** Madrid wall-clock times of the night: runs start at 01:00; the digest is published at 06:30. */
export const RUN_TIME = '01:00';
export const PUBLISH_TIME = '06:30';

export const NIGHTLY_JOB = 'opportunities.nightly';
export const RUN_JOB = 'opportunities.run';
export const PUBLISH_JOB = 'opportunities.publish';

const publishInstant = (date: string) => madridInstant(date, PUBLISH_TIME);

export interface NightDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
}

const system = (job: string): Caller => ({ kind: 'system', job });

/**
 * Runs (or resumes) one run's steps. The nightly job's run is abandoned instead once its
 * morning has come (its digest is published stale); a run asked for by the operations team
 * completes whatever the hour.
 */
export async function executeRun(
  deps: NightDeps,
  runId: string,
  deadline = true,
): Promise<runs.RunStatus | null> {
  const { db, clock } = deps;
  for (;;) {
    const status = await db.transaction(async (tx) => {
      const run = await runs.lockRunForOps(tx, runId);
      if (!run) return null;
      const now = clock.now();
      if (run.status === 'completed' || run.status === 'abandoned') return run.status;
      if (deadline && now.getTime() >= publishInstant(run.run_date).getTime()) {
        await runs.abandonRunForOps(tx, run.id, now);
        return 'abandoned' as const;
      }
      if (run.status === 'pending') await runs.snapshotForOps(tx, run, now);
      else await runs.compareForOps(tx, run, now);
      return undefined;
    });
    if (status !== undefined) return status;
  }
}

/**
 * Publishes the date's digests (one per funder and plane), with their events unless `quiet`
 * (the demonstration plane's past mornings are history, not news for anyone's endpoints).
 */
export async function publish(
  deps: NightDeps,
  date: string,
  owner: { funderId: string; plane: Plane } | null = null,
  options: { quiet?: boolean } = {},
) {
  const { write } = deps;
  return write(system(PUBLISH_JOB), async ({ tx, now, evidence, emit }) => {
    const digests = await runs.publishForOps(tx, date, now, newId, owner);
    for (const d of digests) {
      evidence({
        funderId: d.funder_id,
        plane: d.plane,
        kind: 'opportunities.digest_published',
        subjectType: 'opportunity_digest',
        subjectId: d.id,
        payload: { date: d.digest_date, stale: d.stale, lines: d.line_count, eligible: d.eligible_count },
      });
      if (d.line_count > 0 && !options.quiet) {
        emit({
          funderId: d.funder_id,
          plane: d.plane,
          type: 'opportunities.daily',
          data: {
            digest_id: d.id,
            date: d.digest_date,
            stale: d.stale,
            new: { count: d.new_count, total: decimalToEuros(d.new_total) },
            changes: {
              paid: d.changes_paid,
              disputed: d.changes_disputed,
              no_longer_eligible: d.changes_no_longer_eligible,
            },
            lines: linesPath(d.digest_date),
          },
        });
      }
    }
    return digests;
  });
}

/** The night's runs, created once, and a job per run plus the morning's publication. */
export async function startNight(deps: NightDeps, date: string): Promise<string[]> {
  const { db, clock } = deps;
  const runIds = await runs.ensureRunsForOps(db, date, clock.now(), newId);
  for (const id of runIds) {
    await enqueueJob(db, {
      kind: RUN_JOB,
      payload: { run_id: id },
      runAt: clock.now(),
      jobKey: `${RUN_JOB}:${id}`,
    });
  }
  await enqueueJob(db, {
    kind: PUBLISH_JOB,
    payload: { date },
    runAt: publishInstant(date),
    jobKey: `${PUBLISH_JOB}:${date}`,
  });
  return runIds;
}

/**
 * The night's jobs (the recurring nightly start, one run, the morning's publication) and the
 * operations team's hand on them.
 */
export function createNightlyRuns(deps: NightDeps) {
  const { db, clock } = deps;

  const nightly: JobHandler = async () => {
    const now = clock.now();
    const today = madridDate(now);
    const start = madridInstant(today, RUN_TIME);
    if (now.getTime() >= start.getTime() && now.getTime() < publishInstant(today).getTime()) {
      await startNight(deps, today);
    }
    const next = now.getTime() < start.getTime() ? start : madridInstant(addDays(today, 1), RUN_TIME);
    return { rerunAt: next };
  };

  const runJob: JobHandler = async ({ job }) => {
    await executeRun(deps, String(job.payload.run_id));
    return undefined;
  };

  const publishJob: JobHandler = async ({ job }) => {
    await publish(deps, String(job.payload.date));
    return undefined;
  };

  return {
    jobs: { [NIGHTLY_JOB]: nightly, [RUN_JOB]: runJob, [PUBLISH_JOB]: publishJob } as Record<
      string,
      JobHandler
    >,
    /** Jobs the worker schedules at start (recurring). */
    recurring: [NIGHTLY_JOB],

    /**
     * Runs one funder's night now, whatever the hour (operations, the benchmark, the demo): the
     * same run the nightly job would make, created once.
     */
    async runNightForOps(owner: { funderId: string; plane: Plane }, date: string) {
      const id = await runAs(OPERATOR, () => runs.ensureRunForOps(db, owner, date, clock.now(), newId()));
      const status = await runAs(OPERATOR, () => executeRun(deps, id, false));
      return { run_id: id, status };
    },
    startNight: (date: string) => runAs(OPERATOR, () => startNight(deps, date)),
    /** Publishes a night's digests now: every funder's, or one funder's (the demonstration). */
    publishForOps: (
      date: string,
      owner: { funderId: string; plane: Plane } | null = null,
      options: { quiet?: boolean } = {},
    ) => runAs(OPERATOR, () => publish(deps, date, owner, options)),
  };
}
