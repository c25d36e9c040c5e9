import { Type } from 'typebox';
import type { AreaRoutes } from '../../platform/http/app.ts';
import { Fields, OneOf } from '../../platform/http/input.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import {
  CursorParam,
  IdParams,
  PAGING_DOC,
  PageMarksFields,
  Timestamp,
  Uuid,
} from '../../platform/http/schemas.ts';
import { OPENS } from '../../platform/http/scopes.ts';
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

const ListQuery = Fields({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  cursor: CursorParam,
});

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

const liveOnly = 'Live keys only: a sandbox key gets 403 `export_live_key_required`.';

const readyExample = {
  id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  subject: 'funder',
  status: 'ready',
  plane: 'live',
  requested_via: 'api',
  actor_role: 'api_key',
  lang: 'en',
  created_at: '2026-10-01T08:00:00.000Z',
  download_available: true,
  manifest_sha256: 'd2a84f4b8b650937ec8f73cd8be2c74add5a911ba64df27458ed8229da804a26',
  progress: { entities_done: 27, entities_total: 27, rows: 18204, volumes_written: 1, phase: 'ready' },
  completed_at: '2026-10-01T08:00:41.000Z',
  expires_at: '2026-10-02T08:00:41.000Z',
  size_bytes: 2811904,
  file_count: 58,
  documents_mode: 'metadata',
  row_counts: { requests: 412, offers: 380, invoices: 1210 },
};

const funderExample = { bank_id: '3b0f6a52-1c1e-4d55-9a63-3f1a3e0c2b11', name: 'Banco Ejemplo' };
const queuedExample = {
  id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  subject: 'funder',
  status: 'queued',
  plane: 'live',
  requested_via: 'api',
  actor_role: 'api_key',
  lang: 'es',
  created_at: '2026-10-01T08:00:00.000Z',
  download_available: false,
  manifest_sha256: null,
  progress: { entities_done: 0, entities_total: 27, rows: 0, volumes_written: 0, phase: 'queued' },
};

const keyed = keyRoutes('Exports');

