import type { OperationDocs } from '../types.ts';

const base64 = (content: string) => Buffer.from(content, 'utf8').toString('base64');

export const statementsOperations: OperationDocs = {
  'POST /v1/statements': {
    operationId: 'importStatement',
    summary: 'Import a bank statement',
    tag: 'Statements',
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
};
