import type { DebtorKey, DemoRequest } from './demo.companies.ts';

// The demonstration funder's book: the requests it funded over the last three months, behind
// the recent ones of demo.requests.ts.

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
export const BOOK: readonly DemoRequest[] = [
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
