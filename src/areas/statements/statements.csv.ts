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
    text = text.replace(/€/g, '').trim();
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
  const name = (role: Role) => String(columns.names[role] ?? role);
  const cell = (cells: string[], index: number | undefined) =>
    index === undefined ? '' : (cells[index] ?? '').trim();

  const lines: ParsedLine[] = [];
  let dateFormat: string | null = null;
  for (const { cells, fileLine } of rows) {
    const dateText = cell(cells, single.booking_date);
    const amountTexts = [single.amount, single.credit, single.debit].map((c) => cell(cells, c));
    if (cells.every((c) => c.trim() === '')) continue;
    if (dateText === '' && amountTexts.every((a) => a === '')) continue;
    const line = lines.length + 1;
    const booking = csvDate(dateText);
    if (!booking) {
      const first = normaliseHeader(cells.find((c) => c.trim() !== '') ?? '');
      if (FOOTER.test(first)) continue;
      lineInvalid(
        line,
        fileLine,
        name('booking_date'),
        `the date "${dateText}" does not read (YYYY-MM-DD, DD/MM/YYYY, DD-MM-YYYY or DD.MM.YYYY).`,
        dateText,
      );
    }
    if (lines.length >= MAX_STATEMENT_LINES) {
      throw new ApiError(
        'too_many_lines',
        `The statement holds more than ${MAX_STATEMENT_LINES.toLocaleString('en')} transactions; split it into smaller files.`,
        { extra: { max_lines: MAX_STATEMENT_LINES } },
      );
    }
    dateFormat ??= booking.format;
    const valueText = cell(cells, single.value_date);
    const value = valueText === '' ? null : csvDate(valueText);
    if (valueText !== '' && !value) {
      lineInvalid(
        line,
        fileLine,
        name('value_date'),
        `the value date "${valueText}" does not read.`,
        valueText,
      );
    }

    const readAmount = (role: 'amount' | 'credit' | 'debit') => {
      const raw = cell(cells, single[role]);
      const parts = amountParts(raw);
      if (!parts) return null;
      const cents = csvAmountToCents(parts.body, decimal);
      if (cents === null) {
        lineInvalid(
          line,
          fileLine,
          name(role),
          `the amount "${raw}" does not read (decimal separator "${decimal}").`,
          raw,
        );
      }
      return { cents, negative: parts.negative, currency: parts.currency };
    };

    let direction: 'credit' | 'debit';
    let amount: { cents: number; negative: boolean; currency: string | null };
    if (single.amount !== undefined) {
      const read = readAmount('amount');
      if (!read) lineInvalid(line, fileLine, name('amount'), 'the amount is empty.', '');
      amount = read;
      direction = read.negative ? 'debit' : 'credit';
      if (single.direction !== undefined) {
        const mark = normaliseHeader(cell(cells, single.direction)) || cell(cells, single.direction);
        if (CREDIT_MARKS.has(mark)) direction = 'credit';
        else if (DEBIT_MARKS.has(mark)) direction = 'debit';
        else {
          lineInvalid(
            line,
            fileLine,
            name('direction'),
            `"${cell(cells, single.direction)}" says neither credit nor debit.`,
            cell(cells, single.direction),
          );
        }
      }
    } else {
      const credit = readAmount('credit');
      const debit = readAmount('debit');
      const hasCredit = credit !== null && credit.cents !== 0;
      const hasDebit = debit !== null && debit.cents !== 0;
      if (hasCredit && hasDebit) {
        lineInvalid(line, fileLine, name('credit'), 'the row has both a credit and a debit amount.', '');
      }
      if (!credit && !debit) {
        lineInvalid(line, fileLine, name('credit'), 'the row has neither a credit nor a debit amount.', '');
      }
      if (hasDebit || (!hasCredit && debit)) {
        amount = debit!;
        direction = 'debit';
      } else {
        amount = credit!;
        direction = credit!.negative ? 'debit' : 'credit';
      }
    }

    const currencyText = cell(cells, single.currency).toUpperCase();
    if (currencyText !== '' && !/^[A-Z]{3}$/.test(currencyText)) {
      lineInvalid(
        line,
        fileLine,
        name('currency'),
        `"${currencyText}" is not a currency code.`,
        currencyText,
      );
    }
    const remittance = columns.remittance.map((c) => cell(cells, c)).filter((t) => t !== '');
    lines.push({
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
    });
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
