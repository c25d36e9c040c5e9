import { describe, expect, it } from 'vitest';
import { refused } from '../../../test/support/errors.ts';
import { CSV_BANKS, type CsvRow, csvStatement, windows1252 } from '../../../test/support/statement-files.ts';
import { csvAmountToCents, csvDate, parseCsv } from './statements.csv.ts';
import { normaliseHeader } from './statements.csv-headers.ts';
import { decodeStatementText, MAX_STATEMENT_LINES } from './statements.parsed.ts';

const read = (text: string | Buffer) =>
  parseCsv(decodeStatementText(typeof text === 'string' ? Buffer.from(text) : text));

const ROWS: CsvRow[] = [
  {
    date: '2026-09-03',
    valueDate: '2026-09-04',
    cents: 1_234_567,
    text: 'Transferencia FR-2026-000123; factura 7',
    counterparty: 'Distribuciones Meseta SA',
  },
  { date: '2026-09-04', cents: -4_590, text: 'Comisión mantenimiento' },
  { date: '2026-09-05', cents: 99, text: 'Intereses "abono"', counterparty: 'Banco' },
];

describe('CSV layouts of five made-up banks', () => {
  it.each(CSV_BANKS)('reads %s', (bank) => {
    const parsed = read(csvStatement(bank, ROWS));
    expect(parsed.kind).toBe('csv');
    expect(parsed.lines.map((l) => [l.bookingDate, l.direction, l.amountCents, l.currency])).toEqual([
      ['2026-09-03', 'credit', 1_234_567, 'EUR'],
      ['2026-09-04', 'debit', 4_590, 'EUR'],
      ['2026-09-05', 'credit', 99, 'EUR'],
    ]);
    expect(parsed.lines[0]).toMatchObject({
      remittanceText: 'Transferencia FR-2026-000123; factura 7',
      counterpartyName: 'Distribuciones Meseta SA',
      reversal: false,
      element: null,
    });
    expect(parsed.lines[2]!.remittanceText).toBe('Intereses "abono"');
  });

  it('reports the layout it detected', () => {
    expect(read(csvStatement('meseta_es', ROWS)).csvLayout).toEqual({
      delimiter: ';',
      decimal_separator: ',',
      date_format: 'DD/MM/YYYY',
      header_line: 4,
      columns: {
        booking_date: 'Fecha operación',
        value_date: 'Fecha valor',
        remittance: ['Concepto'],
        counterparty_name: 'Ordenante',
        amount: 'Importe',
        balance: 'Saldo',
      },
    });
    expect(read(csvStatement('lumiere_fr', ROWS)).csvLayout).toMatchObject({
      delimiter: 'tab',
      decimal_separator: ',',
      date_format: 'DD.MM.YYYY',
    });
    expect(read(csvStatement('northbridge_en', ROWS)).csvLayout).toMatchObject({
      delimiter: ',',
      decimal_separator: '.',
      date_format: 'YYYY-MM-DD',
      columns: expect.objectContaining({ bank_reference: 'Transaction ID', currency: 'Currency' }),
    });
    expect(read(csvStatement('adriatica_it', ROWS)).csvLayout).toMatchObject({
      date_format: 'DD/MM/YY',
      columns: expect.objectContaining({ debit: 'Dare', credit: 'Avere' }),
    });
  });

  it('gives each line the line of the file it is on', () => {
    expect(read(csvStatement('meseta_es', ROWS)).lines.map((l) => l.fileLine)).toEqual([5, 6, 7]);
    expect(read(csvStatement('adriatica_it', ROWS)).lines.map((l) => l.fileLine)).toEqual([2, 3, 4]);
  });

  it('reads a Windows-1252 export', () => {
    const parsed = read(windows1252(csvStatement('meseta_es', ROWS)));
    expect(parsed.csvLayout?.columns.booking_date).toBe('Fecha operación');
    expect(parsed.lines[1]!.remittanceText).toBe('Comisión mantenimiento');
  });

  it('reads a direction column, a trailing minus and a currency in the amount', () => {
    const text = [
      'Booking date;Details;Amount;D/C',
      '2026-09-01;Invoice 12;1.000,00;C',
      '2026-09-02;Fee;15,00 EUR;D',
      '2026-09-03;Refund;250,50-;',
    ].join('\n');
    const error = refused(() => read(text));
    expect(error.code).toBe('line_invalid');
    expect(error.extra).toMatchObject({ file_line: 4, column: 'D/C' });
    const parsed = read(text.replace('250,50-;', '250,50-;H'));
    expect(parsed.lines.map((l) => [l.direction, l.amountCents])).toEqual([
      ['credit', 100_000],
      ['debit', 1_500],
      ['credit', 25_050],
    ]);
  });

  it('reads a euro sign before or after the amount as the currency EUR', () => {
    const text = ['Booking date;Details;Amount', '2026-09-01;A;€ 1.000,00', '2026-09-02;B;-15,50 €'].join(
      '\n',
    );
    const parsed = read(text);
    expect(parsed.lines.map((l) => [l.direction, l.amountCents, l.currency])).toEqual([
      ['credit', 100_000, 'EUR'],
      ['debit', 1_550, 'EUR'],
    ]);
  });

  it('skips total rows and blank lines', () => {
    const text = ['Date,Description,Amount', '2026-09-01,A,10.00', '', ',,', 'Total,,10.00', ''].join('\n');
    expect(read(text).lines).toHaveLength(1);
  });
});

