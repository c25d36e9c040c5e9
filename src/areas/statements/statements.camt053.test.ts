import { describe, expect, it } from 'vitest';
import { refused } from '../../../test/support/errors.ts';
import { bigCamt053, CAMT_VERSIONS, type CamtEntry, camt053 } from '../../../test/support/statement-files.ts';
import { looksLikeCamt053, parseCamt053, xmlSchemaDay } from './statements.camt053.ts';
import { isPaymentCandidate, MAX_STATEMENT_LINES } from './statements.parsed.ts';

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
      bookingDateSource: 'entry',
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

/**
 * A small camt.053.001.08 statement written by hand: `header` goes inside Stmt before the
 * account, `entries` are the Ntry elements as written.
 */
function handWritten(header: string, entries: string, groupCreated = '2026-10-01T06:00:00+02:00'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>HAND-1</MsgId><CreDtTm>${groupCreated}</CreDtTm></GrpHdr>
    <Stmt>
      <Id>HAND-STMT-1</Id>
${header}
      <Acct><Id><IBAN>ES9121000418450200051332</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

const entryWith = (dates: string, amount = '150.00') => `      <Ntry>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
${dates}
        <AcctSvcrRef>REF-${amount}</AcctSvcrRef>
      </Ntry>`;

const closingBalance = (date: string) => `      <Bal>
        <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">1000.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt>
      </Bal>`;

describe('CAMT.053 dates as banks write them', () => {
  it('reads XML Schema dates with a zone offset or Z in BookgDt/Dt and ValDt/Dt as the date written', () => {
    const parsed = parseCamt053(
      handWritten(
        '',
        [
          entryWith(
            '<BookgDt><Dt>2017-04-01+02:00</Dt></BookgDt><ValDt><Dt>2017-04-03-05:00</Dt></ValDt>',
            '1.00',
          ),
          entryWith(
            '<BookgDt><Dt>2017-04-02Z</Dt></BookgDt><ValDt><Dt>2017-04-02+14:00</Dt></ValDt>',
            '2.00',
          ),
        ].join('\n'),
      ),
    );
    expect(parsed.lines.map((l) => [l.bookingDate, l.valueDate, l.bookingDateSource])).toEqual([
      ['2017-04-01', '2017-04-03', 'entry'],
      ['2017-04-02', '2017-04-02', 'entry'],
    ]);
  });

  it('reads date-times with an offset or Z as the Madrid calendar date of that instant', () => {
    const parsed = parseCamt053(
      handWritten(
        '',
        [
          // 23:30 UTC in summer is 01:30 the next day in Madrid.
          entryWith('<BookgDt><DtTm>2026-06-30T23:30:00Z</DtTm></BookgDt>', '1.00'),
          // 00:30 in Madrid in winter, written as UTC the evening before.
          entryWith('<BookgDt><DtTm>2026-01-14T23:30:00.000Z</DtTm></BookgDt>', '2.00'),
          // Written with Madrid's own offset: the date as written.
          entryWith('<BookgDt><DtTm>2026-03-29T23:30:00+02:00</DtTm></BookgDt>', '3.00'),
          // A bank in New York at 20:00 is already the next day in Madrid.
          entryWith('<BookgDt><DtTm>2026-10-25T20:00:00-04:00</DtTm></BookgDt>', '4.00'),
          // Without a zone, the bank's local time: the date as written.
          entryWith('<BookgDt><DtTm>2026-10-25T23:59:59</DtTm></BookgDt>', '5.00'),
        ].join('\n'),
      ),
    );
    expect(parsed.lines.map((l) => l.bookingDate)).toEqual([
      '2026-07-01',
      '2026-01-15',
      '2026-03-29',
      '2026-10-26',
      '2026-10-25',
    ]);
  });

  it.each([
    ['2026-04-01', '2026-04-01'],
    ['2026-04-01+02:00', '2026-04-01'],
    ['2026-04-01-11:00', '2026-04-01'],
    ['2026-04-01T12:30:00+02:00', '2026-04-01'],
    ['2026-03-28T23:30:00Z', '2026-03-29'],
    ['2026-10-24T22:30:00Z', '2026-10-25'],
    ['2026-10-25T22:30:00Z', '2026-10-25'],
    ['2026-04-01T00:30:00', '2026-04-01'],
  ])('the day of %s is %s', (raw, day) => {
    expect(xmlSchemaDay(raw)).toBe(day);
  });

  it.each([
    '2026-02-30',
    '2026-04-01+15:00',
    '2026-04-01T25:00:00Z',
    '2026-04-01 12:00',
    '01/04/2026',
    '2026-04-01+2',
  ])('refuses %s as a date', (raw) => {
    expect(xmlSchemaDay(raw)).toBeNull();
  });

  it("gives an entry without dates the end of the statement's period, and says so on the line", () => {
    const parsed = parseCamt053(
      handWritten(
        `      <CreDtTm>2026-10-02T07:00:00+02:00</CreDtTm>
      <FrToDt><FrDtTm>2026-10-01T00:00:00+02:00</FrDtTm><ToDtTm>2026-10-01T23:59:59+02:00</ToDtTm></FrToDt>
${closingBalance('2026-09-30')}`,
        [entryWith('', '1.00'), entryWith('<BookgDt><Dt>2026-09-28</Dt></BookgDt>', '2.00')].join('\n'),
      ),
    );
    expect(parsed.lines[0]).toMatchObject({
      bookingDate: '2026-10-01',
      valueDate: null,
      bookingDateSource: 'statement_period',
    });
    expect(parsed.lines[1]).toMatchObject({ bookingDate: '2026-09-28', bookingDateSource: 'entry' });
  });

  it('takes the closing balance date when the statement has no period', () => {
    const parsed = parseCamt053(
      handWritten(
        `      <CreDtTm>2026-10-02T07:00:00+02:00</CreDtTm>
${closingBalance('2026-09-30+02:00')}`,
        entryWith(''),
      ),
    );
    expect(parsed.lines[0]).toMatchObject({
      bookingDate: '2026-09-30',
      bookingDateSource: 'closing_balance',
    });
  });

  it('takes the creation date when the statement has neither a period nor a closing balance', () => {
    const parsed = parseCamt053(
      handWritten('      <CreDtTm>2026-10-02T07:00:00+02:00</CreDtTm>', entryWith('')),
    );
    expect(parsed.lines[0]).toMatchObject({
      bookingDate: '2026-10-02',
      bookingDateSource: 'statement_created',
    });
    // Without the statement's own CreDtTm, the group header's.
    const fromHeader = parseCamt053(handWritten('', entryWith(''), '2026-10-03T22:30:00Z'));
    expect(fromHeader.lines[0]).toMatchObject({
      bookingDate: '2026-10-04',
      bookingDateSource: 'statement_created',
    });
  });

  it('uses the value date as booking date when only the value date is given', () => {
    const parsed = parseCamt053(handWritten('', entryWith('<ValDt><Dt>2026-09-29+02:00</Dt></ValDt>')));
    expect(parsed.lines[0]).toMatchObject({
      bookingDate: '2026-09-29',
      valueDate: '2026-09-29',
      bookingDateSource: 'entry',
    });
  });

  it('refuses an entry without dates in a statement that gives no date at all', () => {
    const xml = handWritten('', entryWith('')).replace(
      /<GrpHdr>.*<\/GrpHdr>/,
      '<GrpHdr><MsgId>X</MsgId></GrpHdr>',
    );
    const error = refused(() => parseCamt053(xml));
    expect(error.code).toBe('line_invalid');
    expect(error.extra).toMatchObject({ line: 1, field: 'BookgDt' });
  });

  it('line_invalid for a booking date with an impossible offset', () => {
    const error = refused(() =>
      parseCamt053(handWritten('', entryWith('<BookgDt><Dt>2026-09-29+25:00</Dt></BookgDt>'))),
    );
    expect(error.code).toBe('line_invalid');
    expect(error.extra).toMatchObject({ field: 'BookgDt', value: '2026-09-29+25:00' });
  });
});
