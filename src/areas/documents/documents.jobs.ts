import { everyHour, type JobHandler } from '../../platform/jobs.ts';
import type { DocumentsService } from './documents.service.ts';

export const DOCUMENT_LAPSES_JOB = 'documents.lapses';

/**
 * The worker's job of the documents: the required documents whose validity ended are told to
 * their funders once (`document.lapsed`), looked for every hour.
 */
export function createDocumentsJobs(deps: {
  documents: Pick<DocumentsService, 'tellLapses'>;
}): Record<string, JobHandler> {
  return {
    [DOCUMENT_LAPSES_JOB]: everyHour(() =>
      deps.documents.tellLapses({ kind: 'system', job: DOCUMENT_LAPSES_JOB }),
    ),
  };
}
