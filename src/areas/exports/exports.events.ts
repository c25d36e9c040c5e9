import { Type } from 'typebox';
import { defineEvents, Open } from '../../platform/events.ts';
import { Timestamp, Uuid } from '../../platform/http/schemas.ts';
import recorded from './exports.events.json' with { type: 'json' };
import { ExportSchema } from './exports.routes.ts';

/** The exports' event: an export built (exports.jobs.ts). */
export const exportsEvents = defineEvents(
  { file: new URL('./exports.events.json', import.meta.url), recorded },
  [
    {
      type: 'export.ready',
      emitted: true,
      description: 'An export you asked for is built and can be downloaded.',
      summary: 'An export is ready',
      carries:
        'the export as `GET /v1/exports/{id}` answers it, its links aside (`export`; ask that operation for the links, which are signed for the key that asks), and its `export_id`, `manifest_sha256`, `size_bytes` and `expires_at`.',
      data: Open({
        export: ExportSchema,
        export_id: Uuid,
        manifest_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
        size_bytes: Type.Integer({ minimum: 0 }),
        expires_at: Timestamp,
      }),
    },
  ],
);
