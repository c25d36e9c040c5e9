import { everyHour, type JobHandler } from '../../platform/jobs.ts';
import type { DisclosureService } from './disclosure.service.ts';

/** The job kind, kept as first named (it is stored in the jobs table). */
export const ANNOUNCEMENTS_JOB = 'programme.announcements';

/** The worker's job of the disclosure: confidential requests announced when due, checked every hour. */
export function createDisclosureJobs(deps: {
  disclosure: Pick<DisclosureService, 'announceDue'>;
}): Record<string, JobHandler> {
  return {
    [ANNOUNCEMENTS_JOB]: everyHour(() =>
      deps.disclosure.announceDue({ kind: 'system', job: ANNOUNCEMENTS_JOB }),
    ),
  };
}
