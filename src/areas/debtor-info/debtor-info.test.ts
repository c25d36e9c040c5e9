import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { debtorsGiven } from '../../../test/support/debtors-given.ts';
import { errorCode as code } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';
import { addDays } from '../../platform/clock.ts';
import { monthsBefore } from './debtor-info.figures.ts';

const { service } = startGiven({ demoPlane: true });
const given = debtorsGiven(service);

type Body = Record<string, unknown>;
interface DebtorInfo {
  debtor_key: string;
  debtor_name: string;
  level: string;
  level_since: string | null;
  buyer_programme: boolean;
  score: Body | null;
  pair_history: Body;
  public_payment_period: Body | null;
  credit_limit: Body | null;
}
interface DebtorList {
  funder: { bank_id: string; name: string };
  request_id: string;
  count: number;
  debtors: DebtorInfo[];
}

const debtorsOf = (key: string | null, requestId: string) =>
  service.call<DebtorList>(key, 'GET', `/v1/requests/${requestId}/debtors`);

async function infoOf(key: string, requestId: string, debtorKey: string): Promise<DebtorInfo> {
  const answer = await debtorsOf(key, requestId);
  expect(answer.status).toBe(200);
  const found = answer.body.debtors.find((d) => d.debtor_key === debtorKey);
  if (!found) throw new Error(`no debtor ${debtorKey}`);
  return found;
}

const setProfile = (debtorId: string, body: Body) =>
  service.ops<Body>('PUT', `/ops/v1/debtors/${debtorId}/profile`, body);

