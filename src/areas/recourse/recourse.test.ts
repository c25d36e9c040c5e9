import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { moveClockToMadrid } from '../../../test/support/clock.ts';
import { expectError } from '../../../test/support/errors.ts';
import type { FunderFixture, OfferedRequest } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { camt053 } from '../../../test/support/statement-files.ts';
import { runDueJobs } from '../../../test/support/worker.ts';
import { addDays } from '../../platform/clock.ts';

const { service, given } = startGiven();

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
type Body = Record<string, any>;

async function funderWithTerms(terms: Record<string, unknown>) {
  const funder = await given.funder();
  const answer = await service.call(funder.key, 'PUT', '/v1/programme', {
    body: { terms, reason: 'Programme for the test' },
  });
  expect(answer.status).toBe(200);
  return funder;
}

/** A funded request of 10,000 euros (advance 80 %, rate 2.5 %) whose one invoice is due in `dueInDays`. */
async function funded(funder: FunderFixture, dueInDays = 3, amount = 10_000): Promise<OfferedRequest> {
  return given.fundedRequest({ funder, invoices: [{ dueInDays, amount }] });
}

const runWorker = () => runDueJobs(service);

const recourse = (key: string, query = '') => service.call<Body>(key, 'GET', `/v1/recourse${query}`);
const close = (key: string, id: string, body: unknown, headers?: Record<string, string>) =>
  service.call<Body>(key, 'POST', `/v1/recourse/${id}/close`, { body, ...(headers ? { headers } : {}) });
const settle = (funder: FunderFixture, id: string, amount: number) =>
  service.call<Body>(funder.key, 'POST', `/v1/requests/${id}/decision`, {
    body: { decision: 'settle', amount, reference: `CAMT-${randomBytes(3).toString('hex')}` },
  });

async function claimOf(funder: FunderFixture, requestId: string): Promise<Body | undefined> {
  const answer = await recourse(funder.key);
  expect(answer.status).toBe(200);
  return answer.body.claims.find((c: Body) => c.request_id === requestId);
}

/** Moves the clock to 00:30 (Madrid) of the day the request's claim falls due, and runs the worker. */
async function reachClaimDay(request: OfferedRequest, days: number): Promise<string> {
  const day = addDays(request.invoices[0]!.due_date!, days);
  await moveClockToMadrid(service, day, '00:30');
  await runWorker();
  return day;
}