describe('CSV numbers and dates', () => {
  it('reads decimal comma and decimal point amounts', () => {
    expect(csvAmountToCents('1.234,56', ',')).toBe(123_456);
    expect(csvAmountToCents('1234,5', ',')).toBe(123_450);
    expect(csvAmountToCents('1 234 567,00', ',')).toBe(123_456_700);
    expect(csvAmountToCents('1,234.56', '.')).toBe(123_456);
    expect(csvAmountToCents("1'234.56", '.')).toBe(123_456);
    expect(csvAmountToCents('12.50', '.')).toBe(1_250);
    expect(csvAmountToCents('12,5000', ',')).toBe(1_250);
    // Wrong grouping or more than cents: not an amount.
    expect(csvAmountToCents('12.5', ',')).toBeNull();
    expect(csvAmountToCents('1.2345,00', ',')).toBeNull();
    expect(csvAmountToCents('12,345', ',')).toBeNull();
    expect(csvAmountToCents('abc', '.')).toBeNull();
  });

  it('decides the decimal separator from the amounts, the delimiter breaking a tie', () => {
    const comma = ['Fecha,Concepto,Importe', '01/09/2026,a,"1.234,56"', '02/09/2026,b,"7,00"'].join('\n');
    expect(read(comma).csvLayout?.decimal_separator).toBe(',');
    expect(read(comma).lines.map((l) => l.amountCents)).toEqual([123_456, 700]);
    const point = ['Fecha;Concepto;Importe', '01/09/2026;a;1,234.56', '02/09/2026;b;7.00'].join('\n');
    expect(read(point).csvLayout?.decimal_separator).toBe('.');
    // "1.234" alone reads as a thousands group in a ";" file.
    const tie = ['Fecha;Concepto;Importe', '01/09/2026;a;1.234'].join('\n');
    expect(read(tie).lines[0]!.amountCents).toBe(123_400);
  });

  it('reads the usual date formats, day first', () => {
    expect(csvDate('2026-09-30')).toEqual({ date: '2026-09-30', format: 'YYYY-MM-DD' });
    expect(csvDate('30/09/2026')).toEqual({ date: '2026-09-30', format: 'DD/MM/YYYY' });
    expect(csvDate('30-09-2026')).toEqual({ date: '2026-09-30', format: 'DD-MM-YYYY' });
    expect(csvDate('30.09.2026')).toEqual({ date: '2026-09-30', format: 'DD.MM.YYYY' });
    expect(csvDate('1/9/26')).toEqual({ date: '2026-09-01', format: 'DD/MM/YY' });
    expect(csvDate('20260930')).toEqual({ date: '2026-09-30', format: 'YYYYMMDD' });
    expect(csvDate('2026-09-30 14:05:00')?.date).toBe('2026-09-30');
    expect(csvDate('31/02/2026')).toBeNull();
    expect(csvDate('09/30/2026')).toBeNull();
  });

  it('normalises header names', () => {
    expect(normaliseHeader('  Fecha Operación ')).toBe('fecha operacion');
    expect(normaliseHeader('Importe (EUR)')).toBe('importe');
    expect(normaliseHeader('Libellé de l’opération')).toBe('libelle de l operation');
  });
});

describe('CSV files refused whole', () => {
  it('line_invalid names the file line of a bad amount', () => {
    const rows = [...ROWS];
    rows[1] = { ...rows[1]!, rawAmount: '12,3,4' };
    const error = refused(() => read(csvStatement('meseta_es', rows)));
    expect(error.code).toBe('line_invalid');
    expect(error.extra).toMatchObject({ line: 2, file_line: 6, column: 'Importe', value: '12,3,4' });
    expect(error.message).toContain('Line 6 of the file');
  });

  it('line_invalid for a date that does not read', () => {
    const text = ['Date,Description,Amount', '2026-09-01,A,10.00', '2026-13-01,B,10.00'].join('\n');
    expect(refused(() => read(text)).extra).toMatchObject({ file_line: 3, column: 'Date' });
  });

  it('statement_unreadable names the line of a quote never closed', () => {
    const text = [
      'Date;Description;Amount',
      '2026-09-01;A;10,00',
      '2026-09-02;"B;10,00',
      '2026-09-03;C;1,00',
    ].join('\n');
    const error = refused(() => read(text));
    expect(error.code).toBe('statement_unreadable');
    expect(error.extra).toMatchObject({ file_line: 3 });
  });

  it('statement_unreadable when no header row is recognised', () => {
    const error = refused(() => read('a;b;c\n1;2;3\n'));
    expect(error.code).toBe('statement_unreadable');
    expect(error.message).toContain('No header row');
  });

  it('statement_has_no_transactions for a header alone', () => {
    expect(refused(() => read('Fecha;Concepto;Importe\n')).code).toBe('statement_has_no_transactions');
  });

  it('file_unreadable for bytes that are not text', () => {
    const error = refused(() =>
      decodeStatementText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00])),
    );
    expect(error.code).toBe('file_unreadable');
  });

  it(`too_many_lines past ${MAX_STATEMENT_LINES} transactions`, () => {
    const rows = ['Date,Description,Amount'];
    for (let i = 0; i <= MAX_STATEMENT_LINES; i += 1) rows.push(`2026-09-01,Payment ${i},1.00`);
    const error = refused(() => read(rows.join('\n')));
    expect(error.code).toBe('too_many_lines');
    expect(read(rows.slice(0, -1).join('\n')).lines).toHaveLength(MAX_STATEMENT_LINES);
  });
});
