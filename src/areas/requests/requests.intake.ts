import type { Caller } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { amountCents, centsToDecimal, toCents } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { findInvoice, findSeller } from '../parties/parties.module.ts';
import { OPERATIONS } from './requests.lifecycle.ts';
import { bodyInvalid, createRouting, type RoutingDeps } from './requests.routing.ts';
import * as store from './requests.store.ts';
import { partyActor } from './requests.trail.ts';

export type { ClientOwnerOf, TermsForRouting } from './requests.routing.ts';

export interface CreateRequestInput {
  seller_id: string;
  type: 'factoring' | 'confirming';
  invoice_ids: string[];
  advance_amount?: number | null;
  status?: 'pending' | 'submitted';
}

/** A seller's request over some of its invoices. Answers the request id. */
async function createRequestIn(scope: WriteScope, input: CreateRequestInput): Promise<string> {
  const { tx, now } = scope;
  const seller = await findSeller(tx, input.seller_id);
  if (!seller) throw bodyInvalid('seller_id', 'seller_id names no seller.');
  const ids = [...new Set(input.invoice_ids)];
  if (ids.length === 0 || ids.length !== input.invoice_ids.length) {
    throw bodyInvalid('invoice_ids', 'invoice_ids must list distinct invoices, at least one.');
  }
  const invoices = await Promise.all(ids.map((id) => findInvoice(tx, id)));
  if (invoices.some((invoice) => invoice === null || invoice.seller_id !== seller.id)) {
    throw bodyInvalid('invoice_ids', 'Every invoice must exist and belong to the seller.');
  }
  if ((await store.invoicesInFlightForOps(tx, ids)).size > 0) {
    throw new ApiError('conflict', 'An invoice is already in another request still in flight.');
  }
  const totalCents = invoices.reduce((sum, invoice) => sum + toCents(invoice!.amount)!, 0);
  // The default ask is 80% of the total, never less than a cent.
  let advanceCents = Math.max(1, Math.floor((totalCents * 80) / 100));
  if (input.advance_amount !== undefined && input.advance_amount !== null) {
    const asked = amountCents(input.advance_amount, { positive: true });
    if (asked === null || asked > totalCents) {
      throw bodyInvalid('advance_amount', 'advance_amount must be above 0 and at most the invoices total.');
    }
    advanceCents = asked;
  }
  const id = newId();
  const seq = await store.nextRequestNumberForOps(tx);
  // The year of the reference is the Madrid year: a request made at 00:30 on 1 January in Madrid is of the new year.
  const ref = `${seller.plane === 'demo' ? 'DEMO' : 'FR'}-${madridDate(now).slice(0, 4)}-${seq.padStart(6, '0')}`;
  const status = input.status ?? 'submitted';
  await store.insertRequestForOps(tx, {
    id,
    plane: seller.plane,
    ref,
    type: input.type,
    status,
    sellerId: seller.id,
    totalAmount: centsToDecimal(totalCents),
    advanceAmount: centsToDecimal(advanceCents),
    invoiceIds: ids,
    at: now,
  });
  // A request is born in its first status: a history line, not a move of the machine.
  await store.insertHistoryForOps(tx, {
    requestId: id,
    from: null,
    to: status,
    trigger: 'created',
    actor: partyActor(scope),
    at: now,
  });
  scope.evidence({
    funderId: null,
    plane: seller.plane,
    kind: 'request.created',
    subjectType: 'funding_request',
    subjectId: id,
    payload: {
      request_ref: ref,
      type: input.type,
      total_amount: centsToDecimal(totalCents),
      invoices: ids.length,
    },
  });
  return id;
}

/**
 * How a request comes in and reaches a funder: the seller's request, the operations team's
 * routing (and re-routing), and the moves of the seller and the team before any decision.
 */
export function createRequestIntake(deps: RoutingDeps & { write: RunWrite }) {
  const { lifecycle } = deps;

  const service = {
    createRequestIn,
    routeIn: createRouting(deps),

    /** The seller submits or cancels, or the operations team starts its review. */
    async moveIn(scope: WriteScope, id: string, move: 'submit' | 'review' | 'cancel', note: string | null) {
      const row = await lifecycle.lock(scope.tx, OPERATIONS, id);
      const to = lifecycle.next(row.status, move);
      await lifecycle.transition(scope, OPERATIONS, id, move, {
        actor: partyActor(scope),
        columns:
          move === 'cancel' ? { closed_at: scope.now, close_reason: 'cancelled', close_note: note } : {},
        evidence: {
          kind: `request.${move}`,
          funderId: row.assigned_funder_id,
          payload: { from: row.status, to, note },
        },
      });
    },
  };

  return {
    ...service,
    createRequest: (caller: Caller, input: CreateRequestInput) =>
      deps.write(caller, (s) => service.createRequestIn(s, input)),
    route: (caller: Caller, id: string, bankId: string) =>
      deps.write(caller, (s) => service.routeIn(s, id, bankId)),
    move: (caller: Caller, id: string, move: 'submit' | 'review' | 'cancel', note: string | null) =>
      deps.write(caller, (s) => service.moveIn(s, id, move, note)),
  };
}
