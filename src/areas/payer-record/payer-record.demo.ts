import { addDays, madridDate } from '../../platform/clock.ts';
import type { WriteScope } from '../../platform/write.ts';
import { seedDemoDebtorProfiles } from '../debtor-info/debtor-info.module.ts';
import * as store from './payer-record.store.ts';

/** [days ago issued, payment term in days or null, days after issue it was paid or null, euros] */
type DemoLine = [number, number | null, number | null, string];

/**
 * Suppliers' ledgers on the demonstration plane, by buyer and observing supplier. The
 * suppliers are the demonstration sellers. Distribuciones Meseta is seen by three suppliers
 * (its record is published); Hipermercados Levante by two (its record is not).
 */
const DEMO_LEDGERS: readonly { buyer: [string, string]; supplier: string; lines: DemoLine[] }[] = [
  {
    buyer: ['ES', 'A28000101'],
    supplier: 'ES:B39000001',
    lines: [
      [200, 60, 58, '12400.00'],
      [150, 60, 66, '8900.50'],
      [90, 60, 61, '15200.00'],
      [30, 60, null, '9800.00'],
    ],
  },
  {
    buyer: ['ES', 'A28000101'],
    supplier: 'ES:A50000002',
    lines: [
      [180, 45, 50, '4300.00'],
      [120, 45, 44, '5150.25'],
      [70, 45, null, '6100.00'],
    ],
  },
  {
    buyer: ['ES', 'A28000101'],
    supplier: 'PT:509000003',
    lines: [
      [160, 30, 35, '2750.00'],
      [100, null, 29, '3100.00'],
      [20, 30, null, '2900.00'],
    ],
  },
  {
    buyer: ['ES', 'B46000102'],
    supplier: 'ES:B39000001',
    lines: [
      [140, 60, 75, '7200.00'],
      [60, 60, null, '6400.00'],
    ],
  },
  {
    buyer: ['ES', 'B46000102'],
    supplier: 'FR:FR40900000004',
    lines: [[110, 90, 95, '18300.00']],
  },
];

/**
 * Seeds the demonstration plane's payer records and debtor profiles inside the caller's write
 * (the demonstration reset). Dates follow the clock. Running it again replaces the same rows,
 * so it is safe on a freshly cleared plane and on one already seeded. What to clear on reset:
 * supplier_ledger_lines, debtor_profiles, debtor_scores and debtor_public_payment_periods of
 * plane 'demo' (the last three also go with their debtors).
 */
export async function seedDemoPayerRecords(scope: WriteScope) {
  const today = madridDate(scope.now);
  const lines: store.LedgerLine[] = DEMO_LEDGERS.flatMap(({ buyer, supplier, lines }) =>
    lines.map(([issuedAgo, term, paidAfter, amount], i) => {
      const issueDate = addDays(today, -issuedAgo);
      return {
        buyer_country: buyer[0],
        buyer_tax_id: buyer[1],
        supplier_key: supplier,
        invoice_number: `DEMO-${supplier.slice(3)}-${buyer[1]}-${i + 1}`,
        amount,
        issue_date: issueDate,
        due_date: term === null ? null : addDays(issueDate, term),
        paid_date: paidAfter === null ? null : addDays(issueDate, paidAfter),
      };
    }),
  );
  await store.upsertLedgerLinesForOperator(scope.tx, 'demo', lines, scope.now);
  const profiles = await seedDemoDebtorProfiles(scope);
  return {
    ledger_lines: lines.length,
    buyers: new Set(DEMO_LEDGERS.map((l) => l.buyer[1])).size,
    ...profiles,
  };
}
