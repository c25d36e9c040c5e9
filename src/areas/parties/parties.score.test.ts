import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveClockToMadrid } from '../../../test/support/clock.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { runDueJobs } from '../../../test/support/worker.ts';
import { addDays, madridDate, madridInstant } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import {
  computeSellerScore,
  GRADE_BANDS,
  gradeOf,
  type SellerScore,
  type SellerScoreInputs,
  sellerScore,
  sellerScoreInputs,
} from './parties.score.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

const base: SellerScoreInputs = {
  foundedOn: '2015-01-01',
  annualRevenueCents: 3_000_000_00,
  employees: 30,
  verificationStatus: 'approved',
  invoiceCount: 24,
  activeMonths: 12,
  firstInvoiceDate: '2025-07-01',
  disputes: 0,
  openDisputes: 0,
};

const established: SellerScoreInputs = {
  foundedOn: '1990-03-01',
  annualRevenueCents: 80_000_000_00,
  employees: 400,
  verificationStatus: 'approved',
  invoiceCount: 150,
  activeMonths: 36,
  firstInvoiceDate: '2023-06-20',
  disputes: 0,
  openDisputes: 0,
};

const newcomer: SellerScoreInputs = {
  foundedOn: '2026-01-10',
  annualRevenueCents: 40_000_00,
  employees: 2,
  verificationStatus: 'pending',
  invoiceCount: 3,
  activeMonths: 2,
  firstInvoiceDate: '2026-05-02',
  disputes: 2,
  openDisputes: 1,
};

