import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../platform/errors.ts';
import type { App, AreaRoutes } from '../../platform/http/app.ts';
import { Fields, OneOf, Text } from '../../platform/http/input.ts';
import { jsonBodyParser } from '../../platform/http/json-body.ts';
import { keyRoutes } from '../../platform/http/route-options.ts';
import { OPENS } from '../../platform/http/scopes.ts';
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES } from './statements.parsed.ts';
import { JsonFile, RawFile, StatementResult } from './statements.schemas.ts';
import type { StatementsService } from './statements.service.ts';

/** Base64 makes a file about a third larger; a little room for the other members. */
const JSON_BODY_LIMIT = Math.ceil(MAX_STATEMENT_BYTES / 3) * 4 + 64 * 1024;
const RAW_TYPES = ['application/xml', 'text/xml', 'text/csv'];

const base64 = (content: string) => Buffer.from(content, 'utf8').toString('base64');

/** Fastify's own body errors, in this endpoint's codes. */
function uploadErrors(error: FastifyError): never {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      throw new ApiError(
        'file_too_large',
        `The statement is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MiB; split it into smaller files.`,
        { extra: { max_bytes: MAX_STATEMENT_BYTES } },
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      throw new ApiError(
        'unsupported_media_type',
        'Send the statement as application/xml (or text/xml), text/csv, or application/json with content_base64.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      throw new ApiError('file_required', 'The JSON body is empty: send content_base64.');
  }
  throw error;
}

const keyed = keyRoutes('Statements');

export function statementsRoutes({ statements }: { statements: StatementsService }): AreaRoutes {
  /** The upload in a scope of its own: its body parsers and limits touch no other route. */
  const upload = (async (app: App) => {
    // Read while streaming, refused as soon as the limit is passed (Fastify counts the bytes).
    app.addContentTypeParser(
      RAW_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_STATEMENT_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT },
      jsonBodyParser(app),
    );

    app.post(
      '/v1/statements',
      {
        ...keyed(
          OPENS.statementsWrite,
          {
            operationId: 'importStatement',
            summary: 'Import a bank statement',
            description: [
              'Takes one of your own bank statements: ISO 20022 CAMT.053 (versions `.001.02` to `.001.08`) or a CSV export, sent raw (`application/xml`, `text/csv`) or as JSON `{file_name, kind, content_base64}`. With a raw body, `file_name` and `kind` may go in the query; `kind` (`camt053` or `csv`) is detected when left out. At most 4 MiB and 5,000 transactions.',
              '',
              'Each credit is matched against the requests you funded (the reference the debtor quoted first, then amount and debtor). Nothing is settled here: a match is settled only once you confirm it in the portal. The same file twice (same SHA-256) is refused with 409 `statement_already_imported`.',
              '',
              'CSV layouts are detected from the file (header row, delimiter, encoding, decimal separator, date format); a row that cannot be read refuses the whole file with `line_invalid`, naming the line and column.',
            ].join('\n'),
            success: 'The statement was imported; each line with its match, if any.',
            errors: [
              'statement_already_imported',
              'file_too_large',
              'too_many_lines',
              'file_required',
              'file_unreadable',
              'file_empty',
              'statement_unreadable',
              'statement_has_no_transactions',
              'line_invalid',
              'conflict',
            ],
            requestExamples: {
              json: {
                summary: 'A CSV export sent as JSON',
                value: {
                  file_name: 'statement-2026-10-05.csv',
                  kind: 'csv',
                  content_base64: base64(
                    'Fecha;Concepto;Importe\n05/10/2026;FR-2026-000417 Distribuciones Norte;5.000,00\n',
                  ),
                },
              },
            },
          },
          {
            summary: 'Send a bank statement (CAMT.053 or CSV) to match against your funded requests',
            description: `At most ${MAX_STATEMENT_BYTES / 1024 / 1024} MiB and ${MAX_STATEMENT_LINES.toLocaleString('en')} transactions. Nothing is settled until a match is confirmed.`,
            querystring: Fields({
              file_name: Type.Optional(Text({ min: 1, max: 255 })),
              kind: Type.Optional(OneOf(['camt053', 'csv'] as const)),
            }),
            body: {
              content: {
                'application/json': { schema: JsonFile },
                'application/xml': { schema: RawFile },
                'text/xml': { schema: RawFile },
                'text/csv': { schema: RawFile },
              },
            } as never,
            response: { 201: StatementResult },
          },
        ),
        errorHandler: uploadErrors,
      },
      async (request, reply) => {
        const query = request.query as { file_name?: string; kind?: 'camt053' | 'csv' };
        const result = await statements.importStatement(request.caller!, {
          body: request.body,
          fileName: query.file_name,
          kind: query.kind,
        });
        reply.code(201);
        return result;
      },
    );
  }) as unknown as FastifyPluginAsync;

  return async (app) => {
    await app.register(upload);
  };
}
