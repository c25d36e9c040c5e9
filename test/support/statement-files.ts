/**
 * Bank statement files for tests and benchmarks, written from scratch: CAMT.053 in every
 * version from .001.02 to .001.08 with the differences between them, and CSV exports in the
 * layouts of several made-up banks. No real bank's file is copied.
 */

// ------------------------------------------------------------------ money

/** Cents as a decimal text with the separators asked for: 123456 -> "1.234,56". */
export function formatCents(cents: number, style: { decimal?: string; thousands?: string } = {}): string {
  const decimal = style.decimal ?? '.';
  const thousands = style.thousands ?? '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${sign}${whole}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

// ------------------------------------------------------------------ CAMT.053

export type CamtVersion = 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const CAMT_VERSIONS: readonly CamtVersion[] = [2, 3, 4, 5, 6, 7, 8];

export interface CamtTransaction {
  /** Cents; left out in a batch, the entry's amount is the only one given. */
  cents?: number;
  direction?: 'CRDT' | 'DBIT';
  ustrd?: string[];
  /** Structured creditor reference (Strd/CdtrRefInf/Ref), e.g. an RF reference. */
  creditorRef?: string;
  /** Invoice numbers in Strd/RfrdDocInf/Nb. */
  documents?: string[];
  debtor?: string;
  debtorIban?: string;
  creditor?: string;
  endToEndId?: string;
  bankRef?: string;
}

export interface CamtEntry {
  cents: number;
  currency?: string;
  direction: 'CRDT' | 'DBIT';
  reversal?: boolean;
  bookingDate: string;
  /** Write BookgDt as a date-time (DtTm) instead of a date. */
  dateTime?: boolean;
  valueDate?: string;
  ref?: string;
  status?: 'BOOK' | 'PDNG' | 'INFO';
  /** One TxDtls per item; several make a batch entry. */
  transactions?: CamtTransaction[];
  info?: string;
  /** Raw text put in place of the amount, to make a bad file. */
  rawAmount?: string;
  rawBookingDate?: string;
}

export interface CamtOptions {
  version: CamtVersion;
  bank?: { name: string; bic: string };
  statementId?: string;
  iban?: string;
  currency?: string;
  entries: CamtEntry[];
  /** Namespace prefix ("ns2") or none (default namespace). */
  prefix?: string;
  crlf?: boolean;
  /** No indentation or line breaks between elements. */
  compact?: boolean;
  created?: string;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A tiny element tree written out with or without a prefix and indentation. */
type El = [string, Record<string, string> | null, (El | string)[] | string];
const el = (
  name: string,
  children: (El | string)[] | string,
  attrs: Record<string, string> | null = null,
): El => [name, attrs, children];

function write(node: El, prefix: string, compact: boolean, depth: number, out: string[]): void {
  const [name, attrs, children] = node;
  const tag = prefix ? `${prefix}:${name}` : name;
  const pad = compact ? '' : '  '.repeat(depth);
  const attributes = attrs
    ? Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
        .join('')
    : '';
  if (typeof children === 'string') {
    out.push(`${pad}<${tag}${attributes}>${escapeXml(children)}</${tag}>`);
    return;
  }
  out.push(`${pad}<${tag}${attributes}>`);
  for (const child of children) {
    if (typeof child === 'string') out.push(child);
    else write(child, prefix, compact, depth + 1, out);
  }
  out.push(`${pad}</${tag}>`);
}

const euros = (cents: number) => formatCents(cents);

function party(version: CamtVersion, role: 'Dbtr' | 'Cdtr', name: string): El {
  // Version 08 wraps the party in Pty.
  return version >= 8 ? el(role, [el('Pty', [el('Nm', name)])]) : el(role, [el('Nm', name)]);
}

function transaction(version: CamtVersion, entry: CamtEntry, tx: CamtTransaction, currency: string): El {
  const children: El[] = [];
  const refs: El[] = [];
  if (tx.bankRef) refs.push(el('AcctSvcrRef', tx.bankRef));
  refs.push(el('EndToEndId', tx.endToEndId ?? 'NOTPROVIDED'));
  children.push(el('Refs', refs));
  if (tx.cents !== undefined) {
    if (version === 2) {
      children.push(el('AmtDtls', [el('TxAmt', [el('Amt', euros(tx.cents), { Ccy: currency })])]));
    } else {
      children.push(el('Amt', euros(tx.cents), { Ccy: currency }));
      children.push(el('CdtDbtInd', tx.direction ?? entry.direction));
    }
  }
  const parties: El[] = [];
  if (tx.debtor) parties.push(party(version, 'Dbtr', tx.debtor));
  if (tx.debtorIban) parties.push(el('DbtrAcct', [el('Id', [el('IBAN', tx.debtorIban)])]));
  if (tx.creditor) parties.push(party(version, 'Cdtr', tx.creditor));
  if (parties.length > 0) children.push(el('RltdPties', parties));
  const remittance: El[] = (tx.ustrd ?? []).map((line) => el('Ustrd', line));
  if (tx.creditorRef || tx.documents?.length) {
    const strd: El[] = [];
    for (const number of tx.documents ?? []) {
      strd.push(el('RfrdDocInf', [el('Tp', [el('CdOrPrtry', [el('Cd', 'CINV')])]), el('Nb', number)]));
    }
    if (tx.creditorRef) {
      strd.push(
        el('CdtrRefInf', [el('Tp', [el('CdOrPrtry', [el('Cd', 'SCOR')])]), el('Ref', tx.creditorRef)]),
      );
    }
    remittance.push(el('Strd', strd));
  }
  if (remittance.length > 0) children.push(el('RmtInf', remittance));
  return el('TxDtls', children);
}

function entryElement(version: CamtVersion, entry: CamtEntry, currency: string): El {
  const children: El[] = [];
  if (entry.ref) children.push(el('NtryRef', entry.ref));
  children.push(el('Amt', entry.rawAmount ?? euros(entry.cents), { Ccy: entry.currency ?? currency }));
  children.push(el('CdtDbtInd', entry.direction));
  if (entry.reversal) children.push(el('RvslInd', 'true'));
  const status = entry.status ?? 'BOOK';
  children.push(version >= 6 ? el('Sts', [el('Cd', status)]) : el('Sts', status));
  const booking = entry.rawBookingDate ?? entry.bookingDate;
  children.push(
    el('BookgDt', [entry.dateTime ? el('DtTm', `${booking}T09:30:00+01:00`) : el('Dt', booking)]),
  );
  children.push(el('ValDt', [el('Dt', entry.valueDate ?? entry.bookingDate)]));
  if (entry.ref) children.push(el('AcctSvcrRef', entry.ref));
  children.push(
    el('BkTxCd', [el('Domn', [el('Cd', 'PMNT'), el('Fmly', [el('Cd', 'RCDT'), el('SubFmlyCd', 'ESCT')])])]),
  );
  const txs = entry.transactions ?? [];
  if (txs.length > 0) {
    const batch: El[] =
      txs.length > 1
        ? [
            el('Btch', [
              el('NbOfTxs', String(txs.length)),
              el('TtlAmt', euros(entry.cents), { Ccy: currency }),
            ]),
          ]
        : [];
    children.push(
      el('NtryDtls', [
        ...batch,
        ...txs.map((tx) => transaction(version, entry, tx, entry.currency ?? currency)),
      ]),
    );
  }
  if (entry.info) children.push(el('AddtlNtryInf', entry.info));
  return el('Ntry', children);
}

/** A CAMT.053 statement of the version asked for. */
export function camt053(options: CamtOptions): string {
  const version = options.version;
  const currency = options.currency ?? 'EUR';
  const bank = options.bank ?? { name: 'Banco Meseta', bic: 'BMESESMMXXX' };
  const created = options.created ?? '2026-09-30T18:00:00';
  const credits = options.entries.filter((e) => e.direction === 'CRDT').reduce((s, e) => s + e.cents, 0);
  const debits = options.entries.filter((e) => e.direction === 'DBIT').reduce((s, e) => s + e.cents, 0);
  const bicName = version >= 5 ? 'BICFI' : 'BIC';
  const dates = options.entries.map((e) => e.bookingDate).sort();
  const statement = el('Stmt', [
    el('Id', options.statementId ?? `STMT-${version}-${dates[0] ?? 'empty'}`),
    el('ElctrncSeqNb', '42'),
    el('CreDtTm', created),
    el('FrToDt', [
      el('FrDtTm', `${dates[0] ?? '2026-09-01'}T00:00:00`),
      el('ToDtTm', `${dates[dates.length - 1] ?? '2026-09-30'}T23:59:59`),
    ]),
    el('Acct', [
      el('Id', [el('IBAN', options.iban ?? 'ES9121000418450200051332')]),
      el('Ccy', currency),
      el('Svcr', [el('FinInstnId', [el(bicName, bank.bic), el('Nm', bank.name)])]),
    ]),
    el('Bal', [
      el('Tp', [el('CdOrPrtry', [el('Cd', 'OPBD')])]),
      el('Amt', '100000.00', { Ccy: currency }),
      el('CdtDbtInd', 'CRDT'),
      el('Dt', [el('Dt', dates[0] ?? '2026-09-01')]),
    ]),
    el('Bal', [
      el('Tp', [el('CdOrPrtry', [el('Cd', 'CLBD')])]),
      el('Amt', euros(10_000_000 + credits - debits), { Ccy: currency }),
      el('CdtDbtInd', 'CRDT'),
      el('Dt', [el('Dt', dates[dates.length - 1] ?? '2026-09-30')]),
    ]),
    el('TxsSummry', [
      el('TtlCdtNtries', [
        el('NbOfNtries', String(options.entries.filter((e) => e.direction === 'CRDT').length)),
        el('Sum', euros(credits)),
      ]),
      el('TtlDbtNtries', [
        el('NbOfNtries', String(options.entries.filter((e) => e.direction === 'DBIT').length)),
        el('Sum', euros(debits)),
      ]),
    ]),
    ...options.entries.map((entry) => entryElement(version, entry, currency)),
  ]);
  const namespace = `urn:iso:std:iso:20022:tech:xsd:camt.053.001.0${version}`;
  const prefix = options.prefix ?? '';
  const root = el(
    'Document',
    [
      el('BkToCstmrStmt', [
        el('GrpHdr', [el('MsgId', `MSG-${version}-${dates[0] ?? ''}`), el('CreDtTm', created)]),
        statement,
      ]),
    ],
    prefix
      ? { [`xmlns:${prefix}`]: namespace }
      : { xmlns: namespace, 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance' },
  );
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, prefix, options.compact ?? false, 0, out);
  return out.join(options.compact ? '' : options.crlf ? '\r\n' : '\n') + (options.compact ? '' : '\n');
}

// ------------------------------------------------------------------ CSV

export interface CsvRow {
  date: string;
  valueDate?: string;
  /** Signed cents: positive is money in. */
  cents: number;
  text: string;
  counterparty?: string;
  bankRef?: string;
  /** Raw text put in place of the amount, to make a bad file. */
  rawAmount?: string;
}

const pad2 = (n: string) => n.padStart(2, '0');
function writeDate(
  iso: string,
  format: 'YYYY-MM-DD' | 'DD/MM/YYYY' | 'DD-MM-YYYY' | 'DD.MM.YYYY' | 'DD/MM/YY',
) {
  const [y, m, d] = iso.split('-') as [string, string, string];
  switch (format) {
    case 'YYYY-MM-DD':
      return iso;
    case 'DD/MM/YYYY':
      return `${pad2(d)}/${pad2(m)}/${y}`;
    case 'DD-MM-YYYY':
      return `${pad2(d)}-${pad2(m)}-${y}`;
    case 'DD.MM.YYYY':
      return `${pad2(d)}.${pad2(m)}.${y}`;
    case 'DD/MM/YY':
      return `${pad2(d)}/${pad2(m)}/${y.slice(2)}`;
  }
}

const quote = (value: string, delimiter: string) =>
  value.includes(delimiter) || value.includes('"') || value.includes('\n')
    ? `"${value.replace(/"/g, '""')}"`
    : value;

export type CsvBank = 'meseta_es' | 'atlantico_pt' | 'lumiere_fr' | 'northbridge_en' | 'adriatica_it';
export const CSV_BANKS: readonly CsvBank[] = [
  'meseta_es',
  'atlantico_pt',
  'lumiere_fr',
  'northbridge_en',
  'adriatica_it',
];

/**
 * A CSV export in the layout of one of five made-up banks:
 * - meseta_es: Spanish, account lines before the header, `;`, decimal comma with `.` thousands,
 *   DD/MM/YYYY, one signed amount column, a balance column; Windows-1252 when asked.
 * - atlantico_pt: Portuguese, `;`, separate debit and credit columns, DD-MM-YYYY.
 * - lumiere_fr: French, tab, space as thousands separator, DD.MM.YYYY, amount and currency.
 * - northbridge_en: English, `,`, quoted `1,234.56`, YYYY-MM-DD, UTF-8 byte-order mark,
 *   transaction id column.
 * - adriatica_it: Italian, `;`, Dare/Avere columns, DD/MM/YY, CRLF line ends.
 */
export function csvStatement(bank: CsvBank, rows: CsvRow[]): string {
  switch (bank) {
    case 'meseta_es': {
      const head = [
        'Banco Meseta;Extracto de movimientos',
        'Cuenta;ES91 2100 0418 4502 0005 1332',
        '',
        'Fecha operación;Fecha valor;Concepto;Ordenante;Importe;Saldo',
      ];
      let balance = 1_000_000;
      const body = rows.map((r) => {
        balance += r.cents;
        return [
          writeDate(r.date, 'DD/MM/YYYY'),
          writeDate(r.valueDate ?? r.date, 'DD/MM/YYYY'),
          quote(r.text, ';'),
          quote(r.counterparty ?? '', ';'),
          r.rawAmount ?? formatCents(r.cents, { decimal: ',', thousands: '.' }),
          formatCents(balance, { decimal: ',', thousands: '.' }),
        ].join(';');
      });
      return [...head, ...body, ''].join('\n');
    }
    case 'atlantico_pt': {
      const head = ['Data Movimento;Data Valor;Descrição;Ordenante;Débito;Crédito;Saldo Contabilístico'];
      const body = rows.map((r) =>
        [
          writeDate(r.date, 'DD-MM-YYYY'),
          writeDate(r.valueDate ?? r.date, 'DD-MM-YYYY'),
          quote(r.text, ';'),
          quote(r.counterparty ?? '', ';'),
          r.cents < 0 ? (r.rawAmount ?? formatCents(-r.cents, { decimal: ',', thousands: '.' })) : '',
          r.cents >= 0 ? (r.rawAmount ?? formatCents(r.cents, { decimal: ',', thousands: '.' })) : '',
          '',
        ].join(';'),
      );
      return [...head, ...body, ''].join('\n');
    }
    case 'lumiere_fr': {
      const head = ['Date opération\tDate de valeur\tLibellé\tTiers\tMontant\tDevise'];
      const body = rows.map((r) =>
        [
          writeDate(r.date, 'DD.MM.YYYY'),
          writeDate(r.valueDate ?? r.date, 'DD.MM.YYYY'),
          r.text,
          r.counterparty ?? '',
          r.rawAmount ?? formatCents(r.cents, { decimal: ',', thousands: ' ' }),
          'EUR',
        ].join('\t'),
      );
      return [...head, ...body, ''].join('\n');
    }
    case 'northbridge_en': {
      const head = ['Date,Description,Counterparty,Amount,Currency,Transaction ID'];
      const body = rows.map((r, i) =>
        [
          writeDate(r.date, 'YYYY-MM-DD'),
          quote(r.text, ','),
          quote(r.counterparty ?? '', ','),
          quote(r.rawAmount ?? formatCents(r.cents, { decimal: '.', thousands: ',' }), ','),
          'EUR',
          r.bankRef ?? `NB${String(i + 1).padStart(8, '0')}`,
        ].join(','),
      );
      return `\ufeff${[...head, ...body, ''].join('\n')}`;
    }
    case 'adriatica_it': {
      const head = ['Data contabile;Data valuta;Causale;Ordinante;Dare;Avere'];
      const body = rows.map((r) =>
        [
          writeDate(r.date, 'DD/MM/YY'),
          writeDate(r.valueDate ?? r.date, 'DD/MM/YY'),
          quote(r.text, ';'),
          quote(r.counterparty ?? '', ';'),
          r.cents < 0 ? (r.rawAmount ?? formatCents(-r.cents, { decimal: ',', thousands: '.' })) : '',
          r.cents >= 0 ? (r.rawAmount ?? formatCents(r.cents, { decimal: ',', thousands: '.' })) : '',
        ].join(';'),
      );
      return [...head, ...body, ''].join('\r\n');
    }
  }
}

/** Text in Windows-1252 bytes (what many banks still export). */
export function windows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else if (char === '€') bytes.push(0x80);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}

// ------------------------------------------------------------------ big files

/** A CAMT.053 with `count` credits (compact XML), for limits and benchmarks. */
export function bigCamt053(
  count: number,
  make: (i: number) => Partial<CamtEntry> & { transaction?: CamtTransaction } = () => ({}),
): string {
  const entries: CamtEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const extra = make(i);
    const cents = extra.cents ?? 10_000 + (i % 9_000) * 7;
    entries.push({
      cents,
      direction: 'CRDT',
      bookingDate: '2026-09-15',
      ref: `R${i}`,
      transactions: [
        extra.transaction ?? {
          debtor: `Cliente ${i % 500} SL`,
          ustrd: [`Pago factura ${100_000 + i}`],
        },
      ],
      ...extra,
    });
  }
  return camt053({ version: 8, entries, compact: true });
}
