import { XMLValidator } from 'fast-xml-parser';
import { madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import {
  clean,
  decimalToCents,
  isoDate,
  lineIndex,
  lineOf,
  MAX_STATEMENT_LINES,
  type ParsedLine,
  type ParsedStatement,
} from './statements.parsed.ts';
import {
  all,
  at,
  attribute,
  entryParser,
  kids,
  type Node,
  skeletonParser,
  startOf,
  tagOf,
  textAt,
  textOf,
  textOfRaw,
  texts,
} from './statements.xml-tree.ts';

/**
 * ISO 20022 CAMT.053 (bank-to-customer statement), versions camt.053.001.02 to .001.08 and the
 * later ones that keep the same shape. Namespaces differ between versions and banks use
 * prefixes or not: prefixes are dropped and the version is read from the namespace.
 *
 * Safety: a file holding a DOCTYPE or an ENTITY declaration is refused outright, and the
 * parser never expands entities; only the five predefined XML entities and numeric character
 * references are decoded, by hand, in the text values read.
 */

/** The first non-blank character opens a tag. */
export const looksLikeXml = (text: string): boolean => /^\s*</.test(text);

/** A CAMT.053 document: its root is Document and it holds BkToCstmrStmt. */
export function looksLikeCamt053(text: string): boolean {
  const head = text.slice(0, 16_384);
  return /<([\w.-]+:)?Document[\s>]/.test(head) && /<([\w.-]+:)?BkToCstmrStmt[\s>]/.test(head);
}

function unreadable(message: string, extra: Record<string, unknown> = {}): never {
  throw new ApiError('statement_unreadable', message, {
    extra: { file_line: null, element: null, ...extra },
  });
}

// ------------------------------------------------------------------ the statement

interface Where {
  line: number;
  fileLine: number | null;
  element: string;
}

function invalid(where: Where, field: string, message: string, value?: string | null): never {
  const place = `${where.element}${where.fileLine ? `, line ${where.fileLine} of the file` : ''}`;
  throw new ApiError('line_invalid', `Transaction ${where.line} (${place}): ${message}`, {
    extra: {
      line: where.line,
      file_line: where.fileLine,
      element: where.element,
      field,
      ...(value !== undefined ? { value } : {}),
    },
  });
}

/**
 * An XML Schema date or date-time, as ISO 20022 writes them: `2017-04-01`, `2017-04-01+02:00`,
 * `2017-04-01Z`, `2017-04-01T09:30:00`, `2017-04-01T09:30:00.5+01:00`, `2017-04-01T23:30:00Z`.
 * A date keeps its calendar day whatever its zone (the zone only says where that day is). A
 * date-time with a zone is an instant: its day is the Madrid day, the one business dates use.
 * A date-time without a zone is the bank's local time: its day is the one written.
 */
export function xmlSchemaDay(raw: string): string | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):(\d{2}))?$/.exec(raw);
  if (!match) return null;
  const [, y, mo, d, hh, mm, ss, zone, zh, zm] = match;
  const day = isoDate(Number(y), Number(mo), Number(d));
  if (!day) return null;
  if (zh !== undefined && (Number(zh) > 14 || Number(zm) > 59 || (Number(zh) === 14 && Number(zm) > 0)))
    return null;
  if (hh === undefined) return day;
  if (Number(hh) > 24 || Number(mm) > 59 || Number(ss) > 60) return null;
  if (Number(hh) === 24 && (Number(mm) > 0 || Number(ss) > 0)) return null;
  if (zone === undefined) return day;
  const instant = new Date(`${day}T${hh}:${mm}:${ss}${zone === 'Z' ? 'Z' : zone}`);
  return Number.isNaN(instant.getTime()) ? null : madridDate(instant);
}