describe('claims open by themselves', () => {
  it('opens a recourse claim on its exact Madrid day at 00:30, not at 23:30 the day before', async () => {
    const funder = await funderWithTerms({ recourse: 'with', recourse_days: 10 });
    const request = await funded(funder, 3);
    const dueDate = request.invoices[0]!.due_date!;
    const claimDay = addDays(dueDate, 10);
    await moveClockToMadrid(service, addDays(claimDay, -1), '23:30');
    await runWorker();
    expect(await claimOf(funder, request.id)).toBeUndefined();
    await moveClockToMadrid(service, claimDay, '00:30');
    await runWorker();
    const claim = await claimOf(funder, request.id);
    expect(claim).toMatchObject({
      kind: 'recourse',
      status: 'open',
      request_ref: expect.stringMatching(/^FR-/),
      seller: { seller_id: request.seller.id, name: request.seller.name },
      amount_advanced: 8000,
      fees: 200,
      collected: 0,
      claim_amount: 8200,
      paid_since_opened: 0,
      remaining: 8200,
      pay_to_iban: null,
      pay_reference: expect.stringMatching(/^RF\d{2}FR\d+$/),
      due_date: dueDate,
      recourse_days: 10,
      opens_on: claimDay,
      closed_at: null,
      settled_by: null,
    });
    // Still funded; the request did not move.
    expect(await given.statusOf(request)).toBe('funded');
    // Running again opens nothing more.
    await runWorker();
    const { rows } = await service.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM recourse_claims WHERE request_id = $1',
      [request.id],
    );
    expect(rows[0]!.n).toBe(1);
    const events = await service.db.query<{ type: string; payload: Body }>(
      `SELECT type, payload FROM outbox_events WHERE funder_id = $1 AND type = 'claim.opened'`,
      [funder.bankId],
    );
    expect(events.rows).toHaveLength(1);
    expect(JSON.stringify(events.rows[0]!.payload)).toContain(claim!.claim_id);
    expect(events.rows[0]!.payload.claim).toMatchObject({ claim_id: claim!.claim_id, claim_amount: 8200 });
  });

  it('opens a debtor default for what the debtor still owes without recourse; none without a claim rule', async () => {
    const without = await funderWithTerms({ recourse: 'without', recourse_days: 5 });
    const noRule = await funderWithTerms({ recourse: 'with', recourse_days: null });
    const request = await funded(without, 2);
    const ruleless = await funded(noRule, 2);
    expect((await settle(without, request.id, 1500.5)).status).toBe(200);
    await reachClaimDay(request, 5);
    expect(await claimOf(without, request.id)).toMatchObject({
      kind: 'debtor_default',
      status: 'open',
      collected: 1500.5,
      claim_amount: 8499.5,
      amount_advanced: 8000,
    });
    await moveClockToMadrid(service, addDays(ruleless.invoices[0]!.due_date!, 400), '12:00');
    await runWorker();
    expect(await claimOf(noRule, ruleless.id)).toBeUndefined();
  });

  it('counts from the earliest due date among the invoices', async () => {
    const funder = await funderWithTerms({ recourse: 'with', recourse_days: 1 });
    const request = await given.fundedRequest({
      funder,
      invoices: [
        { dueInDays: 9, amount: 4000 },
        { dueInDays: 4, amount: 6000 },
        { dueInDays: null, amount: 1000 },
      ],
    });
    const earliest = request.invoices[1]!.due_date!;
    await moveClockToMadrid(service, earliest, '23:30');
    await runWorker();
    expect(await claimOf(funder, request.id)).toBeUndefined();
    await moveClockToMadrid(service, addDays(earliest, 1), '00:30');
    await runWorker();
    expect(await claimOf(funder, request.id)).toMatchObject({
      due_date: earliest,
      opens_on: addDays(earliest, 1),
      // 80 % of 11,000 advanced, 2.5 % of it as fee.
      amount_advanced: 8800,
      fees: 220,
      claim_amount: 9020,
    });
  });
});

/** The funder's collection account read (operations), with one euro account. */
async function collectionAccount(funder: FunderFixture, iban: string, bankName = 'Banco Cobros') {
  const read = await service.ops('POST', '/ops/v1/bank-data/collection-reads', {
    bank_id: funder.bankId,
    bank_name: bankName,
    accounts: [
      { iban: 'GB33BUKB20201555555555', holder_name: 'Sterling account', currency: 'GBP' },
      { iban, holder_name: 'Collections', currency: 'EUR' },
    ],
  });
  expect(read.status).toBe(200);
}

/** A camt.053 statement of the funder's account `iban` imported through the API. */
async function statementOf(funder: FunderFixture, iban: string) {
  const xml = camt053({
    version: 8,
    iban,
    statementId: `STMT-${randomBytes(4).toString('hex')}`,
    entries: [
      {
        cents: 12_345,
        direction: 'CRDT',
        bookingDate: await given.today(),
        transactions: [{ ustrd: ['Unrelated payment'] }],
      },
    ],
  });
  const imported = await service.call<Body>(funder.key, 'POST', '/v1/statements', {
    payload: xml,
    headers: { 'content-type': 'application/xml' },
  });
  expect(imported.status).toBe(201);
}