describe('GET /v1/requests/{id}/debtors', () => {
  it('answers every debtor of the request with level, score, pair history, payment period and limit', async () => {
    const funder = await service.given.funderWithKey();
    const t = await given.today();
    const sellerId = await given.seller();
    const meseta = await given.debtor({ name: 'Aa Meseta SA' });
    const levante = await given.debtor({ name: 'Bb Levante SL' });
    const town = await given.debtor({ name: 'Cc Ayuntamiento', publicBody: true });

    // The seller's history with Meseta: paid on time, paid late, paid without a due date,
    // open past due, open not yet due (the one in the request), and one too old to count.
    await given.invoice(sellerId, meseta.id, {
      amount: 1000,
      issue: addDays(t, -100),
      due: addDays(t, -70),
      paid: addDays(t, -75),
    });
    await given.invoice(sellerId, meseta.id, {
      amount: 2000,
      issue: addDays(t, -90),
      due: addDays(t, -60),
      paid: addDays(t, -50),
    });
    await given.invoice(sellerId, meseta.id, {
      amount: 500,
      issue: addDays(t, -80),
      due: null,
      paid: addDays(t, -60),
    });
    await given.invoice(sellerId, meseta.id, { amount: 1500, issue: addDays(t, -40), due: addDays(t, -10) });
    const inRequest = await given.invoice(sellerId, meseta.id, {
      amount: 1000,
      issue: addDays(t, -5),
      due: addDays(t, 25),
    });
    const old = monthsBefore(t, 37);
    await given.invoice(sellerId, meseta.id, {
      amount: 9999,
      issue: old,
      due: addDays(old, 30),
      paid: addDays(old, 20),
    });
    const toLevante = await given.invoice(sellerId, levante.id, {
      amount: 4000,
      issue: addDays(t, -30),
      due: addDays(t, 30),
    });
    const toTown = await given.invoice(sellerId, town.id, {
      amount: 2000,
      issue: addDays(t, -20),
      due: addDays(t, 40),
    });
    const requestId = await given.routedRequest(sellerId, [inRequest, toLevante, toTown], funder.bankId);

    const since = new Date(Date.parse(`${t}T08:00:00Z`) - 30 * 86_400_000).toISOString();
    expect(
      (
        await setProfile(meseta.id, {
          level: 'books',
          level_since: since,
          shares_data: true,
          score: {
            grade: 'B',
            score_100: 71,
            computed_at: `${addDays(t, -2)}T06:00:00.000Z`,
            model_version: 'debtor-score-1',
          },
        })
      ).status,
    ).toBe(200);
    const periodEnd = addDays(t.slice(0, 8) + '01', -1);
    expect(
      (
        await service.ops('PUT', `/ops/v1/debtors/${town.id}/public-payment-period`, {
          days: 41.27,
          period_end: periodEnd,
          source: 'hacienda_pmp',
          entity_name: 'Ayuntamiento de Ejemplo',
        })
      ).status,
    ).toBe(200);

    const answer = await debtorsOf(funder.key, requestId);
    expect(answer.status).toBe(200);
    expect(answer.body.funder.bank_id).toBe(funder.bankId);
    expect(answer.body.request_id).toBe(requestId);
    expect(answer.body.count).toBe(3);
    const [first, second, third] = answer.body.debtors;
    expect(first).toEqual({
      debtor_key: meseta.debtor_key,
      debtor_country: 'ES',
      debtor_name: 'Aa Meseta SA',
      level: 'books',
      level_since: since,
      buyer_programme: false,
      score: {
        grade: 'B',
        score_100: 71,
        computed_at: `${addDays(t, -2)}T06:00:00.000Z`,
        model_version: 'debtor-score-1',
      },
      pair_history: {
        invoices: 5,
        settled: 3,
        open: 2,
        overdue: 1,
        with_due_date: 4,
        first_invoice: addDays(t, -100),
        last_invoice: addDays(t, -5),
        // paid after 25, 40 and 20 days
        avg_days_to_pay: 28.3,
        median_days_to_pay: 25,
        // on time 1 of 3: paid on time, paid late, open past due (the one not yet due does not count)
        on_time_pct: 33.3,
        // 6,000 of the seller's 12,000 invoiced in the window
        share_of_sales_pct: 50,
      },
      public_payment_period: null,
      credit_limit: null,
    });
    expect(second).toEqual({
      debtor_key: levante.debtor_key,
      debtor_country: 'ES',
      debtor_name: 'Bb Levante SL',
      level: 'notice',
      level_since: null,
      buyer_programme: false,
      score: null,
      pair_history: {
        invoices: 1,
        settled: 0,
        open: 1,
        overdue: 0,
        with_due_date: 1,
        first_invoice: addDays(t, -30),
        last_invoice: addDays(t, -30),
        avg_days_to_pay: null,
        median_days_to_pay: null,
        on_time_pct: null,
        share_of_sales_pct: 33.33,
      },
      public_payment_period: null,
      credit_limit: null,
    });
    expect(third?.public_payment_period).toEqual({
      days: 41.27,
      period_end: periodEnd,
      source: 'hacienda_pmp',
      entity_name: 'Ayuntamiento de Ejemplo',
    });
    expect(third?.pair_history.share_of_sales_pct).toBe(16.67);
  });

  it('drops an invoice from the pair history once its issue date leaves the 36 months', async () => {
    const funder = await service.given.funderWithKey();
    const t = await given.today();
    const sellerId = await given.seller();
    const buyer = await given.debtor();
    const edge = addDays(monthsBefore(t, 36), 10);
    await given.invoice(sellerId, buyer.id, {
      amount: 700,
      issue: edge,
      due: addDays(edge, 30),
      paid: addDays(edge, 45),
    });
    const current = await given.invoice(sellerId, buyer.id, {
      amount: 300,
      issue: addDays(t, -3),
      due: addDays(t, 30),
    });
    const requestId = await given.routedRequest(sellerId, [current], funder.bankId);

    const before = await infoOf(funder.key, requestId, buyer.debtor_key);
    expect(before.pair_history).toMatchObject({
      invoices: 2,
      settled: 1,
      open: 1,
      first_invoice: edge,
      avg_days_to_pay: 45,
      on_time_pct: 0,
      share_of_sales_pct: 100,
    });

    await service.advanceClock(20 * 86_400);
    const after = await infoOf(funder.key, requestId, buyer.debtor_key);
    expect(after.pair_history).toMatchObject({
      invoices: 1,
      settled: 0,
      open: 1,
      first_invoice: addDays(t, -3),
      avg_days_to_pay: null,
      on_time_pct: null,
    });
  });

  it('shows the score only while the debtor shares its data, is at level books or buyer, and the request is routed to the caller', async () => {
    const funder = await service.given.funderWithKey();
    const buyer = await given.debtor();
    const requestId = await given.requestOver(funder.bankId, [buyer]);
    const score = {
      grade: 'A',
      score_100: 90,
      computed_at: '2026-01-15T09:00:00.000Z',
      model_version: 'm-2',
    };
    const info = () => infoOf(funder.key, requestId, buyer.debtor_key);

    // No profile: level notice, nothing shown.
    expect(await info()).toMatchObject({
      level: 'notice',
      level_since: null,
      buyer_programme: false,
      score: null,
    });

    expect((await setProfile(buyer.id, { level: 'books', shares_data: true, score })).status).toBe(200);
    expect((await info()).score).toEqual(score);

    expect((await setProfile(buyer.id, { level: 'buyer', shares_data: true })).status).toBe(200);
    expect(await info()).toMatchObject({ level: 'buyer', buyer_programme: true, score });

    expect((await setProfile(buyer.id, { level: 'buyer', shares_data: false })).status).toBe(200);
    expect((await info()).score).toBeNull();

    expect((await setProfile(buyer.id, { level: 'account', shares_data: true })).status).toBe(200);
    expect(await info()).toMatchObject({ level: 'account', buyer_programme: false, score: null });
  });

  it('gives no score to a funder that only acted on the request, nor once the caller declined it', async () => {
    const first = await service.given.funderWithKey();
    const second = await service.given.funderWithKey();
    const buyer = await given.debtor();
    const score = {
      grade: 'C',
      score_100: 50,
      computed_at: '2026-02-01T09:00:00.000Z',
      model_version: 'm-2',
    };
    expect((await setProfile(buyer.id, { level: 'books', shares_data: true, score })).status).toBe(200);

    // The first funder sends terms; the operations team hands the request to the second.
    const requestId = await given.requestOver(first.bankId, [buyer]);
    const offer = await service.call(first.key, 'POST', `/v1/requests/${requestId}/decision`, {
      body: { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 },
    });
    expect(offer.status).toBe(201);
    expect(
      (await service.ops('POST', `/ops/v1/requests/${requestId}/route`, { bank_id: second.bankId })).status,
    ).toBe(200);
    expect((await infoOf(first.key, requestId, buyer.debtor_key)).score).toBeNull();
    expect((await infoOf(second.key, requestId, buyer.debtor_key)).score).toEqual(score);

    const declined = await service.call(second.key, 'POST', `/v1/requests/${requestId}/decision`, {
      body: { decision: 'decline', reason: 'payer_credit' },
    });
    expect(declined.status).toBe(200);
    expect((await infoOf(second.key, requestId, buyer.debtor_key)).score).toBeNull();
  });

  it('gives the caller’s own credit limit on each debtor with its exposure, and never another funder’s', async () => {
    const funder = await service.given.funderWithKey();
    const other = await service.given.funderWithKey();
    const limited = await given.debtor();
    const free = await given.debtor();
    const requestId = await given.requestOver(funder.bankId, [limited, free]);
    const put = await service.call(funder.key, 'PUT', '/v1/credit-limits', {
      body: { debtor_tax_id: limited.tax_id, debtor_country: 'ES', amount: 50_000 },
    });
    expect(put.status).toBe(200);
    const elsewhere = await service.call(other.key, 'PUT', '/v1/credit-limits', {
      body: { debtor_tax_id: free.tax_id, debtor_country: 'ES', amount: 9_000 },
    });
    expect(elsewhere.status).toBe(200);
    const offer = await service.call(funder.key, 'POST', `/v1/requests/${requestId}/decision`, {
      body: { decision: 'offer', rate: 2, advance_pct: 80, days: 60 },
    });
    expect(offer.status).toBe(201);

    // Exposure is what the caller's limit book says for the debtor (the pending offer counts).
    const book = await service.call<{ debtors: Record<string, number | string>[] }>(
      funder.key,
      'GET',
      '/v1/credit-limits',
    );
    const line = book.body.debtors.find((d) => d.debtor_key === limited.debtor_key)!;
    const exposure = Number(line.outstanding) + Number(line.committed) + Number(line.offered);
    expect(exposure).toBeGreaterThan(0);
    expect((await infoOf(funder.key, requestId, limited.debtor_key)).credit_limit).toEqual({
      amount: 50_000,
      status: 'active',
      source: 'api',
      source_ref: null,
      exposure,
    });
    expect((await infoOf(funder.key, requestId, free.debtor_key)).credit_limit).toBeNull();
  });

  it('refuses a confirming request with 409 not_factoring', async () => {
    const funder = await service.given.funderWithKey();
    const sellerId = await given.seller();
    const t = await given.today();
    const id = await given.invoice(sellerId, (await given.debtor()).id, {
      amount: 500,
      issue: t,
      due: addDays(t, 30),
    });
    const requestId = await given.routedRequest(sellerId, [id], funder.bankId, 'confirming');
    const answer = await debtorsOf(funder.key, requestId);
    expect(answer.status).toBe(409);
    expect(code(answer)).toBe('not_factoring');
  });

  it('answers 404 for an unknown id, a malformed id, another funder’s request and the other plane', async () => {
    const owner = await service.given.funderWithKey();
    const stranger = await service.given.funderWithKey();
    const unclassified = await service.given.funderWithKey({ environment: 'unclassified' });
    const sandbox = await service.given.demoFunder();
    const requestId = await given.requestOver(owner.bankId, [await given.debtor()]);
    for (const [key, id] of [
      [owner.key, randomUUID()],
      [owner.key, 'not-a-uuid'],
      [stranger.key, requestId],
      [sandbox.key, requestId],
      [unclassified.key, requestId],
    ] as const) {
      const answer = await debtorsOf(key, id);
      expect(answer.status).toBe(404);
      expect(code(answer)).toBe('not_found');
    }
  });

  it('needs requests:read: limits:read or webhooks:write alone are refused with 403 forbidden', async () => {
    const funder = await service.given.funderAccount();
    const requestId = await given.requestOver(funder.bank_id, [await given.debtor()]);
    const read = await service.given.key({ bankId: funder.bank_id, scopes: ['requests:read'] });
    expect((await debtorsOf(read.secret, requestId)).status).toBe(200);
    for (const scopes of [['limits:read'], ['webhooks:write']]) {
      const key = await service.given.key({ bankId: funder.bank_id, scopes });
      const answer = await debtorsOf(key.secret, requestId);
      expect(answer.status).toBe(403);
      expect(code(answer)).toBe('forbidden');
    }
    expect((await debtorsOf(null, requestId)).status).toBe(401);
  });
});

