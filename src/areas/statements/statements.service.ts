import { type FunderCaller, type FunderScope, type OperatorCaller, scopeOf } from '../../platform/caller.ts';
import { type Clock, madridMidnight } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { type Db, pgErrorCode, type Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, toCents } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import type { DecisionsService } from '../decisions/decisions.service.ts';
import { funderMover, OPERATIONS, type RequestLifecycle } from '../requests/requests.lifecycle.ts';
import { decodeBase64, readStatementFile } from './statements.file.ts';
import { createMatcher, type Proposal } from './statements.matching.ts';
import { isPaymentCandidate, type StatementKind } from './statements.parsed.ts';
import * as store from './statements.store.ts';
import { lineView, statementView } from './statements.views.ts';

export interface ImportInput {
  /** The raw file (XML or CSV body), a JSON body, or nothing. */
  body: unknown;
  fileName?: string;
  kind?: StatementKind;
}

export type StatementsService = ReturnType<typeof createStatementsService>;

export function createStatementsService(deps: {
  db: Db;
  clock: Clock;
  write: RunWrite;
  requests: Pick<RequestLifecycle, 'lock'>;
  decisions: Pick<DecisionsService, 'recordPaymentIn'>;
}) {
  const { db, write } = deps;

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

  async function alreadyImported(scope: FunderScope, sha256: string): Promise<never> {
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

  /** The request a confirmation names, if any: a uuid or nothing. */
  /** The request a confirmation names; the body's shape (a uuid or null) is its route's schema. */
  function chosenRequest(body: unknown): string | null {
    return (body as { request_id?: string | null } | null | undefined)?.request_id ?? null;
  }

  /**
   * Confirms a line's match (the proposed one, or the request named) inside a write: records the
   * payment on the request through the shared settlement function. Every read and write of the
   * statement's lines stays within the statement's own funder and plane.
   */
  async function confirmIn(
    scope: WriteScope,
    statement: store.StatementRow | null,
    lineNumber: number,
    chosen: string | null,
  ) {
    const { tx, now, caller } = scope;
    if (!statement) throw new ApiError('not_found', 'Statement was not found.');
    const owner = store.scopeOfStatement(statement);
    const line = await store.findLine(tx, owner, statement.id, lineNumber, { forUpdate: true });
    if (!line) throw new ApiError('not_found', 'Statement line was not found.');
    if (line.confirmed_at) {
      throw new ApiError('invalid_state', `Line ${line.line} is already confirmed.`, {
        extra: {
          confirmed_at: line.confirmed_at.toISOString(),
          request_id: line.confirmed_request_id,
          settlement_id: line.settlement_id,
        },
      });
    }
    if (!line.payment_candidate) {
      throw new ApiError(
        'invalid_state',
        `Line ${line.line} is not a payment: only a booked credit in euros that is not a reversal can be confirmed.`,
        { extra: { direction: line.direction, reversal: line.reversal, currency: line.currency } },
      );
    }
    const requestId = chosen ?? line.match_request_id;
    if (!requestId) {
      throw new ApiError(
        'body_invalid',
        `Line ${line.line} has no proposed match: name the request it pays in request_id.`,
        { extra: { field: 'request_id' } },
      );
    }
    const twin = await store.findConfirmedTwin(tx, owner, line);
    if (twin) {
      throw new ApiError(
        'invalid_state',
        `The same bank entry was already confirmed as line ${twin.line} of another statement.`,
        { extra: { statement_id: twin.statement_id, line: twin.line } },
      );
    }
    const request = await deps.requests.lock(
      tx,
      caller.kind === 'funder' ? funderMover(owner) : OPERATIONS,
      requestId,
    );
    if (request.plane !== statement.plane) throw new ApiError('not_found', 'Request was not found.');

    const recorded = await deps.decisions.recordPaymentIn(scope, {
      request,
      funderId: statement.funder_id,
      amountCents: toCents(line.amount)!,
      // The day the bank booked it, as the Madrid day it is.
      receivedAt: madridMidnight(line.booking_date),
      reference: (line.bank_reference ?? line.end_to_end_id)?.slice(0, 140) ?? null,
      note: `Bank statement ${statement.file_name ?? statement.id}, line ${line.line}`,
      final: false,
      source: 'statement',
    });
    const invoiceNumber = request.id === line.match_request_id ? line.match_invoice_number : null;
    await store.markConfirmed(tx, owner, line, {
      at: now,
      requestId: request.id,
      invoiceNumber,
      settlementId: recorded.settlement_id,
      by:
        caller.kind === 'funder'
          ? { kind: 'funder_key', key_id: caller.keyId }
          : {
              kind: caller.kind,
              ...(caller.kind === 'operator' ? { request_id: caller.requestId } : {}),
            },
    });
    scope.evidence({
      funderId: statement.funder_id,
      plane: statement.plane,
      kind: 'statement.line_confirmed',
      subjectType: 'statement',
      subjectId: statement.id,
      payload: {
        line: line.line,
        request_id: request.id,
        request_ref: request.request_ref,
        amount: line.amount,
        settlement_id: recorded.settlement_id,
        as_proposed: request.id === line.match_request_id,
      },
    });
    const after = (await store.findLine(tx, owner, statement.id, line.line))!;
    return { statement_id: statement.id, line: lineView(after), settlement: recorded };
  }

  return {
    /** The account the funder's latest imported statement names, or null (read inside `q`). */
    latestAccountIban: (q: Queryable, scope: FunderScope) => store.latestAccountIban(q, scope),

    /** POST /v1/statements: reads, checks and matches the whole file, then writes it in one transaction. */
    async importStatement(caller: FunderCaller, input: ImportInput) {
      const owner = scopeOf(caller);
      const { plane } = owner;
      const file = fileOf(input);
      if (file.bytes.length === 0) throw new ApiError('file_empty', 'The file is empty.');
      const sha256 = sha256Hex(file.bytes);
      if (await store.findBySha(db, owner, sha256)) await alreadyImported(owner, sha256);
      const parsed = readStatementFile(file.bytes, file.kind);

      const matcher = createMatcher(await store.loadBook(db, owner));
      const lines = parsed.lines.map((line) => {
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

      const sumOf = (direction: 'credit' | 'debit') =>
        parsed.lines
          .filter((l) => l.direction === direction && l.currency === 'EUR')
          .reduce((sum, l) => sum + l.amountCents, 0);
      const dates = parsed.lines.map((l) => l.bookingDate).sort();
      const row: store.NewStatement = {
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
        importedAt: deps.clock.now(),
      };

      try {
        await write(caller, async (scope) => {
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
        });
      } catch (err) {
        // Two uploads of the same file at once: the database keeps one.
        if (pgErrorCode(err) === '23505') await alreadyImported(owner, sha256);
        throw err;
      }

      return statementView(
        {
          id: row.id,
          plane,
          funder_id: caller.funderId,
          key_id: caller.keyId,
          kind: row.kind,
          version: row.version,
          file_name: row.fileName,
          sha256,
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
    },

    /**
     * Sandbox route: confirms a line of one of the caller's own statements, on the
     * demonstration plane only.
     */
    confirmLine(caller: FunderCaller, statementId: string, lineNumber: number, rawBody: unknown) {
      if (caller.environment !== 'sandbox' || caller.plane !== 'demo') {
        throw new ApiError(
          'sandbox_only',
          'Test helpers work with sandbox keys only, on the demonstration plane.',
        );
      }
      const owner = scopeOf(caller);
      const chosen = chosenRequest(rawBody);
      return write(caller, async (scope) =>
        confirmIn(scope, await store.findStatement(scope.tx, owner, statementId), lineNumber, chosen),
      );
    },

    /** The operations API: confirms a line of any funder's statement, on either plane. */
    confirmLineForOperator(
      caller: OperatorCaller,
      statementId: string,
      lineNumber: number,
      rawBody: unknown,
    ) {
      const chosen = chosenRequest(rawBody);
      return write(caller, async (scope) =>
        confirmIn(scope, await store.findStatementForOperator(scope.tx, statementId), lineNumber, chosen),
      );
    },

    /** GET /ops/v1/statements/{id}: a statement and its lines, for the operations team. */
    async statementForOps(id: string) {
      const statement = await store.findStatementForOperator(db, id);
      if (!statement) throw new ApiError('not_found', 'Statement was not found.');
      return statementView(statement, await store.linesOf(db, store.scopeOfStatement(statement), id));
    },
  };
}
