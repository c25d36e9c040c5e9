import { type Caller, type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, centsToEuros } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import * as store from './disclosure.store.ts';
import { funderMover, OPERATIONS, type RequestLifecycle, type RequestRow } from './requests.lifecycle.ts';
import { writeNotice } from './requests.notice-documents.ts';
import { insertSignalForOps } from './requests.risks.store.ts';
import { isOpen } from './requests.status.ts';

export type { AnnounceTrigger } from './disclosure.store.ts';

/** Prepares (or prepares again) the document of each notice not answered yet, naming `funderId`. */
export async function prepareNoticeDocuments(tx: Tx, requestId: string, funderId: string, at: Date) {
  const facts = await store.noticeFactsForOps(tx, requestId, funderId);
  for (const fact of facts) {
    const doc = writeNotice({
      requestRef: fact.request_ref,
      funderName: fact.funder_name,
      sellerName: fact.seller_name,
      sellerTaxId: fact.seller_tax_id,
      debtorName: fact.debtor_name,
      debtorTaxId: fact.debtor_tax_id,
      debtorCountry: fact.debtor_country,
      invoices: fact.invoices ?? [],
    });
    await store.saveNoticeDocumentForOps(tx, fact.notice_id, doc, funderId, at);
  }
  return facts.length;
}

const disclosureOf = (row: RequestRow): 'announced' | 'confidential' =>
  row.disclosure ?? (row.programme_terms?.disclosure === 'confidential' ? 'confidential' : 'announced');

const noticeView = (n: store.NoticeDocumentRow) => ({
  notice_id: n.notice_id,
  debtor_name: n.debtor_name,
  debtor_tax_id: n.debtor_tax_id,
  status: n.status,
  sending: n.sending,
  sending_queued_at: n.sending_queued_at?.toISOString() ?? null,
  invoices: n.invoices.map((i) => ({ invoice_id: i.invoice_id, number: i.number, amount: Number(i.amount) })),
  document:
    n.subject === null
      ? null
      : {
          subject: n.subject,
          html: n.html!,
          language: n.language!,
          governing_law: n.governing_law!,
          sha256: n.sha256!,
          prepared_at: n.prepared_at!.toISOString(),
        },
  names_this_funder: n.names_this_funder,
  current: n.current,
  has_notice_address: n.has_address,
});

/**
 * Announces a confidential request inside the caller's write: the disclosure changes, the
 * prepared notices queue for sending, the evidence entry and the event `request.announced`.
 * A funder announces within its scope; a trigger (`scope` null) as the operations side.
 */
export async function announceIn(
  ws: WriteScope,
  row: RequestRow,
  change: { trigger: store.AnnounceTrigger; reason: string; scope: FunderScope | null },
) {
  const { tx, now } = ws;
  const at = { ...change, at: now };
  const queued = change.scope
    ? await store.announce(tx, change.scope, row.id, at)
    : await store.announceForOps(tx, row.id, at);
  if (queued < 0) throw new ApiError('already_announced', 'This request is announced already.');
  const funderId = row.assigned_funder_id!;
  ws.evidence({
    funderId,
    plane: row.plane,
    kind: 'request.announced',
    subjectType: 'funding_request',
    subjectId: row.id,
    payload: {
      request_ref: row.request_ref,
      trigger: change.trigger,
      reason: change.reason,
      notices_queued: queued,
    },
  });
  const result = {
    request_id: row.id,
    request_ref: row.request_ref,
    disclosure: 'announced' as const,
    announced_at: now.toISOString(),
    announced_trigger: change.trigger,
    reason: change.reason,
    notices_queued: queued,
  };
  ws.emit({ funderId, plane: row.plane, type: 'request.announced', data: result });
  return result;
}

export type RequestDisclosureService = ReturnType<typeof createRequestDisclosureService>;

/**
 * The disclosure of a request: its notices of assignment as prepared, announcing a
 * confidential request (by the funder or on a trigger), and the gates a confidential request
 * passes before funding. The request's status never changes here.
 */
