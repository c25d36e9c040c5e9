import { ApiError } from '../../platform/errors.ts';

/** Spec (Limits): a statement file is at most 4 MiB and 5,000 transactions. */
export const MAX_STATEMENT_BYTES = 4 * 1024 * 1024;
export const MAX_STATEMENT_LINES = 5_000;

export type StatementKind = 'camt053' | 'csv';
export type Direction = 'credit' | 'debit';

/** One transaction of a statement, as read from the file, before matching. */
export interface ParsedLine {
  /** The line of the file where the transaction starts (1-based), when known. */
  fileLine: number | null;
  /** CAMT.053: where the transaction sits, e.g. `Stmt[1]/Ntry[4]/NtryDtls[1]/TxDtls[2]`. */
  element: string | null;
  bookingDate: string;
  /**
   * `entry` when the transaction carries its own date; otherwise (CAMT.053 entries without
   * BookgDt and ValDt) the statement's date it took: the end of its period, its closing
   * balance's date or its creation date.
   */
  bookingDateSource: 'entry' | 'statement_period' | 'closing_balance' | 'statement_created';
  valueDate: string | null;
  direction: Direction;
  reversal: boolean;
  /** CAMT.053 entry status (`BOOK`, `PDNG`, `INFO`); null when the file does not say. */
  entryStatus: string | null;
  amountCents: number;
  currency: string;
  bankReference: string | null;
  endToEndId: string | null;
  remittanceText: string | null;
  creditorReference: string | null;
  documentNumbers: string[];
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

/** How a CSV file was read: returned to the caller so a wrong guess is easy to see. */
export interface CsvLayout {
  delimiter: string;
  decimal_separator: ',' | '.';
  date_format: string;
  header_line: number;
  columns: Record<string, string | string[]>;
}

export interface ParsedStatement {
  kind: StatementKind;
  /** `camt.053.001.08` and the like; null for CSV and for a CAMT file without a namespace. */
  version: string | null;
  bankStatementIds: string[];
  accountIban: string | null;
  accountCurrency: string | null;
  csvLayout: CsvLayout | null;
  lines: ParsedLine[];
}

/** A booked credit in euros that is not a reversal: the only lines matched against requests. */
export const isPaymentCandidate = (line: ParsedLine): boolean =>
  line.direction === 'credit' &&
  !line.reversal &&
  line.currency === 'EUR' &&
  line.amountCents > 0 &&
  (line.entryStatus === null || line.entryStatus === 'BOOK');

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const windows1252 = new TextDecoder('windows-1252');
const utf16le = new TextDecoder('utf-16le', { fatal: true });
const utf16be = new TextDecoder('utf-16be', { fatal: true });

/**
 * The first control character no text file holds (anything below a space but tab, line feed
 * and carriage return; and DEL), or -1.
 */
function firstControl(text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return i;
  }
  return -1;
}

/**
 * The file's bytes as text. UTF-8 (with or without a byte-order mark) first; UTF-16 when it
 * starts with its byte-order mark; otherwise Windows-1252, the usual encoding of bank exports
 * that are not UTF-8 (it covers ISO-8859-1). A file holding control characters (a NUL byte, a
 * zip, a PDF) is not text: 422 file_unreadable.
 */
export function decodeStatementText(bytes: Buffer): string {
  let text: string;
  try {
    if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) text = utf16le.decode(bytes.subarray(2));
    else if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
      text = utf16be.decode(bytes.subarray(2));
    else {
      try {
        text = utf8.decode(bytes);
      } catch {
        text = windows1252.decode(bytes);
      }
    }
  } catch {
    throw new ApiError('file_unreadable', 'The file is not readable text (its UTF-16 encoding is broken).');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // An old DOS end-of-file mark is harmless.
  if (text.endsWith('\x1a')) text = text.slice(0, -1);
  const bad = firstControl(text);
  if (bad !== -1) {
    throw new ApiError(
      'file_unreadable',
      `The file is not text: it holds a control character (code ${text.charCodeAt(bad)}) at character ${bad + 1}. Send the CAMT.053 XML or the CSV export itself.`,
      { extra: { file_line: lineOf(text, bad) } },
    );
  }
  return text;
}

/** The 1-based line of a character offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  let at = text.indexOf('\n');
  while (at !== -1 && at < offset) {
    line += 1;
    at = text.indexOf('\n', at + 1);
  }
  return line;
}

/** Line numbers of many offsets at once: the newline positions are found once. */
export function lineIndex(text: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks.push(at);
  return (offset) => {
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (breaks[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}

/** Real calendar date check for YYYY-MM-DD parts. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A decimal amount written with a point ("1234.5", "0.10", "12.500") to cents. Digits beyond
 * the cent must be zeros; null when it is not such a number.
 */
export function decimalToCents(text: string): number | null {
  const match = /^(\d{1,16})(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents < 1e17 ? cents : null;
}

/** Text with spaces collapsed, or null when nothing is left. */
export function clean(value: string | null | undefined, max = 1000): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text.slice(0, max);
}
