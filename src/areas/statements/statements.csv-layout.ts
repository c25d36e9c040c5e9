import { parse } from 'csv-parse/sync';
import { ApiError } from '../../platform/errors.ts';
import { type Role, roleOf } from './statements.csv-headers.ts';

/**
 * Where a CSV statement's rows are and how they are split: the delimiter and the header row,
 * found from the file itself, and the rows read with the line of the file each starts on.
 */

const DELIMITERS = [';', ',', '\t'] as const;
const HEADER_SEARCH_LINES = 40;

export interface Columns {
  single: Partial<Record<Exclude<Role, 'remittance'>, number>>;
  remittance: number[];
  names: Record<string, string | string[]>;
}

function mapHeader(cells: string[]): Columns | null {
  const columns: Columns = { single: {}, remittance: [], names: {} };
  cells.forEach((cell, index) => {
    const role = roleOf(cell);
    if (!role) return;
    if (role === 'remittance') {
      columns.remittance.push(index);
      columns.names.remittance = [...((columns.names.remittance as string[] | undefined) ?? []), cell.trim()];
      return;
    }
    if (columns.single[role] !== undefined) return;
    columns.single[role] = index;
    columns.names[role] = cell.trim();
  });
  const { single } = columns;
  const hasAmount = single.amount !== undefined || single.credit !== undefined || single.debit !== undefined;
  return single.booking_date !== undefined && hasAmount ? columns : null;
}

export function unreadable(message: string, fileLine: number | null): never {
  throw new ApiError('statement_unreadable', message, { extra: { file_line: fileLine, element: null } });
}

/** csv-parse with `info: true`: each record comes with the line it ends on. */
const parseRecords = parse as unknown as (
  input: string,
  options: Record<string, unknown>,
) => { record: string[]; info: { lines: number } }[];

export function readRows(
  text: string,
  delimiter: string,
  options: { fromLine?: number; toLine?: number } = {},
) {
  let lastEnd = (options.fromLine ?? 1) - 1;
  try {
    const rows = parseRecords(text, {
      delimiter,
      from_line: options.fromLine ?? 1,
      ...(options.toLine ? { to_line: options.toLine } : {}),
      relax_column_count: true,
      // A quote inside a cell that does not start with one is kept as written.
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      bom: false,
      on_record: (record: unknown, context: { lines: number }) => {
        lastEnd = context.lines;
        return record;
      },
    });
    return rows.map(({ record, info }) => ({
      cells: record,
      // A record ends on info.lines; quoted cells may have spanned several lines.
      fileLine: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
    }));
  } catch (err) {
    const error = err as Error & { code?: string; lines?: number };
    const fileLine =
      error.code === 'CSV_QUOTE_NOT_CLOSED' || typeof error.lines !== 'number' ? lastEnd + 1 : error.lines;
    const reason =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quoted cell is never closed'
        : error.code === 'INVALID_OPENING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? 'a quote is misplaced in a cell'
          : 'the row cannot be read';
    unreadable(`The CSV is malformed at line ${fileLine}: ${reason}.`, fileLine);
  }
}

interface HeaderFound {
  delimiter: string;
  headerLine: number;
  columns: Columns;
}

/** The header is looked for in the first lines only, and in at most this much text. */
const HEADER_SAMPLE_CHARS = 64 * 1024;

export function findHeader(content: string): HeaderFound {
  let text = content.slice(0, HEADER_SAMPLE_CHARS);
  if (text.length < content.length && text.includes('\n')) text = text.slice(0, text.lastIndexOf('\n') + 1);
  let best: (HeaderFound & { score: number }) | null = null;
  let failure: unknown = null;
  for (const delimiter of DELIMITERS) {
    let rows: { cells: string[]; fileLine: number }[];
    try {
      rows = readRows(text, delimiter, { toLine: HEADER_SEARCH_LINES });
    } catch (err) {
      failure ??= err;
      continue;
    }
    for (const row of rows) {
      if (row.cells.length < 2) continue;
      const columns = mapHeader(row.cells);
      if (!columns) continue;
      const score = Object.keys(columns.single).length + columns.remittance.length;
      if (!best || score > best.score || (score === best.score && row.fileLine < best.headerLine)) {
        best = { delimiter, headerLine: row.fileLine, columns, score };
      }
      break;
    }
  }
  if (!best) {
    if (failure) throw failure;
    unreadable(
      `No header row found in the first ${HEADER_SEARCH_LINES} lines: the CSV needs a date column and an amount column (or credit and debit columns), separated by ";", "," or a tab.`,
      null,
    );
  }
  return best;
}