function readDate(where: Where, node: Node | undefined, field: string): string | null {
  if (node === undefined) return null;
  const raw = textAt(node, 'Dt') ?? textAt(node, 'DtTm');
  if (raw === null) invalid(where, field, `${field} has neither Dt nor DtTm.`);
  const date = xmlSchemaDay(raw);
  if (!date) {
    invalid(
      where,
      field,
      `${field} "${raw}" is not a date (YYYY-MM-DD, optionally with a zone such as +02:00 or Z) nor a date-time.`,
      raw,
    );
  }
  return date;
}

/** Where an entry's booking date came from: its own dates, or the statement's when it has none. */
export type BookingDateSource = ParsedLine['bookingDateSource'];

/**
 * The statement's own date, for entries that carry no booking nor value date: the end of the
 * period it covers (FrToDt), else its closing balance's date, else when it was created.
 */
function statementDate(
  stmt: Node,
  groupCreated: string | null,
  element: string,
): { date: string; source: BookingDateSource } | null {
  const day = (raw: string | null, field: string): string | null => {
    if (raw === null) return null;
    const date = xmlSchemaDay(raw);
    if (!date)
      unreadable(`${element}/${field} "${raw}" is not a date-time.`, { element: `${element}/${field}` });
    return date;
  };
  const period = at(stmt, 'FrToDt');
  const periodDay =
    day(textAt(period, 'ToDtTm'), 'FrToDt/ToDtTm') ?? day(textAt(period, 'FrDtTm'), 'FrToDt/FrDtTm');
  if (periodDay) return { date: periodDay, source: 'statement_period' };
  const closing = all(stmt, 'Bal').find(
    (bal) => textAt(bal, 'Tp', 'CdOrPrtry', 'Cd')?.toUpperCase() === 'CLBD',
  );
  const closingDay = day(textAt(closing, 'Dt', 'Dt') ?? textAt(closing, 'Dt', 'DtTm'), 'Bal/Dt');
  if (closingDay) return { date: closingDay, source: 'closing_balance' };
  const createdDay = day(textAt(stmt, 'CreDtTm'), 'CreDtTm') ?? day(groupCreated, 'GrpHdr/CreDtTm');
  if (createdDay) return { date: createdDay, source: 'statement_created' };
  return null;
}

function readAmount(
  where: Where,
  node: Node | undefined,
  field: string,
  fallbackCurrency: string | null,
): { cents: number; currency: string } {
  const raw = textOf(node);
  const value = raw === null ? null : raw.trim();
  if (value === null || value === '') invalid(where, field, `${field} is missing.`);
  const cents = decimalToCents(value);
  if (cents === null) {
    invalid(
      where,
      field,
      `${field} "${value}" is not an amount (digits with a decimal point, exact to the cent).`,
      value,
    );
  }
  const ccy = clean(attribute(node, 'Ccy')) ?? fallbackCurrency;
  if (!ccy || !/^[A-Z]{3}$/.test(ccy)) invalid(where, field, `${field} has no valid currency (Ccy).`, ccy);
  return { cents, currency: ccy };
}

function readDirection(where: Where, value: string | null, field: string): 'credit' | 'debit' {
  if (value === 'CRDT') return 'credit';
  if (value === 'DBIT') return 'debit';
  return invalid(where, field, `${field} must be CRDT or DBIT, not "${value ?? ''}".`, value);
}

/** A party's name: `Nm` up to version 07, `Pty/Nm` from version 08. */
const partyName = (party: Node | undefined): string | null =>
  textAt(party, 'Nm') ?? textAt(party, 'Pty', 'Nm');

const accountId = (account: Node | undefined): string | null =>
  textAt(account, 'Id', 'IBAN') ?? textAt(account, 'Id', 'Othr', 'Id');

interface TxFacts {
  amount: Node | undefined;
  direction: string | null;
  bankReference: string | null;
  endToEndId: string | null;
  remittance: string[];
  creditorReference: string | null;
  documentNumbers: string[];
  debtorName: string | null;
  debtorIban: string | null;
  creditorName: string | null;
  creditorIban: string | null;
}

