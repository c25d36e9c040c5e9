import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { IdParams, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { DOWNLOAD_TOKEN_PATTERN } from './documents.downloads.ts';
import { contentDisposition } from './documents.files.ts';
import type { DocumentsService } from './documents.service.ts';

const DateString = Type.String({ format: 'date' });
const NullableDate = Type.Union([DateString, Type.Null()]);

const Download = {
  download_url: Type.String({ description: 'Works for two minutes, without a key' }),
  url_expires_in: Type.Integer({ description: 'Seconds the URL works: 120' }),
};

/** The stored file behind a document version. */
const StoredFile = {
  file_name: Type.String(),
  sha256: Type.String(),
  media_type: Type.String(),
  size_bytes: Type.Integer(),
  issued_on: DateString,
  valid_until: NullableDate,
};

const DealFileEntry = Type.Object({
  document_id: Uuid,
  code: Type.String(),
  name: Type.String({ description: 'Catalogue name in English' }),
  ...StoredFile,
  verified_at: Type.Union([Timestamp, Type.Null()]),
  verification_method: Type.Union([Type.String(), Type.Null()]),
  status_today: Type.Union(
    [Type.Literal('current'), Type.Literal('superseded'), Type.Literal('expired'), Type.Literal('revoked')],
    { description: 'Where this version stands today' },
  ),
  ...Download,
});

const DealFileStage = Type.Union([
  Type.Object({ recorded_at: Timestamp, documents: Type.Array(DealFileEntry) }),
  Type.Null(),
]);

const CurrentDocument = Type.Object({
  document_id: Uuid,
  code: Type.String(),
  name: Type.String(),
  required: Type.Boolean({ description: "On the funder's list for the seller's country" }),
  ...StoredFile,
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified')]),
  verified_at: Type.Union([Timestamp, Type.Null()]),
  verification_method: Type.Union([Type.String(), Type.Null()]),
  uploaded_at: Timestamp,
  valid_today: Type.Boolean(),
  ...Download,
});

export const MissingDocument = Type.Object({
  code: Type.String(),
  name: Type.String(),
  problem: Type.Union([Type.Literal('missing'), Type.Literal('unverified'), Type.Literal('expired')]),
});

export const DealDocuments = Type.Object({
  request_id: Uuid,
  deal_file: Type.Object({ routing: DealFileStage, funding: DealFileStage }),
  current: Type.Array(CurrentDocument),
  missing_today: Type.Array(MissingDocument),
});

const keyed = keyRoutes('Requests');

export function documentsRoutes({ documents }: { documents: DocumentsService }): AreaRoutes {
  return (app) => {
    app.get(
      '/v1/requests/:id/documents',
      keyed(
        OPENS.read,
        {
          operationId: 'getRequestDocuments',
          summary: 'Documents of a request',
          description: [
            'The deal file as it stood when the request was routed to you and when it was funded, the seller documents current today, and which documents you require are missing, unverified or expired today.',
            '',
            'Each document has a `download_url` valid for two minutes (`url_expires_in` seconds); fetch it without a key. Ask again for fresh links.',
          ].join('\n'),
          success: 'The documents of the request.',
          errors: [],
        },
        {
          params: IdParams,
          response: { 200: DealDocuments },
        },
      ),
      async (request) => documents.requestDocuments(request.caller!, request.params.id),
    );

    // The URL itself is the credential (like a presigned URL): no key, valid two minutes.
    app.get(
      '/v1/document-downloads/:token',
      {
        config: {
          auth: 'none',
          operation: {
            operationId: 'downloadDocument',
            summary: 'Download one document',
            tag: 'Requests',
            description:
              'The file behind a `download_url` of the deal documents. The URL itself is the credential: no key is sent, and it works for two minutes after it was issued, while your account is active and the key that obtained it is not revoked. An expired or unknown link, or one of a suspended account or a revoked key, answers 404.',
            success: 'The file, with its own content type and a `Content-Disposition` naming it.',
            errors: [],
            successMedia: { status: '200', mediaType: 'application/octet-stream' },
          },
        },
        schema: {
          params: Type.Object({ token: Type.String({ pattern: DOWNLOAD_TOKEN_PATTERN }) }),
        },
      },
      async (request, reply) => {
        const file = await documents.download(request.params.token);
        return reply
          .header('content-type', file.mediaType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.content);
      },
    );
  };
}
