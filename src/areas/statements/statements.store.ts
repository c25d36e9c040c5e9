import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';
import { centsToDecimal, toCents } from '../../platform/money.ts';
import type { BookRequest, MatchMethod, Proposal } from './statements.matching.ts';
import type { CsvLayout, ParsedLine, StatementKind } from './statements.parsed.ts';

export interface StatementRow {
  id: string;
  plane: Plane;
  funder_id: string;
  key_id: string | null;
  kind: StatementKind;
  version: string | null;
  file_name: string | null;
  sha256: string;
  size_bytes: number;
  bank_statement_ids: string[];
  account_iban: string | null;
  account_currency: string | null;
  csv_layout: CsvLayout | null;
  line_count: number;
  credit_count: number;
  debit_count: number;
  reversal_count: number;
  candidate_count: number;
  matched_count: number;
  total_credited: string;
  total_debited: string;
  first_booking_date: string;
  last_booking_date: string;
  imported_at: Date;
}

export interface LineRow {
  statement_id: string;
  line: number;
  plane: Plane;
  funder_id: string;
  file_line: number | null;
  element: string | null;
  booking_date: string;
  booking_date_source: ParsedLine['bookingDateSource'];
  value_date: string | null;
  direction: 'credit' | 'debit';
  reversal: boolean;
  entry_status: string | null;
  amount: string;
  currency: string;
  bank_reference: string | null;
  end_to_end_id: string | null;
  remittance_text: string | null;
  creditor_reference: string | null;
  document_numbers: string[];
  counterparty_name: string | null;
  counterparty_iban: string | null;
  payment_candidate: boolean;
  match_request_id: string | null;
  match_request_ref: string | null;
  match_invoice_number: string | null;
  match_method: MatchMethod | null;
  match_confidence: string | null;
  confirmed_at: Date | null;
  confirmed_request_id: string | null;
  confirmed_request_ref: string | null;
  confirmed_invoice_number: string | null;
  settlement_id: string | null;
}

/** The statement already imported from the same bytes by this funder on this plane, if any. */
export async function findBySha(q: Queryable, scope: FunderScope, sha256: string) {
  return scopedRow<{ id: string; imported_at: Date }>(
    q,
    scope,
    'SELECT id, imported_at FROM statements WHERE funder_id = $1 AND plane = $2 AND sha256 = $3',
    [sha256],
  );
}

/**
 * The funder's book to collect: its funded requests on the plane, each invoice with its
 * debtor, and whether a confirmed statement line already paid that invoice.
 */
export async function loadBook(q: Queryable, scope: FunderScope): Promise<BookRequest[]> {
  const rows = await scopedRows<{
    id: string;
    request_ref: string;
    total_amount: string;
    settled_amount: string;
    number: string | null;
    invoice_amount: string | null;
    debtor_name: string | null;
    paid: boolean | null;
  }>(
    q,
    scope,
    `SELECT r.id, r.request_ref, r.total_amount, r.settled_amount, i.number, i.amount AS invoice_amount,
            d.name AS debtor_name,
            EXISTS (SELECT 1 FROM statement_lines sl
                     WHERE sl.confirmed_request_id = r.id AND sl.confirmed_invoice_number = i.number) AS paid
       FROM funding_requests_read r
       LEFT JOIN request_invoices_read ri ON ri.request_id = r.id
       LEFT JOIN invoices_read i ON i.id = ri.invoice_id
       LEFT JOIN debtors_read d ON d.id = i.debtor_id
      WHERE r.funder_of_record_id = $1 AND r.plane = $2 AND r.status = 'funded'
      ORDER BY r.request_ref, ri.position`,
  );
  const book = new Map<string, BookRequest>();
  for (const row of rows) {
    let request = book.get(row.id);
    if (!request) {
      request = {
        id: row.id,
        requestRef: row.request_ref,
        totalCents: toCents(row.total_amount)!,
        settledCents: toCents(row.settled_amount)!,
        invoices: [],
      };
      book.set(row.id, request);
    }
    if (row.number !== null && row.invoice_amount !== null) {
      request.invoices.push({
        number: row.number,
        amountCents: toCents(row.invoice_amount)!,
        debtorName: row.debtor_name ?? '',
        paid: row.paid ?? false,
      });
    }
  }
  return [...book.values()];
}

