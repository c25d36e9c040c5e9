import type { ConsentLevel } from '../settings/consent-levels.ts';
import type { DebtorKey, SellerKey } from './demo.companies.ts';

/**
 * The requests of the demonstration plane, each with the days its steps happened on (days from
 * today: -30 is thirty days ago). The first ones show a funder every status it meets, recent
 * and waiting for it; the book behind them is three months of ordinary business: funded,
 * paid on time or late, some invoices still open past their due date.
 */

export interface DemoInvoice {
  debtor: DebtorKey;
  amount: number;
  /** Days from today (negative: in the past). */
  issued: number;
  due: number;
}

export interface DemoNotice {
  on: number;
  debtor: DebtorKey;
  answer: 'acknowledged' | 'disputed';
  level?: ConsentLevel;
  reason?: string;
}

export interface DemoRequest {
  /** What it shows, for readers and error messages. */
  label: string;
  seller: SellerKey;
  type: 'factoring' | 'confirming';
  invoices: DemoInvoice[];
  /** The day the seller made it; a pending request is never submitted nor routed. */
  created: number;
  pending?: boolean;
  review?: number;
  cancel?: { on: number; note: string };
  signal?: {
    on: number;
    code: string;
    severity: 'low' | 'medium' | 'high';
    hard: boolean;
    detail: string;
  };
  offer?: {
    on: number;
    rate: number;
    advance_pct: number;
    days?: number;
    valid_days?: number;
    notes?: string;
  };
  decline?: { on: number; reason: string; notes: string };
  sellerAnswer?: { on: number; answer: 'accept' | 'reject' };
  /** Debtors' answers to their notices; a debtor left out keeps its notice pending. */
  notices?: DemoNotice[];
  fund?: { on: number; reference: string };
  /** Payments received; `amount: 'rest'` is whatever is still owed. */
  settlements?: { on: number; amount: number | 'rest'; reference: string; note?: string }[];
}

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
    seller: 'loire',
    type: 'factoring',
    created: -3,
    invoices: [
      { debtor: 'rhone', amount: 41_250, issued: -9, due: 51 },
      { debtor: 'rhone', amount: 18_760.4, issued: -4, due: 56 },
    ],
    signal: {
      on: -2,
      code: 'debtor_concentration',
      severity: 'medium',
      hard: false,
      detail: 'Grande Distribution Rhône SA accounts for most of what the seller invoiced this year.',
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

/**
 * One ordinary funded request of the book: made on `created`, offered two days later, accepted
 * the next day, notices acknowledged two days after that, funded the day after; then paid as
 * `paid` says (days from today, with the amount when only part came in), or not at all.
 */
function funded(
  n: number,
  entry: {
    seller: DemoRequest['seller'];
    type?: DemoRequest['type'];
    created: number;
    term: number;
    invoices: [DebtorKey, number][];
    rate: number;
    advance: number;
    paid?: { on: number; amount?: number; note?: string }[];
  },
): DemoRequest {
  const issued = entry.created - 2 - (n % 3);
  const offer = entry.created + 2;
  const type = entry.type ?? 'factoring';
  const debtors = [...new Set(entry.invoices.map(([debtor]) => debtor))];
  const due = issued + entry.term;
  const paid = entry.paid ?? [];
  const fullyPaid = paid.some((p) => p.amount === undefined);
  return {
    label: `book ${n}: funded${fullyPaid ? ', paid' : due < 0 ? ', overdue' : ''}`,
    seller: entry.seller,
    type,
    created: entry.created,
    invoices: entry.invoices.map(([debtor, amount], i) => ({
      debtor,
      amount,
      issued: issued - i,
      due: due - i,
    })),
    offer: { on: offer, rate: entry.rate, advance_pct: entry.advance },
    sellerAnswer: { on: offer + 1, answer: 'accept' },
    notices:
      type === 'factoring'
        ? debtors.map((debtor) => ({ on: offer + 3, debtor, answer: 'acknowledged' as const }))
        : [],
    fund: { on: offer + 4, reference: `TRF-DEMO-1${String(n).padStart(3, '0')}` },
    settlements: paid.map((p, i) => ({
      on: p.on,
      amount: p.amount ?? 'rest',
      reference: `RF${String(10 + n)}DEMO10000000000000${String(n * 10 + i).padStart(3, '0')}`,
      ...(p.note ? { note: p.note } : {}),
    })),
  };
}

/** Three months of funded business behind the showcase. */
const BOOK: readonly DemoRequest[] = [
  funded(1, {
    seller: 'conservas',
    created: -89,
    term: 60,
    invoices: [['meseta', 22_480]],
    rate: 2.05,
    advance: 85,
    paid: [{ on: -31 }],
  }),
  funded(2, {
    seller: 'talleres',
    created: -86,
    term: 75,
    invoices: [['ayuntamiento', 64_300]],
    rate: 2.4,
    advance: 80,
  }),
  funded(3, {
    seller: 'cortica',
    created: -84,
    term: 45,
    invoices: [['atlantico', 18_650]],
    rate: 2.3,
    advance: 85,
    paid: [{ on: -41 }],
  }),
  funded(4, {
    seller: 'transportes',
    type: 'confirming',
    created: -78,
    term: 60,
    invoices: [['levante', 9_870.4]],
    rate: 1.55,
    advance: 100,
    paid: [{ on: -20 }],
  }),
  funded(5, {
    seller: 'loire',
    created: -75,
    term: 60,
    invoices: [['rhone', 33_900]],
    rate: 2.0,
    advance: 90,
    paid: [{ on: -10, amount: 12_000, note: 'Part payment; the debtor promised the rest within the month.' }],
  }),
  funded(6, {
    seller: 'conservas',
    created: -70,
    term: 60,
    invoices: [['levante', 15_340]],
    rate: 2.1,
    advance: 85,
    paid: [{ on: -12 }],
  }),
  funded(7, {
    seller: 'talleres',
    created: -66,
    term: 60,
    invoices: [['meseta', 41_200]],
    rate: 2.15,
    advance: 85,
    paid: [{ on: -9 }],
  }),
  funded(8, {
    seller: 'texteis',
    created: -64,
    term: 90,
    invoices: [['camara', 19_800]],
    rate: 2.7,
    advance: 80,
  }),
  funded(9, {
    seller: 'adriatico',
    created: -60,
    term: 60,
    invoices: [['emilia', 12_750]],
    rate: 2.9,
    advance: 80,
  }),
  funded(10, {
    seller: 'garonne',
    created: -55,
    term: 60,
    invoices: [['rhone', 27_400]],
    rate: 2.25,
    advance: 85,
  }),
  funded(11, {
    seller: 'cortica',
    created: -50,
    term: 90,
    invoices: [['camara', 24_100]],
    rate: 2.45,
    advance: 85,
  }),
  funded(12, {
    seller: 'conservas',
    created: -45,
    term: 60,
    invoices: [['ayuntamiento', 31_750]],
    rate: 2.2,
    advance: 85,
  }),
  funded(13, {
    seller: 'talleres',
    created: -40,
    term: 60,
    invoices: [
      ['levante', 52_600],
      ['meseta', 18_300],
    ],
    rate: 2.1,
    advance: 85,
  }),
  funded(14, {
    seller: 'transportes',
    created: -36,
    term: 30,
    invoices: [['meseta', 11_420]],
    rate: 2.35,
    advance: 80,
    paid: [{ on: -7 }],
  }),
  funded(15, {
    seller: 'loire',
    created: -30,
    term: 60,
    invoices: [['rhone', 21_300]],
    rate: 1.95,
    advance: 90,
  }),
  funded(16, {
    seller: 'adriatico',
    created: -28,
    term: 45,
    invoices: [['emilia', 8_940]],
    rate: 2.95,
    advance: 80,
  }),
  funded(17, {
    seller: 'conservas',
    created: -58,
    term: 30,
    invoices: [['meseta', 27_900]],
    rate: 2.0,
    advance: 85,
    paid: [{ on: -27 }],
  }),
];

export const DEMO_REQUESTS: readonly DemoRequest[] = [...SHOWCASE, ...BOOK];
