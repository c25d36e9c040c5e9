import type { Caller } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { centsToDecimal, centsToEuros } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import {
  changeInvoiceAmountForOps,
  setNoticeAddressForOps,
  setVerificationLapseForOps,
} from '../parties/parties.module.ts';
import { insertSignalForOps } from '../requests/requests.module.ts';

/**
 * What the operations team records of the other parties: where a debtor's notices go, when a
 * seller's verification lapses, an invoice's amount changed at the seller. Each `...In` runs
 * inside the caller's write; the others open their own.
 */
export function createPartyFacts(deps: { write: RunWrite }) {
  const { write } = deps;

  const facts = {
    /** Where a debtor's notices are sent, inside a write; `keep` leaves an address already known. */
    async setNoticeAddressIn(ws: WriteScope, debtorId: string, address: string | null, keep = false) {
      const debtor = await setNoticeAddressForOps(ws.tx, debtorId, address, keep);
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
      const seller = await setVerificationLapseForOps(ws.tx, sellerId, lapsesOn);
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
      const changed = await changeInvoiceAmountForOps(ws.tx, invoiceId, amount);
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
    ...facts,
    setNoticeAddress: (caller: Caller, debtorId: string, address: string | null) =>
      write(caller, (ws) => facts.setNoticeAddressIn(ws, debtorId, address)),
    setVerificationLapse: (caller: Caller, sellerId: string, lapsesOn: string | null) =>
      write(caller, (ws) => facts.setVerificationLapseIn(ws, sellerId, lapsesOn)),
    changeInvoiceAmount: (caller: Caller, invoiceId: string, amountCents: number) =>
      write(caller, (ws) => facts.changeInvoiceAmountIn(ws, invoiceId, amountCents)),
  };
}
