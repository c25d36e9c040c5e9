import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { contentDisposition, DOWNLOAD_TOKEN_PATTERN, type DocumentsService } from './documents.service.ts';

const DateString = Type.String({ format: 'date' });
const NullableDate = Type.Union([DateString, Type.Null()]);

const Download = {
  download_url: Type.String({ description: 'Works for two minutes, without a key' }),
  url_expires_in: Type.Integer({ description: 'Seconds the URL works: 120' }),
};

const DealFileEntry = Type.Object({
  document_id: Uuid,
  code: Type.String(),
  name: Type.String({ description: 'Catalogue name in English' }),
  file_name: Type.String(),
  sha256: Type.String(),
  media_type: Type.String(),
  size_bytes: Type.Integer(),
  issued_on: DateString,
  valid_until: NullableDate,
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
  file_name: Type.String(),
  sha256: Type.String(),
  media_type: Type.String(),
  size_bytes: Type.Integer(),
  issued_on: DateString,
  valid_until: NullableDate,
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

export function documentsRoutes(deps: { documents: DocumentsService }) {
  const { documents } = deps;
  return (app: App) => {
    app.get(
      '/v1/requests/:id/documents',
      {
        config: { auth: 'key' },
        schema: {
          tags: ['Requests'],
          summary: 'The deal file of a request and the seller’s current documents',
          params: IdParams,
          response: { 200: DealDocuments },
        },
      },
      async (request) => documents.requestDocuments(request.caller!, request.params.id),
    );

    // The URL itself is the credential (like a presigned URL): no key, valid two minutes.
    app.get(
      '/v1/document-downloads/:token',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Requests'],
          summary: 'Download a document through a URL from the deal documents',
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
