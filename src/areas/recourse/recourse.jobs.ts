import { everyHour, type JobHandler } from '../../platform/jobs.ts';
import type { RecourseService } from './recourse.service.ts';

export const RECOURSE_JOB = 'recourse.claims';

/** The worker's job of the recourse claims: those falling due are opened, checked every hour. */
export function createRecourseJobs(deps: {
  recourse: Pick<RecourseService, 'openDue'>;
}): Record<string, JobHandler> {
  return {
    [RECOURSE_JOB]: everyHour(() => deps.recourse.openDue({ kind: 'system', job: RECOURSE_JOB })),
  };
}
