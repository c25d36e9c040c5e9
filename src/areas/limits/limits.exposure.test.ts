import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/support/errors.ts';
import { type Debtor, limitsKit } from '../../../test/support/limits-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { newId } from '../../platform/ids.ts';

/** Exposure through a request's life, and the limit holding when an offer is made. */
const { service } = startGiven();

const { given, funderWithKey, putLimit, putSellerLimit, debtorBook, lineOf, sellerLineOf, footprint } =
  limitsKit(() => service);

describe('exposure', () => {
  it('follows a request from offered to committed to outstanding to partly and fully settled', async () => {
    const funder = await funderWithKey();
    const a = await given.debtor();
    const b = await given.debtor();
    await putLimit(funder.key, { debtor_tax_id: a.tax_id, debtor_country: 'ES', amount: 50_000 });
    const request = await given.request({
      bankId: funder.bankId,
      invoices: [
        { debtor: a, amount: 3000, dueInDays: 10 },
        { debtor: a, amount: 1000, dueInDays: 40 },
        { debtor: b, amount: 2000, dueInDays: 70 },
      ],
    });
    const figures = async () => {
      const book = await debtorBook(funder.key);
      const pick = (d: Debtor) => {
        const line = book.debtors.find((x) => x.debtor_key === d.debtor_key);
        return line && [line.outstanding, line.committed, line.offered, line.available];
      };
      const seller = await sellerLineOf(funder.key, request.seller.id);
      return {
        a: pick(a),
        b: pick(b),
        seller: seller && [seller.outstanding, seller.committed, seller.offered],
      };
    };

    // Routed only: nothing counts yet; b has no limit and no exposure, so it is not listed.
    expect(await figures()).toEqual({ a: [0, 0, 0, 50_000], b: undefined, seller: [0, 0, 0] });

    // Offered: face value of each debtor's invoices (not the 80 % advance).
    expectOk(await given.offer(funder.key, request.id), 'offer');
    expect(await figures()).toEqual({ a: [0, 0, 4000, 46_000], b: [0, 0, 2000, null], seller: [0, 0, 6000] });
    expect(await lineOf(funder.key, b.debtor_key)).toMatchObject({ limit_status: null, limit_amount: null });

    await given.accept(request.id);
    expect(await figures()).toEqual({ a: [0, 4000, 0, 46_000], b: [0, 2000, 0, null], seller: [0, 6000, 0] });

    await given.acknowledge(request.id);
    await given.fund(funder.key, request.id);
    expect(await figures()).toEqual({ a: [4000, 0, 0, 46_000], b: [2000, 0, 0, null], seller: [6000, 0, 0] });

    // 1,000.00 spread pro rata: 500.00 + 166.666.. + 333.333..; the cent left goes to the largest invoice.
    await given.settle(funder.key, request.id, 1000);
    expect(await figures()).toEqual({
      a: [3333.33, 0, 0, 46_666.67],
      b: [1666.67, 0, 0, null],
      seller: [5000, 0, 0],
    });

    await given.settle(funder.key, request.id, 5000);
    expect(await figures()).toEqual({ a: [0, 0, 0, 50_000], b: undefined, seller: [0, 0, 0] });
  });

  it('stops counting an offer once it expires, and counts a replaced offer once', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 1234.56 }] });
    expectOk(await given.offer(funder.key, request.id, { valid_days: 1 }), 'offer');
    expectOk(await given.offer(funder.key, request.id, { valid_days: 2, rate: 3 }), 'second offer');
    expect((await lineOf(funder.key, debtor.debtor_key))?.offered).toBe(1234.56);
    await service.advanceClock(86_400 + 60);
    expect((await lineOf(funder.key, debtor.debtor_key))?.offered).toBe(1234.56);
    await service.advanceClock(86_400);
    expect(await lineOf(funder.key, debtor.debtor_key)).toBeUndefined();
  });

  it('counts overdue invoices and freezes the debtor while a past-due invoice marked paid by the seller has not reached the funder', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    await putLimit(funder.key, { debtor_tax_id: debtor.tax_id, debtor_country: 'ES', amount: 100_000 });
    const request = await given.request({
      bankId: funder.bankId,
      invoices: [
        { debtor, amount: 1000, dueInDays: 3 },
        { debtor, amount: 500, dueInDays: 20 },
      ],
    });
    await given.funded(funder.key, request.id);
    const [early, late] = request.invoices as [(typeof request.invoices)[0], (typeof request.invoices)[0]];

    expect(await lineOf(funder.key, debtor.debtor_key)).toMatchObject({
      outstanding: 1500,
      overdue_count: 0,
      oldest_overdue: null,
      frozen: false,
    });
    await service.advanceClock(5 * 86_400);
    expect(await lineOf(funder.key, debtor.debtor_key)).toMatchObject({
      overdue_count: 1,
      oldest_overdue: early.due_date,
      frozen: false,
      seller_marked_paid: [],
    });

    const paidAt = service.runtime.clock.now().toISOString();
    await given.markPaidBySeller(early.id, paidAt);
    await given.markPaidBySeller(late.id, paidAt);
    const frozen = await lineOf(funder.key, debtor.debtor_key);
    // The seller's own paid flag never lowers what is outstanding.
    expect(frozen).toMatchObject({ outstanding: 1500, overdue_count: 1, frozen: true });
    expect(frozen?.seller_marked_paid).toEqual([
      {
        invoice_id: early.id,
        invoice_number: early.number,
        request_id: request.id,
        request_ref: expect.any(String),
        debtor_key: debtor.debtor_key,
        amount: 1000,
        outstanding: 1000,
        due_date: early.due_date,
        seller_marked_paid_at: paidAt,
        past_due: true,
      },
      expect.objectContaining({ invoice_id: late.id, outstanding: 500, past_due: false }),
    ]);
    expect(await sellerLineOf(funder.key, request.seller.id)).toMatchObject({
      frozen: true,
      overdue_count: 1,
    });

    // While frozen, an active limit takes no new offer, whatever room is left.
    const next = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 10 }] });
    const refused = expectError(await given.offer(funder.key, next.id), 409, 'credit_limit');
    expect(refused.limits).toEqual([expect.objectContaining({ kind: 'debtor', reason: 'frozen' })]);

    // The funder records 1,200.00, spread 800.00 and 400.00: 200.00 and 100.00 remain unpaid.
    await given.settle(funder.key, request.id, 1200);
    expect(await lineOf(funder.key, debtor.debtor_key)).toMatchObject({
      outstanding: 300,
      overdue_count: 1,
      frozen: true,
    });
    await given.settle(funder.key, request.id, 300);
    expect(await lineOf(funder.key, debtor.debtor_key)).toMatchObject({
      outstanding: 0,
      overdue_count: 0,
      oldest_overdue: null,
      frozen: false,
      seller_marked_paid: [],
    });
    expect((await given.offer(funder.key, next.id)).status).toBe(201);
  });

  it('counts payments recorded from statements and recourse, and only the funder of record', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 900 }] });
    await given.funded(funder.key, request.id);
    const record = async (source: string, amount: string, funderId = funder.bankId) =>
      service.db.query(
        `INSERT INTO settlements (id, plane, request_id, funder_id, amount, received_at, source, recorded_at)
         VALUES ($1, 'live', $2, $3, $4, now(), $5, now())`,
        [newId(), request.id, funderId, amount, source],
      );
    await record('statement', '100.00');
    await record('recourse', '50.00');
    const stranger = await funderWithKey();
    await record('settle', '400.00', stranger.bankId);
    expect((await lineOf(funder.key, debtor.debtor_key))?.outstanding).toBe(750);
    expect(await lineOf(stranger.key, debtor.debtor_key)).toBeUndefined();
  });
});

