import { describe, expect, it } from 'vitest';
import { bigCamt053, CAMT_VERSIONS, type CamtEntry, camt053 } from '../../../test/support/statement-files.ts';
import { ApiError } from '../../platform/errors.ts';
import { looksLikeCamt053, parseCamt053 } from './camt053.ts';
import { isPaymentCandidate, MAX_STATEMENT_LINES } from './parsed.ts';

function refused(run: () => unknown): ApiError {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the file to be refused');
}

const ENTRIES: CamtEntry[] = [
  {
    cents: 1_250_000,
    direction: 'CRDT',
    bookingDate: '2026-09-10',
    valueDate: '2026-09-11',
    ref: 'BMS-0001',
    transactions: [
      {
        debtor: 'Distribuciones Meseta S.A.',
        debtorIban: 'ES7921000813610123456789',
        ustrd: ['Pago factura SBX-1 & SBX-2', 'gracias'],
        endToEndId: 'E2E-77',
      },
    ],
  },
  {
    cents: 300_000,
    direction: 'CRDT',
    bookingDate: '2026-09-12',
    dateTime: true,
    ref: 'BMS-0002',
    transactions: [
      {
        cents: 100_000,
        debtor: 'Hipermercados Levante SL',
        creditorRef: 'RF18 5390 0754 7034',
        bankRef: 'T-1',
      },
      { cents: 200_000, debtor: 'Cadena Norte SA', documents: ['F-2026/0042'], bankRef: 'T-2' },
    ],
  },
  { cents: 4_500, direction: 'DBIT', reversal: true, bookingDate: '2026-09-13', ref: 'BMS-0003' },
  {
    cents: 9_900,
    direction: 'DBIT',
    bookingDate: '2026-09-14',
    ref: 'BMS-0004',
    transactions: [{ creditor: 'Electricidad Sur SL', ustrd: ['Recibo luz'] }],
  },
];

describe('CAMT.053 versions', () => {
  it.each(CAMT_VERSIONS)('reads camt.053.001.0%i: entries, batches, parties and remittance', (version) => {
    const xml = camt053({ version, entries: ENTRIES, statementId: `S-${version}` });
    expect(looksLikeCamt053(xml)).toBe(true);
    const parsed = parseCamt053(xml);
    expect(parsed).toMatchObject({
      kind: 'camt053',
      version: `camt.053.001.0${version}`,
      bankStatementIds: [`S-${version}`],
      accountIban: 'ES9121000418450200051332',
      accountCurrency: 'EUR',
      csvLayout: null,
    });
    expect(parsed.lines).toHaveLength(5);
    const [first, batchA, batchB, reversal, debit] = parsed.lines;
    expect(first).toEqual({
      fileLine: expect.any(Number),
      element: 'Stmt[1]/Ntry[1]',
      bookingDate: '2026-09-10',
      valueDate: '2026-09-11',
      direction: 'credit',
      reversal: false,
      entryStatus: 'BOOK',
      amountCents: 1_250_000,
      currency: 'EUR',
      bankReference: 'BMS-0001',
      endToEndId: 'E2E-77',
      remittanceText: 'Pago factura SBX-1 & SBX-2 gracias',
      creditorReference: null,
      documentNumbers: [],
      counterpartyName: 'Distribuciones Meseta S.A.',
      counterpartyIban: 'ES7921000813610123456789',
    });
    expect(xml.split('\n')[first!.fileLine! - 1]).toContain('Ntry>');
    // A batch: each transaction its own line, with its own amount.
    expect(batchA).toMatchObject({
      element: 'Stmt[1]/Ntry[2]/NtryDtls[1]/TxDtls[1]',
      bookingDate: '2026-09-12',
      amountCents: 100_000,
      creditorReference: 'RF18 5390 0754 7034',
      counterpartyName: 'Hipermercados Levante SL',
      bankReference: 'T-1',
    });
    expect(batchB).toMatchObject({
      element: 'Stmt[1]/Ntry[2]/NtryDtls[1]/TxDtls[2]',
      amountCents: 200_000,
      documentNumbers: ['F-2026/0042'],
      counterpartyName: 'Cadena Norte SA',
    });
    expect(reversal).toMatchObject({ direction: 'debit', reversal: true, amountCents: 4_500 });
    expect(debit).toMatchObject({
      direction: 'debit',
      reversal: false,
      counterpartyName: 'Electricidad Sur SL',
    });
    expect(parsed.lines.map(isPaymentCandidate)).toEqual([true, true, true, false, false]);
  });

  it('reads a prefixed namespace, CRLF line ends and a file on one line', () => {
    const prefixed = parseCamt053(camt053({ version: 5, entries: ENTRIES, prefix: 'ns2', crlf: true }));
    expect(prefixed.version).toBe('camt.053.001.05');
    expect(prefixed.lines.map((l) => l.amountCents)).toEqual([1_250_000, 100_000, 200_000, 4_500, 9_900]);
    const compact = parseCamt053(camt053({ version: 7, entries: ENTRIES, compact: true }));
    expect(compact.lines).toHaveLength(5);
    expect(compact.lines.every((l) => l.fileLine === 1)).toBe(true);
  });

  it('keeps a batch without amounts per transaction as one line with the entry amount', () => {
    const parsed = parseCamt053(
      camt053({
        version: 4,
        entries: [
          {
            cents: 50_000,
            direction: 'CRDT',
            bookingDate: '2026-09-01',
            transactions: [{ ustrd: ['first part'] }, { ustrd: ['second part'], documents: ['INV-1'] }],
          },
        ],
      }),
    );
    expect(parsed.lines).toHaveLength(1);
    expect(parsed.lines[0]).toMatchObject({
      amountCents: 50_000,
      remittanceText: 'first part second part',
      documentNumbers: ['INV-1'],
    });
  });

  it('marks a reversal of a debit (a credit) and pending entries as no payment', () => {
    const parsed = parseCamt053(
      camt053({
        version: 6,
        entries: [
          { cents: 1_000, direction: 'CRDT', reversal: true, bookingDate: '2026-09-01' },
          { cents: 2_000, direction: 'CRDT', status: 'PDNG', bookingDate: '2026-09-01' },
          { cents: 3_000, direction: 'CRDT', currency: 'USD', bookingDate: '2026-09-01' },
        ],
      }),
    );
    expect(parsed.lines.map((l) => [l.direction, l.reversal, l.entryStatus, l.currency])).toEqual([
      ['credit', true, 'BOOK', 'EUR'],
      ['credit', false, 'PDNG', 'EUR'],
      ['credit', false, 'BOOK', 'USD'],
    ]);
    expect(parsed.lines.some(isPaymentCandidate)).toBe(false);
  });

  it('decodes predefined and numeric entities in text, and nothing else', () => {
    const xml = camt053({
      version: 8,
      entries: [
        { cents: 100, direction: 'CRDT', bookingDate: '2026-09-01', transactions: [{ ustrd: ['x'] }] },
      ],
    }).replace('<Ustrd>x</Ustrd>', '<Ustrd>Smith &amp; Sons &#233;t&#xE9; &lt;ok&gt; &unknown;</Ustrd>');
    expect(parseCamt053(xml).lines[0]!.remittanceText).toBe('Smith & Sons été <ok> &unknown;');
  });
});

