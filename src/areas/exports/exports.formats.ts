import type { Column } from './export-content.store.ts';

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
