import type { Static } from 'typebox';
import { type FunderCaller, type OperatorCaller, requireSandbox, scopeOf } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { funderPlane } from '../../platform/db/funders.ts';
import { ApiError } from '../../platform/errors.ts';
import { percentOf } from '../../platform/money.ts';
import { optionalReason } from '../../platform/reasons.ts';
import type { RunWrite } from '../../platform/write.ts';
import { ensureDebtor, insertInvoice, insertSandboxSeller } from '../parties/parties.module.ts';
import { answerIn, releaseIn } from './early-payments.offer.ts';
import type { AnswerBody, ReleaseBody, SandboxEarlyPaymentBody } from './early-payments.schemas.ts';
import * as store from './early-payments.store.ts';
import { cents } from './early-payments.view.ts';

/**
 * The buyer and the supplier of an early payment: played by the operations API for live
 * companies, and by the sandbox helpers on the demonstration plane.
 */
export function createEarlyPaymentParties(deps: { write: RunWrite }) {
  const { write } = deps;
  return {
    /** Operations API: an offer released to a live or demonstration supplier. */
    async releaseForOps(operator: OperatorCaller, body: Static<typeof ReleaseBody>) {
      return write(operator, async (ws) => {
        const plane = await funderPlane(ws.tx, body.bank_id);
        if (plane === undefined) throw new ApiError('not_found', 'Funder was not found.');
        if (plane === null)
          throw new ApiError('conflict', 'The funder is not classified yet: it cannot fund early payments.');
        return releaseIn(ws, {
          funderId: body.bank_id,
          plane,
          invoiceId: body.invoice_id,
          offeredAmount: body.offered_amount,
        });
      });
    },

    /** Operations API: the supplier's or the buyer's answer. */
    async answerForOps(
      operator: OperatorCaller,
      id: string,
      answer: 'accepted' | 'declined' | 'withdrawn',
      body: Static<typeof AnswerBody>,
    ) {
      const reason = optionalReason(body.reason);
      return write(operator, async (ws) => {
        const row = await store.lockForOps(ws.tx, id);
        if (!row) throw new ApiError('not_found', 'Early payment was not found.');
        return answerIn(ws, row, answer, reason);
      });
    },

    /** Sandbox: a fictitious buyer approves a fictitious supplier's invoice; offered with you as funder. */
    async sandboxCreate(caller: FunderCaller, body: Static<typeof SandboxEarlyPaymentBody>) {
      requireSandbox(caller);
      return write(caller, async (ws) => {
        const today = madridDate(ws.now);
        const supplier = await insertSandboxSeller(ws.tx, {}, ws.now, ws.evidence);
        const n = supplier.tax_id.slice(1);
        const buyer = await ensureDebtor(
          ws.tx,
          'demo',
          { name: 'Sandbox Buyer Retail SA', country: 'ES', tax_id: 'A08000143' },
          ws.now,
          ws.evidence,
        );
        const amount = body.amount ?? 12_000;
        const invoice = await insertInvoice(
          ws.tx,
          'demo',
          {
            seller_id: supplier.id,
            debtor_id: buyer.id,
            number: `EP-${n}`,
            amount,
            issue_date: addDays(today, -3),
            due_date: addDays(today, body.due_in_days ?? 60),
            source: 'erp',
          },
          ws.now,
          ws.evidence,
        );
        const offered = body.offered_amount ?? percentOf(cents(amount), 98) / 100;
        return releaseIn(ws, {
          funderId: caller.funderId,
          plane: 'demo',
          invoiceId: invoice.id,
          offeredAmount: offered,
        });
      });
    },

    /** Sandbox: the supplier or the buyer answers one of your demonstration early payments. */
    async sandboxAnswer(
      caller: FunderCaller,
      id: string,
      answer: 'accepted' | 'declined' | 'withdrawn',
      body: Static<typeof AnswerBody>,
    ) {
      requireSandbox(caller);
      const scope = scopeOf(caller);
      const reason = optionalReason(body.reason);
      return write(caller, async (ws) => {
        const row = await store.lock(ws.tx, scope, id);
        if (!row) throw new ApiError('not_found', 'Early payment was not found.');
        return answerIn(ws, row, answer, reason);
      });
    },
  };
}