describe('where a claim is paid: pay_to_iban', () => {
  const COLLECTION = 'ES6000491500051234567892';
  const OLDER_STATEMENT = 'ES7620770024003102575766';
  const LATEST_STATEMENT = 'ES1720852066623456789011';

  it('names the funder’s collection account, before any statement’s account', async () => {
    const funder = await funderWithTerms({ recourse: 'with', recourse_days: 2 });
    const request = await funded(funder, 1);
    await statementOf(funder, LATEST_STATEMENT);
    await collectionAccount(funder, COLLECTION);
    await reachClaimDay(request, 2);
    // The euro account of the collection connection, not the pound one listed before it.
    expect(await claimOf(funder, request.id)).toMatchObject({ status: 'open', pay_to_iban: COLLECTION });
    const event = await service.db.query<{ payload: Body }>(
      `SELECT payload FROM outbox_events WHERE funder_id = $1 AND type = 'claim.opened'`,
      [funder.bankId],
    );
    expect(event.rows[0]!.payload.claim).toMatchObject({ pay_to_iban: COLLECTION });
  });

  it('names the account of the latest imported statement when the funder has no collection account', async () => {
    const funder = await funderWithTerms({ recourse: 'without', recourse_days: 2 });
    const request = await funded(funder, 1);
    await statementOf(funder, OLDER_STATEMENT);
    await service.advanceClock(60);
    await statementOf(funder, LATEST_STATEMENT);
    await reachClaimDay(request, 2);
    expect(await claimOf(funder, request.id)).toMatchObject({
      kind: 'debtor_default',
      pay_to_iban: LATEST_STATEMENT,
    });
  });

  it('is null only while the funder has neither; the account it gets later is named, and a claim keeps the account it opened with', async () => {
    const funder = await funderWithTerms({ recourse: 'with', recourse_days: 2 });
    const first = await funded(funder, 1);
    await reachClaimDay(first, 2);
    expect(await claimOf(funder, first.id)).toMatchObject({ status: 'open', pay_to_iban: null });
    // A statement comes in: the claim names its account from then on.
    await statementOf(funder, OLDER_STATEMENT);
    expect(await claimOf(funder, first.id)).toMatchObject({ pay_to_iban: OLDER_STATEMENT });
    // The collection account is read: a claim without an account of its own names it now.
    await collectionAccount(funder, COLLECTION);
    expect(await claimOf(funder, first.id)).toMatchObject({ pay_to_iban: COLLECTION });
    // A claim that opened naming an account keeps it: the seller was told where to pay.
    const other = await funderWithTerms({ recourse: 'with', recourse_days: 2 });
    const second = await funded(other, 1);
    await statementOf(other, OLDER_STATEMENT);
    await reachClaimDay(second, 2);
    expect(await claimOf(other, second.id)).toMatchObject({ pay_to_iban: OLDER_STATEMENT });
    await collectionAccount(other, COLLECTION);
    expect(await claimOf(other, second.id)).toMatchObject({ pay_to_iban: OLDER_STATEMENT });
  });
});

