import type { Caller, FunderCaller, OperatorCaller } from '../../platform/caller.ts';
import { addDays, madridInstant } from '../../platform/clock.ts';
import type { RebuildControl } from '../../platform/write.ts';
import { findDebtorByKey, findSellerByKey, insertInvoice } from '../parties/parties.module.ts';
import type { EarlyPaymentsService } from './early-payments.service.ts';

export type EarlyPaymentsDemoDeps = Pick<
  EarlyPaymentsService,
  'releaseForOps' | 'sandboxAnswer' | 'paid' | 'repayment'
>;

const cents = (euros: number) => Math.round(euros * 100);

interface DemoEarlyPayment {
  /** The status a reader sees today; for readers and error messages. */
  shows: 'released' | 'accepted' | 'paid' | 'overdue' | 'repaid' | 'declined' | 'withdrawn';
  /** A supplier of the demonstration plane and the buyer that approved its invoice (tax ids, Spain). */
  supplier: string;
  buyer: string;
  number: string;
  amount: number;
  /** What the supplier is offered, as a share of the face value. */
  offeredPct: number;
  /** Days from today (negative: in the past). */
  issued: number;
  due: number;
  released: number;
  accepted?: number;
  declined?: { on: number; reason: string };
  withdrawn?: { on: number; reason: string };
  paid?: { on: number; reference: string };
  repayments?: { on: number; amount: number | 'rest'; reference: string }[];
}

// The buyer's programme of the demonstration plane: Hipermercados Levante SL and Distribuciones
// Meseta SA approve their suppliers' invoices (Transportes Sierra Nevada, Talleres Ebro,
// Conservas del Cantábrico); the demonstration funder pays the suppliers early.
const LEVANTE = 'B46000102';
const MESETA = 'A28000101';
const TRANSPORTES = 'B18000007';
const TALLERES = 'A50000002';
const CONSERVAS = 'B39000001';

/** One early payment in each status a funder meets, each with its own invoice. */
export const DEMO_EARLY_PAYMENTS: readonly DemoEarlyPayment[] = [
  {
    shows: 'released',
    supplier: TRANSPORTES,
    buyer: LEVANTE,
    number: 'EP-DEMO-0107',
    amount: 7_940,
    offeredPct: 98.6,
    issued: -4,
    due: 56,
    released: -2,
  },
  {
    shows: 'accepted',
    supplier: TALLERES,
    buyer: MESETA,
    number: 'EP-DEMO-0106',
    amount: 15_320.5,
    offeredPct: 98.8,
    issued: -9,
    due: 51,
    released: -6,
    accepted: -5,
  },
  {
    shows: 'paid',
    supplier: TRANSPORTES,
    buyer: LEVANTE,
    number: 'EP-DEMO-0105',
    amount: 11_260,
    offeredPct: 98.9,
    issued: -35,
    due: 25,
    released: -32,
    accepted: -31,
    paid: { on: -30, reference: 'EP-TRF-0105' },
  },
  {
    shows: 'overdue',
    supplier: CONSERVAS,
    buyer: LEVANTE,
    number: 'EP-DEMO-0102',
    amount: 9_875,
    offeredPct: 98.4,
    issued: -95,
    due: -5,
    released: -80,
    accepted: -79,
    paid: { on: -78, reference: 'EP-TRF-0102' },
    // The buyer repaid part at maturity; the rest is late.
    repayments: [{ on: -4, amount: 4_000, reference: 'LEV-REP-0102-1' }],
  },
  {
    shows: 'repaid',
    supplier: TRANSPORTES,
    buyer: LEVANTE,
    number: 'EP-DEMO-0101',
    amount: 12_480,
    offeredPct: 98.7,
    issued: -110,
    due: -20,
    released: -100,
    accepted: -99,
    paid: { on: -98, reference: 'EP-TRF-0101' },
    // Repaid in two parts that add up to the amount due.
    repayments: [
      { on: -20, amount: 6_000, reference: 'LEV-REP-0101-1' },
      { on: -18, amount: 'rest', reference: 'LEV-REP-0101-2' },
    ],
  },
  {
    shows: 'declined',
    supplier: TALLERES,
    buyer: MESETA,
    number: 'EP-DEMO-0103',
    amount: 6_215,
    offeredPct: 98.5,
    issued: -24,
    due: 36,
    released: -21,
    declined: { on: -20, reason: 'The supplier does not need the cash this month.' },
  },
  {
    shows: 'withdrawn',
    supplier: CONSERVAS,
    buyer: LEVANTE,
    number: 'EP-DEMO-0104',
    amount: 8_130,
    offeredPct: 98.5,
    issued: -16,
    due: 44,
    released: -14,
    accepted: -13,
    withdrawn: { on: -12, reason: 'The buyer put the invoice on hold after a quality claim.' },
  },
];

