import type { Caller, Plane } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { amountCents, centsToDecimal, toCents } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { funderEnvironment } from '../account/account.service.ts';
import type { DocumentsService } from '../documents/documents.module.ts';
import { findInvoice, findSeller } from '../parties/parties.module.ts';
import type { SettingsService } from '../settings/settings.module.ts';
import { prepareNoticeDocuments } from './request-disclosure.service.ts';
import { OPERATIONS, type RequestLifecycle } from './requests.lifecycle.ts';
import { prepareNoticesForOps } from './requests.notices.store.ts';
import { withdrawPendingOffersForOps } from './requests.offers.store.ts';
import * as store from './requests.store.ts';
import { partyActor } from './requests.trail.ts';

/** The programme terms in force for a funder and a company, as routing reads them. */
export interface TermsForRouting {
  termsForRouting(
    q: Queryable,
    funderId: string,
    plane: Plane,
    sellerId: string,
  ): Promise<{ disclosure: 'announced' | 'confidential' }>;
}

/** The funder whose own client a seller is (clients area), or null. */
export type ClientOwnerOf = (tx: Tx, sellerId: string) => Promise<string | null>;

export interface CreateRequestInput {
  seller_id: string;
  type: 'factoring' | 'confirming';
  invoice_ids: string[];
  advance_amount?: number | null;
  status?: 'pending' | 'submitted';
}

const bodyInvalid = (field: string, message: string) =>
  new ApiError('body_invalid', message, { extra: { field } });

/**
 * How a request comes in and reaches a funder: the seller's request, the operations team's
 * routing (and re-routing), and the moves of the seller and the team before any decision.
 */
export function createRequestIntakeService(deps: {
  write: RunWrite;
  lifecycle: RequestLifecycle;
  settings: Pick<SettingsService, 'policy'>;
  documents: Pick<DocumentsService, 'requireDocumentsMet' | 'recordDealFile'>;
  programme: TermsForRouting;
  clientOwnerOf?: ClientOwnerOf;
}) {
  const { lifecycle } = deps;

  const service = {
    /** A seller's request over some of its invoices. Answers the request id. */
    async createRequestIn(scope: WriteScope, input: CreateRequestInput): Promise<string> {
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
          throw bodyInvalid(
            'advance_amount',
            'advance_amount must be above 0 and at most the invoices total.',
          );
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
    },

    /**
     * Routes a request to a funder: fixes its consent level and programme terms, prepares a
     * notice per debtor (factoring), and records the deal file. The status machine says which
     * statuses may be routed (`route`) and which re-routed to another funder (`reroute`).
     * Refused while a hard risk signal waits for review or the seller misses a document the
     * funder requires.
     */
    async routeIn(scope: WriteScope, id: string, bankId: string): Promise<void> {
      const { tx, now } = scope;
      const row = await lifecycle.lock(tx, OPERATIONS, id);
      const move = row.status === 'terms_sent' ? 'reroute' : 'route';
      lifecycle.next(row.status, move);
      if (move === 'reroute' && (row.assigned_funder_id === null || row.assigned_funder_id === bankId)) {
        throw new ApiError(
          'invalid_state',
          'A request with terms sent can only be re-routed to another funder.',
        );
      }
      const environment = await funderEnvironment(tx, bankId);
      if (!environment) throw bodyInvalid('bank_id', 'bank_id names no funder.');
      const funderPlane: Plane | null =
        environment === 'live' ? 'live' : environment === 'sandbox' ? 'demo' : null;
      if (funderPlane !== row.plane) {
        throw bodyInvalid('bank_id', `That funder does not work on the ${row.plane} plane of this request.`);
      }
      // A funder's own client has its requests routed to that funder only.
      const owner = deps.clientOwnerOf ? await deps.clientOwnerOf(tx, row.seller_id) : null;
      if (owner && owner !== bankId) {
        throw new ApiError(
          'client_of_another_funder',
          "This seller is another funder's own client: its requests are routed to that funder only.",
          { extra: { bank_id: owner } },
        );
      }
      const blocks = await lifecycle.hardBlocks(tx, OPERATIONS, row.id);
      if (blocks.signals.length > 0 || blocks.disputes.length > 0) {
        throw new ApiError(
          'risk_review_required',
          'A hard risk signal or an open dispute is waiting for review.',
          {
            extra: { signals: blocks.signals.map((s) => s.code), disputes: blocks.disputes.length },
          },
        );
      }
      const onDate = madridDate(now);
      const deal = {
        funderId: bankId,
        plane: row.plane,
        sellerId: row.seller_id,
        country: row.seller_country,
        onDate,
      };
      await deps.documents.requireDocumentsMet(tx, deal);
      const policy = await deps.settings.policy(tx, bankId, row.plane);
      const level = row.type === 'factoring' ? policy.debtorConsentLevel : null;
      const previous = row.assigned_funder_id;
      if (previous && previous !== bankId) await withdrawPendingOffersForOps(tx, row.id, previous, now);
      await store.recordRoutedForOps(tx, row.id, bankId, row.plane, now);
      const terms = await deps.programme.termsForRouting(tx, bankId, row.plane, row.seller_id);
      if (level) {
        await prepareNoticesForOps(tx, row, level, now);
        await prepareNoticeDocuments(tx, row.id, bankId, now);
      }
      await deps.documents.recordDealFile(tx, { ...deal, requestId: row.id, stage: 'routing', at: now });
      await lifecycle.transition(scope, OPERATIONS, row.id, move, {
        trigger: move === 'reroute' ? 'rerouted' : 'routed',
        actor: { ...partyActor(scope), to_funder: bankId },
        columns: {
          assigned_funder_id: bankId,
          routed_at: now,
          consent_level_required: level,
          programme_terms: JSON.stringify(terms),
          disclosure: terms.disclosure,
        },
        evidence: {
          kind: 'request.routed',
          funderId: bankId,
          payload: { consent_level_required: level, previous_funder: previous, programme_terms: terms },
        },
        event: { funderId: bankId, type: 'request.routed', withRequest: true },
      });
    },

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
