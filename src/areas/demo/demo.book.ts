import type { DebtorKey, DemoRequest } from './demo.companies.ts';

// The demonstration funder's book: the requests it funded over the last three months, behind
// the recent ones of demo.requests.ts.

/** A payment the debtor made on a request of the book: days from today, with the amount when only part came in. */
type BookPayment = { on: number; amount?: number; note?: string };

/** One ordinary funded request of the book, a row of the table below. */
type BookEntry = [
  seller: DemoRequest['seller'],
  created: number,
  term: number,
  invoices: [DebtorKey, number][],
  rate: number,
  advance: number,
  paid?: BookPayment[],
  type?: DemoRequest['type'],
];

/**
 * The `n`-th request of the book: made on `created`, offered two days later, accepted the next
 * day, notices acknowledged two days after that, funded the day after; then paid as `paid`
 * says, or not at all.
 */
function funded(
  n: number,
  [seller, created, term, invoices, rate, advance, paid = [], type = 'factoring']: BookEntry,
): DemoRequest {
  const issued = created - 2 - (n % 3);
  const offer = created + 2;
  const debtors = [...new Set(invoices.map(([debtor]) => debtor))];
  const due = issued + term;
  const fullyPaid = paid.some((p) => p.amount === undefined);
  return {
    label: `book ${n}: funded${fullyPaid ? ', paid' : due < 0 ? ', overdue' : ''}`,
    seller,
    type,
    created,
    invoices: invoices.map(([debtor, amount], i) => ({
      debtor,
      amount,
      issued: issued - i,
      due: due - i,
    })),
    offer: { on: offer, rate, advance_pct: advance },
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

/**
 * Three months of funded business behind the showcase, numbered from 1 in this order: seller,
 * day made, payment term (days), invoices (debtor, euros), rate, advance %, payments, type.
 */
const ENTRIES: readonly BookEntry[] = [
  ['conservas', -89, 60, [['meseta', 22_480]], 2.05, 85, [{ on: -31 }]],
  ['talleres', -86, 75, [['ayuntamiento', 64_300]], 2.4, 80],
  ['cortica', -84, 45, [['atlantico', 18_650]], 2.3, 85, [{ on: -41 }]],
  ['transportes', -78, 60, [['levante', 9_870.4]], 1.55, 100, [{ on: -20 }], 'confirming'],
  [
    'loire',
    -75,
    60,
    [['rhone', 33_900]],
    2.0,
    90,
    [{ on: -10, amount: 12_000, note: 'Part payment; the debtor promised the rest within the month.' }],
  ],
  ['conservas', -70, 60, [['levante', 15_340]], 2.1, 85, [{ on: -12 }]],
  ['talleres', -66, 60, [['meseta', 41_200]], 2.15, 85, [{ on: -9 }]],
  ['texteis', -64, 90, [['camara', 19_800]], 2.7, 80],
  ['adriatico', -60, 60, [['emilia', 12_750]], 2.9, 80],
  ['garonne', -55, 60, [['rhone', 27_400]], 2.25, 85],
  ['cortica', -50, 90, [['camara', 24_100]], 2.45, 85],
  ['conservas', -45, 60, [['ayuntamiento', 31_750]], 2.2, 85],
  [
    'talleres',
    -40,
    60,
    [
      ['levante', 52_600],
      ['meseta', 18_300],
    ],
    2.1,
    85,
  ],
  ['transportes', -36, 30, [['meseta', 11_420]], 2.35, 80, [{ on: -7 }]],
  ['loire', -30, 60, [['rhone', 21_300]], 1.95, 90],
  ['adriatico', -28, 45, [['emilia', 8_940]], 2.95, 80],
  ['conservas', -58, 30, [['meseta', 27_900]], 2.0, 85, [{ on: -27 }]],
];

export const BOOK: readonly DemoRequest[] = ENTRIES.map((entry, i) => funded(i + 1, entry));