describe('claims close', () => {
  it('payments since the claim opened cover a recourse claim: settled by recourse, the request closes, outstanding falls', async () => {
    const funder = await funderWithTerms({ recourse: 'with', recourse_days: 3 });
    const request = await funded(funder, 2);
    const debtorKey = request.debtors[0]!.debtor_key;
    const outstanding = async () => {
      const book = await service.call<Body>(funder.key, 'GET', '/v1/credit-limits');
      return book.body.debtors.find((d: Body) => d.debtor_key === debtorKey)?.outstanding;
    };
    // A payment before the claim opens is collected, not counted towards it.
    expect((await settle(funder, request.id, 200)).status).toBe(200);
    await reachClaimDay(request, 3);
    const opened = await claimOf(funder, request.id);
    expect(opened).toMatchObject({ collected: 200, claim_amount: 8000, status: 'open' });
    expect(await outstanding()).toBe(9800);

    // The funder records part of it (a statement or settle), the seller repays the rest.
    expect((await settle(funder, request.id, 1000)).status).toBe(200);
    expect(await claimOf(funder, request.id)).toMatchObject({ paid_since_opened: 1000, remaining: 7000 });
    const today = await given.today();
    const tooMuch = await service.ops<Body>('POST', `/ops/v1/recourse/${opened!.claim_id}/repayments`, {
      amount: 7000.01,
      value_date: today,
      reference: 'SELLER-TRF-1',
    });
    expectError(tooMuch, 422, 'invalid_amount');
    const part = await service.ops<Body>('POST', `/ops/v1/recourse/${opened!.claim_id}/repayments`, {
      amount: 3000,
      value_date: today,
      reference: 'SELLER-TRF-1',
    });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ request_status: 'funded', claim: { status: 'open', remaining: 4000 } });
    expect(await outstanding()).toBe(5800);
    const rest = await service.ops<Body>('POST', `/ops/v1/recourse/${opened!.claim_id}/repayments`, {
      amount: 4000,
      value_date: today,
      reference: 'SELLER-TRF-2',
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      request_status: 'settled',
      claim: { status: 'settled', settled_by: 'recourse', paid_since_opened: 8000, remaining: 0 },
    });
    expect(await given.statusOf(request)).toBe('settled');
    // Settled: it leaves the exposure books.
    expect(await outstanding()).toBeUndefined();
    const history = await service.db.query<{ trigger: string; to_status: string }>(
      'SELECT trigger, to_status FROM request_history WHERE request_id = $1 ORDER BY id DESC LIMIT 1',
      [request.id],
    );
    expect(history.rows[0]).toEqual({ trigger: 'settle_recourse', to_status: 'settled' });
    const sources = await service.db.query<{ source: string; amount: string }>(
      'SELECT source, amount::text AS amount FROM settlements WHERE request_id = $1 ORDER BY recorded_at, amount',
      [request.id],
    );
    expect(sources.rows.filter((r) => r.source === 'recourse').map((r) => r.amount)).toEqual([
      '3000.00',
      '4000.00',
    ]);
    const closed = await service.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_events WHERE funder_id = $1 AND type = 'claim.closed'`,
      [funder.bankId],
    );
    expect(closed.rows[0]!.n).toBe(1);
    // Closed: nothing more can be repaid.
    const again = await service.ops<Body>('POST', `/ops/v1/recourse/${opened!.claim_id}/repayments`, {
      amount: 1,
      value_date: today,
      reference: 'SELLER-TRF-3',
    });
    expectError(again, 422, 'claim_closed');
  });

  it('a confirmed statement line quoting pay_reference counts towards the claim, and can settle it', async () => {
    const funder = await funderWithTerms({ recourse: 'with', recourse_days: 2 });
    const request = await funded(funder, 1);
    await reachClaimDay(request, 2);
    const claim = (await claimOf(funder, request.id))!;
    expect(claim.claim_amount).toBe(8200);
    const today = await given.today();
    const csv = `Date,Description,Amount\n${today},Recourse repayment ${claim.pay_reference},8200.00\n`;
    const imported = await service.call<Body>(funder.key, 'POST', '/v1/statements', {
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.status).toBe(201);
    const line = imported.body.lines[0];
    expect(line.match).toMatchObject({ request_id: request.id });
    const confirmed = await service.ops<Body>(
      'POST',
      `/ops/v1/statements/${imported.body.id}/lines/${line.line}/confirm`,
      {},
    );
    expect(confirmed.status).toBe(200);
    expect(await claimOf(funder, request.id)).toMatchObject({
      status: 'settled',
      settled_by: 'recourse',
      paid_since_opened: 8200,
    });
    expect(await given.statusOf(request)).toBe('settled');
  });

  it('the request settling the ordinary way settles a debtor default', async () => {
    const funder = await funderWithTerms({ recourse: 'without', recourse_days: 2 });
    const request = await funded(funder, 1);
    await reachClaimDay(request, 2);
    const claim = await claimOf(funder, request.id);
    expect(claim).toMatchObject({ kind: 'debtor_default', claim_amount: 10_000 });
    // A seller does not repay a debtor default.
    const refused = await service.ops<Body>('POST', `/ops/v1/recourse/${claim!.claim_id}/repayments`, {
      amount: 10,
      value_date: await given.today(),
      reference: 'SELLER-TRF',
    });
    expectError(refused, 409, 'invalid_state');
    expect((await settle(funder, request.id, 10_000)).status).toBe(200);
    expect(await claimOf(funder, request.id)).toMatchObject({
      status: 'settled',
      settled_by: 'request_settled',
      paid_since_opened: 10_000,
    });
  });
});

describe('POST /v1/recourse/{id}/close', () => {
  let funder: FunderFixture;
  let recourseClaim: Body;
  let defaultClaim: Body;
  beforeAll(async () => {
    funder = await funderWithTerms({ recourse: 'with', recourse_days: 1 });
    const withRecourse = await funded(funder, 1);
    const own = await given.liveSeller();
    // The same funder, one company without recourse.
    const terms = await service.call(funder.key, 'PUT', '/v1/programme', {
      body: { seller_id: null, terms: { recourse: 'without' }, reason: 'Now without recourse' },
    });
    expect(terms.status).toBe(200);
    const withoutRecourse = await given.fundedRequest({ funder, seller: own, invoices: [{ dueInDays: 1 }] });
    await reachClaimDay(withRecourse, 1);
    recourseClaim = (await claimOf(funder, withRecourse.id))!;
    defaultClaim = (await claimOf(funder, withoutRecourse.id))!;
    expect(recourseClaim.kind).toBe('recourse');
    expect(defaultClaim.kind).toBe('debtor_default');
  });

  it('refuses a wrong body with its code, changing nothing', async () => {
    const id = recourseClaim.claim_id;
    expectError(
      await close(funder.key, id, { status: 'withdrawn', reason: 'Long enough', x: 1 }),
      422,
      'body_invalid',
    );
    expectError(
      await close(funder.key, id, { status: 'cancelled', reason: 'Long enough' }),
      422,
      'status_invalid',
    );
    expectError(
      await close(funder.key, id, { status: 'withdrawn', reason: 'short' }),
      422,
      'reason_required',
    );
    expectError(
      await close(funder.key, id, { status: 'withdrawn', reason: '          ' }),
      422,
      'reason_required',
    );
    expectError(await close(funder.key, id, { status: 'withdrawn' }), 422, 'reason_required');
    expectError(
      await close(funder.key, id, { status: 'written_off', reason: 'Seller insolvent' }),
      422,
      'close_invalid',
    );
    expectError(
      await close(funder.key, defaultClaim.claim_id, { status: 'withdrawn', reason: 'Debtor paid us' }),
      422,
      'close_invalid',
    );
    expectError(
      await close(funder.key, randomUUID(), { status: 'withdrawn', reason: 'Long enough' }),
      404,
      'not_found',
    );
    const reader = await given.keyOf(funder, ['requests:read']);
    expectError(await close(reader, id, { status: 'withdrawn', reason: 'Long enough' }), 403, 'forbidden');
    expect(await claimOf(funder, recourseClaim.request_id)).toMatchObject({ status: 'open' });
  });

  it('withdraws a recourse claim and writes off a debtor default, once; a key replays its answer', async () => {
    const headers = { 'idempotency-key': `close-${randomUUID()}` };
    const body = { status: 'withdrawn', reason: 'Settled with the seller out of court' };
    const first = await close(funder.key, recourseClaim.claim_id, body, headers);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ claim_id: recourseClaim.claim_id, status: 'withdrawn' });
    const replay = await close(funder.key, recourseClaim.claim_id, body, headers);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expectError(await close(funder.key, recourseClaim.claim_id, body), 422, 'claim_closed');
    const off = await close(funder.key, defaultClaim.claim_id, {
      status: 'written_off',
      reason: 'Debtor insolvent, claim lodged',
    });
    expect(off.body).toEqual({ claim_id: defaultClaim.claim_id, status: 'written_off' });
    expect(await claimOf(funder, recourseClaim.request_id)).toMatchObject({
      status: 'withdrawn',
      close_reason: 'Settled with the seller out of court',
      closed_at: expect.any(String),
    });
    expect(await claimOf(funder, defaultClaim.request_id)).toMatchObject({ status: 'written_off' });
    // The requests stay funded.
    expect(await given.statusOf({ id: recourseClaim.request_id })).toBe('funded');
  });

  it('a claim of another funder on a request the caller acted on is 403 not_your_claim; others cannot see it', async () => {
    const earlier = await given.funder();
    const later = await funderWithTerms({ recourse: 'with', recourse_days: 1 });
    const request = await given.offeredRequest({ funder: earlier, invoices: [{ dueInDays: 1 }] });
    await given.routed(request, later);
    await given.offerFrom(later, request);
    await given.sellerAccepts(request);
    await given.debtorAnswers(request, { answer: 'acknowledged' });
    const fund = await service.call(later.key, 'POST', `/v1/requests/${request.id}/decision`, {
      body: { decision: 'fund', value_date: await given.today(), reference: 'TRF-LATER-1' },
    });
    expect(fund.status).toBe(200);
    await reachClaimDay(request as OfferedRequest, 1);
    const claim = (await claimOf(later, request.id))!;
    expect(claim).toBeDefined();
    const body = { status: 'withdrawn', reason: 'Not ours to close' };
    expectError(await close(earlier.key, claim.claim_id, body), 403, 'not_your_claim');
    expect(await claimOf(earlier, request.id)).toBeUndefined();
    const stranger = await given.funder();
    expectError(await close(stranger.key, claim.claim_id, body), 404, 'not_found');
    expect(await claimOf(later, request.id)).toMatchObject({ status: 'open' });
  });
});

describe('GET /v1/recourse', () => {
  it('counts the funded factoring book by recourse type, claims by kind and status, open claims first', async () => {
    const funder = await funderWithTerms({ recourse: 'with', recourse_days: 1, disclosure: 'announced' });
    const a = await funded(funder, 1, 10_000);
    const b = await funded(funder, 60, 5000);
    const legacy = await funded(funder, 60, 2000);
    // Routed before terms were recorded: no terms on the request.
    await service.db.query('UPDATE funding_requests SET programme_terms = NULL WHERE id = $1', [legacy.id]);
    const toClose = await funded(funder, 1, 3000);
    await reachClaimDay(a, 1);
    const closing = (await claimOf(funder, toClose.id))!;
    expect(
      (await close(funder.key, closing.claim_id, { status: 'withdrawn', reason: 'Agreed with seller' }))
        .status,
    ).toBe(200);
    const answer = await recourse(funder.key);
    expect(answer.status).toBe(200);
    expect(answer.body.currency).toBe('EUR');
    expect(answer.body.requests_by_recourse).toEqual({
      with: {
        requests: 3,
        face_value_outstanding: 18_000,
        amount_advanced: 14_400,
        with_claim_rule: 3,
        confidential: 0,
      },
      without: {
        requests: 0,
        face_value_outstanding: 0,
        amount_advanced: 0,
        with_claim_rule: 0,
        confidential: 0,
      },
      not_recorded: {
        requests: 1,
        face_value_outstanding: 2000,
        amount_advanced: 1600,
        with_claim_rule: 0,
        confidential: 0,
      },
    });
    expect(answer.body.claims_by_kind).toEqual({
      recourse: { open: 1, settled: 0, withdrawn: 1, written_off: 0 },
      debtor_default: { open: 0, settled: 0, withdrawn: 0, written_off: 0 },
    });
    expect(answer.body.count).toBe(2);
    expect(answer.body.claims.map((c: Body) => c.status)).toEqual(['open', 'withdrawn']);
    expect(answer.body.claims[0].request_id).toBe(a.id);
    expect(b.id).not.toBe(a.id);

    const open = await recourse(funder.key, '?status=withdrawn');
    expect(open.body.claims.map((c: Body) => c.claim_id)).toEqual([closing.claim_id]);
    expect(open.body.claims_by_kind.recourse.open).toBe(1);
    expectError(await recourse(funder.key, '?status=closed'), 422, 'status_invalid');
    // Another funder sees none of it.
    const other = await given.funder();
    const empty = await recourse(other.key);
    expect(empty.body).toMatchObject({ count: 0, claims: [] });
    expect(empty.body.requests_by_recourse.with.requests).toBe(0);
  });
});

describe('POST /v1/sandbox/recourse/{id}/repayment', () => {
  it('is for sandbox keys only', async () => {
    const funder = await given.funder();
    expectError(
      await service.call(funder.key, 'POST', `/v1/sandbox/recourse/${randomUUID()}/repayment`, { body: {} }),
      403,
      'sandbox_only',
    );
  });
});