/** A statement to write; its funder and plane come from the scope it is written in. */
export interface NewStatement {
  id: string;
  keyId: string | null;
  kind: StatementKind;
  version: string | null;
  fileName: string | null;
  sha256: string;
  sizeBytes: number;
  bankStatementIds: string[];
  accountIban: string | null;
  accountCurrency: string | null;
  csvLayout: CsvLayout | null;
  counts: {
    lines: number;
    credits: number;
    debits: number;
    reversals: number;
    candidates: number;
    matched: number;
    creditedCents: number;
    debitedCents: number;
  };
  firstBookingDate: string;
  lastBookingDate: string;
  importedAt: Date;
}

export async function insertStatement(q: Queryable, scope: FunderScope, s: NewStatement): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO statements (id, plane, funder_id, key_id, kind, version, file_name, sha256, size_bytes,
                             bank_statement_ids, account_iban, account_currency, csv_layout, line_count,
                             credit_count, debit_count, reversal_count, candidate_count, matched_count,
                             total_credited, total_debited, first_booking_date, last_booking_date, imported_at)
     VALUES ($3, $2, $1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
             $22, $23, $24)`,
    [
      s.id,
      s.keyId,
      s.kind,
      s.version,
      s.fileName,
      s.sha256,
      s.sizeBytes,
      s.bankStatementIds,
      s.accountIban,
      s.accountCurrency,
      s.csvLayout === null ? null : JSON.stringify(s.csvLayout),
      s.counts.lines,
      s.counts.credits,
      s.counts.debits,
      s.counts.reversals,
      s.counts.candidates,
      s.counts.matched,
      centsToDecimal(s.counts.creditedCents),
      centsToDecimal(s.counts.debitedCents),
      s.firstBookingDate,
      s.lastBookingDate,
      s.importedAt,
    ],
  );
}

/** Every line of a statement in one set-based insert: one statement, however many lines. */
export async function insertLines(
  q: Queryable,
  scope: FunderScope,
  statementId: string,
  lines: readonly { parsed: ParsedLine; candidate: boolean; match: Proposal | null }[],
): Promise<void> {
  const column = <T>(pick: (l: (typeof lines)[number], i: number) => T) => lines.map(pick);
  await scopedCount(
    q,
    scope,
    `INSERT INTO statement_lines (statement_id, plane, funder_id, line, file_line, element, booking_date, value_date,
                                  direction, reversal, entry_status, amount, currency, bank_reference, end_to_end_id,
                                  remittance_text, creditor_reference, document_numbers, counterparty_name,
                                  counterparty_iban, payment_candidate, match_request_id, match_request_ref,
                                  match_invoice_number, match_method, match_confidence, booking_date_source)
     SELECT $3, $2, $1, u.line, u.file_line, u.element, u.booking_date, u.value_date, u.direction, u.reversal,
            u.entry_status, u.amount, u.currency, u.bank_reference, u.end_to_end_id, u.remittance_text,
            u.creditor_reference, ARRAY(SELECT jsonb_array_elements_text(u.document_numbers)), u.counterparty_name,
            u.counterparty_iban, u.payment_candidate, u.match_request_id, u.match_request_ref,
            u.match_invoice_number, u.match_method, u.match_confidence, u.booking_date_source
       FROM unnest($4::int[], $5::int[], $6::text[], $7::date[], $8::date[], $9::text[], $10::boolean[],
                   $11::text[], $12::numeric[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[],
                   $18::jsonb[], $19::text[], $20::text[], $21::boolean[], $22::uuid[], $23::text[],
                   $24::text[], $25::text[], $26::numeric[], $27::text[])
         AS u(line, file_line, element, booking_date, value_date, direction, reversal, entry_status, amount,
              currency, bank_reference, end_to_end_id, remittance_text, creditor_reference, document_numbers,
              counterparty_name, counterparty_iban, payment_candidate, match_request_id, match_request_ref,
              match_invoice_number, match_method, match_confidence, booking_date_source)`,
    [
      statementId,
      column((_, i) => i + 1),
      column((l) => l.parsed.fileLine),
      column((l) => l.parsed.element),
      column((l) => l.parsed.bookingDate),
      column((l) => l.parsed.valueDate),
      column((l) => l.parsed.direction),
      column((l) => l.parsed.reversal),
      column((l) => l.parsed.entryStatus),
      column((l) => centsToDecimal(l.parsed.amountCents)),
      column((l) => l.parsed.currency),
      column((l) => l.parsed.bankReference),
      column((l) => l.parsed.endToEndId),
      column((l) => l.parsed.remittanceText),
      column((l) => l.parsed.creditorReference),
      column((l) => JSON.stringify(l.parsed.documentNumbers)),
      column((l) => l.parsed.counterpartyName),
      column((l) => l.parsed.counterpartyIban),
      column((l) => l.candidate),
      column((l) => l.match?.requestId ?? null),
      column((l) => l.match?.requestRef ?? null),
      column((l) => l.match?.invoiceNumber ?? null),
      column((l) => l.match?.method ?? null),
      column((l) => (l.match ? l.match.confidence.toFixed(3) : null)),
      column((l) => l.parsed.bookingDateSource),
    ],
  );
}

/** A statement of the scope's funder on its plane; another funder's, or the other plane's, is not found. */
export async function findStatement(q: Queryable, scope: FunderScope, id: string) {
  return scopedRow<StatementRow>(
    q,
    scope,
    'SELECT * FROM statements WHERE id = $3 AND funder_id = $1 AND plane = $2',
    [id],
  );
}

/** The operations team: a statement of any funder, on either plane. */
export async function findStatementForOperator(q: Queryable, id: string): Promise<StatementRow | null> {
  const { rows } = await q.query<StatementRow>('SELECT * FROM statements WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** The scope a statement belongs to: an operator's work on it stays within its funder and plane. */
export const scopeOfStatement = (row: Pick<StatementRow, 'funder_id' | 'plane'>): FunderScope => ({
  funderId: row.funder_id,
  plane: row.plane,
});

const LINE_SELECT = `
  SELECT sl.*, cr.request_ref AS confirmed_request_ref
    FROM statement_lines sl LEFT JOIN funding_requests_read cr ON cr.id = sl.confirmed_request_id`;

export async function linesOf(q: Queryable, scope: FunderScope, statementId: string) {
  return scopedRows<LineRow>(
    q,
    scope,
    `${LINE_SELECT} WHERE sl.statement_id = $3 AND sl.funder_id = $1 AND sl.plane = $2 ORDER BY sl.line`,
    [statementId],
  );
}

export async function findLine(
  q: Queryable,
  scope: FunderScope,
  statementId: string,
  line: number,
  options: LockOption = {},
): Promise<LineRow | null> {
  const params = [statementId, line];
  const where = 'statement_id = $3 AND line = $4 AND funder_id = $1 AND plane = $2';
  if (options.lock) {
    await scopedRows(q, scope, `SELECT 1 FROM statement_lines WHERE ${where} FOR UPDATE`, params);
  }
  return scopedRow<LineRow>(
    q,
    scope,
    `${LINE_SELECT} WHERE sl.statement_id = $3 AND sl.line = $4 AND sl.funder_id = $1 AND sl.plane = $2`,
    params,
  );
}

/**
 * The same bank entry, read from another (overlapping) statement of the same funder and plane
 * and already confirmed: same bank reference, amount, booking date and end-to-end id.
 */
export async function findConfirmedTwin(q: Queryable, scope: FunderScope, line: LineRow) {
  if (!line.bank_reference) return null;
  return scopedRow<{ statement_id: string; line: number }>(
    q,
    scope,
    `SELECT statement_id, line FROM statement_lines
      WHERE funder_id = $1 AND plane = $2 AND bank_reference = $3 AND confirmed_at IS NOT NULL
        AND statement_id <> $4 AND amount = $5 AND booking_date = $6 AND direction = $7
        AND end_to_end_id IS NOT DISTINCT FROM $8
      LIMIT 1`,
    [
      line.bank_reference,
      line.statement_id,
      line.amount,
      line.booking_date,
      line.direction,
      line.end_to_end_id,
    ],
  );
}

export async function markConfirmed(
  q: Queryable,
  scope: FunderScope,
  line: Pick<LineRow, 'statement_id' | 'line'>,
  confirmation: {
    at: Date;
    requestId: string;
    invoiceNumber: string | null;
    settlementId: string;
    by: Record<string, string>;
  },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `UPDATE statement_lines
        SET confirmed_at = $5, confirmed_request_id = $6, confirmed_invoice_number = $7, settlement_id = $8,
            confirmed_by = $9
      WHERE statement_id = $3 AND line = $4 AND funder_id = $1 AND plane = $2`,
    [
      line.statement_id,
      line.line,
      confirmation.at,
      confirmation.requestId,
      confirmation.invoiceNumber,
      confirmation.settlementId,
      JSON.stringify(confirmation.by),
    ],
  );
}

/** The account named by the funder's latest imported statement that names one, or null. */
export async function latestAccountIban(q: Queryable, scope: FunderScope): Promise<string | null> {
  const row = await scopedRow<{ account_iban: string }>(
    q,
    scope,
    `SELECT account_iban FROM statements
      WHERE funder_id = $1 AND plane = $2 AND account_iban IS NOT NULL
      ORDER BY imported_at DESC, id DESC LIMIT 1`,
  );
  return row?.account_iban ?? null;
}
