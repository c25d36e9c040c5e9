import { addDays, madridDate, madridInstant } from '../../platform/clock.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import {
  executeRun,
  NIGHTLY_JOB,
  type NightDeps,
  PUBLISH_JOB,
  publish,
  publishInstant,
  RUN_JOB,
  RUN_TIME,
  startNight,
} from './opportunities.nightly.ts';

/**
 * The worker's jobs of the night, by kind: the recurring nightly start (which schedules itself at
 * the next 01:00), one run, the morning's publication.
 */
export function createOpportunitiesJobs(deps: NightDeps): Record<string, JobHandler> {
  const { clock } = deps;
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

  return { [NIGHTLY_JOB]: nightly, [RUN_JOB]: runJob, [PUBLISH_JOB]: publishJob };
}
