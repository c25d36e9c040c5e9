import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { type Db, isUniqueViolation } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import { STATEMENT_IMPORTED } from './statements.events.ts';
import { decodeBase64, readStatementFile } from './statements.file.ts';
import { type BookRequest, createMatcher, type Proposal } from './statements.matching.ts';
import {
  isPaymentCandidate,
  type ParsedLine,
  type ParsedStatement,
  type StatementKind,
} from './statements.parsed.ts';
import * as store from './statements.store.ts';
import { statementView } from './statements.views.ts';

export interface ImportInput {
  /** The raw file (XML or CSV body), a JSON body, or nothing. */
  body: unknown;
  fileName?: string;
  kind?: StatementKind;
}

function fileOf(input: ImportInput): { bytes: Buffer; fileName: string | null; kind?: StatementKind } {
  if (input.body === undefined || input.body === null) {
    throw new ApiError(
      'file_required',
      'Send the statement: the raw file as application/xml or text/csv, or JSON with content_base64.',
    );
  }
  if (Buffer.isBuffer(input.body)) {
    return { bytes: input.body, fileName: input.fileName ?? null, kind: input.kind };
  }
  // Shape checked by the route's schema; a null content_base64 is the file left out.
  const body = input.body as {
    file_name?: string | null;
    kind?: StatementKind | null;
    content_base64: string | null;
  };
  const fileName = body.file_name ?? input.fileName ?? null;
  if (fileName !== null && fileName.trim() === '') {
    throw new ApiError('body_invalid', 'file_name must be a string of 1 to 255 characters.', {
      extra: { field: 'file_name' },
    });
  }
  const kind = body.kind ?? input.kind;
  const content = body.content_base64;
  if (content === null) {
    throw new ApiError('file_required', 'content_base64 is required: the statement file, base64-encoded.', {
      extra: { field: 'content_base64' },
    });
  }
  return { bytes: decodeBase64(content), fileName: fileName?.trim() ?? null, kind: kind ?? undefined };
}

async function alreadyImported(db: Db, scope: FunderScope, sha256: string): Promise<never> {
  const earlier = await store.findBySha(db, scope, sha256);
  throw new ApiError(
    'statement_already_imported',
    'This file was already imported (same SHA-256); nothing was imported again.',
    {
      extra: {
        statement_id: earlier?.id ?? null,
        imported_at: earlier?.imported_at.toISOString() ?? null,
        sha256,
      },
    },
  );
}

interface MatchedLine {
  parsed: ParsedLine;
  candidate: boolean;
  match: Proposal | null;
}

/** Each line of the file with whether it is a payment and, if so, the request it most likely pays. */
function matchLines(parsed: ParsedStatement, book: BookRequest[]): MatchedLine[] {
  const matcher = createMatcher(book);
  return parsed.lines.map((line) => {
    const candidate = isPaymentCandidate(line);
    let match: Proposal | null = null;
    if (candidate) {
      match = matcher.propose({
        amountCents: line.amountCents,
        counterpartyName: line.counterpartyName,
        creditorReference: line.creditorReference,
        texts: [line.remittanceText, line.endToEndId, ...line.documentNumbers].filter(
          (t): t is string => t !== null,
        ),
      });
    }
    return { parsed: line, candidate, match };
  });
}

/** The statement's row: what the file says of itself and the counts and sums of its lines. */
function newStatement(
  caller: FunderCaller,
  file: { bytes: Buffer; fileName: string | null },
  sha256: string,
  parsed: ParsedStatement,
  lines: MatchedLine[],
  now: Date,
): store.NewStatement {
  const sumOf = (direction: 'credit' | 'debit') =>
    parsed.lines
      .filter((l) => l.direction === direction && l.currency === 'EUR')
      .reduce((sum, l) => sum + l.amountCents, 0);
  const dates = parsed.lines.map((l) => l.bookingDate).sort();
  return {
    id: newId(),
    keyId: caller.keyId,
    kind: parsed.kind,
    version: parsed.version,
    fileName: file.fileName,
    sha256,
    sizeBytes: file.bytes.length,
    bankStatementIds: parsed.bankStatementIds,
    accountIban: parsed.accountIban,
    accountCurrency: parsed.accountCurrency,
    csvLayout: parsed.csvLayout,
    counts: {
      lines: lines.length,
      credits: parsed.lines.filter((l) => l.direction === 'credit').length,
      debits: parsed.lines.filter((l) => l.direction === 'debit').length,
      reversals: parsed.lines.filter((l) => l.reversal).length,
      candidates: lines.filter((l) => l.candidate).length,
      matched: lines.filter((l) => l.match !== null).length,
      creditedCents: sumOf('credit'),
      debitedCents: sumOf('debit'),
    },
    firstBookingDate: dates[0]!,
    lastBookingDate: dates[dates.length - 1]!,
    importedAt: now,
  };
}

