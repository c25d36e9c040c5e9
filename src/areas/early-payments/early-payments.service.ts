import { randomInt } from 'node:crypto';
import type { Static } from 'typebox';
import {
  type FunderCaller,
  type FunderScope,
  type OperatorCaller,
  type Plane,
  scopeOf,
} from '../../platform/caller.ts';
import { addDays, type Clock, madridDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { amountCents, centsToDecimal, percentOf } from '../../platform/money.ts';
import type { RunWrite, WriteScope } from '../../platform/write.ts';
import { ensureDebtor, insertDrawnSeller, insertInvoice } from '../parties/parties.service.ts';
import type {
  AnswerBody,
  EarlyPaymentQuery,
  PaidBody,
  ReleaseBody,
  RepaymentBody,
  SandboxEarlyPaymentBody,
  ShownStatus,
} from './early-payments.schemas.ts';
import * as store from './early-payments.store.ts';

const cents = (value: number | string): number => amountCents(value)!;
const euros = (text: string): number => Number(text);

/** An early payment as a funder reads it (and as its events carry it). */
function view(row: store.EarlyPaymentDetail, today: string) {
  const shown: ShownStatus = row.status === 'paid' && row.maturity_date < today ? 'overdue' : row.status;
  const paidOpen = row.status === 'paid';
  return {
    id: row.id,
    status: shown,
    invoice: {
      id: row.invoice_id,
      number: row.invoice_number,
      issue_date: row.invoice_issue_date,
      due_date: row.invoice_due_date,
    },
    buyer: { name: row.buyer_name, tax_id: row.buyer_tax_id, country: row.buyer_country },
    supplier: {
      seller_id: row.supplier_id,
      name: row.supplier_name,
      tax_id: row.supplier_tax_id,
      country: row.supplier_country,
    },
    amount_due: euros(row.amount_due),
    offered_amount: euros(row.offered_amount),
    maturity_date: row.maturity_date,
    released_at: row.released_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    paid:
      row.paid_at && row.paid_amount && row.paid_value_date
        ? {
            amount: euros(row.paid_amount),
            value_date: row.paid_value_date,
            reference: row.paid_reference ?? '',
            recorded_at: row.paid_at.toISOString(),
          }
        : null,
    repaid_amount: euros(row.repaid_amount),
    outstanding: paidOpen ? (cents(row.amount_due) - cents(row.repaid_amount)) / 100 : 0,
    repayments: row.repayments.map((r) => ({
      amount: euros(r.amount),
      value_date: r.value_date,
      reference: r.reference,
      recorded_at: new Date(r.recorded_at).toISOString(),
    })),
    closed_at: row.closed_at?.toISOString() ?? null,
    close_reason: row.close_reason,
  };
}

export type EarlyPaymentView = ReturnType<typeof view>;
export type EarlyPaymentsService = ReturnType<typeof createEarlyPaymentsService>;

/**
 * Early payments under a buyer programme: released to a supplier with this funder as its payer,
 * accepted (or declined) by the supplier, paid early by the funder, and repaid by the buyer at
 * maturity, partial repayments adding up. The buyer and the supplier are played by the
 * operations API (live) and the sandbox helpers (demonstration plane).
 */
export function createEarlyPaymentsService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock, write } = deps;

  function demoOnly(caller: FunderCaller): void {
    if (caller.environment !== 'sandbox' || caller.plane !== 'demo') {
      throw new ApiError(
        'sandbox_only',
        'Test helpers work with sandbox keys only, on the demonstration plane.',
      );
    }
  }

  /** The early payment as it stands inside a write, and its event. */
  async function emitChange(ws: WriteScope, scope: FunderScope, id: string, type: string) {
    const row = await store.find(ws.tx, scope, id);
    if (!row) throw new Error(`early payment ${id} vanished inside its own write`);
    const early_payment = view(row, madridDate(ws.now));
    ws.emit({ funderId: scope.funderId, plane: scope.plane, type, data: { early_payment } });
    return early_payment;
  }

  /** Releases an offer on an invoice to its supplier, with the funder recorded. */
  async function releaseIn(
    ws: WriteScope,
    input: { funderId: string; plane: Plane; invoiceId: string; offeredAmount?: number },
  ) {
    const invoice = await store.invoiceForOps(ws.tx, input.invoiceId);
    if (!invoice || invoice.plane !== input.plane) throw new ApiError('not_found', 'Invoice was not found.');
    if (!invoice.due_date) {
      throw new ApiError('body_invalid', 'The invoice has no due date: an early payment needs a maturity.', {
        extra: { field: 'invoice_id' },
      });
    }
    const due = cents(invoice.amount);
    const offered = input.offeredAmount === undefined ? due : cents(input.offeredAmount);
    if (offered > due) {
      throw new ApiError('invalid_amount', 'offered_amount must not be above the invoice’s face value.', {
        extra: { field: 'offered_amount' },
      });
    }
    if (await store.inFlightForInvoice(ws.tx, invoice.id)) {
      throw new ApiError(
        'conflict',
        'This invoice already has an early payment released, accepted, paid or repaid.',
      );
    }
    const id = newId();
    await store.insert(ws.tx, {
      id,
      plane: input.plane,
      funderId: input.funderId,
      invoiceId: invoice.id,
      amountDue: centsToDecimal(due),
      offeredAmount: centsToDecimal(offered),
      maturityDate: invoice.due_date,
      at: ws.now,
    });
    ws.evidence({
      funderId: input.funderId,
      plane: input.plane,
      kind: 'early_payment.released',
      subjectType: 'early_payment',
      subjectId: id,
      payload: {
        invoice_id: invoice.id,
        amount_due: centsToDecimal(due),
        offered_amount: centsToDecimal(offered),
      },
    });
    return emitChange(ws, { funderId: input.funderId, plane: input.plane }, id, 'early_payment.released');
  }

  /** The supplier accepts or declines, or the buyer withdraws, an offer not yet paid. */
  async function answerIn(
    ws: WriteScope,
    row: store.EarlyPaymentRow,
    answer: 'accepted' | 'declined' | 'withdrawn',
    reason: string | null,
  ) {
    const allowed = answer === 'withdrawn' ? ['released', 'accepted'] : ['released'];
    if (!allowed.includes(row.status)) {
      throw new ApiError(
        'early_payment_state',
        `An early payment that is ${row.status} cannot be ${answer}.`,
        {
          extra: {
            status: row.status,
          },
        },
      );
    }
    await store.answer(ws.tx, row.id, answer, ws.now, reason);
    ws.evidence({
      funderId: row.funder_id,
      plane: row.plane,
      kind: `early_payment.${answer}`,
      subjectType: 'early_payment',
      subjectId: row.id,
      payload: { reason },
    });
    return emitChange(ws, { funderId: row.funder_id, plane: row.plane }, row.id, `early_payment.${answer}`);
  }

  return {
    async list(caller: FunderCaller, query: Static<typeof EarlyPaymentQuery>) {
      const scope = scopeOf(caller);
      const today = madridDate(clock.now());
      const rows = await store.list(db, scope, {
        status: query.status ?? null,
        today,
        limit: query.limit ?? 50,
      });
      const totals: Record<string, { count: number; amount_due: number; outstanding: number }> = {};
      for (const t of await store.totals(db, scope, today)) {
        totals[t.status] = {
          count: t.count,
          amount_due: euros(t.amount_due),
          outstanding: euros(t.outstanding),
        };
      }
      return { count: rows.length, totals, early_payments: rows.map((r) => view(r, today)) };
    },

    async get(caller: FunderCaller, id: string) {
      const row = await store.find(db, scopeOf(caller), id);
      if (!row) throw new ApiError('not_found', 'Early payment was not found.');
      return view(row, madridDate(clock.now()));
    },

    /** The funder paid the supplier early. */
    async paid(caller: FunderCaller, id: string, body: Static<typeof PaidBody>) {
      const scope = scopeOf(caller);
      return write(caller, async (ws) => {
        const row = await store.lock(ws.tx, scope, id);
        if (!row) throw new ApiError('not_found', 'Early payment was not found.');
        if (row.status !== 'accepted') {
          throw new ApiError(
            'early_payment_state',
            `Only an accepted early payment can be paid; this one is ${row.status}.`,
            {
              extra: {
                status: row.status,
              },
            },
          );
        }
        const amount = cents(body.amount);
        if (amount > cents(row.amount_due)) {
          throw new ApiError(
            'invalid_amount',
            `amount must not be above the amount due (${row.amount_due}).`,
            {
              extra: { field: 'amount' },
            },
          );
        }
        const today = madridDate(ws.now);
        const accepted = madridDate(row.accepted_at!);
        if (body.value_date > today || body.value_date < accepted) {
          throw new ApiError(
            'invalid_payment_details',
            `value_date must be between the day the supplier accepted (${accepted}) and today (${today}).`,
            { extra: { field: 'value_date' } },
          );
        }
        await store.markPaid(ws.tx, scope, id, {
          amount: centsToDecimal(amount),
          valueDate: body.value_date,
          reference: body.reference.trim(),
          at: ws.now,
        });
        ws.evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'early_payment.paid',
          subjectType: 'early_payment',
          subjectId: id,
          payload: {
            amount: centsToDecimal(amount),
            value_date: body.value_date,
            reference: body.reference.trim(),
          },
        });
        return emitChange(ws, scope, id, 'early_payment.paid');
      });
    },

    /** The buyer repaid the funder (in part or in full). */
    async repayment(caller: FunderCaller, id: string, body: Static<typeof RepaymentBody>) {
      const scope = scopeOf(caller);
      return write(caller, async (ws) => {
        const row = await store.lock(ws.tx, scope, id);
        if (!row) throw new ApiError('not_found', 'Early payment was not found.');
        if (row.status !== 'paid') {
          throw new ApiError(
            'early_payment_state',
            `A repayment is recorded on a paid early payment only; this one is ${row.status}.`,
            { extra: { status: row.status } },
          );
        }
        const today = madridDate(ws.now);
        if (body.value_date > today) {
          throw new ApiError('invalid_payment_details', `value_date must not be after today (${today}).`, {
            extra: { field: 'value_date' },
          });
        }
        const amount = cents(body.amount);
        const outstanding = cents(row.amount_due) - cents(row.repaid_amount);
        if (amount > outstanding) {
          throw new ApiError(
            'repayment_exceeds_outstanding',
            `The repayment is above what the buyer still owes (${centsToDecimal(outstanding)}).`,
            { extra: { field: 'amount', outstanding: outstanding / 100 } },
          );
        }
        const after = await store.addRepayment(ws.tx, scope, id, {
          id: newId(),
          amount: centsToDecimal(amount),
          valueDate: body.value_date,
          reference: body.reference.trim(),
          at: ws.now,
        });
        ws.evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'early_payment.repayment',
          subjectType: 'early_payment',
          subjectId: id,
          payload: {
            amount: centsToDecimal(amount),
            value_date: body.value_date,
            reference: body.reference.trim(),
            repaid_amount: after.repaid_amount,
          },
        });
        const type = after.status === 'repaid' ? 'early_payment.repaid' : 'early_payment.repayment_recorded';
        return emitChange(ws, scope, id, type);
      });
    },

    /** Operations API: an offer released to a live or demonstration supplier. */
    async releaseForOps(operator: OperatorCaller, body: Static<typeof ReleaseBody>) {
      return write(operator, async (ws) => {
        const funder = await store.funderPlaneForOps(ws.tx, body.bank_id);
        if (!funder) throw new ApiError('not_found', 'Funder was not found.');
        const plane: Plane | null =
          funder.environment === 'live' ? 'live' : funder.environment === 'sandbox' ? 'demo' : null;
        if (!plane)
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
      return write(operator, async (ws) => {
        const row = await store.lockForOps(ws.tx, id);
        if (!row) throw new ApiError('not_found', 'Early payment was not found.');
        return answerIn(ws, row, answer, body.reason?.trim() ?? null);
      });
    },

    /** Sandbox: a fictitious buyer approves a fictitious supplier's invoice; offered with you as funder. */
    async sandboxCreate(caller: FunderCaller, body: Static<typeof SandboxEarlyPaymentBody>) {
      demoOnly(caller);
      return write(caller, async (ws) => {
        const today = madridDate(ws.now);
        const supplier = await insertDrawnSeller(
          ws.tx,
          'demo',
          () => {
            const drawn = randomInt(10_000_000, 99_999_999);
            return {
              name: `Sandbox Supplier ${drawn} SL`,
              tax_id: `B${drawn}`,
              country: 'ES',
              verification_status: 'approved',
            };
          },
          ws.now,
          ws.evidence,
        );
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
      demoOnly(caller);
      const scope = scopeOf(caller);
      return write(caller, async (ws) => {
        const row = await store.lock(ws.tx, scope, id);
        if (!row) throw new ApiError('not_found', 'Early payment was not found.');
        return answerIn(ws, row, answer, body.reason?.trim() ?? null);
      });
    },
  };
}
