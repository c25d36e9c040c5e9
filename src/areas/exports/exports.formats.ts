import type { Column, ColumnType } from './export-content.store.ts';

/**
 * The two shapes of every entity file. CSV: RFC 4180 (comma, CRLF line ends, a field quoted
 * when it holds a comma, a quote or a line break, quotes doubled), UTF-8 without a byte-order
 * mark, one header row. JSON Lines: one JSON object per line, LF line ends.
 */

/** Characters that make a spreadsheet read a cell as a formula when it starts with them. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A text cell as a spreadsheet may open it safely: one that starts like a formula gets a
 * leading apostrophe, which spreadsheets show as text. Only text columns are touched: a
 * negative amount in a decimal column stays a number.
 */
export function neutralised(text: string): string {
  return text.length > 0 && FORMULA_START.has(text[0]!) ? `'${text}` : text;
}

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** A value as JSON: timestamps ISO 8601 UTC, integers as numbers, decimals as exact text. */
export function jsonValue(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'timestamp':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'integer':
      return Number(value);
    case 'decimal':
      return String(value);
    case 'boolean':
      return Boolean(value);
    case 'json':
    case 'text[]':
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      return String(value);
  }
}

/** A value as a CSV cell: empty for null, JSON for structured values, text neutralised. */
export function csvValue(column: Column, value: unknown): string {
  const json = jsonValue(column, value);
  if (json === null) return '';
  switch (column.type) {
    case 'json':
    case 'text[]':
      return neutralised(JSON.stringify(json));
    case 'text':
    case 'uuid':
    case 'date':
    case 'timestamp':
      return neutralised(String(json));
    default:
      return String(json);
  }
}

export function csvHeader(columns: readonly Column[]): string {
  return csvRow(columns.map((c) => c.name));
}

export function csvLine(columns: readonly Column[], row: Record<string, unknown>): string {
  return csvRow(columns.map((c) => csvValue(c, row[c.name])));
}

export function jsonLine(columns: readonly Column[], row: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c.name] = jsonValue(c, row[c.name]);
  return `${JSON.stringify(out)}\n`;
}

/**
 * Both lines of every row in one pass, for rows read as text (PostgreSQL's COPY): the value of
 * each column arrives as the SQL of `copyTextSelect` gives it, or null, and is written exactly
 * as `csvLine` and `jsonLine` write the same row read as values. The CSV and JSON Lines text of
 * the rows added since the last `take` accumulate as two strings.
 */
export class RowWriter {
  csv = '';
  json = '';
  private readonly kinds: number[];
  private readonly keys: string[];
  constructor(readonly columns: readonly Column[]) {
    this.kinds = columns.map((c) => KIND[c.type] ?? TEXT);
    this.keys = columns.map((c, i) => `${i === 0 ? '{' : ','}${JSON.stringify(c.name)}:`);
  }
  add(values: readonly (string | null)[]): void {
    let csv = '';
    let json = '';
    const { kinds, keys } = this;
    for (let i = 0; i < kinds.length; i++) {
      const text = values[i];
      if (i > 0) csv += ',';
      json += keys[i];
      if (text === null || text === undefined) {
        json += 'null';
        continue;
      }
      switch (kinds[i]) {
        case INTEGER: {
          const n = String(Number(text));
          csv += n;
          json += n;
          break;
        }
        case DECIMAL:
          csv += quoted(text);
          json += JSON.stringify(text);
          break;
        case BOOLEAN:
          // The SQL gives `true` or `false`.
          csv += text;
          json += text;
          break;
        case JSON_TEXT: {
          const value = JSON.stringify(JSON.parse(text));
          csv += quoted(neutralised(value));
          json += value;
          break;
        }
        default:
          csv += quoted(neutralised(text));
          json += JSON.stringify(text);
      }
    }
    this.csv += `${csv}\r\n`;
    this.json += `${json}}\n`;
  }
  /** The text gathered so far, and a fresh start. */
  take(): { csv: string; json: string } {
    const taken = { csv: this.csv, json: this.json };
    this.csv = '';
    this.json = '';
    return taken;
  }
}

const [TEXT, INTEGER, DECIMAL, BOOLEAN, JSON_TEXT] = [0, 1, 2, 3, 4];
const KIND: Partial<Record<ColumnType, number>> = {
  integer: INTEGER,
  decimal: DECIMAL,
  boolean: BOOLEAN,
  json: JSON_TEXT,
  'text[]': JSON_TEXT,
};
const NEEDS_QUOTES = /[",\r\n]/;
const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\',
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
};
const unescapeCopy = (field: string): string | null => {
  if (field === '\\N') return null;
  // Most fields of a row holding a null have no backslash of their own.
  return field.includes('\\') ? field.replace(/\\(.)/g, (_m, c: string) => COPY_ESCAPES[c] ?? c) : field;
};

/**
 * Rows of PostgreSQL's COPY text format (tab between fields, LF after each row, `\N` for null,
 * backslash escapes), from chunks that split rows anywhere: each chunk's whole rows are handed
 * to `onRow` and what follows the last line end waits for the next chunk. Line ends are found
 * in the bytes (0x0A never occurs inside a UTF-8 character), so a character split between two
 * chunks is decoded whole.
 */
export class CopyTextRows {
  private rest: Buffer | null = null;
  constructor(private readonly onRow: (values: (string | null)[]) => void) {}
  push(chunk: Buffer): void {
    const bytes = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    const end = bytes.lastIndexOf(0x0a);
    if (end < 0) {
      this.rest = bytes;
      return;
    }
    this.rest = end + 1 < bytes.length ? bytes.subarray(end + 1) : null;
    const lines = bytes.toString('utf8', 0, end).split('\n');
    for (const line of lines) {
      const fields: (string | null)[] = line.split('\t');
      if (line.includes('\\')) {
        for (let i = 0; i < fields.length; i++) fields[i] = unescapeCopy(fields[i] as string);
      }
      this.onRow(fields);
    }
  }
  /** At the end of the COPY: nothing may be left half a row. */
  end(): void {
    if (this.rest && this.rest.length > 0) throw new Error('the COPY ended in the middle of a row');
  }
}
