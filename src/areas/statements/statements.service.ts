import { type Caller, type FunderCaller, requirePlane } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { type Db, pgErrorCode } from '../../platform/db/db.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, toCents } from '../../platform/money.ts';
import type { RunWrite } from '../../platform/write.ts';
import { recordPaymentIn } from '../decisions/settlements.ts';
import * as requests from '../requests/requests.store.ts';
import { createMatcher, type Proposal } from './matching.ts';
import { isPaymentCandidate, type StatementKind } from './parsed.ts';
import { decodeBase64, readStatementFile } from './statement-file.ts';
import * as store from './statements.store.ts';
import { lineView, statementView } from './statements.views.ts';

export interface ImportInput {
  /** The raw file (XML or CSV body), a JSON body, or nothing. */
  body: unknown;
  fileName?: string;
  kind?: StatementKind;
}

export type StatementsService = ReturnType<typeof createStatementsService>;

export function createStatementsService(deps: { db: Db; clock: Clock; write: RunWrite }) {
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

  async function alreadyImported(funderId: string, plane: 'live' | 'demo', sha256: string): Promise<never> {
    const earlier = await store.findBySha(db, funderId, plane, sha256);
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

  return {
    /** POST /v1/statements: reads, checks and matches the whole file, then writes it in one transaction. */
    async importStatement(caller: FunderCaller, input: ImportInput) {
      const plane = requirePlane(caller);
      const file = fileOf(input);
      if (file.bytes.length === 0) throw new ApiError('file_empty', 'The file is empty.');
      const sha256 = sha256Hex(file.bytes);
      if (await store.findBySha(db, caller.funderId, plane, sha256)) {
        await alreadyImported(caller.funderId, plane, sha256);
      }
      const parsed = readStatementFile(file.bytes, file.kind);

      const matcher = createMatcher(await store.loadBook(db, caller.funderId, plane));
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
        plane,
        funderId: caller.funderId,
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
          await store.insertStatement(scope.tx, row);
          await store.insertLines(scope.tx, { id: row.id, plane, funderId: caller.funderId }, lines);
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
        if (pgErrorCode(err) === '23505') await alreadyImported(caller.funderId, plane, sha256);
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
     * Confirms a line's match (the proposed one, or the request named): records the payment on
     * the request through the shared settlement function, in one write. The operations API may
     * confirm any statement; the sandbox helper only the caller's own, on the demonstration plane.
     */
    async confirmLine(
      caller: Caller,
      statementId: string,
      lineNumber: number,
      rawBody: unknown,
      via: 'ops' | 'sandbox',
    ) {
      let owner: { funderId: string; plane: 'live' | 'demo' } | undefined;
      if (via === 'sandbox') {
        if (caller.kind !== 'funder' || caller.environment !== 'sandbox' || caller.plane !== 'demo') {
          throw new ApiError(
            'sandbox_only',
            'Test helpers work with sandbox keys only, on the demonstration plane.',
          );
        }
        owner = { funderId: caller.funderId, plane: 'demo' };
      }
      // The body's shape (request_id a uuid or null) is its route's schema (ConfirmBody).
      const chosen = (rawBody as { request_id?: string | null } | undefined)?.request_id ?? null;

      return write(caller, async (scope) => {
        const { tx, now } = scope;
        const statement = await store.findStatement(tx, statementId, owner);
        if (!statement) notFound('Statement');
        const line = await store.findLine(tx, statement.id, lineNumber, { forUpdate: true });
        if (!line) notFound('Statement line');
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
        const requestId = (chosen as string | null) ?? line.match_request_id;
        if (!requestId) {
          throw new ApiError(
            'body_invalid',
            `Line ${line.line} has no proposed match: name the request it pays in request_id.`,
            { extra: { field: 'request_id' } },
          );
        }
        const twin = await store.findConfirmedTwin(tx, line);
        if (twin) {
          throw new ApiError(
            'invalid_state',
            `The same bank entry was already confirmed as line ${twin.line} of another statement.`,
            { extra: { statement_id: twin.statement_id, line: twin.line } },
          );
        }
        const request =
          caller.kind === 'funder'
            ? await requests.findVisibleRequest(tx, statement.funder_id, statement.plane, requestId, {
                forUpdate: true,
              })
            : await requests.findRequest(tx, requestId, { forUpdate: true });
        if (!request || request.plane !== statement.plane) notFound('Request');

        const recorded = await recordPaymentIn(scope, {
          request,
          funderId: statement.funder_id,
          amountCents: toCents(line.amount)!,
          receivedAt: new Date(`${line.booking_date}T00:00:00Z`),
          reference: (line.bank_reference ?? line.end_to_end_id)?.slice(0, 140) ?? null,
          note: `Bank statement ${statement.file_name ?? statement.id}, line ${line.line}`,
          final: false,
          source: 'statement',
        });
        const invoiceNumber = request.id === line.match_request_id ? line.match_invoice_number : null;
        await store.markConfirmed(tx, line, {
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
        const after = (await store.findLine(tx, statement.id, line.line))!;
        return { statement_id: statement.id, line: lineView(after), settlement: recorded };
      });
    },

    /** GET /ops/v1/statements/{id}: a statement and its lines, for the operations team. */
    async statementForOps(id: string) {
      const statement = await store.findStatement(db, id);
      if (!statement) notFound('Statement');
      return statementView(statement, await store.linesOf(db, id));
    },
  };
}
