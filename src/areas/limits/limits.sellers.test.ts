import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/support/errors.ts';
import { type Body, freshTaxId, limitsKit } from '../../../test/support/limits-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { SCOPES } from '../../platform/http/scopes.ts';
import { newId } from '../../platform/ids.ts';

/** Seller limits, scopes and plane isolation of the limit books, and what other areas and the operations team use. */
const { service } = startGiven();

const {
  given,
  funderWithKey,
  putLimit,
  importLimits,
  putSellerLimit,
  debtorBook,
  sellerBook,
  lineOf,
  sellerLineOf,
  footprint,
  historyOf,
} = limitsKit(() => service);

describe('seller limits', () => {
  it('lists the sellers routed to the funder or acted on, and sets a limit on one with source api', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 3000 }] });
    const stranger = await given.seller();

    const listed = await sellerLineOf(funder.key, request.seller.id);
    expect(listed).toEqual({
      seller_id: request.seller.id,
      seller_name: request.seller.name,
      seller_nif: request.seller.tax_id,
      seller_country: 'ES',
      limit_status: null,
      limit_amount: null,
      limit_source: null,
      limit_source_ref: null,
      outstanding: 0,
      committed: 0,
      offered: 0,
      exposure: 0,
      available: null,
      overdue_count: 0,
      oldest_overdue: null,
      frozen: false,
      decided_at: null,
      note: null,
      seller_marked_paid: [],
    });
    expect(await sellerLineOf(funder.key, stranger.id)).toBeUndefined();

    const answer = await putSellerLimit(funder.key, {
      seller_id: request.seller.id,
      amount: 20_000,
      note: 'Year one',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      changed: true,
      seller_limit: {
        seller_id: request.seller.id,
        seller_name: request.seller.name,
        seller_nif: request.seller.tax_id,
        seller_country: 'ES',
        amount: 20_000,
        status: 'active',
        source: 'api',
        note: 'Year one',
        decided_at: expect.any(String),
        decided_by: expect.objectContaining({ kind: 'funder_key', key_id: funder.keyId }),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        outstanding: 0,
        committed: 0,
        offered: 0,
        exposure: 0,
        available: 20_000,
        frozen: false,
      },
    });
    expect(await sellerLineOf(funder.key, request.seller.id)).toMatchObject({
      limit_status: 'active',
      limit_amount: 20_000,
      limit_source: 'api',
      note: 'Year one',
    });

    const suspended = await putSellerLimit(funder.key, {
      seller_id: request.seller.id,
      amount: 20_000,
      status: 'suspended',
    });
    expect(suspended.body).toMatchObject({
      changed: true,
      seller_limit: { status: 'suspended', note: null },
    });
    const { rows } = await service.db.query<Body>(
      `SELECT from_amount, from_status, to_amount, to_status, source FROM seller_limit_history
        WHERE seller_id = $1 ORDER BY id`,
      [request.seller.id],
    );
    expect(rows).toEqual([
      { from_amount: null, from_status: null, to_amount: '20000.00', to_status: 'active', source: 'api' },
      {
        from_amount: '20000.00',
        from_status: 'active',
        to_amount: '20000.00',
        to_status: 'suspended',
        source: 'api',
      },
    ]);
  });

  it('answers 404 for a seller the funder cannot see, and changes nothing', async () => {
    const funder = await funderWithKey();
    const other = await funderWithKey();
    const debtor = await given.debtor();
    const elsewhere = await given.request({ bankId: other.bankId, invoices: [{ debtor, amount: 100 }] });
    const demoSeller = await given.seller('demo');
    const unrelated = await given.seller();
    const before = await footprint();
    for (const sellerId of [newId(), unrelated.id, elsewhere.seller.id, demoSeller.id]) {
      expectError(await putSellerLimit(funder.key, { seller_id: sellerId, amount: 1 }), 404, 'not_found');
    }
    expect(await footprint()).toEqual(before);
  });

  it.each([
    ['no seller_id', { seller_id: undefined, amount: 1 }, 'seller_id_required'],
    ['a seller_id that is not a uuid', { seller_id: 'B39000001', amount: 1 }, 'seller_id_required'],
    ['a negative amount', { amount: -5 }, 'invalid_amount'],
    ['an amount as text', { amount: '5' }, 'invalid_amount'],
    ['an unknown status', { amount: 5, status: 'blocked' }, 'invalid_limit'],
    ['an active limit without amount', {}, 'invalid_limit'],
    ['a refused limit with an amount', { amount: 5, status: 'refused' }, 'invalid_limit'],
    ['a note too long', { amount: 5, note: 'x'.repeat(1001) }, 'invalid_limit'],
    ['an unknown member', { amount: 5, currency: 'EUR' }, 'body_invalid'],
  ])('refuses %s with 422 and changes nothing', async (_what, body, code) => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 100 }] });
    const before = await footprint();
    expectError(await putSellerLimit(funder.key, { seller_id: request.seller.id, ...body }), 422, code);
    expect(await footprint()).toEqual(before);
  });
});

