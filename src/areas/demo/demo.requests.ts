import { BOOK } from './demo.book.ts';
import type { DemoRequest } from './demo.companies.ts';

/**
 * The requests of the demonstration plane, each with the days its steps happened on (days from
 * today: -30 is thirty days ago). The first ones show a funder every status it meets, recent
 * and waiting for it; the book behind them (demo.book.ts) is three months of ordinary business: funded,
 * paid on time or late, some invoices still open past their due date.
 */

/** Recent requests, one or more in every status a funder meets. */
const SHOWCASE: readonly DemoRequest[] = [
  {
    label: 'pending: the seller has not submitted it yet',
    seller: 'ceramiche',
    type: 'factoring',
    created: -2,
    pending: true,
    invoices: [
      { debtor: 'lombarda', amount: 23_480, issued: -6, due: 84 },
      { debtor: 'emilia', amount: 9_915.6, issued: -4, due: 56 },
    ],
  },
  {
    label: 'submitted, with a soft concentration signal',
    seller: 'conservas',
    type: 'factoring',
    created: -3,
    invoices: [
      { debtor: 'levante', amount: 41_250, issued: -9, due: 51 },
      { debtor: 'levante', amount: 18_760.4, issued: -4, due: 56 },
    ],
    signal: {
      on: -2,
      code: 'debtor_concentration',
      severity: 'medium',
      hard: false,
      detail: 'Hipermercados Levante SL accounts for most of what the seller invoiced this year.',
    },
  },
  {
    label: 'under review; the seller’s tax certificate expired after routing',
    seller: 'texteis',
    type: 'factoring',
    created: -13,
    review: -10,
    invoices: [
      { debtor: 'atlantico', amount: 12_340, issued: -15, due: 45 },
      { debtor: 'camara', amount: 27_900, issued: -14, due: 76 },
    ],
  },
  {
    label: 'terms sent: an offer waits for the seller',
    seller: 'talleres',
    type: 'factoring',
    created: -6,
    invoices: [
      { debtor: 'meseta', amount: 36_400, issued: -10, due: 80 },
      { debtor: 'ayuntamiento', amount: 58_150.75, issued: -20, due: 70 },
    ],
    offer: {
      on: -3,
      rate: 2.35,
      advance_pct: 85,
      days: 75,
      valid_days: 14,
      notes: 'Public-body invoice priced at the municipal rate.',
    },
  },
  {
    label: 'approved: one debtor acknowledged, one notice pending',
    seller: 'conservas',
    type: 'factoring',
    created: -16,
    invoices: [
      { debtor: 'meseta', amount: 19_870.5, issued: -18, due: 60 },
      { debtor: 'levante', amount: 14_220, issued: -17, due: 63 },
    ],
    offer: { on: -14, rate: 2.1, advance_pct: 80 },
    sellerAnswer: { on: -13, answer: 'accept' },
    notices: [{ on: -10, debtor: 'meseta', answer: 'acknowledged' }],
  },
  {
    label: 'funded: both notices acknowledged',
    seller: 'cortica',
    type: 'factoring',
    created: -33,
    invoices: [
      { debtor: 'atlantico', amount: 31_500, issued: -36, due: 24 },
      { debtor: 'camara', amount: 22_740.8, issued: -34, due: 58 },
    ],
    offer: { on: -31, rate: 2.6, advance_pct: 85 },
    sellerAnswer: { on: -30, answer: 'accept' },
    notices: [
      { on: -28, debtor: 'atlantico', answer: 'acknowledged' },
      { on: -27, debtor: 'camara', answer: 'acknowledged' },
    ],
    fund: { on: -26, reference: 'TRF-DEMO-0006' },
  },
  {
    label: 'funded, one invoice already paid (partial settlement)',
    seller: 'loire',
    type: 'factoring',
    created: -80,
    invoices: [
      { debtor: 'rhone', amount: 26_800, issued: -84, due: -5 },
      { debtor: 'rhone', amount: 17_450.25, issued: -81, due: 25 },
    ],
    offer: { on: -78, rate: 1.95, advance_pct: 90 },
    sellerAnswer: { on: -77, answer: 'accept' },
    notices: [{ on: -75, debtor: 'rhone', answer: 'acknowledged', level: 'acceptance' }],
    fund: { on: -72, reference: 'TRF-DEMO-0007' },
    settlements: [
      {
        on: -3,
        amount: 26_800,
        reference: 'RF18DEMO0000000000000001',
        note: 'First invoice paid at maturity.',
      },
    ],
  },
  {
    label: 'settled: funded, then paid in full by the debtor',
    seller: 'talleres',
    type: 'factoring',
    created: -88,
    invoices: [{ debtor: 'levante', amount: 48_300, issued: -95, due: -8 }],
    offer: { on: -86, rate: 2.2, advance_pct: 85 },
    sellerAnswer: { on: -85, answer: 'accept' },
    notices: [{ on: -83, debtor: 'levante', answer: 'acknowledged' }],
    fund: { on: -80, reference: 'TRF-DEMO-0008' },
    settlements: [
      {
        on: -6,
        amount: 'rest',
        reference: 'RF47DEMO0000000000000002',
        note: 'Paid two days after maturity.',
      },
    ],
  },
  {
    label: 'declined by the funder',
    seller: 'garonne',
    type: 'factoring',
    created: -9,
    invoices: [{ debtor: 'rhone', amount: 64_000, issued: -11, due: 109 }],
    decline: {
      on: -8,
      reason: 'concentration',
      notes:
        'Our limit on Grande Distribution Rhône SA is used up this quarter; please come back next quarter.',
    },
  },
  {
    label: 'rejected: the seller refused the terms',
    seller: 'adriatico',
    type: 'factoring',
    created: -20,
    invoices: [{ debtor: 'emilia', amount: 15_600, issued: -22, due: 68 }],
    offer: { on: -18, rate: 3.4, advance_pct: 75 },
    sellerAnswer: { on: -16, answer: 'reject' },
  },
  {
    label: 'cancelled by the seller',
    seller: 'conservas',
    type: 'factoring',
    created: -22,
    invoices: [{ debtor: 'ayuntamiento', amount: 11_480, issued: -26, due: 34 }],
    cancel: { on: -19, note: 'The town hall paid early; the seller withdrew the request.' },
  },
  {
    label: 'confirming: the buyer’s programme, funded',
    seller: 'transportes',
    type: 'confirming',
    created: -25,
    invoices: [
      { debtor: 'levante', amount: 8_760, issued: -30, due: 60 },
      { debtor: 'levante', amount: 6_430.9, issued: -27, due: 63 },
    ],
    offer: { on: -23, rate: 1.6, advance_pct: 100 },
    sellerAnswer: { on: -22, answer: 'accept' },
    fund: { on: -21, reference: 'TRF-DEMO-0012' },
  },
  {
    label: 'submitted, held by a hard risk signal',
    seller: 'transportes',
    type: 'factoring',
    created: -4,
    invoices: [{ debtor: 'meseta', amount: 48_000, issued: -5, due: 85 }],
    signal: {
      on: -3,
      code: 'amount_above_history',
      severity: 'high',
      hard: true,
      detail: 'The invoice is about nine times the largest the seller issued in the last 12 months.',
    },
  },
  {
    label: 'approved, with the debtor disputing the invoice',
    seller: 'cortica',
    type: 'factoring',
    created: -18,
    invoices: [{ debtor: 'atlantico', amount: 16_980, issued: -21, due: 39 }],
    offer: { on: -16, rate: 2.5, advance_pct: 85 },
    sellerAnswer: { on: -15, answer: 'accept' },
    notices: [
      {
        on: -12,
        debtor: 'atlantico',
        answer: 'disputed',
        reason: 'Two pallets arrived damaged; the invoice is disputed until a credit note is agreed.',
      },
    ],
  },
];

export const DEMO_REQUESTS: readonly DemoRequest[] = [...SHOWCASE, ...BOOK];
