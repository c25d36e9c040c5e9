import { ApiError } from '../../platform/errors.ts';
import { CREDIT_MARKS, DEBIT_MARKS, FOOTER, normaliseHeader, type Role } from './statements.csv-headers.ts';
import { type Columns, findHeader, readRows } from './statements.csv-layout.ts';
import {
  type CsvLayout,
  clean,
  isoDate,
  MAX_STATEMENT_LINES,
  type ParsedLine,
  type ParsedStatement,
} from './statements.parsed.ts';

/**
 * CSV bank statements, as banks export them: a header row (possibly after a few lines of
 * account details), one row per transaction. Everything is detected from the file itself:
 *
 * - the delimiter (`;`, `,` or tab): the one with which a header row is recognised;
 * - the header row: the first of the first 40 lines naming a date column and an amount column
 *   (or credit/debit columns), in English, Spanish, Portuguese, French, Italian (and the usual
 *   German and Dutch names);
 * - the decimal separator (`1.234,56` or `1,234.56`): from the amounts themselves, the
 *   delimiter breaking a tie (`;` files use a decimal comma);
 * - dates: YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD, DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY and the same
 *   with a two-digit year (20YY); day first, always; a time after the date is ignored.
 */

/** Removes a currency mark and reads the sign (leading/trailing minus, parentheses). */
function amountParts(raw: string): { negative: boolean; body: string; currency: string | null } | null {
  let text = raw.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  if (text === '') return null;
  let currency: string | null = null;
  const code = /(?:^|\s)([A-Z]{3})$|^([A-Z]{3})(?:\s|$)/.exec(text);
  if (code) {
    currency = (code[1] ?? code[2])!;
    text = text.replace(code[0], ' ').trim();
  }
  if (text.includes('€')) {
    currency ??= 'EUR';
    text = text.replaceAll('€', '').trim();
  }
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = text.startsWith('-');
    text = text.slice(1).trim();
  } else if (text.endsWith('-')) {
    negative = true;
    text = text.slice(0, -1).trim();
  }
  return { negative, body: text, currency };
}

/**
 * Which decimal separator an amount shows. "1.234" or "1,234" (one separator, three digits
 * after it) could be either: no hint. Counts of the others decide for the whole file.
 */
