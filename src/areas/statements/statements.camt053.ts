import { XMLValidator } from 'fast-xml-parser';
import { ApiError } from '../../platform/errors.ts';
import {
  accountId,
  type BookingDateSource,
  entryStatus,
  invalid,
  readAmount,
  readBoolean,
  readDate,
  readDirection,
  readTransaction,
  statementDate,
  type TxFacts,
  unreadable,
  type Where,
} from './statements.camt053-fields.ts';
import {
  clean,
  lineIndex,
  lineOf,
  MAX_STATEMENT_LINES,
  type ParsedLine,
  type ParsedStatement,
} from './statements.parsed.ts';
import {
  all,
  at,
  entryParser,
  kids,
  type Node,
  skeletonParser,
  startOf,
  tagOf,
  textAt,
  textOfRaw,
  texts,
} from './statements.xml-tree.ts';

export { type BookingDateSource, xmlSchemaDay } from './statements.camt053-fields.ts';

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

/** What an entry gives every line read from it. */
interface EntryFacts {
  bookingDate: string;
  bookingDateSource: BookingDateSource;
  valueDate: string | null;
  reversal: boolean;
  status: string | null;
  entryRef: string | null;
}

/** One line of the statement: the entry's facts, the transaction's (if any) and its amount. */
function lineFrom(
  entry: EntryFacts,
  where: Where,
  amount: { cents: number; currency: string },
  direction: 'credit' | 'debit',
  tx: TxFacts | null,
  extraRemittance: string[],
): ParsedLine {
  const incoming = direction === 'credit' || entry.reversal;
  const remittance = [...(tx?.remittance ?? []), ...extraRemittance];
  return {
    fileLine: where.fileLine,
    element: where.element,
    bookingDate: entry.bookingDate,
    bookingDateSource: entry.bookingDateSource,
    valueDate: entry.valueDate,
    direction,
    reversal: entry.reversal,
    entryStatus: entry.status,
    amountCents: amount.cents,
    currency: amount.currency,
    bankReference: tx?.bankReference ?? entry.entryRef,
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
}

/** The document checked and opened down to its statements (Stmt), refused when it is not CAMT.053. */
function openDocument(content: string): { statements: Node[]; groupCreated: string | null } {
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
  return { statements, groupCreated };
}

/** The line of the file where a node of the skeleton starts, when known. */
type FileLine = (node: Node) => number | null;

function fileLineIn(content: string): FileLine {
  const lineAt = lineIndex(content);
  return (node) => {
    const start = startOf(node);
    return start === null ? null : lineAt(start);
  };
}

/** An entry kept as raw text by the skeleton, parsed on its own. */
function readEntry(raw: Node, fileLine: FileLine): { entry: Node; lineIn: (node: Node) => number | null } {
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
}

/** The lines read so far; one more than the limit refuses the file. */
interface LineSink {
  lines: ParsedLine[];
  push: (line: ParsedLine) => void;
}

function lineSink(): LineSink {
  const lines: ParsedLine[] = [];
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
  return { lines, push };
}

/** The statement's own date, read only when an entry first needs it. */
type StatementDay = () => { date: string; source: BookingDateSource } | null;

/** The dates, reversal, status and reference an entry gives every line read from it. */
function readEntryFacts(entry: Node, entryWhere: Where, statementDay: StatementDay): EntryFacts {
  const reversal = readBoolean(entryWhere, textAt(entry, 'RvslInd'), 'RvslInd');
  const valueDate = readDate(entryWhere, at(entry, 'ValDt'), 'ValDt');
  const ownDate = readDate(entryWhere, at(entry, 'BookgDt'), 'BookgDt') ?? valueDate;
  // Some banks leave both dates out: the entry then happened on the statement's date.
  const fallback = ownDate ? null : statementDay();
  if (!ownDate && !fallback)
    invalid(
      entryWhere,
      'BookgDt',
      'the entry has no booking date (BookgDt) nor value date (ValDt), and the statement gives no date (FrToDt, closing balance or CreDtTm) to take instead.',
    );
  return {
    bookingDate: (ownDate ?? fallback?.date) as string,
    bookingDateSource: ownDate ? 'entry' : fallback!.source,
    valueDate,
    reversal,
    status: entryStatus(entry),
    entryRef: textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef'),
  };
}

/** The transactions (TxDtls) of an entry, each with its path in the file. */
function transactionsOf(entry: Node, entryElement: string): { node: Node; element: string }[] {
  const details: { node: Node; element: string }[] = [];
  all(entry, 'NtryDtls').forEach((group, g) => {
    all(group, 'TxDtls').forEach((tx, t) => {
      details.push({ node: tx, element: `${entryElement}/NtryDtls[${g + 1}]/TxDtls[${t + 1}]` });
    });
  });
  return details;
}

/** Where a statement's entries are read from, and what the statement gives them. */
interface StatementContext {
  /** The statement's place in the file, from 0. */
  stmtIndex: number;
  currency: string | null;
  fileLine: FileLine;
  statementDay: StatementDay;
}

/** The lines of one entry (Ntry): one per transaction when each carries its amount, else one. */
function readEntryLines(context: StatementContext, raw: Node, e: number, sink: LineSink): void {
  const { entry, lineIn } = readEntry(raw, context.fileLine);
  const entryElement = `Stmt[${context.stmtIndex + 1}]/Ntry[${e + 1}]`;
  const entryWhere: Where = {
    line: sink.lines.length + 1,
    fileLine: context.fileLine(raw),
    element: entryElement,
  };
  const entryAmount = readAmount(entryWhere, at(entry, 'Amt'), 'Amt', context.currency);
  const entryDirection = readDirection(entryWhere, textAt(entry, 'CdtDbtInd'), 'CdtDbtInd');
  const entryFacts = readEntryFacts(entry, entryWhere, context.statementDay);
  const entryInfo = texts(entry, 'AddtlNtryInf');
  const details = transactionsOf(entry, entryElement);
  const facts = details.map((d) => readTransaction(d.node));

  // A batch whose every transaction carries its own amount: one line per transaction.
  if (details.length > 1 && facts.every((f) => f.amount !== undefined)) {
    details.forEach((detail, i) => {
      const where: Where = {
        line: sink.lines.length + 1,
        fileLine: lineIn(detail.node) ?? entryWhere.fileLine,
        element: detail.element,
      };
      const f = facts[i]!;
      const amount = readAmount(where, f.amount, 'Amt', entryAmount.currency);
      const direction = f.direction ? readDirection(where, f.direction, 'CdtDbtInd') : entryDirection;
      sink.push(lineFrom(entryFacts, where, amount, direction, f, []));
    });
    return;
  }
  // One transaction (or a batch without amounts per transaction): one line, the entry's amount.
  const where = { ...entryWhere, line: sink.lines.length + 1 };
  if (facts.length <= 1) {
    sink.push(lineFrom(entryFacts, where, entryAmount, entryDirection, facts[0] ?? null, entryInfo));
    return;
  }
  const merged: TxFacts = {
    ...facts[0]!,
    remittance: facts.flatMap((f) => f.remittance),
    documentNumbers: facts.flatMap((f) => f.documentNumbers),
    bankReference: null,
    endToEndId: null,
  };
  sink.push(lineFrom(entryFacts, where, entryAmount, entryDirection, merged, entryInfo));
}

export function parseCamt053(content: string): ParsedStatement {
  const { statements, groupCreated } = openDocument(content);
  const namespace = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})/.exec(content.slice(0, 16_384));
  const fileLine = fileLineIn(content);
  const sink = lineSink();
  const bankStatementIds: string[] = [];
  let accountIban: string | null = null;
  let accountCurrency: string | null = null;

  statements.forEach((stmt, s) => {
    const id = textAt(stmt, 'Id');
    if (id && !bankStatementIds.includes(id)) bankStatementIds.push(id);
    const acct = at(stmt, 'Acct');
    const currency = textAt(acct, 'Ccy');
    if (s === 0) {
      accountIban = accountId(acct);
      accountCurrency = currency;
    }
    let stmtDate: ReturnType<StatementDay> | undefined;
    const statementDay = () => {
      if (stmtDate === undefined) stmtDate = statementDate(stmt, groupCreated, `Stmt[${s + 1}]`);
      return stmtDate ?? null;
    };
    const context: StatementContext = { stmtIndex: s, currency, fileLine, statementDay };
    all(stmt, 'Ntry').forEach((raw, e) => {
      readEntryLines(context, raw, e, sink);
    });
  });

  if (sink.lines.length === 0) {
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
    lines: sink.lines,
  };
}
