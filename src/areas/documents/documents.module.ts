import { defineArea } from '../../platform/area.ts';
import type { AreaDeps } from '../../platform/area-deps.ts';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { documentsEvents } from './documents.events.ts';
import { createDocumentsJobs, DOCUMENT_LAPSES_JOB } from './documents.jobs.ts';
import { documentsOpsRoutes } from './documents.ops.routes.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentsService, type VisibleRequest } from './documents.service.ts';

// The documents' public face: the other areas import these from here.
export { missingDocuments } from './documents.deal-file.ts';
export type {
  DealStage,
  DocumentProblem,
  DocumentsService,
  MissingDocument,
  StatusToday,
  VisibleRequest,
} from './documents.service.ts';

/**
 * Seller documents, deal files and downloads: service and routes, and the worker's hourly job
 * telling funders of the required documents that lapsed.
 */
export function documentsModule(
  deps: AreaDeps & {
    publicBaseUrl: string;
    /** The requests area's answer to "which request may this funder read". */
    visibleRequest: VisibleRequest;
  },
) {
  const documents = createDocumentsService(deps);
  const routes: AreaRoutes[] = [documentsRoutes({ documents }), documentsOpsRoutes({ documents })];
  return defineArea({
    name: 'documents',
    events: documentsEvents,
    services: { documents },
    routes,
    jobs: createDocumentsJobs({ documents }),
    recurring: [DOCUMENT_LAPSES_JOB],
  });
}