export function exportsRoutes({ exports }: { exports: ExportsService }): AreaRoutes {
  return (app) => {
    app.post(
      '/v1/exports',
      // The body may be left out: every member has its default.
      keyed(
        OPENS.exportsAny,
        {
          operationId: 'requestExport',
          summary: 'Ask for an export of everything you can see',
          description: [
            'Queues an export of your data on the live plane: requests and their history, offers, invoices and their checks, sellers, debtors, notices and answers, your evidence-chain entries with the day roots, settlements, statements, rules and limits, your funder record, API keys (names and prefixes only), the audit trail of links handed out, and documents (names and digests, not contents). The worker builds it in the background; follow it with `GET /v1/exports/{id}`.',
            '',
            '`lang` picks the README language (`pt`, `es`, `en`, `fr`, `de`, `it`, `nl`; default `en`). Answers 202 with status `queued`.',
            '',
            `${liveOnly} One export at a time and at most 10 in 24 hours: otherwise 429 \`export_rate_limited\`, with \`reason\` (\`export_in_progress\` or \`daily_limit\`) and, for the daily limit, \`next_allowed_at\`, \`retry_after_seconds\` and a \`Retry-After\` header.`,
          ].join('\n'),
          success: 'The export, queued.',
          errors: ['export_live_key_required', 'export_rate_limited'],
          requestExamples: { spanish: { summary: 'README in Spanish', value: { lang: 'es' } } },
          responseExamples: {
            '202': {
              queued: { summary: 'Queued', value: { funder: funderExample, export: queuedExample } },
            },
          },
        },
        {
          body: ExportBody,
          response: { 202: OneExport },
        },
        { optionalBody: true },
      ),
      async (request, reply) => {
        const answer = await exports.request(request.caller!, request.body);
        return reply.code(202).send(answer);
      },
    );
    app.get(
      '/v1/exports',
      keyed(
        OPENS.exportsAny,
        {
          operationId: 'listExports',
          summary: 'Your exports, newest first',
          description: `Exports asked for through the portal or the API, newest first (\`limit\` 1 to 200, default 50), with status, size and \`manifest_sha256\`. No links here: ask for one export to get them. ${liveOnly}\n${PAGING_DOC}`,
          success: 'The exports.',
          errors: ['export_live_key_required', 'cursor_invalid'],
          responseExamples: {
            '200': {
              two: {
                summary: 'One ready, one being built',
                value: {
                  funder: funderExample,
                  count: 2,
                  exports: [
                    {
                      ...queuedExample,
                      id: '0c5e8f1a-9b2d-4e3f-8a7b-6c5d4e3f2a1b',
                      status: 'running',
                      created_at: '2026-10-02T08:00:00.000Z',
                      progress: {
                        entities_done: 12,
                        entities_total: 27,
                        rows: 9120,
                        volumes_written: 0,
                        phase: 'reading',
                      },
                    },
                    readyExample,
                  ],
                  has_more: false,
                  next_cursor: null,
                },
              },
            },
          },
        },
        {
          querystring: ListQuery,
          response: {
            200: Type.Object({
              funder: FunderRef,
              count: Type.Integer(),
              exports: Type.Array(ExportSchema),
              ...PageMarksFields,
            }),
          },
        },
      ),
      async (request) =>
        exports.list(request.caller!, { limit: request.query.limit ?? 50, cursor: request.query.cursor }),
    );
    app.get(
      '/v1/exports/:id',
      keyed(
        OPENS.exportsAny,
        {
          operationId: 'getExport',
          summary: 'One export, with download links once ready',
          description: [
            'While `queued` or `running`: `progress` (`entities_done`, `entities_total`, `rows`, `volumes_written`, `phase`).',
            '',
            'Once `ready` and for 24 hours: `files`, one per ZIP volume, each with its size, SHA-256 and a signed `url` that works without a key until `url_expires_at` (one hour at most, never past the 24 hours). Every answer carrying links is recorded in the audit trail. Unzip every volume into one folder and run `python3 verify.py` there to check every file against `manifest.json`. After the 24 hours the files are deleted and `download_available` is false; the record stays.',
            '',
            liveOnly,
          ].join('\n'),
          success: 'The export.',
          errors: ['export_live_key_required'],
          responseExamples: {
            '200': {
              ready: {
                summary: 'A ready export with its one volume',
                value: {
                  funder: funderExample,
                  export: {
                    ...readyExample,
                    files: [
                      {
                        name: 'export-7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f-001.zip',
                        bytes: 2811904,
                        sha256: '9c56cc51b374c3ba189210d5b6d4bf57790d351c96c47c02190ecf1e430635ab',
                        url: 'https://api.example.com/v1/export-downloads/7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f/0d6c7a58-2f4e-4a63-9b1d-6e2f8c4a7b90/export-7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f-001.zip?expires=1790844041&key_id=3b2f6c1e-9a4d-4e7b-8c5f-1d2e3f4a5b6c&sig=5f0c...',
                        url_expires_at: '2026-10-01T09:00:41.000Z',
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        { params: IdParams, response: { 200: OneExport } },
      ),
      async (request) => exports.get(request.caller!, request.params.id),
    );
    // The signed link is the credential (like a presigned URL): no key. The signature is checked
    // first; then whether the funder is active and the key that obtained the link not revoked.
    app.get(
      '/v1/export-downloads/:export_id/:build/:volume',
      {
        config: {
          auth: 'none',
          operation: {
            operationId: 'downloadExportVolume',
            summary: 'Download one export volume',
            tag: 'Exports',
            description:
              'The ZIP volume behind a `url` of `GET /v1/exports/{id}`. The signed URL is the credential: no key is sent. It works until the `expires` it carries, and only while your account is active and the key that obtained it (`key_id`) is not revoked; an expired, altered or unknown link, a link of a suspended account or of a revoked key, or a volume whose 24 hours ended, answers 404.',
            success: 'The ZIP volume.',
            errors: [],
            successMedia: { status: '200', mediaType: 'application/zip' },
          },
        },
        schema: { params: DownloadParams, querystring: DownloadQuery },
      },
      async (request, reply) => {
        const { export_id, build, volume } = request.params;
        const object = `${export_id}/${build}/${volume}`;
        const { expires, key_id, sig } = request.query;
        const file = await exports.download(object, { expires, keyId: key_id, sig });
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
