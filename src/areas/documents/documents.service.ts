import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { missingDocuments, recordDealFile, requireDocumentsMet } from './documents.deal-file.ts';
import { createDocumentDownloads, type VisibleRequest } from './documents.downloads.ts';
import { createLapseNotices } from './documents.notices.ts';
import { createSellerDocuments } from './documents.seller-documents.ts';

export type {
  DealStage,
  DocumentProblem,
  MissingDocument,
  StatusToday,
} from './documents.deal-file.ts';
export type { VisibleRequest } from './documents.downloads.ts';
export type { OpsDocumentView, UploadInput } from './documents.files.ts';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/**
 * Seller documents, deal files and downloads: the deal-file rules other areas run inside their
 * writes, the operations team's handling of a seller's documents, and a request's documents
 * with their download URLs for its funder, and the worker's telling of the documents that lapsed.
 */
export function createDocumentsService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  publicBaseUrl: string;
  /** Which request a funder may read: the requests area decides. */
  visibleRequest: VisibleRequest;
}) {
  return {
    missingDocuments,
    requireDocumentsMet,
    recordDealFile,
    ...createSellerDocuments(deps),
    ...createDocumentDownloads(deps),
    ...createLapseNotices(deps),
  };
}
