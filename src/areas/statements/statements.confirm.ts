import { type FunderCaller, type OperatorCaller, requireSandbox, scopeOf } from '../../platform/caller.ts';
import { madridMidnight } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { toCents } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import {
  funderMover,
  OPERATIONS,
  type Payments,
  type RequestLifecycle,
} from '../requests/requests.module.ts';
import * as store from './statements.store.ts';
import { lineView } from './statements.views.ts';

/** The request a confirmation names; the body's shape (a uuid or null) is its route's schema. */
function chosenRequest(body: unknown): string | null {
  return (body as { request_id?: string | null } | null | undefined)?.request_id ?? null;
}

/** Refuses a line that cannot be confirmed: already confirmed, or not a payment. */
function refuseUnconfirmable(line: store.LineRow): void {
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
}

/**
 * Confirming a statement line's match: the sandbox's stand-in for the portal and the operations
 * team's confirmation, both recording the payment on the request through the shared recorder.
 */
export function createLineConfirmation(deps: {
  write: RunWrite;
  requests: Pick<RequestLifecycle, 'lock'>;
  payments: Pick<Payments, 'record'>;
}) {
  const { write } = deps;

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
    const line = await store.findLine(tx, owner, statement.id, lineNumber, { lock: true });
    if (!line) throw new ApiError('not_found', 'Statement line was not found.');
    refuseUnconfirmable(line);
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

    const recorded = await deps.payments.record(scope, {
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
    /**
     * Sandbox route: confirms a line of one of the caller's own statements, on the
     * demonstration plane only.
     */
    confirmLine(caller: FunderCaller, statementId: string, lineNumber: number, rawBody: unknown) {
      requireSandbox(caller);
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
  };
}