function readTransaction(tx: Node): TxFacts {
  const refs = at(tx, 'Refs');
  const rmt = at(tx, 'RmtInf');
  const remittance = texts(rmt, 'Ustrd');
  let creditorReference: string | null = null;
  const documentNumbers: string[] = [];
  for (const strd of all(rmt, 'Strd')) {
    creditorReference ??= textAt(strd, 'CdtrRefInf', 'Ref');
    for (const doc of all(strd, 'RfrdDocInf')) {
      const nb = textAt(doc, 'Nb');
      if (nb) documentNumbers.push(nb);
    }
    remittance.push(...texts(strd, 'AddtlRmtInf'));
  }
  remittance.push(...texts(tx, 'AddtlTxInf'));
  const parties = at(tx, 'RltdPties');
  const endToEnd = textAt(refs, 'EndToEndId');
  return {
    // camt.053.001.02 has no Amt on the transaction: its amount is under AmtDtls/TxAmt.
    amount: at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt'),
    direction: textAt(tx, 'CdtDbtInd'),
    bankReference: textAt(refs, 'AcctSvcrRef') ?? textAt(refs, 'TxId'),
    endToEndId: endToEnd && endToEnd.toUpperCase() !== 'NOTPROVIDED' ? endToEnd : null,
    remittance,
    creditorReference,
    documentNumbers,
    debtorName: partyName(at(parties, 'Dbtr')) ?? partyName(at(parties, 'UltmtDbtr')),
    debtorIban: accountId(at(parties, 'DbtrAcct')),
    creditorName: partyName(at(parties, 'Cdtr')) ?? partyName(at(parties, 'UltmtCdtr')),
    creditorIban: accountId(at(parties, 'CdtrAcct')),
  };
}

function entryStatus(entry: Node): string | null {
  const sts = at(entry, 'Sts');
  // Up to version 05 the status is a code; from 06 it is Sts/Cd (or Sts/Prtry).
  return (clean(textOf(sts)) ?? textAt(sts, 'Cd') ?? textAt(sts, 'Prtry'))?.toUpperCase() ?? null;
}