describe('CAMT.053 files refused whole', () => {
  const good = camt053({ version: 8, entries: ENTRIES });

  it('refuses a DOCTYPE with entity expansion (billion laughs) without expanding anything', () => {
    const bomb = good.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>',
    );
    const error = refused(() => parseCamt053(bomb));
    expect(error.code).toBe('statement_unreadable');
    expect(error.extra).toMatchObject({ file_line: 2, element: '<!DOCTYPE>' });
  });

  it('refuses an external entity declaration', () => {
    const external = good.replace('<Document', '<!ENTITY xxe SYSTEM "file:///etc/passwd">\n<Document');
    expect(refused(() => parseCamt053(external)).code).toBe('statement_unreadable');
  });

  it('names the line and column of XML broken in the middle', () => {
    const lines = good.split('\n');
    const at = lines.findIndex((l) => l.includes('<Ntry>'), lines.length / 2);
    lines[at + 3] = lines[at + 3]!.replace('</', '</Broken');
    const error = refused(() => parseCamt053(lines.join('\n')));
    expect(error.code).toBe('statement_unreadable');
    expect(error.message).toMatch(new RegExp(`line ${at + 4}`));
    expect(error.extra).toMatchObject({ file_line: at + 4 });
  });

  it('refuses an XML that is not a CAMT.053 statement', () => {
    const notification = good.replace(/BkToCstmrStmt/g, 'BkToCstmrDbtCdtNtfctn');
    const error = refused(() => parseCamt053(notification));
    expect(error.code).toBe('statement_unreadable');
    expect(error.message).toContain('CAMT.054');
  });

  it('line_invalid names the transaction, element and line of a bad amount', () => {
    const xml = camt053({
      version: 3,
      entries: [
        { cents: 100, direction: 'CRDT', bookingDate: '2026-09-01' },
        { cents: 100, direction: 'CRDT', bookingDate: '2026-09-01', rawAmount: '12,50' },
      ],
    });
    const error = refused(() => parseCamt053(xml));
    expect(error.code).toBe('line_invalid');
    expect(error.extra).toMatchObject({ line: 2, element: 'Stmt[1]/Ntry[2]', field: 'Amt', value: '12,50' });
    expect(error.message).toContain('Transaction 2 (Stmt[1]/Ntry[2], line');
    expect(xml.split('\n')[(error.extra.file_line as number) - 1]).toContain('<Ntry>');
  });

  it('line_invalid for a booking date that is not a date', () => {
    const xml = camt053({
      version: 6,
      entries: [{ cents: 100, direction: 'CRDT', bookingDate: '2026-09-01', rawBookingDate: '2026-02-30' }],
    });
    const error = refused(() => parseCamt053(xml));
    expect(error.code).toBe('line_invalid');
    expect(error.extra).toMatchObject({ line: 1, field: 'BookgDt', value: '2026-02-30' });
  });

  it('statement_has_no_transactions for a statement without entries', () => {
    expect(refused(() => parseCamt053(camt053({ version: 2, entries: [] }))).code).toBe(
      'statement_has_no_transactions',
    );
  });

  it(`too_many_lines past ${MAX_STATEMENT_LINES} transactions`, () => {
    const error = refused(() => parseCamt053(bigCamt053(MAX_STATEMENT_LINES + 1)));
    expect(error.code).toBe('too_many_lines');
    expect(error.status).toBe(413);
  });
});
