import { randomBytes } from 'node:crypto';
import { type Caller, type FunderCaller, type Plane, scopeOf } from '../../platform/caller.ts';
import { type Clock, isIsoDate, madridDate } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import {
  type DealStage,
  missingDocuments,
  recordDealFile,
  requireDocumentsMet,
  type StatusToday,
  validOn,
} from './documents.deal-file.ts';
import {
  cleanFileName,
  decodeContent,
  mediaTypeFor,
  type OpsDocumentView,
  opsView,
  type UploadInput,
} from './documents.files.ts';
import * as store from './documents.store.ts';

export {
  type DealStage,
  type DocumentProblem,
  type MissingDocument,
  missingDocuments,
  recordDealFile,
  requireDocumentsMet,
  type StatusToday,
} from './documents.deal-file.ts';

export {
  contentDisposition,
  MAX_DOCUMENT_BYTES,
  type OpsDocumentView,
  type UploadInput,
} from './documents.files.ts';

/** How long a download URL works. */
export const DOWNLOAD_URL_SECONDS = 120;
const TOKEN_PREFIX = 'dl_';
export const DOWNLOAD_TOKEN_PATTERN = '^dl_[0-9a-f]{64}$';

export type VisibleRequest = (
  caller: FunderCaller,
  requestId: string,
) => Promise<{ id: string; sellerId: string; plane: Plane } | null>;