export function createRequestDisclosureService(deps: {
  db: Db;
  write: RunWrite;
  lifecycle: RequestLifecycle;
}) {
  const { db, write, lifecycle } = deps;

  const service = {
    /** GET /v1/requests/{id}/notices: for a request routed to the caller or acted on by it. */
    async notices(caller: FunderCaller, id: string) {
      const scope = scopeOf(caller);
      return db.transaction(async (tx) => {
        const row = await lifecycle.read(tx, funderMover(scope), id);
        const notices = (await store.noticeDocuments(tx, scope, row.id)).map(noticeView);
        return {
          request_id: row.id,
          disclosure: disclosureOf(row),
          announced_at: row.announced_at?.toISOString() ?? null,
          announced_trigger: row.announced_trigger as store.AnnounceTrigger | null,
          count: notices.length,
          notices,
        };
      });
    },

    /** POST /v1/requests/{id}/announce */
    async announce(caller: FunderCaller, id: string, body: { reason: string }) {
      const reason = body.reason.trim();
      if (reason.length < 8) {
        throw new ApiError('reason_required', 'A reason of at least 8 characters is required.', {
          status: 422,
          extra: { field: 'reason' },
        });
      }
      const scope = scopeOf(caller);
      return write(caller, async (ws) => {
        const row = await lifecycle.lock(ws.tx, funderMover(scope), id);
        if (row.assigned_funder_id !== caller.funderId) {
          throw new ApiError(
            'not_routed_to_you',
            'This request is not routed to you: you cannot announce it.',
            {
              status: 403,
            },
          );
        }
        if (!isOpen(row.status) && row.status !== 'funded') {
          throw new ApiError('request_closed', `A request in status ${row.status} cannot be announced.`, {
            extra: { status: row.status },
          });
        }
        if (disclosureOf(row) === 'announced') {
          throw new ApiError(
            'already_announced',
            'This request is announced already (or its programme is announced).',
            {
              extra: { announced_at: row.announced_at?.toISOString() ?? null },
            },
          );
        }
        return announceIn(ws, row, { trigger: 'manual', reason, scope });
      });
    },

    /**
     * The worker: every funded confidential request a trigger that is on has reached today
     * (Madrid date) is announced, each in its own write. Answers what it announced.
     */
    async announceDue(caller: Caller) {
      const done: { request_id: string; trigger: string }[] = [];
      const due = await write(caller, async (ws) => store.dueAnnouncementsForOps(ws.tx, madridDate(ws.now)));
      for (const item of due) {
        await write(caller, async (ws) => {
          const row = await lifecycle.lock(ws.tx, OPERATIONS, item.id);
          if (row.disclosure !== 'confidential' || row.status !== 'funded') return;
          await announceIn(ws, row, {
            trigger: item.trigger,
            reason: `automatic: ${item.trigger} (${item.detail})`,
            scope: null,
          });
          done.push({ request_id: row.id, trigger: item.trigger });
        });
      }
      return done;
    },

    /**
     * The gates a confidential factoring request passes before funding, beside the blocking
     * checks the fund decision runs first: each unmet one named.
     */
    async confidentialGates(tx: Tx, scope: FunderScope, row: RequestRow, today: string) {
      const facts = await store.confidentialGateFacts(tx, scope, row.id, today);
      const notices = await store.noticeDocuments(tx, scope, row.id);
      const gates: { gate: string; [detail: string]: unknown }[] = [];
      if (facts.uploaded.length > 0) {
        gates.push({ gate: 'invoice_source', invoices: facts.uploaded.map((i) => i.number) });
      }
      const unprepared = notices.filter((n) => !(n.current && n.names_this_funder));
      if (notices.length === 0 || unprepared.length > 0) {
        gates.push({ gate: 'notice_prepared', debtors: unprepared.map((n) => n.debtor_name) });
      }
      const noAddress = notices.filter((n) => !n.has_address);
      if (noAddress.length > 0)
        gates.push({ gate: 'notice_address', debtors: noAddress.map((n) => n.debtor_name) });
      if (!facts.seller_approved) gates.push({ gate: 'seller_verification' });
      return gates;
    },

    /** The operations team prepares a request's notices again (after an invoice changed). */
    async prepareAgain(caller: Caller, id: string) {
      return write(caller, async (ws) => {
        const row = await lifecycle.lock(ws.tx, OPERATIONS, id);
        if (!row.assigned_funder_id)
          throw new ApiError('invalid_state', 'The request is not routed to a funder.');
        const prepared = await prepareNoticeDocuments(ws.tx, row.id, row.assigned_funder_id, ws.now);
        ws.evidence({
          funderId: row.assigned_funder_id,
          plane: row.plane,
          kind: 'request.notices_prepared',
          subjectType: 'funding_request',
          subjectId: row.id,
          payload: { request_ref: row.request_ref, prepared },
        });
        return {
          request_id: row.id,
          prepared,
          notices: (await store.noticeDocumentsForOps(ws.tx, row.id)).map(noticeView),
        };
      });
    },

    /** Where a debtor's notices are sent, inside a write; `keep` leaves an address already known. */
    async setNoticeAddressIn(ws: WriteScope, debtorId: string, address: string | null, keep = false) {
      const debtor = await store.setNoticeAddressForOps(ws.tx, debtorId, address, keep);
      if (!debtor) throw new ApiError('not_found', 'Debtor was not found.');
      // The address itself is personal data: the chain keeps only whether there is one.
      ws.evidence({
        funderId: null,
        plane: debtor.plane,
        kind: 'debtor.notice_address_changed',
        subjectType: 'debtor',
        subjectId: debtor.id,
        payload: { has_address: debtor.has_address },
      });
      return { debtor_id: debtor.id, has_notice_address: debtor.has_address };
    },

    /** The day the seller's verification lapses (it counts as lapsed from that day), inside a write. */
    async setVerificationLapseIn(ws: WriteScope, sellerId: string, lapsesOn: string | null) {
      const seller = await store.setVerificationLapseForOps(ws.tx, sellerId, lapsesOn);
      if (!seller) throw new ApiError('not_found', 'Seller was not found.');
      ws.evidence({
        funderId: null,
        plane: seller.plane,
        kind: 'seller.verification_lapse_set',
        subjectType: 'seller',
        subjectId: seller.id,
        payload: { lapses_on: lapsesOn },
      });
      return { seller_id: seller.id, verification_status: seller.verification_status, lapses_on: lapsesOn };
    },

    /**
     * An invoice's amount changed at the seller, inside a write. Each request in flight holding
     * it gets the hard signal `amount_changed_in_request` (funding waits for its review), and
     * its prepared notices stop being current until prepared again.
     */
    async changeInvoiceAmountIn(ws: WriteScope, invoiceId: string, amountCents: number) {
      const amount = centsToDecimal(amountCents);
      const changed = await store.changeInvoiceAmountForOps(ws.tx, invoiceId, amount);
      if (!changed) throw new ApiError('not_found', 'Invoice was not found.');
      for (const requestId of changed.requests) {
        await insertSignalForOps(ws.tx, {
          id: newId(),
          plane: changed.plane,
          requestId,
          code: 'amount_changed_in_request',
          severity: 'high',
          hard: true,
          detail: `Invoice ${changed.number}: ${changed.before} -> ${amount} EUR`,
          at: ws.now,
        });
      }
      ws.evidence({
        funderId: null,
        plane: changed.plane,
        kind: 'invoice.amount_changed',
        subjectType: 'invoice',
        subjectId: invoiceId,
        payload: { from: changed.before, to: amount, requests: changed.requests },
      });
      return { invoice_id: invoiceId, amount: centsToEuros(amountCents), requests: changed.requests };
    },
  };

  return {
    ...service,
    setNoticeAddress: (caller: Caller, debtorId: string, address: string | null) =>
      write(caller, (ws) => service.setNoticeAddressIn(ws, debtorId, address)),
    setVerificationLapse: (caller: Caller, sellerId: string, lapsesOn: string | null) =>
      write(caller, (ws) => service.setVerificationLapseIn(ws, sellerId, lapsesOn)),
    changeInvoiceAmount: (caller: Caller, invoiceId: string, amountCents: number) =>
      write(caller, (ws) => service.changeInvoiceAmountIn(ws, invoiceId, amountCents)),
  };
}