function decimalHint(body: string): ',' | '.' | null {
  const last = Math.max(body.lastIndexOf(','), body.lastIndexOf('.'));
  if (last === -1) return null;
  const sep = body[last] as ',' | '.';
  const decimals = body.length - last - 1;
  const separators = body.match(/[.,]/g)?.length ?? 0;
  if (decimals === 3 && separators === 1) return null;
  if (!/^\d[\d.,\s']*$/.test(body)) return null;
  return sep;
}

/** An amount body ("1.234,56") to cents under the file's decimal separator; null when it does not read. */
export function csvAmountToCents(body: string, decimal: ',' | '.'): number | null {
  const group = decimal === ',' ? "[.\\s']" : "[,\\s']";
  const pattern = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:\\${decimal}(\\d+))?$`);
  const match = pattern.exec(body);
  if (!match) return null;
  const whole = match[1]!.replace(/\D/g, '');
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return null;
  if (whole.length > 15) return null;
  return Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}

/** A date cell to YYYY-MM-DD, with the format it was written in. */
export function csvDate(raw: string): { date: string; format: string } | null {
  const text = raw.trim().split(/[\sT]/)[0] ?? '';
  let m = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/.exec(text);
  if (m) {
    const date = isoDate(Number(m[1]), Number(m[3]), Number(m[4]));
    return date ? { date, format: `YYYY${m[2]}MM${m[2]}DD` } : null;
  }
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) {
    const date = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    return date ? { date, format: 'YYYYMMDD' } : null;
  }
  m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/.exec(text);
  if (m) {
    const year = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
    const date = isoDate(year, Number(m[3]), Number(m[1]));
    return date ? { date, format: `DD${m[2]}MM${m[2]}${m[4]!.length === 2 ? 'YY' : 'YYYY'}` } : null;
  }
  return null;
}

function chooseDecimal(rows: string[][], columns: Columns, delimiter: string): ',' | '.' {
  const counts = { ',': 0, '.': 0 };
  const amountColumns = [columns.single.amount, columns.single.credit, columns.single.debit].filter(
    (c): c is number => c !== undefined,
  );
  for (const cells of rows) {
    for (const column of amountColumns) {
      const parts = amountParts(cells[column] ?? '');
      const hint = parts ? decimalHint(parts.body) : null;
      if (hint) counts[hint] += 1;
    }
  }
  if (counts[','] !== counts['.']) return counts[','] > counts['.'] ? ',' : '.';
  return delimiter === ',' ? '.' : ',';
}

function lineInvalid(line: number, fileLine: number, column: string, message: string, value: string): never {
  throw new ApiError('line_invalid', `Line ${fileLine} of the file (transaction ${line}): ${message}`, {
    extra: { line, file_line: fileLine, column, value },
  });
}

type Amount = { cents: number; negative: boolean; currency: string | null };
type Direction = 'credit' | 'debit';

/** What every row of one file is read with. */
interface RowReader {
  columns: Columns;
  decimal: ',' | '.';
  name: (role: Role) => string;
}

/** One row being read: its cells, its transaction number and its line in the file. */
interface Row {
  cells: string[];
  line: number;
  fileLine: number;
}

function cell(cells: string[], index: number | undefined): string {
  return index === undefined ? '' : (cells[index] ?? '').trim();
}

function readAmount(reader: RowReader, row: Row, role: 'amount' | 'credit' | 'debit'): Amount | null {
  const raw = cell(row.cells, reader.columns.single[role]);
  const parts = amountParts(raw);
  if (!parts) return null;
  const cents = csvAmountToCents(parts.body, reader.decimal);
  if (cents === null) {
    lineInvalid(
      row.line,
      row.fileLine,
      reader.name(role),
      `the amount "${raw}" does not read (decimal separator "${reader.decimal}").`,
      raw,
    );
  }
  return { cents, negative: parts.negative, currency: parts.currency };
}

/** One amount column, signed or followed by a credit/debit mark column. */
function readSignedAmount(reader: RowReader, row: Row): { amount: Amount; direction: Direction } {
  const { single } = reader.columns;
  const { cells, line, fileLine } = row;
  const read = readAmount(reader, row, 'amount');
  if (!read) lineInvalid(line, fileLine, reader.name('amount'), 'the amount is empty.', '');
  let direction: Direction = read.negative ? 'debit' : 'credit';
  if (single.direction !== undefined) {
    const mark = normaliseHeader(cell(cells, single.direction)) || cell(cells, single.direction);
    if (CREDIT_MARKS.has(mark)) direction = 'credit';
    else if (DEBIT_MARKS.has(mark)) direction = 'debit';
    else {
      lineInvalid(
        line,
        fileLine,
        reader.name('direction'),
        `"${cell(cells, single.direction)}" says neither credit nor debit.`,
        cell(cells, single.direction),
      );
    }
  }
  return { amount: read, direction };
}

/** A credit column and a debit column, one of them filled. */
function readCreditOrDebit(reader: RowReader, row: Row): { amount: Amount; direction: Direction } {
  const { line, fileLine } = row;
  const credit = readAmount(reader, row, 'credit');
  const debit = readAmount(reader, row, 'debit');
  const hasCredit = credit !== null && credit.cents !== 0;
  const hasDebit = debit !== null && debit.cents !== 0;
  if (hasCredit && hasDebit) {
    lineInvalid(line, fileLine, reader.name('credit'), 'the row has both a credit and a debit amount.', '');
  }
  if (!credit && !debit) {
    lineInvalid(
      line,
      fileLine,
      reader.name('credit'),
      'the row has neither a credit nor a debit amount.',
      '',
    );
  }
  if (hasDebit || (!hasCredit && debit)) return { amount: debit!, direction: 'debit' };
  return { amount: credit!, direction: credit!.negative ? 'debit' : 'credit' };
}

/**
 * Reads one transaction row (already known not to be blank); null for a footer row. Refuses
 * the file when the row does not read or would be one transaction too many.
 */
function readRow(reader: RowReader, row: Row): { parsed: ParsedLine; dateFormat: string } | null {
  const { single, remittance: remittanceColumns } = reader.columns;
  const { cells, line, fileLine } = row;
  const dateText = cell(cells, single.booking_date);
  const booking = csvDate(dateText);
  if (!booking) {
    const first = normaliseHeader(cells.find((c) => c.trim() !== '') ?? '');
    if (FOOTER.test(first)) return null;
    lineInvalid(
      line,
      fileLine,
      reader.name('booking_date'),
      `the date "${dateText}" does not read (YYYY-MM-DD, DD/MM/YYYY, DD-MM-YYYY or DD.MM.YYYY).`,
      dateText,
    );
  }
  if (line > MAX_STATEMENT_LINES) {
    throw new ApiError(
      'too_many_lines',
      `The statement holds more than ${MAX_STATEMENT_LINES.toLocaleString('en')} transactions; split it into smaller files.`,
      { extra: { max_lines: MAX_STATEMENT_LINES } },
    );
  }
  const valueText = cell(cells, single.value_date);
  const value = valueText === '' ? null : csvDate(valueText);
  if (valueText !== '' && !value) {
    lineInvalid(
      line,
      fileLine,
      reader.name('value_date'),
      `the value date "${valueText}" does not read.`,
      valueText,
    );
  }
  const { amount, direction } =
    single.amount !== undefined ? readSignedAmount(reader, row) : readCreditOrDebit(reader, row);
  const currencyText = cell(cells, single.currency).toUpperCase();
  if (currencyText !== '' && !/^[A-Z]{3}$/.test(currencyText)) {
    lineInvalid(
      line,
      fileLine,
      reader.name('currency'),
      `"${currencyText}" is not a currency code.`,
      currencyText,
    );
  }
  const remittance = remittanceColumns.map((c) => cell(cells, c)).filter((t) => t !== '');
  const parsed: ParsedLine = {
    fileLine,
    element: null,
    bookingDate: booking.date,
    bookingDateSource: 'entry',
    valueDate: value?.date ?? null,
    direction,
    reversal: false,
    entryStatus: null,
    amountCents: amount.cents,
    currency: currencyText || amount.currency || 'EUR',
    bankReference: clean(cell(cells, single.bank_reference), 200),
    endToEndId: null,
    remittanceText: clean(remittance.join(' ')),
    creditorReference: null,
    documentNumbers: [],
    counterpartyName: clean(cell(cells, single.counterparty_name), 200),
    counterpartyIban: clean(cell(cells, single.counterparty_iban).replace(/\s+/g, ''), 64),
  };
  return { parsed, dateFormat: booking.format };
}

/** Parses a CSV statement, refusing the whole file at the first row that does not read. */
export function parseCsv(text: string): ParsedStatement {
  const header = findHeader(text);
  const { delimiter, headerLine, columns } = header;
  const { single } = columns;
  const rows = readRows(text, delimiter, { fromLine: headerLine + 1 });
  const decimal = chooseDecimal(
    rows.map((r) => r.cells),
    columns,
    delimiter,
  );
  const reader: RowReader = { columns, decimal, name: (role) => String(columns.names[role] ?? role) };

  const lines: ParsedLine[] = [];
  let dateFormat: string | null = null;
  for (const { cells, fileLine } of rows) {
    const dateText = cell(cells, single.booking_date);
    const amountTexts = [single.amount, single.credit, single.debit].map((c) => cell(cells, c));
    if (cells.every((c) => c.trim() === '')) continue;
    if (dateText === '' && amountTexts.every((a) => a === '')) continue;
    const read = readRow(reader, { cells, line: lines.length + 1, fileLine });
    if (!read) continue;
    dateFormat ??= read.dateFormat;
    lines.push(read.parsed);
  }
  if (lines.length === 0) {
    throw new ApiError(
      'statement_has_no_transactions',
      `The CSV has a header row (line ${headerLine}) but no transaction under it.`,
      { extra: { header_line: headerLine } },
    );
  }
  const layout: CsvLayout = {
    delimiter: delimiter === '\t' ? 'tab' : delimiter,
    decimal_separator: decimal,
    date_format: dateFormat ?? 'YYYY-MM-DD',
    header_line: headerLine,
    columns: columns.names,
  };
  return {
    kind: 'csv',
    version: null,
    bankStatementIds: [],
    accountIban: null,
    accountCurrency: null,
    csvLayout: layout,
    lines,
  };
}