describe('the limit holds when an offer is made', () => {
  it('refuses an offer a debtor limit cannot hold with 409 credit_limit, writing nothing', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    await putLimit(funder.key, { debtor_tax_id: debtor.tax_id, debtor_country: 'ES', amount: 10_000 });
    const first = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 6000 }] });
    expect((await given.offer(funder.key, first.id)).status).toBe(201);

    const second = await given.request({
      bankId: funder.bankId,
      invoices: [
        { debtor, amount: 3000 },
        { debtor, amount: 2000 },
      ],
    });
    const before = await footprint();
    const error = expectError(await given.offer(funder.key, second.id), 409, 'credit_limit');
    expect(error).toMatchObject({
      limit: 10_000,
      exposure: 6000,
      requested: 5000,
      available: 4000,
      limits: [
        {
          kind: 'debtor',
          debtor_key: debtor.debtor_key,
          debtor_name: debtor.name,
          reason: 'exceeded',
          status: 'active',
          limit: 10_000,
          exposure: 6000,
          requested: 5000,
          available: 4000,
        },
      ],
    });
    expect(await footprint()).toEqual(before);
    const status = await service.db.query<{ status: string }>(
      'SELECT status FROM funding_requests WHERE id = $1',
      [second.id],
    );
    expect(status.rows[0]!.status).toBe('submitted');

    // A new offer on the first request replaces its own: it is not counted twice.
    expect((await given.offer(funder.key, first.id, { rate: 2.5 })).status).toBe(201);
    // Exactly the room left is enough.
    const third = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 4000 }] });
    expect((await given.offer(funder.key, third.id)).status).toBe(201);
    expect(await lineOf(funder.key, debtor.debtor_key)).toMatchObject({ offered: 10_000, available: 0 });

    // A limit lowered below the exposure is allowed: available goes negative and no offer passes.
    await putLimit(funder.key, { debtor_tax_id: debtor.tax_id, debtor_country: 'ES', amount: 4000 });
    expect(await lineOf(funder.key, debtor.debtor_key)).toMatchObject({ exposure: 10_000, available: -6000 });
    const fourth = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 1 }] });
    expect(expectError(await given.offer(funder.key, fourth.id), 409, 'credit_limit')).toMatchObject({
      available: -6000,
      requested: 1,
    });
  });

  it('refuses every offer under a refused, suspended or zero limit; no limit row means no limit', async () => {
    const funder = await funderWithKey();
    for (const [status, amount] of [
      ['refused', null],
      ['suspended', 1_000_000],
      ['active', 0],
    ] as const) {
      const debtor = await given.debtor();
      await putLimit(funder.key, { debtor_tax_id: debtor.tax_id, debtor_country: 'ES', amount, status });
      const request = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 1 }] });
      const error = expectError(await given.offer(funder.key, request.id), 409, 'credit_limit');
      expect(error.limits).toEqual([
        expect.objectContaining({ reason: status === 'active' ? 'exceeded' : status, status }),
      ]);
      // frozen speaks of payments only: a suspended or refused limit does not make the debtor frozen.
      expect(await lineOf(funder.key, debtor.debtor_key)).toMatchObject({
        limit_status: status,
        frozen: false,
      });
    }
    const free = await given.debtor();
    const request = await given.request({
      bankId: funder.bankId,
      invoices: [{ debtor: free, amount: 9_999_999 }],
    });
    expect((await given.offer(funder.key, request.id)).status).toBe(201);
    const { rows } = await service.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM credit_limits WHERE debtor_tax_id = $1`,
      [free.tax_id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('holds a seller limit too, and names every limit that cannot hold the offer', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const first = await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 700 }] });
    expect((await putSellerLimit(funder.key, { seller_id: first.seller.id, amount: 1000 })).status).toBe(200);
    await putLimit(funder.key, { debtor_tax_id: debtor.tax_id, debtor_country: 'ES', amount: 1000 });
    expect((await given.offer(funder.key, first.id)).status).toBe(201);

    const second = await given.request({
      bankId: funder.bankId,
      seller: first.seller,
      invoices: [{ debtor, amount: 400 }],
    });
    const error = expectError(await given.offer(funder.key, second.id), 409, 'credit_limit');
    expect(error.limits).toEqual([
      expect.objectContaining({
        kind: 'debtor',
        debtor_key: debtor.debtor_key,
        requested: 400,
        available: 300,
      }),
      expect.objectContaining({ kind: 'seller', seller_id: first.seller.id, requested: 400, available: 300 }),
    ]);

    // Another debtor of the same seller: only the seller limit is in the way.
    const other = await given.debtor();
    const third = await given.request({
      bankId: funder.bankId,
      seller: first.seller,
      invoices: [{ debtor: other, amount: 301 }],
    });
    const sellerOnly = expectError(await given.offer(funder.key, third.id), 409, 'credit_limit');
    expect(sellerOnly).toMatchObject({ limit: 1000, exposure: 700, requested: 301, available: 300 });
    expect(sellerOnly.limits).toEqual([expect.objectContaining({ kind: 'seller' })]);
  });
});
