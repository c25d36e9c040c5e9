import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { refusals } from '../../../test/support/refusals.ts';
import { startGiven } from '../../../test/support/service.ts';
import { shared } from '../../../test/support/shared.ts';
import {
  debtorKey,
  findDebtor,
  findDebtorByKey,
  findSeller,
  insertDebtor,
  insertInvoice,
  insertSeller,
  markInvoiceSellerPaid,
  normalizeTaxId,
  parseDebtorKey,
} from './parties.module.ts';

type Row = Record<string, unknown>;

const { service } = startGiven();

let sequence = 0;
/** A tax number no other test in this file uses. */
const freshTaxId = (letter = 'B') => `${letter}${String(++sequence).padStart(8, '0')}`;

async function count(table: string): Promise<number> {
  const { rows } = await service.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

/** Row counts of every table a refused call must leave untouched. */
async function footprint() {
  return {
    sellers: await count('sellers'),
    debtors: await count('debtors'),
    invoices: await count('invoices'),
    evidence: await count('evidence_entries'),
  };
}

async function evidenceFor(subjectId: string) {
  const { rows } = await service.db.query<{
    kind: string;
    funder_id: string | null;
    plane: string | null;
    subject_type: string;
    payload: Row;
    actor: Row;
  }>(
    'SELECT kind, funder_id, plane, subject_type, payload, actor FROM evidence_entries WHERE subject_id = $1 ORDER BY seq',
    [subjectId],
  );
  return rows;
}

async function createSeller(overrides: Row = {}) {
  const answer = await service.ops<{ seller: Row & { id: string } }>('POST', '/ops/v1/sellers', {
    plane: 'live',
    name: 'Conservas Norte SL',
    tax_id: freshTaxId(),
    country: 'ES',
    ...overrides,
  });
  expect(answer.status).toBe(201);
  return answer.body.seller;
}

async function createDebtor(overrides: Row = {}) {
  const answer = await service.ops<{ debtor: Row & { id: string } }>('POST', '/ops/v1/debtors', {
    plane: 'live',
    name: 'Distribuciones Sur SA',
    tax_id: freshTaxId('A'),
    country: 'ES',
    ...overrides,
  });
  expect(answer.status).toBe(201);
  return answer.body.debtor;
}

async function createInvoice(sellerId: string, debtorId: string, overrides: Row = {}) {
  const answer = await service.ops<{ invoice: Row & { id: string } }>('POST', '/ops/v1/invoices', {
    seller_id: sellerId,
    debtor_id: debtorId,
    number: `F-${++sequence}`,
    amount: 1000,
    issue_date: '2025-03-01',
    due_date: '2025-05-30',
    source: 'erp',
    ...overrides,
  });
  expect(answer.status).toBe(201);
  return answer.body.invoice;
}

describe('POST /ops/v1/sellers', () => {
  it('creates a seller with every field and records it on the evidence chain', async () => {
    const answer = await service.ops<{ seller: Row & { id: string } }>('POST', '/ops/v1/sellers', {
      plane: 'live',
      name: '  Conservas del Norte SL ',
      tax_id: 'b-12.345 678',
      country: 'es',
      verification_status: 'approved',
      founded_on: '2009-06-15',
      annual_revenue: 2_500_000.55,
      employees: 42,
      sector: 'c',
      email: 'finance@conservas.example',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const seller = answer.body.seller;
    expect(seller).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      plane: 'live',
      name: 'Conservas del Norte SL',
      tax_id: 'B12345678',
      country: 'ES',
      verification_status: 'approved',
      founded_on: '2009-06-15',
      annual_revenue: 2_500_000.55,
      employees: 42,
      sector: 'C',
      email: 'finance@conservas.example',
      created_at: expect.any(String),
    });
    expect(new Date(seller.created_at as string).toISOString()).toBe(seller.created_at);

    const evidence = await evidenceFor(seller.id);
    expect(evidence).toEqual([
      {
        kind: 'seller.created',
        funder_id: null,
        plane: 'live',
        subject_type: 'seller',
        payload: {
          name: 'Conservas del Norte SL',
          tax_id: 'B12345678',
          country: 'ES',
          verification_status: 'approved',
        },
        actor: { kind: 'operator', operator: 'bootstrap', request_id: expect.any(String) },
      },
    ]);
  });

  it('leaves the optional fields empty and the verification pending when they are not given', async () => {
    const seller = await createSeller({ plane: 'demo' });
    expect(seller).toMatchObject({
      plane: 'demo',
      verification_status: 'pending',
      founded_on: null,
      annual_revenue: null,
      employees: null,
      sector: null,
      email: null,
    });
    expect((await evidenceFor(seller.id))[0]).toMatchObject({ kind: 'seller.created', plane: 'demo' });
  });

  it('accepts explicit nulls for the optional fields', async () => {
    const seller = await createSeller({
      founded_on: null,
      annual_revenue: null,
      employees: null,
      sector: null,
      email: null,
    });
    expect(seller.founded_on).toBeNull();
  });

  it('refuses a call without the operator token, and a funder key, with unauthorized and writes nothing', async () => {
    const before = await footprint();
    const body = { plane: 'live', name: 'Sin Permiso SL', tax_id: freshTaxId(), country: 'ES' };
    expectError(await service.call(null, 'POST', '/ops/v1/sellers', { body }), 401, 'unauthorized');
    const { key } = await service.given.funderWithKey();
    const afterFunder = await footprint();
    expectError(await service.call(key, 'POST', '/ops/v1/sellers', { body }), 401, 'unauthorized');
    expectError(
      await service.call('ops_not_the_token', 'POST', '/ops/v1/sellers', { body }),
      401,
      'unauthorized',
    );
    expect((await footprint()).sellers).toBe(before.sellers);
    expect(await footprint()).toEqual(afterFunder);
  });

  it('refuses a second seller with the same country and tax id on the same plane with conflict', async () => {
    const taxId = freshTaxId();
    await createSeller({ tax_id: taxId });
    const before = await footprint();
    const spelledOtherwise = `${taxId.slice(0, 1).toLowerCase()}-${taxId.slice(1, 5)} ${taxId.slice(5)}`;
    for (const sent of [taxId, spelledOtherwise]) {
      const answer = await service.ops('POST', '/ops/v1/sellers', {
        plane: 'live',
        name: 'Otra SL',
        tax_id: sent,
        country: 'es',
      });
      const error = expectError(answer, 409, 'conflict');
      expect(error.message).toContain(taxId);
    }
    expect(await footprint()).toEqual(before);
  });

  it('lets exactly one of two simultaneous creations of one seller through', async () => {
    const body = { plane: 'live', name: 'Carrera SL', tax_id: freshTaxId(), country: 'ES' };
    const answers = await Promise.all([
      service.ops('POST', '/ops/v1/sellers', body),
      service.ops('POST', '/ops/v1/sellers', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expectError(loser, 409, 'conflict');
  });

  it('allows the same tax id on the other plane and in another country', async () => {
    const taxId = freshTaxId();
    await createSeller({ tax_id: taxId });
    const demo = await createSeller({ tax_id: taxId, plane: 'demo' });
    const portugal = await createSeller({ tax_id: taxId, country: 'PT' });
    expect([demo.plane, portugal.country]).toEqual(['demo', 'PT']);
  });

  it.each([
    ['a name that is not text', { name: 5 }, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a name of blanks only', { name: '    ' }, 'name'],
    ['a name longer than 200 characters', { name: 'N'.repeat(201) }, 'name'],
    ['a huge name', { name: 'N'.repeat(100_000) }, 'name'],
    ['a name with a control character', { name: 'Bad\u0007Name' }, 'name'],
    ['a tax id longer than 32 characters', { tax_id: '1'.repeat(33) }, 'tax_id'],
    ['a tax id of separators only', { tax_id: '-- ..' }, 'tax_id'],
    ['a tax id with symbols', { tax_id: 'B12#45' }, 'tax_id'],
    ['a plane that does not exist', { plane: 'test' }, 'plane'],
    ['a three-letter country', { country: 'ESP' }, 'country'],
    ['a country code that is not assigned', { country: 'XX' }, 'country'],
    ['a verification status that does not exist', { verification_status: 'ok' }, 'verification_status'],
    ['a founding date that is not a calendar date', { founded_on: '2020-02-30' }, 'founded_on'],
    ['a founding date in another format', { founded_on: '15/06/2009' }, 'founded_on'],
    ['a founding date in the future', { founded_on: '2999-01-01' }, 'founded_on'],
    ['a founding date before 1800', { founded_on: '1799-12-31' }, 'founded_on'],
    ['a negative revenue', { annual_revenue: -1 }, 'annual_revenue'],
    ['a revenue with three decimals', { annual_revenue: 1000.123 }, 'annual_revenue'],
    ['a revenue above one trillion euros', { annual_revenue: 1e13 }, 'annual_revenue'],
    ['a revenue written as text', { annual_revenue: '1000' }, 'annual_revenue'],
    ['a fractional head count', { employees: 1.5 }, 'employees'],
    ['a negative head count', { employees: -1 }, 'employees'],
    ['a head count above ten million', { employees: 10_000_001 }, 'employees'],
    ['a sector letter past U', { sector: 'Z' }, 'sector'],
    ['a sector code that is not a letter', { sector: '10' }, 'sector'],
    ['an e-mail address without @', { email: 'finance.example' }, 'email'],
    ['an unknown member', { rating: 'AAA' }, ''],
  ])('refuses %s with body_invalid and writes nothing', async (_what, change, field) => {
    const before = await footprint();
    const answer = await service.ops('POST', '/ops/v1/sellers', {
      plane: 'live',
      name: 'Valida SL',
      tax_id: freshTaxId(),
      country: 'ES',
      ...change,
    });
    const error = expectError(answer, 422, 'body_invalid');
    if (field) expect(error.field).toBe(field);
    expect(error.message.length).toBeGreaterThan(5);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a body without a required member and a body that is not JSON', async () => {
    const before = await footprint();
    const missing = await service.ops('POST', '/ops/v1/sellers', { plane: 'live', name: 'Sin NIF SL' });
    expect(expectError(missing, 422, 'body_invalid').message).toContain('tax_id');
    const notJson = await service.call(service.opsToken, 'POST', '/ops/v1/sellers', {
      payload: '{"plane":',
      headers: { 'content-type': 'application/json' },
    });
    expectError(notJson, 422, 'body_invalid');
    expect(await footprint()).toEqual(before);
  });
});

describe('GET /ops/v1/sellers/:id', () => {
  it('answers the seller as created', async () => {
    const seller = await createSeller({ annual_revenue: 10.1, employees: 0 });
    const answer = await service.ops<{ seller: Row }>('GET', `/ops/v1/sellers/${seller.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.seller).toEqual(seller);
    expect(answer.body.seller.annual_revenue).toBe(10.1);
  });

  it('answers not_found for an unknown or malformed id', async () => {
    expectError(
      await service.ops('GET', '/ops/v1/sellers/00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
    expectError(await service.ops('GET', '/ops/v1/sellers/not-a-uuid'), 404, 'not_found');
  });

  it('needs the operator token', async () => {
    const seller = await createSeller();
    expectError(await service.call(null, 'GET', `/ops/v1/sellers/${seller.id}`), 401, 'unauthorized');
  });
});

describe('POST /ops/v1/sellers/:id/verification', () => {
  it('changes the verification status once and records the change', async () => {
    const seller = await createSeller();
    const first = await service.ops<{ seller: Row; changed: boolean }>(
      'POST',
      `/ops/v1/sellers/${seller.id}/verification`,
      { status: 'approved', reason: 'documents checked' },
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ seller: { ...seller, verification_status: 'approved' }, changed: true });

    const again = await service.ops<{ seller: Row; changed: boolean }>(
      'POST',
      `/ops/v1/sellers/${seller.id}/verification`,
      { status: 'approved' },
    );
    expect(again.body.changed).toBe(false);

    const lapsed = await service.ops<{ seller: Row; changed: boolean }>(
      'POST',
      `/ops/v1/sellers/${seller.id}/verification`,
      { status: 'lapsed' },
    );
    expect(lapsed.body.seller.verification_status).toBe('lapsed');

    const evidence = await evidenceFor(seller.id);
    expect(evidence.map((e) => [e.kind, e.payload])).toEqual([
      ['seller.created', expect.any(Object)],
      ['seller.verification_changed', { from: 'pending', to: 'approved', reason: 'documents checked' }],
      ['seller.verification_changed', { from: 'approved', to: 'lapsed', reason: null }],
    ]);
    expect(evidence[1]).toMatchObject({ funder_id: null, plane: 'live' });
  });

  /** A seller the refused calls leave as it was created. */
  const seller = shared(() => createSeller());
  refusals(
    'refuses $name with $code, changing nothing',
    [
      {
        name: 'a status that does not exist',
        body: { status: 'verified' },
        status: 422,
        code: 'body_invalid',
      },
      {
        name: 'an unknown member',
        body: { status: 'approved', by: 'me' },
        status: 422,
        code: 'body_invalid',
      },
      {
        name: 'a reason longer than 500 characters',
        body: { status: 'approved', reason: 'r'.repeat(501) },
        status: 422,
        code: 'body_invalid',
      },
      {
        name: 'an unknown seller',
        sellerId: '00000000-0000-4000-8000-000000000000',
        body: { status: 'approved' },
        status: 404,
        code: 'not_found',
      },
      {
        name: 'a call without the operator token',
        token: null,
        body: { status: 'approved' },
        status: 401,
        code: 'unauthorized',
      },
    ] as { name: string; body: Row; status: number; code: string; sellerId?: string; token?: null }[],
    {
      send: async ({ body, sellerId, token }) =>
        service.call(
          token === null ? null : service.opsToken,
          'POST',
          `/ops/v1/sellers/${sellerId ?? (await seller()).id}/verification`,
          { body },
        ),
      unchanged: async () => {
        const { id } = await seller();
        const read = await service.ops<{ seller: Row }>('GET', `/ops/v1/sellers/${id}`);
        return { footprint: await footprint(), seller: read.body.seller };
      },
    },
  );

  it('a refused change leaves the seller as it was created', async () => {
    const created = await seller();
    expect((await service.ops<{ seller: Row }>('GET', `/ops/v1/sellers/${created.id}`)).body.seller).toEqual(
      created,
    );
  });
});

describe('POST /ops/v1/debtors', () => {
  it('creates a debtor with its debtor key and records it', async () => {
    const answer = await service.ops<{ debtor: Row & { id: string } }>('POST', '/ops/v1/debtors', {
      plane: 'live',
      name: 'Ayuntamiento de Ejemplo',
      tax_id: 'p 2800199 a',
      country: 'es',
      is_public_body: true,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.debtor).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      plane: 'live',
      debtor_key: 'ES:P2800199A',
      name: 'Ayuntamiento de Ejemplo',
      tax_id: 'P2800199A',
      country: 'ES',
      is_public_body: true,
      created_at: expect.any(String),
    });
    const evidence = await evidenceFor(answer.body.debtor.id);
    expect(evidence).toEqual([
      {
        kind: 'debtor.created',
        funder_id: null,
        plane: 'live',
        subject_type: 'debtor',
        payload: {
          debtor_key: 'ES:P2800199A',
          name: 'Ayuntamiento de Ejemplo',
          tax_id: 'P2800199A',
          country: 'ES',
          is_public_body: true,
        },
        actor: { kind: 'operator', operator: 'bootstrap', request_id: expect.any(String) },
      },
    ]);
    const read = await service.ops<{ debtor: Row }>('GET', `/ops/v1/debtors/${answer.body.debtor.id}`);
    expect(read.body.debtor).toEqual(answer.body.debtor);
  });

  it('takes a debtor as a private company unless told otherwise', async () => {
    const debtor = await createDebtor({ plane: 'demo' });
    expect(debtor).toMatchObject({ is_public_body: false, plane: 'demo' });
  });

  it('refuses a second debtor with the same country and tax id on the same plane with conflict', async () => {
    const taxId = freshTaxId('A');
    await createDebtor({ tax_id: taxId });
    const before = await footprint();
    expectError(
      await service.ops('POST', '/ops/v1/debtors', {
        plane: 'live',
        name: 'Duplicado SA',
        tax_id: taxId.toLowerCase(),
        country: 'ES',
      }),
      409,
      'conflict',
    );
    expect(await footprint()).toEqual(before);
    expect((await createDebtor({ tax_id: taxId, plane: 'demo' })).plane).toBe('demo');
  });

  it.each([
    ['a name longer than 200 characters', { name: 'D'.repeat(201) }],
    ['a name that is not text', { name: ['D'] }],
    ['a public-body flag written as text', { is_public_body: 'yes' }],
    ['a country code that is not assigned', { country: 'ZZ' }],
    ['a tax id longer than 32 characters', { tax_id: 'A'.repeat(33) }],
    ['a plane that does not exist', { plane: 'sandbox' }],
    ['an unknown member', { sector: 'G' }],
  ])('refuses %s with body_invalid and writes nothing', async (_what, change) => {
    const before = await footprint();
    const answer = await service.ops('POST', '/ops/v1/debtors', {
      plane: 'live',
      name: 'Cliente SA',
      tax_id: freshTaxId('A'),
      country: 'ES',
      ...change,
    });
    expectError(answer, 422, 'body_invalid');
    expect(await footprint()).toEqual(before);
  });

  it('needs the operator token and answers not_found for an unknown debtor', async () => {
    const before = await footprint();
    expectError(
      await service.call(null, 'POST', '/ops/v1/debtors', {
        body: { plane: 'live', name: 'X SA', tax_id: freshTaxId('A'), country: 'ES' },
      }),
      401,
      'unauthorized',
    );
    expect(await footprint()).toEqual(before);
    expectError(
      await service.ops('GET', '/ops/v1/debtors/00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
  });
});

describe('POST /ops/v1/invoices', () => {
  it('records an invoice between a seller and a debtor of one plane', async () => {
    const seller = await createSeller();
    const debtor = await createDebtor();
    const answer = await service.ops<{ invoice: Row & { id: string } }>('POST', '/ops/v1/invoices', {
      seller_id: seller.id,
      debtor_id: debtor.id,
      number: ' FV-2025/0001 ',
      amount: 12_345.67,
      issue_date: '2025-02-28',
      due_date: '2025-04-29',
      source: 'e_invoice',
    });
    expect(answer.status).toBe(201);
    const invoice = answer.body.invoice;
    expect(invoice).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      plane: 'live',
      seller_id: seller.id,
      debtor_id: debtor.id,
      number: 'FV-2025/0001',
      amount: 12_345.67,
      currency: 'EUR',
      issue_date: '2025-02-28',
      due_date: '2025-04-29',
      source: 'e_invoice',
      seller_marked_paid_at: null,
      created_at: expect.any(String),
    });
    expect(
      (await service.ops<{ invoice: Row }>('GET', `/ops/v1/invoices/${invoice.id}`)).body.invoice,
    ).toEqual(invoice);
    const stored = await service.db.query<{ amount: string }>(
      'SELECT amount::text FROM invoices WHERE id = $1',
      [invoice.id],
    );
    expect(stored.rows[0]!.amount).toBe('12345.67');
    expect(await evidenceFor(invoice.id)).toEqual([
      {
        kind: 'invoice.created',
        funder_id: null,
        plane: 'live',
        subject_type: 'invoice',
        payload: {
          seller_id: seller.id,
          debtor_id: debtor.id,
          number: 'FV-2025/0001',
          amount: '12345.67',
          currency: 'EUR',
          issue_date: '2025-02-28',
          due_date: '2025-04-29',
          source: 'e_invoice',
        },
        actor: { kind: 'operator', operator: 'bootstrap', request_id: expect.any(String) },
      },
    ]);
  });

  it('lands on the plane of its seller, and accepts an invoice without a due date', async () => {
    const seller = await createSeller({ plane: 'demo' });
    const debtor = await createDebtor({ plane: 'demo' });
    const invoice = await createInvoice(seller.id, debtor.id, { due_date: null, source: 'upload' });
    expect(invoice).toMatchObject({ plane: 'demo', due_date: null, source: 'upload' });
    const noDueDate = await createInvoice(seller.id, debtor.id, { due_date: undefined });
    expect(noDueDate.due_date).toBeNull();
    const sameDay = await createInvoice(seller.id, debtor.id, {
      issue_date: '2025-01-10',
      due_date: '2025-01-10',
    });
    expect(sameDay.due_date).toBe('2025-01-10');
  });

  it('refuses a seller and a debtor of different planes, or unknown ones, with body_invalid', async () => {
    const seller = await createSeller();
    const demoDebtor = await createDebtor({ plane: 'demo' });
    const debtor = await createDebtor();
    const before = await footprint();
    const crossed = await service.ops('POST', '/ops/v1/invoices', {
      seller_id: seller.id,
      debtor_id: demoDebtor.id,
      number: 'X-1',
      amount: 100,
      issue_date: '2025-01-01',
      source: 'erp',
    });
    const error = expectError(crossed, 422, 'body_invalid');
    expect(error.field).toBe('debtor_id');
    expect(error.message).toContain('same plane');

    const unknownSeller = await service.ops('POST', '/ops/v1/invoices', {
      seller_id: '00000000-0000-4000-8000-000000000000',
      debtor_id: debtor.id,
      number: 'X-1',
      amount: 100,
      issue_date: '2025-01-01',
      source: 'erp',
    });
    expect(expectError(unknownSeller, 422, 'body_invalid').field).toBe('seller_id');
    const unknownDebtor = await service.ops('POST', '/ops/v1/invoices', {
      seller_id: seller.id,
      debtor_id: '00000000-0000-4000-8000-000000000000',
      number: 'X-1',
      amount: 100,
      issue_date: '2025-01-01',
      source: 'erp',
    });
    expect(expectError(unknownDebtor, 422, 'body_invalid').field).toBe('debtor_id');
    expect(await footprint()).toEqual(before);
  });

  it('refuses a second invoice with the same number for the same seller with conflict', async () => {
    const seller = await createSeller();
    const other = await createSeller();
    const debtor = await createDebtor();
    await createInvoice(seller.id, debtor.id, { number: 'DUP-1' });
    const before = await footprint();
    const answer = await service.ops('POST', '/ops/v1/invoices', {
      seller_id: seller.id,
      debtor_id: debtor.id,
      number: 'DUP-1',
      amount: 50,
      issue_date: '2025-01-01',
      source: 'saft',
    });
    expect(expectError(answer, 409, 'conflict').message).toContain('DUP-1');
    expect(await footprint()).toEqual(before);
    expect((await createInvoice(other.id, debtor.id, { number: 'DUP-1' })).number).toBe('DUP-1');
  });

  /** A seller and a debtor of one plane, which the refused invoices leave without any. */
  const parties = shared(async () => ({ seller: await createSeller(), debtor: await createDebtor() }));
  refusals(
    'refuses $name with $code and writes nothing',
    (
      [
        ['an amount of 0', { amount: 0 }, 'amount'],
        ['a negative amount', { amount: -10 }, 'amount'],
        ['an amount with three decimals', { amount: 100.005 }, 'amount'],
        ['an amount above one trillion euros', { amount: 1e13 }, 'amount'],
        ['an amount written as text', { amount: '100.00' }, 'amount'],
        ['an issue date that is not a calendar date', { issue_date: '2025-02-29' }, 'issue_date'],
        ['an issue date with month 13', { issue_date: '2025-13-01' }, 'issue_date'],
        ['an issue date without dashes', { issue_date: '20250101' }, 'issue_date'],
        ['an issue date with a time', { issue_date: '2025-01-01T00:00:00Z' }, 'issue_date'],
        ['an issue date in the future', { issue_date: '2999-01-01', due_date: null }, 'issue_date'],
        ['a due date before the issue date', { due_date: '2025-02-28' }, 'due_date'],
        ['a due date more than ten years out', { due_date: '2036-01-01' }, 'due_date'],
        ['a due date that is not a date', { due_date: 'soon' }, 'due_date'],
        ['a source that does not exist', { source: 'fax' }, 'source'],
        ['an empty number', { number: '' }, 'number'],
        ['a number of blanks', { number: '   ' }, 'number'],
        ['a number longer than 64 characters', { number: 'N'.repeat(65) }, 'number'],
        ['a seller id that is not a uuid', { seller_id: 'seller-1' }, 'seller_id'],
        ['an unknown member', { currency: 'USD' }, ''],
      ] as const
    ).map(([name, change, field]) => ({
      name,
      change,
      status: 422,
      code: 'body_invalid',
      ...(field ? { field } : {}),
    })),
    {
      send: async ({ change }) => {
        const { seller, debtor } = await parties();
        return service.ops('POST', '/ops/v1/invoices', {
          seller_id: seller.id,
          debtor_id: debtor.id,
          number: 'INV-1',
          amount: 100,
          issue_date: '2025-03-01',
          due_date: '2025-04-01',
          source: 'erp',
          ...change,
        });
      },
      unchanged: async () => {
        await parties();
        return footprint();
      },
    },
  );

  it('needs the operator token', async () => {
    const seller = await createSeller();
    const debtor = await createDebtor();
    const before = await footprint();
    const answer = await service.call(null, 'POST', '/ops/v1/invoices', {
      body: {
        seller_id: seller.id,
        debtor_id: debtor.id,
        number: 'NO-AUTH',
        amount: 1,
        issue_date: '2025-01-01',
        source: 'erp',
      },
    });
    expectError(answer, 401, 'unauthorized');
    expect(await footprint()).toEqual(before);
  });
});

describe('POST /ops/v1/invoices/:id/seller-paid', () => {
  it("sets and clears the seller's own paid flag, recording each change", async () => {
    const seller = await createSeller();
    const debtor = await createDebtor();
    const invoice = await createInvoice(seller.id, debtor.id);
    const paidAt = '2025-05-02T09:30:00.000Z';

    const marked = await service.ops<{ invoice: Row; changed: boolean }>(
      'POST',
      `/ops/v1/invoices/${invoice.id}/seller-paid`,
      { paid_at: '2025-05-02T11:30:00+02:00' },
    );
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ invoice: { ...invoice, seller_marked_paid_at: paidAt }, changed: true });

    const again = await service.ops<{ changed: boolean }>(
      'POST',
      `/ops/v1/invoices/${invoice.id}/seller-paid`,
      {
        paid_at: paidAt,
      },
    );
    expect(again.body.changed).toBe(false);

    const cleared = await service.ops<{ invoice: Row; changed: boolean }>(
      'POST',
      `/ops/v1/invoices/${invoice.id}/seller-paid`,
      { paid_at: null },
    );
    expect(cleared.body).toEqual({ invoice, changed: true });

    const evidence = await evidenceFor(invoice.id);
    expect(evidence.map((e) => [e.kind, e.payload])).toEqual([
      ['invoice.created', expect.any(Object)],
      ['invoice.seller_marked_paid', { paid_at: paidAt, previous: null }],
      ['invoice.seller_marked_paid', { paid_at: null, previous: paidAt }],
    ]);
    expect(evidence[1]).toMatchObject({ funder_id: null, plane: 'live' });
  });

  it.each([
    ['a moment in the future', { paid_at: '2999-01-01T00:00:00Z' }, 422, 'body_invalid'],
    ['a moment before the issue date', { paid_at: '2025-02-27T12:00:00Z' }, 422, 'body_invalid'],
    ['a date without a time', { paid_at: '2025-05-02' }, 422, 'body_invalid'],
    ['a missing paid_at', {}, 422, 'body_invalid'],
    ['an unknown member', { paid_at: null, note: 'x' }, 422, 'body_invalid'],
  ])('refuses %s and writes nothing', async (_what, body, status, code) => {
    const seller = await createSeller();
    const debtor = await createDebtor();
    const invoice = await createInvoice(seller.id, debtor.id, { issue_date: '2025-03-01' });
    const before = await footprint();
    expectError(await service.ops('POST', `/ops/v1/invoices/${invoice.id}/seller-paid`, body), status, code);
    expect(await footprint()).toEqual(before);
    const read = await service.ops<{ invoice: Row }>('GET', `/ops/v1/invoices/${invoice.id}`);
    expect(read.body.invoice.seller_marked_paid_at).toBeNull();
  });

  it('answers not_found for an unknown invoice and unauthorized without the token', async () => {
    expectError(
      await service.ops('POST', '/ops/v1/invoices/00000000-0000-4000-8000-000000000000/seller-paid', {
        paid_at: null,
      }),
      404,
      'not_found',
    );
    expectError(
      await service.call(null, 'POST', '/ops/v1/invoices/00000000-0000-4000-8000-000000000000/seller-paid', {
        body: { paid_at: null },
      }),
      401,
      'unauthorized',
    );
  });
});

describe('service functions used by other areas', () => {
  it('debtor keys are "<country>:<tax id>" and read back into their parts', () => {
    expect(debtorKey('es', 'a-28000101')).toBe('ES:A28000101');
    expect(parseDebtorKey('ES:A28000101')).toEqual({ country: 'ES', tax_id: 'A28000101' });
    expect(parseDebtorKey('es:a 28000101')).toEqual({ country: 'ES', tax_id: 'A28000101' });
    expect(parseDebtorKey('A28000101')).toBeNull();
    expect(parseDebtorKey('XX:A28000101')).toBeNull();
    expect(normalizeTaxId(' b-39.000/001 ')).toBe('B39000001');
  });

  it('create parties inside a caller’s own write, each leaving its evidence entry', async () => {
    const { write } = service.runtime.services;
    const taxId = freshTaxId();
    const debtorTaxId = freshTaxId('A');
    const created = await write({ kind: 'system', job: 'test' }, async ({ tx, now, evidence }) => {
      const seller = await insertSeller(
        tx,
        'demo',
        { name: 'Directo SL', tax_id: taxId, country: 'ES' },
        now,
        evidence,
      );
      const debtor = await insertDebtor(
        tx,
        'demo',
        { name: 'Directo Cliente SA', tax_id: debtorTaxId, country: 'ES' },
        now,
        evidence,
      );
      const invoice = await insertInvoice(
        tx,
        'demo',
        {
          seller_id: seller.id,
          debtor_id: debtor.id,
          number: 'D-1',
          amount: '250.50',
          issue_date: '2025-01-02',
          source: 'erp',
        },
        now,
        evidence,
      );
      const paid = await markInvoiceSellerPaid(
        tx,
        'demo',
        invoice.id,
        new Date('2025-02-01T10:00:00Z'),
        now,
        evidence,
      );
      return { seller, debtor, invoice: paid.invoice };
    });
    expect(created.invoice).toMatchObject({
      amount: 250.5,
      plane: 'demo',
      seller_marked_paid_at: '2025-02-01T10:00:00.000Z',
    });
    expect(await findSeller(service.db, created.seller.id)).toEqual(created.seller);
    expect(await findSeller(service.db, created.seller.id, { plane: 'live' })).toBeNull();
    expect(await findDebtor(service.db, created.debtor.id, { plane: 'demo' })).toEqual(created.debtor);
    expect(await findDebtorByKey(service.db, 'demo', 'es', debtorTaxId.toLowerCase())).toEqual(
      created.debtor,
    );
    expect(await findDebtorByKey(service.db, 'live', 'ES', debtorTaxId)).toBeNull();
    expect(await findSeller(service.db, 'not-a-uuid')).toBeNull();
    for (const [id, kind] of [
      [created.seller.id, 'seller.created'],
      [created.debtor.id, 'debtor.created'],
      [created.invoice.id, 'invoice.created'],
    ] as const) {
      expect((await evidenceFor(id))[0]).toMatchObject({ kind, plane: 'demo', funder_id: null });
    }
  });

  it('never reach across planes: a demonstration invoice cannot use a live seller', async () => {
    const liveSeller = await createSeller();
    const demoDebtor = await createDebtor({ plane: 'demo' });
    const before = await footprint();
    const { write } = service.runtime.services;
    await expect(
      write({ kind: 'system', job: 'test' }, ({ tx, now, evidence }) =>
        insertInvoice(
          tx,
          'demo',
          {
            seller_id: liveSeller.id,
            debtor_id: demoDebtor.id,
            number: 'CROSS-1',
            amount: 10,
            issue_date: '2025-01-02',
            source: 'erp',
          },
          now,
          evidence,
        ),
      ),
    ).rejects.toMatchObject({ code: 'body_invalid', status: 422 });
    expect(await footprint()).toEqual(before);
  });
});

describe('demonstration reset', () => {
  it('removes demonstration invoices and keeps live ones', async () => {
    const demoSeller = await createSeller({ plane: 'demo' });
    const demoDebtor = await createDebtor({ plane: 'demo' });
    const demoInvoice = await createInvoice(demoSeller.id, demoDebtor.id);
    const liveSeller = await createSeller();
    const liveDebtor = await createDebtor();
    const liveInvoice = await createInvoice(liveSeller.id, liveDebtor.id);

    expect((await service.ops('POST', '/ops/v1/demo/reset')).status).toBe(200);

    expectError(await service.ops('GET', `/ops/v1/invoices/${demoInvoice.id}`), 404, 'not_found');
    expectError(await service.ops('GET', `/ops/v1/sellers/${demoSeller.id}`), 404, 'not_found');
    expect((await service.ops('GET', `/ops/v1/invoices/${liveInvoice.id}`)).status).toBe(200);
    // The rebuilt scenario has invoices of its own; none of them is the one made before.
    const demoRows = await service.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices WHERE plane = 'demo' AND seller_id = $1`,
      [demoSeller.id],
    );
    expect(demoRows.rows[0]!.n).toBe(0);
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine
});