describe('scopes', () => {
  const reads = ['GET /v1/credit-limits', 'GET /v1/seller-limits'];
  const writes = ['PUT /v1/credit-limits', 'POST /v1/credit-limits/import', 'PUT /v1/seller-limits'];
  const cases: [string, string, boolean][] = [];
  for (const operation of reads) {
    for (const scope of SCOPES)
      cases.push([operation, scope, scope === 'limits:read' || scope === 'requests:read']);
  }
  for (const operation of writes) {
    for (const scope of SCOPES)
      cases.push([operation, scope, scope === 'limits:write' || scope === 'decisions:write']);
  }

  it.each(cases)('%s with only %s: allowed %s', async (operation, scope, allowed) => {
    const funder = await funderWithKey({ scopes: [scope] });
    const [method, path] = operation.split(' ') as [string, string];
    let body: unknown;
    if (path === '/v1/credit-limits' && method === 'PUT') {
      body = { debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: 1 };
    } else if (path === '/v1/credit-limits/import') {
      body = [{ debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: 1 }];
    } else if (path === '/v1/seller-limits' && method === 'PUT') {
      const debtor = await given.debtor();
      const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 100 }] });
      body = { seller_id: request.seller.id, amount: 1 };
    }
    const answer = await service.call(funder.key, method, path, body === undefined ? {} : { body });
    if (allowed) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    else expectError(answer, 403, 'forbidden');
  });
});