/** Each kind of step at its own hour of its day (Madrid time). */
const HOURS = {
  invoice: '09:00',
  release: '09:30',
  accept: '11:00',
  decline: '11:00',
  withdraw: '12:00',
  pay: '13:00',
  repay: '15:00',
} as const;

/**
 * The demonstration plane's early payments: one in each status, played inside the rebuild
 * `control` through the area's own service functions (the operations team releases each offer,
 * the sandbox helpers answer for the supplier and the buyer, the demonstration funder records
 * its payments and the buyer's repayments), each step on its own day. Paid ones count in the
 * buyer's exposure until repaid.
 */
export async function playEarlyPaymentsDemo(input: {
  control: RebuildControl;
  deps: EarlyPaymentsDemoDeps;
  funder: FunderCaller;
  operator: Caller;
  today: string;
}): Promise<{ early_payments: number }> {
  const { control, deps, funder, operator, today } = input;
  if (operator.kind !== 'operator') throw new Error('the demonstration is rebuilt by the operations team');
  const ops: OperatorCaller = operator;
  const steps: { day: number; hour: string; order: number; run: () => Promise<unknown> }[] = [];
  const at = (offset: number, hour: string, run: () => Promise<unknown>) =>
    steps.push({ day: offset, hour, order: steps.length, run });

  for (const plan of DEMO_EARLY_PAYMENTS) {
    let id = '';
    let invoiceId = '';
    const answer = (on: number, hour: string, what: 'accepted' | 'declined' | 'withdrawn', reason?: string) =>
      at(on, hour, () => deps.sandboxAnswer(funder, id, what, reason ? { reason } : {}));
    at(plan.issued, HOURS.invoice, () =>
      control.write(ops, async ({ tx, now, evidence }) => {
        const supplier = await findSellerByKey(tx, 'demo', 'ES', plan.supplier);
        const buyer = await findDebtorByKey(tx, 'demo', 'ES', plan.buyer);
        if (!supplier || !buyer) throw new Error(`early payment ${plan.number}: its companies are missing`);
        const invoice = await insertInvoice(
          tx,
          'demo',
          {
            seller_id: supplier.id,
            debtor_id: buyer.id,
            number: plan.number,
            amount: plan.amount,
            issue_date: addDays(today, plan.issued),
            due_date: addDays(today, plan.due),
            source: 'e_invoice',
          },
          now,
          evidence,
        );
        invoiceId = invoice.id;
      }),
    );
    const offered = Math.floor((cents(plan.amount) * plan.offeredPct) / 100) / 100;
    at(plan.released, HOURS.release, async () => {
      id = (
        await deps.releaseForOps(ops, {
          bank_id: funder.funderId,
          invoice_id: invoiceId,
          offered_amount: offered,
        })
      ).id;
    });
    if (plan.accepted !== undefined) answer(plan.accepted, HOURS.accept, 'accepted');
    if (plan.declined) answer(plan.declined.on, HOURS.decline, 'declined', plan.declined.reason);
    if (plan.withdrawn) answer(plan.withdrawn.on, HOURS.withdraw, 'withdrawn', plan.withdrawn.reason);
    const { paid } = plan;
    if (paid) {
      at(paid.on, HOURS.pay, () =>
        deps.paid(funder, id, {
          amount: offered,
          value_date: addDays(today, paid.on),
          reference: paid.reference,
        }),
      );
    }
    let owed = cents(plan.amount);
    for (const repayment of plan.repayments ?? []) {
      const amount = repayment.amount === 'rest' ? owed : cents(repayment.amount);
      owed -= amount;
      at(repayment.on, HOURS.repay, () =>
        deps.repayment(funder, id, {
          amount: amount / 100,
          value_date: addDays(today, repayment.on),
          reference: repayment.reference,
        }),
      );
    }
  }

  // Oldest first; within one instant, as written above.
  steps.sort((a, b) => a.day - b.day || a.hour.localeCompare(b.hour) || a.order - b.order);
  for (const step of steps) {
    control.playAt(madridInstant(addDays(today, step.day), step.hour));
    await step.run();
  }
  return { early_payments: DEMO_EARLY_PAYMENTS.length };
}