/** The answer to an import, built from what was written (no read back). */
function importedView(caller: FunderCaller, row: store.NewStatement, lines: MatchedLine[]) {
  const { plane } = scopeOf(caller);
  return statementView(
    {
      id: row.id,
      plane,
      funder_id: caller.funderId,
      key_id: caller.keyId,
      kind: row.kind,
      version: row.version,
      file_name: row.fileName,
      sha256: row.sha256,
      size_bytes: row.sizeBytes,
      bank_statement_ids: row.bankStatementIds,
      account_iban: row.accountIban,
      account_currency: row.accountCurrency,
      csv_layout: row.csvLayout,
      line_count: row.counts.lines,
      credit_count: row.counts.credits,
      debit_count: row.counts.debits,
      reversal_count: row.counts.reversals,
      candidate_count: row.counts.candidates,
      matched_count: row.counts.matched,
      total_credited: centsToDecimal(row.counts.creditedCents),
      total_debited: centsToDecimal(row.counts.debitedCents),
      first_booking_date: row.firstBookingDate,
      last_booking_date: row.lastBookingDate,
      imported_at: row.importedAt,
    },
    lines.map(({ parsed: l, candidate, match }, i) => ({
      statement_id: row.id,
      line: i + 1,
      plane,
      funder_id: caller.funderId,
      file_line: l.fileLine,
      element: l.element,
      booking_date: l.bookingDate,
      booking_date_source: l.bookingDateSource,
      value_date: l.valueDate,
      direction: l.direction,
      reversal: l.reversal,
      entry_status: l.entryStatus,
      amount: centsToDecimal(l.amountCents),
      currency: l.currency,
      bank_reference: l.bankReference,
      end_to_end_id: l.endToEndId,
      remittance_text: l.remittanceText,
      creditor_reference: l.creditorReference,
      document_numbers: l.documentNumbers,
      counterparty_name: l.counterpartyName,
      counterparty_iban: l.counterpartyIban,
      payment_candidate: candidate,
      match_request_id: match?.requestId ?? null,
      match_request_ref: match?.requestRef ?? null,
      match_invoice_number: match?.invoiceNumber ?? null,
      match_method: match?.method ?? null,
      match_confidence: match ? match.confidence.toFixed(3) : null,
      confirmed_at: null,
      confirmed_request_id: null,
      confirmed_request_ref: null,
      confirmed_invoice_number: null,
      settlement_id: null,
    })),
  );
}

/** POST /v1/statements: reads, checks and matches the whole file, then writes it in one transaction. */
export function createStatementImport(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, write } = deps;
  return async function importStatement(caller: FunderCaller, input: ImportInput) {
    const owner = scopeOf(caller);
    const { plane } = owner;
    const file = fileOf(input);
    if (file.bytes.length === 0) throw new ApiError('file_empty', 'The file is empty.');
    const sha256 = sha256Hex(file.bytes);
    if (await store.findBySha(db, owner, sha256)) await alreadyImported(db, owner, sha256);
    const parsed = readStatementFile(file.bytes, file.kind);

    const lines = matchLines(parsed, await store.loadBook(db, owner));
    const row = newStatement(caller, file, sha256, parsed, lines, deps.clock.now());

    try {
      // The answer is made in the write, so the key keeps it with the write (platform/write.ts).
      return await write(caller, async (scope) => {
        row.importedAt = scope.now;
        await store.insertStatement(scope.tx, owner, row);
        await store.insertLines(scope.tx, owner, row.id, lines);
        scope.evidence({
          funderId: caller.funderId,
          plane,
          kind: 'statement.imported',
          subjectType: 'statement',
          subjectId: row.id,
          payload: {
            sha256,
            file_name: row.fileName,
            kind: row.kind,
            version: row.version,
            lines: row.counts.lines,
            credits: row.counts.credits,
            matched: row.counts.matched,
            total_credited: centsToDecimal(row.counts.creditedCents),
          },
        });
        const statement = importedView(caller, row, lines);
        scope.emit({ funderId: caller.funderId, plane, type: STATEMENT_IMPORTED, data: { statement } });
        return statement;
      });
    } catch (err) {
      // Two uploads of the same file at once: the database keeps one.
      if (isUniqueViolation(err)) await alreadyImported(db, owner, sha256);
      throw err;
    }
  };
}
