import { describe, expect, it } from 'vitest';
import { nameSimilarity } from './statements.company-names.ts';
import {
  type BookRequest,
  createMatcher,
  creditorReferenceBody,
  creditorReferenceFor,
  findCreditorReferences,
} from './statements.matching.ts';

const book: BookRequest[] = [
  {
    id: 'r1',
    requestRef: 'FR-2026-000123',
    totalCents: 2_080_050,
    settledCents: 0,
    invoices: [
      { number: 'F-2026/001', amountCents: 1_250_000, debtorName: 'Distribuciones Meseta SA', paid: false },
      { number: 'F-2026/002', amountCents: 830_050, debtorName: 'Hipermercados Levante SL', paid: false },
    ],
  },
  {
    id: 'r2',
    requestRef: 'FR-2026-000124',
    totalCents: 500_000,
    settledCents: 100_000,
    invoices: [{ number: '1042', amountCents: 500_000, debtorName: 'Talleres Ebro SL', paid: false }],
  },
  {
    id: 'r3',
    requestRef: 'FR-2026-000125',
    totalCents: 777_700,
    settledCents: 0,
    invoices: [
      { number: 'F-2026/001', amountCents: 777_700, debtorName: 'Conservas Rías Baixas SL', paid: false },
    ],
  },
];

const line = (over: Partial<Parameters<ReturnType<typeof createMatcher>['propose']>[0]>) => ({
  amountCents: 100,
  counterpartyName: null,
  creditorReference: null,
  texts: [],
  ...over,
});

describe('ISO 11649 creditor references', () => {
  it('derives a valid RF reference from the request_ref and reads it back', () => {
    const rf = creditorReferenceFor('FR-2026-000123');
    expect(rf).toMatch(/^RF\d{2}FR2026000123$/);
    expect(creditorReferenceBody(rf)).toBe('FR2026000123');
    expect(creditorReferenceBody(rf.replace('FR2026', 'FR2027'))).toBeNull();
    // The example of the standard.
    expect(creditorReferenceBody('RF18 5390 0754 7034')).toBe('539007547034');
  });

  it('finds RF references written in groups inside free text', () => {
    const rf = creditorReferenceFor('DEMO-2026-000042');
    const grouped = rf.replace(/(.{4})/g, '$1 ').trim();
    expect(findCreditorReferences(`Pago ${grouped} gracias`)).toEqual(['DEMO2026000042']);
    expect(findCreditorReferences('RF99 1234 nothing here')).toEqual([]);
  });
});

describe('name similarity', () => {
  it('sees through legal forms, accents, case and truncation', () => {
    expect(nameSimilarity('DISTRIBUCIONES MESETA S.A.', 'Distribuciones Meseta SA')).toBe(1);
    expect(nameSimilarity('DISTRIB MESETA', 'Distribuciones Meseta, S.A.')).toBe(1);
    expect(nameSimilarity('Conservas Rias Baixas', 'Conservas Rías Baixas SL')).toBe(1);
    expect(nameSimilarity('Talleres Ebro SL', 'Distribuciones Meseta SA')).toBeLessThan(0.4);
  });
});

describe('proposing matches', () => {
  it('a reference first: RF, then the request_ref however written, then an invoice number', () => {
    const matcher = createMatcher(book);
    expect(matcher.propose(line({ creditorReference: creditorReferenceFor('FR-2026-000124') }))).toEqual({
      requestId: 'r2',
      requestRef: 'FR-2026-000124',
      invoiceNumber: null,
      method: 'reference',
      confidence: 1,
    });
    for (const text of ['pago FR-2026-000123', 'FR2026000123', 'ref fr 2026 000123 ok']) {
      expect(matcher.propose(line({ texts: [text] }))).toMatchObject({ requestId: 'r1', confidence: 0.98 });
    }
    expect(matcher.propose(line({ texts: ['Factura F-2026/002'], amountCents: 830_050 }))).toMatchObject({
      requestId: 'r1',
      invoiceNumber: 'F-2026/002',
      method: 'reference',
      confidence: 0.95,
    });
  });

  it('an invoice number shared by two sellers is settled by the debtor name or the amount', () => {
    const matcher = createMatcher(book);
    expect(
      matcher.propose(
        line({ texts: ['F2026001'], counterpartyName: 'CONSERVAS RIAS BAIXAS', amountCents: 1 }),
      ),
    ).toMatchObject({ requestId: 'r3', confidence: 0.85 });
    expect(matcher.propose(line({ texts: ['F2026001'], amountCents: 1_250_000 }))).toMatchObject({
      requestId: 'r1',
    });
    expect(matcher.propose(line({ texts: ['F2026001'], amountCents: 5 }))).toBeNull();
  });

  it('a short numeric invoice number counts only with its exact amount', () => {
    const matcher = createMatcher(book);
    expect(matcher.propose(line({ texts: ['pedido 1042'], amountCents: 12 }))).toBeNull();
    expect(matcher.propose(line({ texts: ['pedido 1042'], amountCents: 500_000 }))).toMatchObject({
      requestId: 'r2',
      invoiceNumber: '1042',
      confidence: 0.665,
    });
  });

  it('then amount and debtor: an unpaid invoice, each proposed once', () => {
    const matcher = createMatcher(book);
    const payment = line({ amountCents: 1_250_000, counterpartyName: 'DISTRIBUCIONES MESETA' });
    expect(matcher.propose(payment)).toEqual({
      requestId: 'r1',
      requestRef: 'FR-2026-000123',
      invoiceNumber: 'F-2026/001',
      method: 'amount_and_debtor',
      confidence: 0.9,
    });
    // The same invoice is not proposed twice in one file; the whole request's remainder is not this amount.
    expect(matcher.propose(payment)).toBeNull();
    expect(matcher.propose(line({ amountCents: 1_250_000, counterpartyName: 'Talleres Ebro' }))).toBeNull();
  });

  it('amount and debtor on everything a request still owes', () => {
    const matcher = createMatcher(book);
    expect(
      matcher.propose(line({ amountCents: 400_000, counterpartyName: 'TALLERES EBRO S.L.' })),
    ).toMatchObject({
      requestId: 'r2',
      invoiceNumber: null,
      method: 'amount_and_debtor',
      confidence: 0.8,
    });
  });
});