describe('plane isolation', () => {
  it('keeps the books of each funder and each plane apart', async () => {
    const live = await funderWithKey();
    const otherLive = await funderWithKey();
    const sandbox = await funderWithKey({ environment: 'sandbox' });
    const liveDebtor = await given.debtor('live');
    const demoDebtor = await given.debtor('demo');

    await putLimit(live.key, { debtor_tax_id: liveDebtor.tax_id, debtor_country: 'ES', amount: 100 });
    await putLimit(sandbox.key, { debtor_tax_id: liveDebtor.tax_id, debtor_country: 'ES', amount: 999 });
    // Known on the demonstration plane only, on the sandbox funder's request: the sandbox key
    // finds its country, the live key does not.
    await given.request({
      bankId: sandbox.bankId,
      plane: 'demo',
      invoices: [{ debtor: demoDebtor, amount: 1_000 }],
    });
    expect((await putLimit(sandbox.key, { debtor_tax_id: demoDebtor.tax_id, amount: 5 })).status).toBe(200);
    expectError(
      await putLimit(live.key, { debtor_tax_id: demoDebtor.tax_id, amount: 5 }),
      422,
      'invalid_limit',
    );

    expect((await lineOf(live.key, liveDebtor.debtor_key))?.limit_amount).toBe(100);
    expect((await lineOf(sandbox.key, liveDebtor.debtor_key))?.limit_amount).toBe(999);
    expect(await lineOf(live.key, demoDebtor.debtor_key)).toBeUndefined();
    expect((await debtorBook(otherLive.key)).debtors).toEqual([]);

    // A live request's seller is not the sandbox funder's to limit, nor another live funder's.
    const request = await given.request({
      bankId: live.bankId,
      invoices: [{ debtor: liveDebtor, amount: 100 }],
    });
    expectError(
      await putSellerLimit(sandbox.key, { seller_id: request.seller.id, amount: 1 }),
      404,
      'not_found',
    );
    expectError(
      await putSellerLimit(otherLive.key, { seller_id: request.seller.id, amount: 1 }),
      404,
      'not_found',
    );
    expect(await sellerLineOf(sandbox.key, request.seller.id)).toBeUndefined();
  });

  it('gives an unclassified funder empty books and refuses its writes', async () => {
    const funder = await funderWithKey({ environment: 'unclassified' });
    expect(await debtorBook(funder.key)).toEqual({
      funder: { bank_id: funder.bankId, name: funder.name },
      currency: 'EUR',
      count: 0,
      debtors: [],
      has_more: false,
      next_cursor: null,
    });
    expect((await sellerBook(funder.key)).sellers).toEqual([]);
    const before = await footprint();
    expectError(
      await putLimit(funder.key, { debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: 1 }),
      403,
      'forbidden',
    );
    expectError(
      await importLimits(funder.key, [{ debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: 1 }]),
      403,
      'forbidden',
    );
    expectError(await putSellerLimit(funder.key, { seller_id: newId(), amount: 1 }), 403, 'forbidden');
    expect(await footprint()).toEqual(before);
  });
});

describe('for other areas and the operations team', () => {
  it("debtorLimitView gives the funder's limit on a debtor with its exposure, or null", async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 250 }] });
    expectOk(await given.offer(funder.key, request.id), 'offer');
    const { limits } = service.runtime.services;
    expect(await limits.debtorLimitView(service.db, funder.bankId, 'live', 'es', debtor.tax_id)).toBeNull();
    await importLimits(funder.key, {
      rows: [{ debtor_tax_id: debtor.tax_id, debtor_country: 'ES', amount: '1000' }],
      source: 'insurer',
      source_ref: 'COVER-7',
    });
    expect(
      await limits.debtorLimitView(service.db, funder.bankId, 'live', 'es', debtor.tax_id.toLowerCase()),
    ).toEqual({
      amount: 1000,
      status: 'active',
      source: 'insurer',
      source_ref: 'COVER-7',
      exposure: 250,
    });
    expect(await limits.debtorLimitView(service.db, funder.bankId, 'demo', 'ES', debtor.tax_id)).toBeNull();
  });

  it('lets the operations team set limits for a funder, recorded as manual with the operator as author', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const answer = await service.ops<Body>(
      'PUT',
      `/ops/v1/funders/${funder.bankId}/credit-limits?plane=live`,
      {
        debtor_tax_id: debtor.tax_id,
        debtor_country: 'ES',
        amount: 75,
      },
    );
    expect(answer.body).toMatchObject({
      credit_limit: { source: 'manual', decided_by: { kind: 'operator' } },
    });
    expect(await historyOf(debtor.debtor_key)).toEqual([
      // The audit history names the operator who made the change (the bootstrap operator here).
      expect.objectContaining({
        source: 'manual',
        actor: expect.objectContaining({ kind: 'operator', operator: 'bootstrap' }),
      }),
    ]);
    expectError(
      await service.ops('PUT', `/ops/v1/funders/${newId()}/credit-limits?plane=live`, {
        debtor_tax_id: debtor.tax_id,
        debtor_country: 'ES',
        amount: 75,
      }),
      404,
      'not_found',
    );
  });
});
