import { madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { clean, decimalToCents, isoDate, type ParsedLine } from './statements.parsed.ts';
import { all, at, attribute, type Node, textAt, textOf, texts } from './statements.xml-tree.ts';

/*
 * The fields of a CAMT.053 statement, read one by one: dates, amounts, directions, the parties
 * and references of a transaction, each refused with the place it was found when unreadable.
 */

export function unreadable(message: string, extra: Record<string, unknown> = {}): never {
  throw new ApiError('statement_unreadable', message, {
    extra: { file_line: null, element: null, ...extra },
  });
}

// ------------------------------------------------------------------ the statement

export interface Where {
  line: number;
  fileLine: number | null;
  element: string;
}

export function invalid(where: Where, field: string, message: string, value?: string | null): never {
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

export function readDate(where: Where, node: Node | undefined, field: string): string | null {
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
export function statementDate(
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

export function readAmount(
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

export function readDirection(where: Where, value: string | null, field: string): 'credit' | 'debit' {
  if (value === 'CRDT') return 'credit';
  if (value === 'DBIT') return 'debit';
  return invalid(where, field, `${field} must be CRDT or DBIT, not "${value ?? ''}".`, value);
}

/** A party's name: `Nm` up to version 07, `Pty/Nm` from version 08. */
export const partyName = (party: Node | undefined): string | null =>
  textAt(party, 'Nm') ?? textAt(party, 'Pty', 'Nm');

export const accountId = (account: Node | undefined): string | null =>
  textAt(account, 'Id', 'IBAN') ?? textAt(account, 'Id', 'Othr', 'Id');

export interface TxFacts {
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

export function readTransaction(tx: Node): TxFacts {
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

export function entryStatus(entry: Node): string | null {
  const sts = at(entry, 'Sts');
  // Up to version 05 the status is a code; from 06 it is Sts/Cd (or Sts/Prtry).
  return (clean(textOf(sts)) ?? textAt(sts, 'Cd') ?? textAt(sts, 'Prtry'))?.toUpperCase() ?? null;
}

export function readBoolean(where: Where, value: string | null, field: string): boolean {
  if (value === null || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return invalid(where, field, `${field} must be true or false, not "${value}".`, value);
}

/** Parses a CAMT.053 file into its transactions, refusing the whole file at the first fault. */