function readBoolean(where: Where, value: string | null, field: string): boolean {
  if (value === null || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return invalid(where, field, `${field} must be true or false, not "${value}".`, value);
}

/** Parses a CAMT.053 file into its transactions, refusing the whole file at the first fault. */
export function parseCamt053(content: string): ParsedStatement {
  const declaration = /<!(DOCTYPE|ENTITY)/i.exec(content);
  if (declaration) {
    unreadable(
      `The file declares a ${declaration[1]!.toUpperCase()} (line ${lineOf(content, declaration.index)}): statements with document type or entity declarations are refused.`,
      { file_line: lineOf(content, declaration.index), element: `<!${declaration[1]!.toUpperCase()}>` },
    );
  }
  const valid = XMLValidator.validate(content, { allowBooleanAttributes: false });
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    unreadable(`The XML is malformed at line ${line}, column ${col}: ${msg}`, {
      file_line: line,
      column: col,
    });
  }
  let tree: Node[];
  try {
    tree = skeletonParser.parse(content) as Node[];
  } catch (err) {
    unreadable(`The XML could not be read: ${(err as Error).message}`);
  }
  const root = tree.find((node) => {
    const tag = tagOf(node);
    return tag !== null && !tag.startsWith('?') && !tag.startsWith('#');
  });
  const rootName = root ? tagOf(root) : null;
  if (!root || rootName !== 'Document') {
    unreadable(`The root element is ${rootName ?? 'missing'}, not a CAMT.053 Document.`);
  }
  const document = root;
  const statement = at(document, 'BkToCstmrStmt');
  if (!statement) {
    const first = kids(document).find((child) => !('#text' in child));
    const inner = first ? tagOf(first) : null;
    unreadable(
      `The document holds ${inner ?? 'nothing'}, not BkToCstmrStmt: it is not a CAMT.053 statement${inner === 'BkToCstmrDbtCdtNtfctn' ? ' (it is a CAMT.054 notification)' : inner === 'BkToCstmrAcctRpt' ? ' (it is a CAMT.052 report)' : ''}.`,
      { element: `Document/${inner ?? ''}` },
    );
  }
  const statements = all(statement, 'Stmt');
  const groupCreated = textAt(statement, 'GrpHdr', 'CreDtTm');
  if (statements.length === 0) {
    unreadable('The document has no statement (Stmt).', { element: 'Document/BkToCstmrStmt' });
  }

  const namespace = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})/.exec(content.slice(0, 16_384));
  const lineAt = lineIndex(content);
  const fileLine = (node: Node): number | null => {
    const start = startOf(node);
    return start === null ? null : lineAt(start);
  };
  /** An entry kept as raw text by the skeleton, parsed on its own. */
  const readEntry = (raw: Node): { entry: Node; lineIn: (node: Node) => number | null } => {
    const inner = textOfRaw(raw);
    const chunk = `<Ntry>${inner}</Ntry>`;
    const entry = ((entryParser.parse(chunk) as Node[])[0] ?? { Ntry: [] }) as Node;
    const entryLine = fileLine(raw);
    return {
      entry,
      // A transaction's line: the entry's, plus the line breaks before it inside the entry.
      lineIn: (node) => {
        const start = startOf(node);
        if (start === null || entryLine === null) return entryLine;
        let breaks = 0;
        for (let at = chunk.indexOf('\n'); at !== -1 && at < start; at = chunk.indexOf('\n', at + 1))
          breaks += 1;
        return entryLine + breaks;
      },
    };
  };

  const lines: ParsedLine[] = [];
  const bankStatementIds: string[] = [];
  let accountIban: string | null = null;
  let accountCurrency: string | null = null;

  const push = (line: ParsedLine) => {
    if (lines.length >= MAX_STATEMENT_LINES) {
      throw new ApiError(
        'too_many_lines',
        `The statement holds more than ${MAX_STATEMENT_LINES.toLocaleString('en')} transactions; split it into smaller files.`,
        { extra: { max_lines: MAX_STATEMENT_LINES } },
      );
    }
    lines.push(line);
  };

  statements.forEach((stmt, s) => {
    const id = textAt(stmt, 'Id');
    if (id && !bankStatementIds.includes(id)) bankStatementIds.push(id);
    const acct = at(stmt, 'Acct');
    const currency = textAt(acct, 'Ccy');
    if (s === 0) {
      accountIban = accountId(acct);
      accountCurrency = currency;
    }
    let stmtDate: { date: string; source: BookingDateSource } | null | undefined;
    all(stmt, 'Ntry').forEach((raw, e) => {
      const { entry, lineIn } = readEntry(raw);
      const entryElement = `Stmt[${s + 1}]/Ntry[${e + 1}]`;
      const entryWhere: Where = { line: lines.length + 1, fileLine: fileLine(raw), element: entryElement };
      const entryAmount = readAmount(entryWhere, at(entry, 'Amt'), 'Amt', currency);
      const entryDirection = readDirection(entryWhere, textAt(entry, 'CdtDbtInd'), 'CdtDbtInd');
      const reversal = readBoolean(entryWhere, textAt(entry, 'RvslInd'), 'RvslInd');
      const valueDate = readDate(entryWhere, at(entry, 'ValDt'), 'ValDt');
      const ownDate = readDate(entryWhere, at(entry, 'BookgDt'), 'BookgDt') ?? valueDate;
      // Some banks leave both dates out: the entry then happened on the statement's date.
      if (!ownDate && stmtDate === undefined) stmtDate = statementDate(stmt, groupCreated, `Stmt[${s + 1}]`);
      const fallback = ownDate ? null : (stmtDate ?? null);
      if (!ownDate && !fallback)
        invalid(
          entryWhere,
          'BookgDt',
          'the entry has no booking date (BookgDt) nor value date (ValDt), and the statement gives no date (FrToDt, closing balance or CreDtTm) to take instead.',
        );
      const bookingDate = (ownDate ?? fallback?.date) as string;
      const bookingDateSource: BookingDateSource = ownDate ? 'entry' : fallback!.source;
      const status = entryStatus(entry);
      const entryRef = textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef');
      const entryInfo = texts(entry, 'AddtlNtryInf');

      const details: { node: Node; element: string }[] = [];
      all(entry, 'NtryDtls').forEach((group, g) => {
        all(group, 'TxDtls').forEach((tx, t) => {
          details.push({ node: tx, element: `${entryElement}/NtryDtls[${g + 1}]/TxDtls[${t + 1}]` });
        });
      });
      const facts = details.map((d) => readTransaction(d.node));

      const lineFrom = (
        where: Where,
        amount: { cents: number; currency: string },
        direction: 'credit' | 'debit',
        tx: TxFacts | null,
        extraRemittance: string[],
      ): ParsedLine => {
        const incoming = direction === 'credit' || reversal;
        const remittance = [...(tx?.remittance ?? []), ...extraRemittance];
        return {
          fileLine: where.fileLine,
          element: where.element,
          bookingDate,
          bookingDateSource,
          valueDate,
          direction,
          reversal,
          entryStatus: status,
          amountCents: amount.cents,
          currency: amount.currency,
          bankReference: tx?.bankReference ?? entryRef,
          endToEndId: tx?.endToEndId ?? null,
          remittanceText: clean(remittance.join(' ')),
          creditorReference: tx?.creditorReference ?? null,
          documentNumbers: tx?.documentNumbers ?? [],
          counterpartyName: tx
            ? incoming
              ? (tx.debtorName ?? tx.creditorName)
              : (tx.creditorName ?? tx.debtorName)
            : null,
          counterpartyIban: tx
            ? incoming
              ? (tx.debtorIban ?? tx.creditorIban)
              : (tx.creditorIban ?? tx.debtorIban)
            : null,
        };
      };

      // A batch whose every transaction carries its own amount: one line per transaction.
      if (details.length > 1 && facts.every((f) => f.amount !== undefined)) {
        details.forEach((detail, i) => {
          const where: Where = {
            line: lines.length + 1,
            fileLine: lineIn(detail.node) ?? entryWhere.fileLine,
            element: detail.element,
          };
          const f = facts[i]!;
          const amount = readAmount(where, f.amount, 'Amt', entryAmount.currency);
          const direction = f.direction ? readDirection(where, f.direction, 'CdtDbtInd') : entryDirection;
          push(lineFrom(where, amount, direction, f, []));
        });
        return;
      }
      // One transaction (or a batch without amounts per transaction): one line, the entry's amount.
      const where = { ...entryWhere, line: lines.length + 1 };
      if (facts.length <= 1) {
        push(lineFrom(where, entryAmount, entryDirection, facts[0] ?? null, entryInfo));
        return;
      }
      const merged: TxFacts = {
        ...facts[0]!,
        remittance: facts.flatMap((f) => f.remittance),
        documentNumbers: facts.flatMap((f) => f.documentNumbers),
        bankReference: null,
        endToEndId: null,
      };
      push(lineFrom(where, entryAmount, entryDirection, merged, entryInfo));
    });
  });

  if (lines.length === 0) {
    throw new ApiError(
      'statement_has_no_transactions',
      'The statement has no entries (Ntry): there is nothing to match.',
      { extra: { bank_statement_ids: bankStatementIds } },
    );
  }
  return {
    kind: 'camt053',
    version: namespace ? `camt.053.001.${namespace[1]}` : null,
    bankStatementIds,
    accountIban,
    accountCurrency,
    csvLayout: null,
    lines,
  };
}
