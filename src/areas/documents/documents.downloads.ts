import { randomBytes } from 'node:crypto';
import { type FunderCaller, type Plane, scopeOf } from '../../platform/caller.ts';
import { type Clock, madridDate } from '../../platform/clock.ts';
import { CREDENTIAL_PREFIXES, sha256Hex } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import { type DealStage, missingDocuments, type StatusToday, validOn } from './documents.deal-file.ts';
import * as store from './documents.store.ts';

/** How long a download URL works. */
export const DOWNLOAD_URL_SECONDS = 120;
const TOKEN_PREFIX = CREDENTIAL_PREFIXES.documentDownloadToken;
export const DOWNLOAD_TOKEN_PATTERN = '^dl_[0-9a-f]{64}$';

export type VisibleRequest = (
  caller: FunderCaller,
  requestId: string,
) => Promise<{ id: string; sellerId: string; plane: Plane } | null>;

const downloadGone = () =>
  new ApiError('not_found', 'This download link is unknown or has expired; ask for the documents again.');

/** A request's documents for its funder, each with a download URL, and the downloads themselves. */
export function createDocumentDownloads(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  publicBaseUrl: string;
  /** Which request a funder may read: the requests area decides. */
  visibleRequest: VisibleRequest;
}) {
  const { db, write, visibleRequest } = deps;
  return {
    /**
     * GET /v1/requests/{id}/documents: the deal file recorded at routing and at funding, where
     * each of those documents stands today, and the seller's current documents. Every entry gets
     * a fresh download URL valid two minutes; each URL issued is logged.
     */
    async requestDocuments(caller: FunderCaller, requestId: string) {
      const request = await visibleRequest(caller, requestId);
      if (!request) throw new ApiError('not_found', 'Request was not found.');
      const scope = scopeOf(caller);
      return write(caller, async ({ tx, now }) => {
        const today = madridDate(now);
        const seller = await store.findSeller(tx, scope, request.sellerId);
        const country = seller?.country ?? '';
        const entries = await store.dealFileEntries(tx, scope, request.id);
        const current = await store.currentDocuments(tx, scope, request.sellerId, null);
        const required = new Set(await store.requiredCodes(tx, scope, country));
        const missing = await missingDocuments(tx, {
          funderId: scope.funderId,
          plane: scope.plane,
          sellerId: request.sellerId,
          country,
          onDate: today,
        });
        const currentByCode = new Map(current.map((doc) => [doc.code, doc.id]));

        const expiresAt = new Date(now.getTime() + DOWNLOAD_URL_SECONDS * 1000);
        const { urlFor, urls } = downloadUrls(deps.publicBaseUrl);

        const statusToday = (entry: store.DealFileRow): StatusToday => {
          if (entry.document_status === 'revoked' || entry.document_status === 'rejected') return 'revoked';
          if (entry.valid_until !== null && entry.valid_until < today) return 'expired';
          if (currentByCode.get(entry.code) !== entry.document_id) return 'superseded';
          return 'current';
        };
        const stage = (name: DealStage) => dealFileStage(entries, name, statusToday, urlFor);

        const answer = {
          request_id: request.id,
          deal_file: { routing: stage('routing'), funding: stage('funding') },
          current: current.map((doc) => ({
            ...currentDocumentView(doc, required.has(doc.code), today),
            ...urlFor(doc.id),
          })),
          missing_today: missing,
        };

        await store.insertUrlLog(tx, scope, {
          keyId: caller.keyId,
          requestId: request.id,
          issuedAt: now,
          expiresAt,
          urls: [...urls.values()],
        });
        return answer;
      });
    },

    /**
     * GET /v1/document-downloads/{token}: the URL is the credential, like a presigned URL. It
     * works until it expires, while its funder is active and the key that obtained it is not
     * revoked; each download is counted.
     */
    async download(token: string): Promise<{ fileName: string; mediaType: string; content: Buffer }> {
      if (!new RegExp(DOWNLOAD_TOKEN_PATTERN).test(token)) throw downloadGone();
      // This route carries no key, so the shared manual clock is read here.
      if (deps.clock.manual) await deps.clock.sync(db);
      const file = await write({ kind: 'system', job: 'document_download' }, async ({ tx, now }) =>
        store.useDownloadToken(tx, sha256Hex(token), now),
      );
      if (!file) throw downloadGone();
      return { fileName: file.file_name, mediaType: file.media_type, content: Buffer.from(file.content) };
    },
  };
}

/** One download URL per document per call, whatever number of entries show it; `urls` are those issued. */
function downloadUrls(publicBaseUrl: string) {
  const urls = new Map<string, { id: string; token: string; tokenSha256: string; documentId: string }>();
  const urlFor = (documentId: string) => {
    let url = urls.get(documentId);
    if (!url) {
      const token = TOKEN_PREFIX + randomBytes(32).toString('hex');
      url = { id: newId(), token, tokenSha256: sha256Hex(token), documentId };
      urls.set(documentId, url);
    }
    return {
      download_url: `${publicBaseUrl}/v1/document-downloads/${url.token}`,
      url_expires_in: DOWNLOAD_URL_SECONDS,
    };
  };
  return { urlFor, urls };
}

/** One stage of a request's deal file (routing or funding); null when it was not recorded. */
function dealFileStage(
  entries: store.DealFileRow[],
  name: DealStage,
  statusToday: (entry: store.DealFileRow) => StatusToday,
  urlFor: (documentId: string) => { download_url: string; url_expires_in: number },
) {
  const rows = entries.filter((entry) => entry.stage === name);
  if (rows.length === 0) return null;
  return {
    recorded_at: rows[0]!.recorded_at.toISOString(),
    documents: rows.map((entry) => ({
      document_id: entry.document_id,
      code: entry.code,
      name: entry.name,
      file_name: entry.file_name,
      sha256: entry.sha256,
      media_type: entry.media_type,
      size_bytes: entry.size_bytes,
      issued_on: entry.issued_on,
      valid_until: entry.valid_until,
      verified_at: entry.verified_at ? entry.verified_at.toISOString() : null,
      verification_method: entry.verification_method,
      status_today: statusToday(entry),
      ...urlFor(entry.document_id),
    })),
  };
}

/** One of the seller's current documents as the funder sees it with a request (its URL aside). */
export function currentDocumentView(doc: store.SellerDocumentRow, required: boolean, today: string) {
  return {
    document_id: doc.id,
    code: doc.code,
    name: doc.name,
    required,
    file_name: doc.file_name,
    sha256: doc.sha256,
    media_type: doc.media_type,
    size_bytes: doc.size_bytes,
    issued_on: doc.issued_on,
    valid_until: doc.valid_until,
    status: doc.status as 'pending' | 'verified',
    verified_at: doc.verified_at ? doc.verified_at.toISOString() : null,
    verification_method: doc.verification_method,
    uploaded_at: doc.uploaded_at.toISOString(),
    valid_today: doc.status === 'verified' && validOn(doc, today),
  };
}
