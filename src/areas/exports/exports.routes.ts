import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { Fields, OneOf } from '../../platform/http/input.ts';
import { IdParams, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { VOLUME_PATTERN } from './exports.links.ts';
import { EXPORT_LANGS } from './exports.readme.ts';
import type { ExportsService } from './exports.service.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });

const Progress = Type.Object({
  entities_done: Type.Integer({ minimum: 0 }),
  entities_total: Type.Integer({ minimum: 0 }),
  rows: Type.Integer({ minimum: 0 }),
  volumes_written: Type.Integer({ minimum: 0 }),
  phase: Type.String({ description: '`queued`, `reading`, `sealing`, `stored`, `ready`' }),
});

const ExportFile = Type.Object({
  name: Type.String(),
  bytes: Type.Integer({ minimum: 0 }),
  sha256: Sha256,
  url: Type.String({ description: 'Works without a key until `url_expires_at`' }),
  url_expires_at: Timestamp,
});

export const ExportSchema = Type.Object({
  id: Uuid,
  subject: Type.Literal('funder'),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('ready')]),
  plane: Type.Union([Type.Literal('live'), Type.Literal('demo')]),
  requested_via: Type.Union([Type.Literal('api'), Type.Literal('portal')]),
  actor_role: Type.String(),
  lang: Type.String(),
  created_at: Timestamp,
  download_available: Type.Boolean(),
  manifest_sha256: Nullable(Sha256),
  progress: Progress,
  completed_at: Type.Optional(Nullable(Timestamp)),
  expires_at: Type.Optional(Nullable(Timestamp)),
  size_bytes: Type.Optional(Type.Integer({ minimum: 0 })),
  file_count: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  documents_mode: Type.Optional(Nullable(Type.String())),
  row_counts: Type.Optional(Nullable(Type.Record(Type.String(), Type.Integer({ minimum: 0 })))),
  files: Type.Optional(Type.Array(ExportFile)),
});

const FunderRef = Type.Object({ bank_id: Uuid, name: Type.String() });
const OneExport = Type.Object({ funder: FunderRef, export: ExportSchema });

const ExportBody = Fields(
  { lang: Type.Optional(OneOf(EXPORT_LANGS, { description: 'Language of the README', default: 'en' })) },
  { description: 'What to export: everything; only the README language can be chosen.' },
);

const ListQuery = Fields({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) });

const DownloadParams = Type.Object({
  export_id: Uuid,
  build: Uuid,
  volume: Type.String({ pattern: VOLUME_PATTERN }),
});
/** A link's own members only: one with anything added is not a link the service handed out. */
const DownloadQuery = Fields({
  expires: Type.Integer({ minimum: 0 }),
  key_id: Uuid,
  sig: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});

export function exportsRoutes(deps: { exports: ExportsService }) {
  return (app: App) => {
    app.post(
      '/v1/exports',
      {
        // The body may be left out: every member has its default.
        config: { auth: 'key', optionalBody: true },
        schema: {
          tags: ['Exports'],
          body: ExportBody,
          response: { 202: OneExport },
        },
      },
      async (request, reply) => {
        const answer = await deps.exports.request(request.caller!, request.body);
        return reply.code(202).send(answer);
      },
    );
    app.get(
      '/v1/exports',
      {
        config: { auth: 'key' },
        schema: {
          tags: ['Exports'],
          querystring: ListQuery,
          response: {
            200: Type.Object({ funder: FunderRef, count: Type.Integer(), exports: Type.Array(ExportSchema) }),
          },
        },
      },
      async (request) => deps.exports.list(request.caller!, request.query.limit ?? 50),
    );
    app.get(
      '/v1/exports/:id',
      {
        config: { auth: 'key' },
        schema: { tags: ['Exports'], params: IdParams, response: { 200: OneExport } },
      },
      async (request) => deps.exports.get(request.caller!, request.params.id),
    );
    // The signed link is the credential (like a presigned URL): no key. The signature is checked
    // first; then whether the funder is active and the key that obtained the link not revoked.
    app.get(
      '/v1/export-downloads/:export_id/:build/:volume',
      {
        config: { auth: 'none' },
        schema: { tags: ['Exports'], params: DownloadParams, querystring: DownloadQuery },
      },
      async (request, reply) => {
        const { export_id, build, volume } = request.params;
        const object = `${export_id}/${build}/${volume}`;
        const { expires, key_id, sig } = request.query;
        const file = await deps.exports.download(object, { expires, keyId: key_id, sig });
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', String(file.bytes))
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );
  };
}