/** A small deterministic generator, so the sweep is the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % below;
  };
}

const STATUSES = ['pending', 'approved', 'rejected', 'lapsed'] as const;

function randomInputs(next: (below: number) => number): SellerScoreInputs {
  const invoiceCount = next(4) === 0 ? 0 : next(400);
  const first = invoiceCount === 0 ? null : addDays('2026-06-15', -next(1100));
  return {
    foundedOn: next(5) === 0 ? null : addDays('2026-06-15', 365 - next(60 * 365)),
    annualRevenueCents: next(3) === 0 ? null : next(1_000_000) * next(1_000_000),
    employees: next(3) === 0 ? null : next(5000),
    verificationStatus: STATUSES[next(4)]!,
    invoiceCount,
    activeMonths: invoiceCount === 0 ? 0 : Math.min(invoiceCount, 1 + next(37)),
    firstInvoiceDate: first,
    disputes: next(8),
    openDisputes: 0,
  };
}

describe('computeSellerScore (the model itself)', () => {
  it('gives the same answer for the same inputs and instant', () => {
    const first = computeSellerScore(base, NOW);
    const second = computeSellerScore({ ...base }, new Date(NOW.getTime()));
    expect(second).toEqual(first);
    expect(first).toEqual({
      score: expect.any(Number),
      grade: expect.stringMatching(/^[A-E]$/),
      model_version: 'seller-score-1',
      computed_at: NOW.toISOString(),
      dimensions: [
        { code: 'company_age', label: expect.any(String), value: 90, weight: 20 },
        { code: 'company_size', label: expect.any(String), value: 55, weight: 15 },
        { code: 'verification', label: expect.any(String), value: 100, weight: 15 },
        { code: 'invoice_volume', label: expect.any(String), value: 60, weight: 15 },
        { code: 'invoice_regularity', label: expect.any(String), value: 100, weight: 15 },
        { code: 'disputes', label: expect.any(String), value: 100, weight: 20 },
      ],
    });
    // points = 90·20 + 55·15 + 100·15 + 60·15 + 100·15 + 100·20 = 8,525; 300 + 8,525 × 550 / 10,000 = 768.9
    expect(first!.score).toBe(769);
    expect(first!.grade).toBe('A');
  });

  it('weights add up to 100 and every dimension stays within 0 to 100', () => {
    const next = generator(20_260_615);
    for (let i = 0; i < 500; i++) {
      const score = computeSellerScore(randomInputs(next), NOW);
      if (!score) continue;
      expect(score.dimensions.reduce((sum, d) => sum + d.weight, 0)).toBe(100);
      for (const d of score.dimensions) {
        expect(Number.isInteger(d.value)).toBe(true);
        expect(d.value).toBeGreaterThanOrEqual(0);
        expect(d.value).toBeLessThanOrEqual(100);
      }
    }
  });

  it('always lands between 300 and 850, as a whole number whose grade matches its band', () => {
    const next = generator(42);
    let scored = 0;
    for (let i = 0; i < 2000; i++) {
      const score = computeSellerScore(randomInputs(next), NOW);
      if (!score) continue;
      scored += 1;
      expect(Number.isInteger(score.score)).toBe(true);
      expect(score.score).toBeGreaterThanOrEqual(300);
      expect(score.score).toBeLessThanOrEqual(850);
      expect(score.grade).toBe(gradeOf(score.score));
    }
    expect(scored).toBeGreaterThan(1500);
  });

  it('reaches 850 with full marks and stays above 300 at the very worst', () => {
    const best = computeSellerScore(established, NOW)!;
    expect(best.dimensions.every((d) => d.value === 100)).toBe(true);
    expect(best).toMatchObject({ score: 850, grade: 'A' });

    const worst = computeSellerScore(
      {
        foundedOn: '2026-06-15',
        annualRevenueCents: null,
        employees: null,
        verificationStatus: 'rejected',
        invoiceCount: 0,
        activeMonths: 0,
        firstInvoiceDate: null,
        disputes: 9,
        openDisputes: 9,
      },
      NOW,
    )!;
    expect(worst.score).toBeGreaterThanOrEqual(300);
    expect(worst.grade).toBe('E');
  });

  it('grades by the documented bands', () => {
    expect(GRADE_BANDS.map((band) => [band.grade, band.from])).toEqual([
      ['A', 750],
      ['B', 680],
      ['C', 610],
      ['D', 540],
      ['E', 300],
    ]);
    const cases: [number, string][] = [
      [850, 'A'],
      [750, 'A'],
      [749, 'B'],
      [680, 'B'],
      [679, 'C'],
      [610, 'C'],
      [609, 'D'],
      [540, 'D'],
      [539, 'E'],
      [300, 'E'],
    ];
    for (const [score, grade] of cases) expect([score, gradeOf(score)]).toEqual([score, grade]);
  });

  it('cannot run without a founding date and without any invoice', () => {
    expect(
      computeSellerScore(
        { ...base, foundedOn: null, invoiceCount: 0, activeMonths: 0, firstInvoiceDate: null },
        NOW,
      ),
    ).toBeNull();
    expect(computeSellerScore({ ...base, foundedOn: null }, NOW)).not.toBeNull();
    expect(
      computeSellerScore({ ...base, invoiceCount: 0, activeMonths: 0, firstInvoiceDate: null }, NOW),
    ).not.toBeNull();
  });

  it('scores an older, larger company without disputes above a new one with disputes', () => {
    const older = computeSellerScore(established, NOW)!;
    const younger = computeSellerScore(newcomer, NOW)!;
    expect(older.score).toBeGreaterThan(younger.score);
    expect(younger.grade).toBe('E');
  });

  it('never rises when one thing gets worse and nothing else changes', () => {
    const reference = computeSellerScore(base, NOW)!.score;
    const worse: Partial<SellerScoreInputs>[] = [
      { disputes: 1 },
      { disputes: 1, openDisputes: 1 },
      { foundedOn: '2025-01-01' },
      { annualRevenueCents: 50_000_00 },
      { employees: 0 },
      { verificationStatus: 'lapsed' },
      { invoiceCount: 3 },
      { activeMonths: 4 },
    ];
    for (const change of worse) {
      expect([change, computeSellerScore({ ...base, ...change }, NOW)!.score <= reference]).toEqual([
        change,
        true,
      ]);
    }
    expect(computeSellerScore({ ...base, disputes: 3 }, NOW)!.score).toBeLessThan(reference);
  });

  it('takes one busy month as no proof of regularity', () => {
    const oneMonth = computeSellerScore(
      { ...base, invoiceCount: 10, activeMonths: 1, firstInvoiceDate: '2026-06-01' },
      NOW,
    )!;
    expect(oneMonth.dimensions.find((d) => d.code === 'invoice_regularity')!.value).toBe(8);
  });
});

describe('sellerScore (reading a seller through the database)', () => {
  let service: TestService;
  let today: string;
  let sequence = 0;

  beforeAll(async () => {
    service = await startService();
    today = madridDate(service.runtime.clock.now());
  });
  afterAll(async () => service?.close());

  async function seller(body: Record<string, unknown> = {}) {
    const answer = await service.ops<{ seller: { id: string } }>('POST', '/ops/v1/sellers', {
      plane: 'live',
      name: 'Puntuada SL',
      tax_id: `B${String(++sequence).padStart(8, '0')}`,
      country: 'ES',
      ...body,
    });
    expect(answer.status).toBe(201);
    return answer.body.seller.id;
  }

  async function debtor() {
    const answer = await service.ops<{ debtor: { id: string } }>('POST', '/ops/v1/debtors', {
      plane: 'live',
      name: 'Pagadora SA',
      tax_id: `A${String(++sequence).padStart(8, '0')}`,
      country: 'ES',
    });
    return answer.body.debtor.id;
  }

  async function invoice(sellerId: string, debtorId: string, issueDate: string) {
    const answer = await service.ops<{ invoice: { id: string } }>('POST', '/ops/v1/invoices', {
      seller_id: sellerId,
      debtor_id: debtorId,
      number: `S-${++sequence}`,
      amount: 500,
      issue_date: issueDate,
      due_date: addDays(issueDate, 60),
      source: 'erp',
    });
    expect(answer.status).toBe(201);
    return answer.body.invoice.id;
  }

  /** A dispute against a request of the seller (the request area is not needed to hold one). */
  async function dispute(sellerId: string, status: 'open' | 'resolved', raisedAt: Date) {
    const requestId = newId();
    await service.db.query(
      `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                     created_at, updated_at)
       VALUES ($1, 'live', $2, 'factoring', 'funded', $3, 1000, 800, $4, $4)`,
      [requestId, `TEST-${++sequence}`, sellerId, raisedAt],
    );
    await service.db.query(
      `INSERT INTO disputes (id, plane, request_id, raised_by, reason, status, raised_at)
       VALUES ($1, 'live', $2, 'debtor', 'goods not received', $3, $4)`,
      [newId(), requestId, status, raisedAt],
    );
  }

  const scoreOf = async (sellerId: string) => {
    const answer = await service.ops<{ seller_id: string; score: SellerScore | null }>(
      'GET',
      `/ops/v1/sellers/${sellerId}/score`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.seller_id).toBe(sellerId);
    return answer.body.score;
  };

  it('is null for a seller the model knows nothing about, and not_found for no seller', async () => {
    expect(await scoreOf(await seller())).toBeNull();
    const now = service.runtime.clock.now();
    expect(await sellerScore(service.db, '00000000-0000-4000-8000-000000000000', now)).toBeNull();
    expect(await sellerScore(service.db, 'nonsense', now)).toBeNull();
    const missing = await service.ops('GET', '/ops/v1/sellers/00000000-0000-4000-8000-000000000000/score');
    expect(missing.status).toBe(404);
  });

  it('is computed on the spot from the seller and its invoices, without storing anything', async () => {
    const id = await seller({
      founded_on: '2012-04-01',
      annual_revenue: 1_500_000,
      employees: 12,
      verification_status: 'approved',
    });
    const debtorId = await debtor();
    for (const monthsBack of [1, 2, 3, 5, 8]) await invoice(id, debtorId, addDays(today, -30 * monthsBack));
    await invoice(id, debtorId, addDays(today, -4 * 365)); // outside the 36-month window

    const now = service.runtime.clock.now();
    const inputs = await sellerScoreInputs(service.db, id, now);
    expect(inputs).toMatchObject({
      foundedOn: '2012-04-01',
      annualRevenueCents: 150_000_000,
      employees: 12,
      verificationStatus: 'approved',
      invoiceCount: 5,
      disputes: 0,
      openDisputes: 0,
    });
    const score = await scoreOf(id);
    expect(score).toEqual(computeSellerScore(inputs!, now));
    expect(score).toMatchObject({ model_version: 'seller-score-1', computed_at: now.toISOString() });
    // Nothing stored for this seller (other tests' sellers may have scores of their own).
    const stored = await service.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM seller_scores WHERE seller_id = $1',
      [id],
    );
    expect(stored.rows[0]!.n).toBe(0);
  });

  it("ignores the seller's own paid flag", async () => {
    const id = await seller({ founded_on: '2018-01-01' });
    const debtorId = await debtor();
    const invoiceId = await invoice(id, debtorId, addDays(today, -40));
    const before = await scoreOf(id);
    const marked = await service.ops('POST', `/ops/v1/invoices/${invoiceId}/seller-paid`, {
      paid_at: service.runtime.clock.now().toISOString(),
    });
    expect(marked.status).toBe(200);
    expect(await scoreOf(id)).toEqual(before);
  });

  it('counts disputes of the last 36 months and every open one', async () => {
    const id = await seller({ founded_on: '2010-01-01', verification_status: 'approved' });
    const debtorId = await debtor();
    await invoice(id, debtorId, addDays(today, -20));
    const now = service.runtime.clock.now();
    const clean = (await scoreOf(id))!;

    const longAgo = new Date(now.getTime() - 4 * 365 * 86_400_000);
    await dispute(id, 'resolved', longAgo);
    expect((await sellerScoreInputs(service.db, id, now))!.disputes).toBe(0);
    await dispute(id, 'open', longAgo);
    await dispute(id, 'resolved', new Date(now.getTime() - 30 * 86_400_000));
    expect(await sellerScoreInputs(service.db, id, now)).toMatchObject({ disputes: 2, openDisputes: 1 });

    const disputed = (await scoreOf(id))!;
    expect(disputed.dimensions.find((d) => d.code === 'disputes')!.value).toBe(100 - 60 - 20);
    expect(disputed.score).toBeLessThan(clean.score);
  });

  it('counts a dispute by its Madrid date: from the first day of the 36 months, not the evening before', async () => {
    const id = await seller({ founded_on: '2010-01-01', verification_status: 'approved' });
    const now = service.runtime.clock.now();
    const todayNow = madridDate(now);
    // The window's day before its first: the same date 36 months back (not a 29 February here).
    const before = `${Number(todayNow.slice(0, 4)) - 3}${todayNow.slice(4)}`;
    await dispute(id, 'resolved', madridInstant(before, '23:30'));
    expect((await sellerScoreInputs(service.db, id, now))!.disputes).toBe(0);
    await dispute(id, 'resolved', madridInstant(addDays(before, 1), '00:30'));
    expect((await sellerScoreInputs(service.db, id, now))!.disputes).toBe(1);
  });

  it('scores an older, larger company without disputes above a new one with disputes', async () => {
    const older = await seller({
      founded_on: '1985-05-05',
      annual_revenue: 60_000_000,
      employees: 300,
      verification_status: 'approved',
    });
    const newer = await seller({ founded_on: addDays(today, -100), annual_revenue: 50_000, employees: 1 });
    const debtorId = await debtor();
    for (let month = 1; month <= 12; month++) await invoice(older, debtorId, addDays(today, -30 * month));
    await invoice(newer, debtorId, addDays(today, -10));
    await dispute(newer, 'open', service.runtime.clock.now());
    const olderScore = (await scoreOf(older))!;
    const newerScore = (await scoreOf(newer))!;
    expect(olderScore.score).toBeGreaterThan(newerScore.score);
    expect(['A', 'B']).toContain(olderScore.grade);
    expect(['D', 'E']).toContain(newerScore.grade);
  });

  it('answers the latest stored score when the seller has one', async () => {
    const id = await seller({ founded_on: '2000-01-01' });
    const dimensions = [{ code: 'company_age', label: 'Years in business', value: 100, weight: 100 }];
    for (const [score, grade, at] of [
      [610, 'C', '2026-01-01T00:00:00Z'],
      [700, 'B', '2026-02-01T00:00:00Z'],
    ] as const) {
      await service.db.query(
        `INSERT INTO seller_scores (id, seller_id, score, grade, dimensions, model_version, computed_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, 'seller-score-1', $6)`,
        [newId(), id, score, grade, JSON.stringify(dimensions), at],
      );
    }
    expect(await scoreOf(id)).toEqual({
      score: 700,
      grade: 'B',
      model_version: 'seller-score-1',
      computed_at: '2026-02-01T00:00:00.000Z',
      dimensions,
    });
  });

  describe('the daily scoring (the worker’s job requests.seller_scores)', () => {
    /** A request of the seller in `status`, as the request area would hold it. */
    async function request(sellerId: string, status: string) {
      await service.db.query(
        `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                       created_at, updated_at)
         VALUES ($1, 'live', $2, 'factoring', $3, $4, 1000, 800, $5, $5)`,
        [newId(), `TEST-${++sequence}`, status, sellerId, service.runtime.clock.now()],
      );
    }
    const stored = async (sellerId: string) =>
      (
        await service.db.query<{ score: number; computed_at: Date }>(
          'SELECT score, computed_at FROM seller_scores WHERE seller_id = $1 ORDER BY computed_at',
          [sellerId],
        )
      ).rows.map((row) => ({ score: row.score, computed_at: row.computed_at.toISOString() }));
    /** The clock to `time` in Madrid, `days` after today, and the worker run through its due jobs. */
    async function runWorkerAt(days: number, time: string): Promise<string> {
      const at = await moveClockToMadrid(
        service,
        addDays(madridDate(service.runtime.clock.now()), days),
        time,
      );
      await runDueJobs(service);
      return at.toISOString();
    }

    it('stores the score of each seller of an open request once a Madrid day, and again only when it changed', async () => {
      const open = await seller({ founded_on: '2012-04-01', verification_status: 'approved' });
      const debtorId = await debtor();
      await invoice(open, debtorId, addDays(today, -40));
      await request(open, 'under_review');
      const unscorable = await seller();
      await request(unscorable, 'pending');
      const closed = await seller({ founded_on: '2012-04-01' });
      await request(closed, 'settled');

      const first = await runWorkerAt(1, '02:00');
      const spot = (await scoreOf(open))!;
      expect(await stored(open)).toEqual([{ score: spot.score, computed_at: first }]);
      expect(spot.computed_at).toBe(first);
      expect(await stored(unscorable)).toEqual([]);
      expect(await stored(closed)).toEqual([]);

      // Later the same day: nothing to do.
      await runWorkerAt(0, '09:00');
      expect(await stored(open)).toEqual([{ score: spot.score, computed_at: first }]);

      // The next day, the same outcome: the stored score's time moves, no second row.
      const second = await runWorkerAt(1, '02:00');
      expect(await stored(open)).toEqual([{ score: spot.score, computed_at: second }]);

      // A dispute changes the outcome: the next day's score is stored beside the last.
      await dispute(open, 'open', service.runtime.clock.now());
      expect((await scoreOf(open))!.computed_at).toBe(second);
      const third = await runWorkerAt(1, '02:00');
      const rescored = (await scoreOf(open))!;
      expect(rescored.score).toBeLessThan(spot.score);
      expect(await stored(open)).toEqual([
        { score: spot.score, computed_at: second },
        { score: rescored.score, computed_at: third },
      ]);
    });
  });
});
