import type { Plane } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import type * as store from './documents.store.ts';

// The file side of seller documents: what an upload must look like and how a file is sent back.

/** Largest file the operations API takes for a seller document. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface UploadInput {
  seller_id: string;
  code: string;
  file_name: string;
  content_base64: string;
  media_type?: string | null;
  issued_on: string;
  valid_until?: string | null;
}

export interface OpsDocumentView {
  id: string;
  seller_id: string;
  plane: Plane;
  code: string;
  name: string;
  file_name: string;
  sha256: string;
  size_bytes: number;
  media_type: string;
  issued_on: string;
  valid_until: string | null;
  status: store.DocumentStatus;
  verified_at: string | null;
  verification_method: string | null;
  uploaded_at: string;
}

export const opsView = (row: store.SellerDocumentRow): OpsDocumentView => ({
  id: row.id,
  seller_id: row.seller_id,
  plane: row.plane,
  code: row.code,
  name: row.name,
  file_name: row.file_name,
  sha256: row.sha256,
  size_bytes: row.size_bytes,
  media_type: row.media_type,
  issued_on: row.issued_on,
  valid_until: row.valid_until,
  status: row.status,
  verified_at: row.verified_at ? row.verified_at.toISOString() : null,
  verification_method: row.verification_method,
  uploaded_at: row.uploaded_at.toISOString(),
});

const MEDIA_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  xml: 'application/xml',
  txt: 'text/plain',
};

export function mediaTypeFor(fileName: string, given: string | null | undefined): string {
  if (given) {
    if (!/^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i.test(given)) {
      throw new ApiError('body_invalid', 'media_type must be a media type such as application/pdf.', {
        extra: {
          field: 'media_type',
        },
      });
    }
    return given.toLowerCase();
  }
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return MEDIA_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

export function decodeContent(base64: string): Buffer {
  const compact = base64.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) {
    throw new ApiError('file_unreadable', 'content_base64 is not valid base64.');
  }
  if (compact.length === 0) throw new ApiError('file_empty', 'The file is empty.');
  if ((compact.length / 4) * 3 > MAX_DOCUMENT_BYTES + 3) {
    throw new ApiError('file_too_large', `A document may be at most ${MAX_DOCUMENT_BYTES} bytes.`);
  }
  const content = Buffer.from(compact, 'base64');
  if (content.length === 0) throw new ApiError('file_empty', 'The file is empty.');
  if (content.length > MAX_DOCUMENT_BYTES) {
    throw new ApiError('file_too_large', `A document may be at most ${MAX_DOCUMENT_BYTES} bytes.`);
  }
  return content;
}

/** A file name safe to show and to send back: no path, no control characters. */
export function cleanFileName(name: string): string {
  const trimmed = name.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (trimmed.length === 0 || trimmed.length > 200 || /[\u0000-\u001f\u007f/\\]/.test(trimmed)) {
    throw new ApiError(
      'body_invalid',
      'file_name must be 1 to 200 characters, without slashes or control characters.',
      {
        extra: {
          field: 'file_name',
        },
      },
    );
  }
  return trimmed;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