const downloadGone = () =>
  new ApiError('not_found', 'This download link is unknown or has expired; ask for the documents again.');

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export function createDocumentsService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  publicBaseUrl: string;
  /** Which request a funder may read: the requests area decides. */
  visibleRequest: VisibleRequest;
}) {
  const { db, write } = deps;
  const { visibleRequest } = deps;

  async function requireDocument(q: Queryable, id: string, forUpdate = false) {
    const row = await store.findSellerDocumentForOperator(q, id, { forUpdate });
    if (!row) throw new ApiError('not_found', 'Seller document was not found.');
    return row;
  }

  const api = {
    missingDocuments,
    requireDocumentsMet,
    recordDealFile,

    /** Operations API: a seller's document arrives; its bytes are kept once per SHA-256. */
    upload(caller: Caller, input: UploadInput): Promise<OpsDocumentView> {
      return write(caller, (scope) => uploadIn(scope, input));
    },

    /** Operations API: the service checked the document with its issuer or by hand. */
    verify(caller: Caller, id: string, method: string): Promise<OpsDocumentView & { changed: boolean }> {
      return write(caller, (scope) => verifyIn(scope, id, method));
    },

    uploadIn,
    verifyIn,
  };

  /** A seller's document arrives, inside the caller's write (the sandbox and demonstration use it too). */
  async function uploadIn({ tx, now, evidence }: WriteScope, input: UploadInput): Promise<OpsDocumentView> {
    const fileName = cleanFileName(input.file_name);
    const mediaType = mediaTypeFor(fileName, input.media_type);
    if (!isIsoDate(input.issued_on)) {
      throw new ApiError('body_invalid', 'issued_on must be a date (YYYY-MM-DD).', {
        extra: { field: 'issued_on' },
      });
    }
    if (input.valid_until != null && !isIsoDate(input.valid_until)) {
      throw new ApiError('body_invalid', 'valid_until must be a date (YYYY-MM-DD) or null.', {
        extra: { field: 'valid_until' },
      });
    }
    const content = decodeContent(input.content_base64);
    const sha256 = sha256Hex(content);
    {
      const seller = await store.findSellerForOperator(tx, input.seller_id);
      if (!seller) throw new ApiError('not_found', 'Seller was not found.');
      const entry = await store.catalogueEntry(tx, input.code);
      if (!entry?.countries.includes(seller.country)) {
        throw new ApiError(
          'document_code_unknown',
          `"${input.code}" is not in the catalogue for ${seller.country}.`,
          {
            extra: {
              codes: [input.code],
            },
          },
        );
      }
      if (input.issued_on > madridDate(now)) {
        throw new ApiError('body_invalid', 'issued_on cannot be in the future.', {
          extra: { field: 'issued_on' },
        });
      }
      // Absent: the catalogue's usual validity pre-fills the date; null: the document has none.
      let validUntil: string | null = input.valid_until ?? null;
      if (input.valid_until === undefined && entry.usual_validity_days !== null) {
        const end = new Date(`${input.issued_on}T00:00:00Z`);
        end.setUTCDate(end.getUTCDate() + entry.usual_validity_days);
        validUntil = end.toISOString().slice(0, 10);
      }
      if (validUntil !== null && validUntil < input.issued_on) {
        throw new ApiError('body_invalid', 'valid_until cannot be before issued_on.', {
          extra: { field: 'valid_until' },
        });
      }
      const id = newId();
      await store.insertFile(tx, { plane: seller.plane, sha256, content, media_type: mediaType });
      await store.insertSellerDocument(tx, {
        id,
        plane: seller.plane,
        seller_id: seller.id,
        code: entry.code,
        file_name: fileName,
        sha256,
        issued_on: input.issued_on,
        valid_until: validUntil,
        uploaded_at: now,
      });
      evidence({
        funderId: null,
        plane: seller.plane,
        kind: 'seller_document.uploaded',
        subjectType: 'seller_document',
        subjectId: id,
        payload: {
          seller_id: seller.id,
          code: entry.code,
          file_name: fileName,
          sha256,
          issued_on: input.issued_on,
          valid_until: validUntil,
        },
      });
      return opsView(await requireDocument(tx, id));
    }
  }

  async function verifyIn(
    { tx, now, evidence }: WriteScope,
    id: string,
    method: string,
  ): Promise<OpsDocumentView & { changed: boolean }> {
    const how = method.trim();
    if (how.length < 2 || how.length > 100) {
      throw new ApiError('body_invalid', 'method must be 2 to 100 characters.', {
        extra: { field: 'method' },
      });
    }
    {
      const before = await requireDocument(tx, id, true);
      if (before.status === 'verified') return { ...opsView(before), changed: false };
      if (before.status !== 'pending') {
        throw new ApiError('invalid_state', `A ${before.status} document cannot be verified.`);
      }
      await store.updateDocumentStatusForOperator(tx, id, {
        status: 'verified',
        verified_at: now,
        verification_method: how,
      });
      evidence({
        funderId: null,
        plane: before.plane,
        kind: 'seller_document.verified',
        subjectType: 'seller_document',
        subjectId: id,
        payload: { seller_id: before.seller_id, code: before.code, sha256: before.sha256, method: how },
      });
      return { ...opsView(await requireDocument(tx, id)), changed: true };
    }
  }

  return {
    ...api,

    /**
     * Operations API: a pending document is rejected, a verified one revoked. Either way it
     * stops counting; documents already in a deal file stay there, marked revoked.
     */
    async revoke(
      caller: Caller,
      id: string,
      reason: string | null,
    ): Promise<OpsDocumentView & { changed: boolean }> {
      return write(caller, async ({ tx, evidence }) => {
        const before = await requireDocument(tx, id, true);
        if (before.status === 'rejected' || before.status === 'revoked') {
          return { ...opsView(before), changed: false };
        }
        const status = before.status === 'pending' ? 'rejected' : 'revoked';
        await store.updateDocumentStatusForOperator(tx, id, { status });
        evidence({
          funderId: null,
          plane: before.plane,
          kind: `seller_document.${status}`,
          subjectType: 'seller_document',
          subjectId: id,
          payload: { seller_id: before.seller_id, code: before.code, sha256: before.sha256, reason },
        });
        return { ...opsView(await requireDocument(tx, id)), changed: true };
      });
    },

    async getDocument(id: string): Promise<OpsDocumentView> {
      return opsView(await requireDocument(db, id));
    },

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

        // One URL per document per call, whatever number of entries show it.
        const expiresAt = new Date(now.getTime() + DOWNLOAD_URL_SECONDS * 1000);
        const urls = new Map<
          string,
          { id: string; token: string; tokenSha256: string; documentId: string }
        >();
        const urlFor = (documentId: string) => {
          let url = urls.get(documentId);
          if (!url) {
            const token = TOKEN_PREFIX + randomBytes(32).toString('hex');
            url = { id: newId(), token, tokenSha256: sha256Hex(token), documentId };
            urls.set(documentId, url);
          }
          return {
            download_url: `${deps.publicBaseUrl}/v1/document-downloads/${url.token}`,
            url_expires_in: DOWNLOAD_URL_SECONDS,
          };
        };

        const statusToday = (entry: store.DealFileRow): StatusToday => {
          if (entry.document_status === 'revoked' || entry.document_status === 'rejected') return 'revoked';
          if (entry.valid_until !== null && entry.valid_until < today) return 'expired';
          if (currentByCode.get(entry.code) !== entry.document_id) return 'superseded';
          return 'current';
        };

        const stage = (name: DealStage) => {
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
        };

        const answer = {
          request_id: request.id,
          deal_file: { routing: stage('routing'), funding: stage('funding') },
          current: current.map((doc) => ({
            document_id: doc.id,
            code: doc.code,
            name: doc.name,
            required: required.has(doc.code),
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