describe('operations API: debtor profiles and public payment periods', () => {
  it('sets a profile, keeps level_since while the level stays, and keeps the latest score', async () => {
    const buyer = await given.debtor();
    const first = await setProfile(buyer.id, {
      level: 'account',
      level_since: '2025-06-01T00:00:00.000Z',
      shares_data: false,
      score: { grade: 'D', score_100: 30, computed_at: '2026-01-01T00:00:00.000Z', model_version: 'm-1' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      debtor_id: buyer.id,
      debtor_key: buyer.debtor_key,
      plane: 'live',
      level: 'account',
      level_since: '2025-06-01T00:00:00.000Z',
      shares_data: false,
      updated_at: expect.any(String),
      score: { grade: 'D', score_100: 30, computed_at: '2026-01-01T00:00:00.000Z', model_version: 'm-1' },
      changed: true,
    });

    const again = await setProfile(buyer.id, {
      level: 'account',
      shares_data: false,
      score: { grade: 'B', score_100: 75, computed_at: '2026-02-01T00:00:00.000Z', model_version: 'm-1' },
    });
    expect(again.body).toMatchObject({
      level_since: '2025-06-01T00:00:00.000Z',
      changed: false,
      score: { grade: 'B', score_100: 75 },
    });

    const older = await setProfile(buyer.id, {
      level: 'books',
      shares_data: true,
      score: { grade: 'E', score_100: 5, computed_at: '2025-01-01T00:00:00.000Z', model_version: 'm-0' },
    });
    const now = (await service.ops<{ now: string }>('GET', '/ops/v1/clock')).body.now;
    expect(older.body).toMatchObject({
      level: 'books',
      level_since: now,
      changed: true,
      score: { grade: 'B' },
    });
  });

  it('refuses a bad profile with body_invalid and writes nothing', async () => {
    const buyer = await given.debtor();
    const future = new Date((await given.now()).getTime() + 10 * 86_400_000).toISOString();
    for (const body of [
      { level: 'gold', shares_data: true },
      { level: 'books' },
      { level: 'books', shares_data: 'yes' },
      { level: 'books', shares_data: true, level_since: future },
      { level: 'books', shares_data: true, extra: 1 },
      {
        level: 'books',
        shares_data: true,
        score: { grade: 'F', score_100: 50, computed_at: '2026-01-01T00:00:00Z', model_version: 'm' },
      },
      {
        level: 'books',
        shares_data: true,
        score: { grade: 'A', score_100: 101, computed_at: '2026-01-01T00:00:00Z', model_version: 'm' },
      },
      {
        level: 'books',
        shares_data: true,
        score: { grade: 'A', score_100: 80, computed_at: future, model_version: 'm' },
      },
    ]) {
      const answer = await setProfile(buyer.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(code(answer)).toBe('body_invalid');
    }
    const unknown = await setProfile(randomUUID(), { level: 'books', shares_data: true });
    expect(unknown.status).toBe(404);
    const { rows } = await service.db.query('SELECT 1 FROM debtor_profiles WHERE debtor_id = $1', [buyer.id]);
    expect(rows).toHaveLength(0);
  });

  it('keeps one payment period per period for public bodies only, showing the latest', async () => {
    const town = await given.debtor({ publicBody: true });
    const put = (body: Body) =>
      service.ops<Body>('PUT', `/ops/v1/debtors/${town.id}/public-payment-period`, body);
    const period = {
      days: 38.5,
      period_end: '2025-11-30',
      source: 'dgal_pmp',
      entity_name: 'Câmara de Exemplo',
    };
    expect((await put(period)).body).toEqual({
      debtor_id: town.id,
      debtor_key: town.debtor_key,
      public_payment_period: period,
    });
    expect((await put({ ...period, period_end: '2025-10-31', days: 60 })).body.public_payment_period).toEqual(
      period,
    );
    expect((await put({ ...period, days: -4.25 })).body.public_payment_period).toEqual({
      ...period,
      days: -4.25,
    });
    expect((await put({ ...period, days: 0.29 })).body.public_payment_period).toEqual({
      ...period,
      days: 0.29,
    });

    const t = await given.today();
    for (const body of [
      { ...period, period_end: addDays(t, 1) },
      { ...period, days: -31 },
      { ...period, days: 1.234 },
      { ...period, source: 'ine' },
      { ...period, entity_name: '' },
    ]) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(code(answer)).toBe('body_invalid');
    }

    const company = await given.debtor();
    const refused = await service.ops('PUT', `/ops/v1/debtors/${company.id}/public-payment-period`, period);
    expect(refused.status).toBe(409);
    expect(code(refused)).toBe('conflict');
    const { rows } = await service.db.query(
      'SELECT 1 FROM debtor_public_payment_periods WHERE debtor_id = $1',
      [company.id],
    );
    expect(rows).toHaveLength(0);
  });

  it('answers the operations routes only with the operator token', async () => {
    const buyer = await given.debtor();
    const funder = await service.given.funderWithKey();
    const answer = await service.call(funder.key, 'PUT', `/ops/v1/debtors/${buyer.id}/profile`, {
      body: { level: 'books', shares_data: true },
    });
    expect(answer.status).toBe(401);
  });
});
