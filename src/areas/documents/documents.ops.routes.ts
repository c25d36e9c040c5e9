import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { Fields, OrNull, Text } from '../../platform/http/input.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { opsRole } from '../../platform/operator-roles.ts';
import type { OpsDocumentView } from './documents.files.ts';
import { MAX_DOCUMENT_BYTES } from './documents.files.ts';
import type { DocumentsService } from './documents.service.ts';

const NullableDate = Type.Union([Type.String(), Type.Null()]);

const OpsDocument = Type.Object({
  id: Uuid,
  seller_id: Uuid,
  plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]),
  code: Type.String(),
  name: Type.String(),
  file_name: Type.String(),
  sha256: Type.String(),
  size_bytes: Type.Integer(),
  media_type: Type.String(),
  issued_on: Type.String(),
  valid_until: NullableDate,
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('verified'),
    Type.Literal('rejected'),
    Type.Literal('revoked'),
  ]),
  verified_at: Type.Union([Timestamp, Type.Null()]),
  verification_method: Type.Union([Type.String(), Type.Null()]),
  uploaded_at: Timestamp,
});

const DocumentAnswer = Type.Object({ document: OpsDocument });
const DocumentChange = Type.Object({ document: OpsDocument, changed: Type.Boolean() });
const IdParams = Type.Object({ id: Uuid });
const RevokeBody = Fields({
  reason: Type.Optional(OrNull(Text({ max: 500, description: 'Why; kept on the evidence chain' }))),
});

/** A verify or revoke answer: the document as the step left it, and whether the step changed it. */
async function changeAnswer(step: Promise<OpsDocumentView & { changed: boolean }>) {
  const { changed, ...document } = await step;
  return { document, changed };
}

/** The sellers' side of documents, played by the operations team: upload, verify, revoke. */
export function documentsOpsRoutes({ documents }: { documents: DocumentsService }): AreaRoutes {
  return (app) => {
    app.post(
      '/ops/v1/seller-documents',
      {
        config: opsRole('support'),
        // Base64 makes the body about a third larger than the file.
        bodyLimit: Math.ceil(MAX_DOCUMENT_BYTES * 1.4) + 64 * 1024,
        schema: {
          body: Type.Object(
            {
              seller_id: Uuid,
              code: Type.String({ minLength: 1, maxLength: 64 }),
              file_name: Type.String({ minLength: 1, maxLength: 200 }),
              content_base64: Type.String(),
              media_type: Type.Optional(Type.Union([Type.String({ maxLength: 191 }), Type.Null()])),
              issued_on: Type.String(),
              valid_until: Type.Optional(Type.Union([Type.String(), Type.Null()])),
            },
            { additionalProperties: false },
          ),
          response: { 201: DocumentAnswer },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { document: await documents.upload(request.operator!, request.body) };
      },
    );

    app.get(
      '/ops/v1/seller-documents/:id',
      { config: opsRole('auditor'), schema: { params: IdParams, response: { 200: DocumentAnswer } } },
      async (request) => ({ document: await documents.getDocument(request.params.id) }),
    );

    app.post(
      '/ops/v1/seller-documents/:id/verify',
      {
        config: opsRole('support'),
        schema: {
          params: IdParams,
          body: Type.Object(
            { method: Type.String({ minLength: 1, maxLength: 100 }) },
            { additionalProperties: false },
          ),
          response: { 200: DocumentChange },
        },
      },
      async (request) =>
        changeAnswer(documents.verify(request.operator!, request.params.id, request.body.method)),
    );

    app.post(
      '/ops/v1/seller-documents/:id/revoke',
      {
        // The body may be left out: no body is no reason.
        config: { ...opsRole('support'), optionalBody: true },
        schema: {
          params: IdParams,
          body: RevokeBody,
          response: { 200: DocumentChange },
        },
      },
      async (request) =>
        changeAnswer(documents.revoke(request.operator!, request.params.id, request.body.reason ?? null)),
    );
  };
}
