import { Type } from 'typebox';
import { Day, defineEvents, Nullable, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import recorded from './documents.events.json' with { type: 'json' };

export const DOCUMENT_PROVIDED = 'document.provided';
export const DOCUMENT_LAPSED = 'document.lapsed';

/**
 * The document as `GET /v1/requests/{id}/documents` lists it under `current`, without its
 * download link (a link is issued, logged and short-lived per call: ask that operation for one).
 */
const DocumentInEvents = Open(
  {
    document_id: Uuid,
    code: Type.String(),
    name: Type.String({ description: 'Catalogue name in English' }),
    required: Type.Boolean({
      description: "On the funder's list for the seller's country: always true here",
    }),
    file_name: Type.String(),
    sha256: Type.String(),
    media_type: Type.String(),
    size_bytes: Type.Integer(),
    issued_on: Day,
    valid_until: Nullable(Day),
    status: Type.String({ description: '`verified`; `revoked` for a document the service revoked' }),
    verified_at: Nullable(Timestamp),
    verification_method: Nullable(Type.String()),
    uploaded_at: Timestamp,
    valid_today: Type.Boolean(),
  },
  'The document as `GET /v1/requests/{id}/documents` lists it under `current`, its link aside',
);

const CARRIED =
  '`request_id`, and the document as `GET /v1/requests/{id}/documents` lists it for that request under `current` (`document`), without its download link (ask that operation for one)';

/**
 * The documents' events (docs/decisions/documents.md, "A required document that is provided or
 * lapses is an event"): one per open request routed to a funder whose list requires the document.
 */
export const documentsEvents = defineEvents(
  { file: new URL('./documents.events.json', import.meta.url), recorded },
  [
    {
      type: DOCUMENT_LAPSED,
      emitted: true,
      description:
        'A document you require of a seller stopped counting, on an open request of that seller routed to you: its validity ended, or the service revoked it.',
      summary: 'A required document lapsed',
      carries: `${CARRIED}, and the \`reason\`: \`expired\` or \`revoked\`.`,
      data: Open({
        request_id: Uuid,
        document: DocumentInEvents,
        reason: Type.Union([Type.Literal('expired'), Type.Literal('revoked')]),
      }),
    },
    {
      type: DOCUMENT_PROVIDED,
      emitted: true,
      description:
        'A document you require of a seller was verified by the service, on an open request of that seller routed to you.',
      summary: 'A required document was provided',
      carries: `${CARRIED}.`,
      data: Open({ request_id: Uuid, document: DocumentInEvents }),
    },
  ],
);
