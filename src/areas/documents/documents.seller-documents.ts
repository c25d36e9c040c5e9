import type { Caller } from '../../platform/caller.ts';
import { isIsoDate, madridDate } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { DOCUMENT_LAPSED, DOCUMENT_PROVIDED } from './documents.events.ts';
import {
  cleanFileName,
  decodeContent,
  mediaTypeFor,
  type OpsDocumentView,
  opsView,
  type UploadInput,
} from './documents.files.ts';
import { isCurrent, tellDocumentChange } from './documents.notices.ts';
import * as store from './documents.store.ts';

async function requireDocument(q: Queryable, id: string, lock = false) {
  const row = await store.findSellerDocumentForOperator(q, id, { lock });
  if (!row) throw new ApiError('not_found', 'Seller document was not found.');
  return row;
}

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
    const recorded = {
      seller_id: seller.id,
      code: entry.code,
      file_name: fileName,
      sha256,
      issued_on: input.issued_on,
      valid_until: validUntil,
    };
    await store.insertSellerDocument(tx, { id, plane: seller.plane, ...recorded, uploaded_at: now });
    evidence({
      funderId: null,
      plane: seller.plane,
      kind: 'seller_document.uploaded',
      subjectType: 'seller_document',
      subjectId: id,
      payload: recorded,
    });
    return opsView(await requireDocument(tx, id));
  }
}

async function verifyIn(
  ws: WriteScope,
  id: string,
  method: string,
): Promise<OpsDocumentView & { changed: boolean }> {
  const { tx, now, evidence } = ws;
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
    const after = await requireDocument(tx, id);
    await tellDocumentChange(ws, after, { type: DOCUMENT_PROVIDED }, await isCurrent(tx, after));
    return { ...opsView(after), changed: true };
  }
}

/**
 * The sellers' documents as the operations team handles them: a document arrives, is verified
 * with its issuer or by hand, or is rejected or revoked.
 */
export function createSellerDocuments(deps: { db: Db; write: RunWrite }) {
  const { db, write } = deps;

  return {
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

    /**
     * Operations API: a pending document is rejected, a verified one revoked. Either way it
     * stops counting; documents already in a deal file stay there, marked revoked.
     */
    async revoke(
      caller: Caller,
      id: string,
      reason: string | null,
    ): Promise<OpsDocumentView & { changed: boolean }> {
      return write(caller, async (ws) => {
        const { tx, evidence } = ws;
        const before = await requireDocument(tx, id, true);
        if (before.status === 'rejected' || before.status === 'revoked') {
          return { ...opsView(before), changed: false };
        }
        const status = before.status === 'pending' ? 'rejected' : 'revoked';
        // A verified document that counted stops counting: the funders requiring it hear of it.
        const lapses = status === 'revoked' && (await isCurrent(tx, before));
        await store.updateDocumentStatusForOperator(tx, id, { status });
        evidence({
          funderId: null,
          plane: before.plane,
          kind: `seller_document.${status}`,
          subjectType: 'seller_document',
          subjectId: id,
          payload: { seller_id: before.seller_id, code: before.code, sha256: before.sha256, reason },
        });
        const after = await requireDocument(tx, id);
        await tellDocumentChange(ws, after, { type: DOCUMENT_LAPSED, reason: 'revoked' }, lapses);
        return { ...opsView(after), changed: true };
      });
    },

    async getDocument(id: string): Promise<OpsDocumentView> {
      return opsView(await requireDocument(db, id));
    },
  };
}
