import { ApiError } from '../../platform/errors.ts';
import { looksLikeCamt053, looksLikeXml, parseCamt053 } from './statements.camt053.ts';
import { parseCsv } from './statements.csv.ts';
import {
  decodeStatementText,
  MAX_STATEMENT_BYTES,
  type ParsedStatement,
  type StatementKind,
} from './statements.parsed.ts';

/*
 * From the bytes sent to the transactions they hold: size, encoding, kind, parsing. Pure: no
 * database, so benchmarks and tools can read a statement file on its own.
 */

export const STATEMENT_KINDS = ['camt053', 'csv'] as const;

export const isKind = (value: unknown): value is StatementKind =>
  (STATEMENT_KINDS as readonly unknown[]).includes(value);

export const tooLarge = (bytes: number) =>
  new ApiError(
    'file_too_large',
    `The file is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MiB (${bytes.toLocaleString('en')} bytes); split it into smaller statements.`,
    { extra: { max_bytes: MAX_STATEMENT_BYTES } },
  );

/**
 * `content_base64` to bytes. Standard or URL-safe alphabet, padding optional, line breaks
 * allowed; the decoded size is checked before decoding.
 */
export function decodeBase64(value: string): Buffer {
  const compact = value.replace(/[\s]+/g, '');
  if (compact === '') return Buffer.alloc(0);
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw new ApiError('file_unreadable', 'content_base64 is not valid base64.', {
      extra: { field: 'content_base64' },
    });
  }
  const unpadded = compact.replace(/=+$/, '').length;
  const size = Math.floor((unpadded * 3) / 4);
  if (size > MAX_STATEMENT_BYTES) throw tooLarge(size);
  return Buffer.from(compact, 'base64');
}

/** The file's kind: as told, else CAMT.053 for an XML file whose root is a bank-to-customer statement, else CSV. */
function detectKind(text: string, told: StatementKind | undefined): StatementKind {
  if (told) return told;
  if (looksLikeXml(text)) {
    if (looksLikeCamt053(text)) return 'camt053';
    throw new ApiError(
      'statement_unreadable',
      'The file is XML but not a CAMT.053 statement (its root must be Document holding BkToCstmrStmt).',
      { extra: { file_line: 1, element: null } },
    );
  }
  return 'csv';
}

/** Bytes to transactions: text decoding, kind detection, parsing. Throws the spec's codes. */
export function readStatementFile(bytes: Buffer, told?: StatementKind): ParsedStatement {
  if (bytes.length === 0) throw new ApiError('file_empty', 'The file is empty.');
  if (bytes.length > MAX_STATEMENT_BYTES) throw tooLarge(bytes.length);
  const text = decodeStatementText(bytes);
  if (text.trim() === '') throw new ApiError('file_empty', 'The file holds only blank space.');
  const kind = detectKind(text, told);
  if (kind === 'camt053') {
    if (!looksLikeXml(text)) {
      throw new ApiError('statement_unreadable', 'kind is camt053 but the file is not XML.', {
        extra: { file_line: 1, element: null },
      });
    }
    return parseCamt053(text);
  }
  return parseCsv(text);
}
