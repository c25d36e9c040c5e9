import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';
import { DEMO_COLLECTION_IBAN } from '../bank-data/bank-data.demo.ts';
import { RECOURSE_DEMO } from './recourse.demo.ts';

let sandbox: { bankId: string; key: string };
const { service } = startGiven({ demoPlane: true });
beforeAll(async () => {
  sandbox = await service.given.demoFunder();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
type Body = Record<string, any>;

const call = (method: string, url: string, body?: unknown) =>
  service.call<Body>(sandbox.key, method, url, body === undefined ? {} : { body });

describe('the demonstration plane', () => {
  it('holds an open claim of each kind on the recourse company’s requests', async () => {
    const answer = await call('GET', '/v1/recourse');
    expect(answer.status).toBe(200);
    const demo = answer.body.claims.filter((c: Body) => c.seller.name === RECOURSE_DEMO.company);
    expect(demo.map((c: Body) => [c.kind, c.status]).sort()).toEqual([
      ['debtor_default', 'open'],
      ['recourse', 'open'],
    ]);
    const recourse = demo.find((c: Body) => c.kind === 'recourse');
    // 80 % of 14,200 advanced, 2 % of it as fee, nothing collected.
    expect(recourse).toMatchObject({
      amount_advanced: 11_360,
      fees: 227.2,
      claim_amount: 11_587.2,
      recourse_days: 20,
    });
    expect(demo.find((c: Body) => c.kind === 'debtor_default')).toMatchObject({
      claim_amount: 8600,
      recourse_days: 15,
    });
    expect(answer.body.claims_by_kind.recourse.open).toBeGreaterThanOrEqual(1);
    expect(answer.body.claims_by_kind.debtor_default.open).toBeGreaterThanOrEqual(1);
    expect(answer.body.requests_by_recourse.with.with_claim_rule).toBeGreaterThanOrEqual(1);
    expect(answer.body.requests_by_recourse.without.confidential).toBeGreaterThanOrEqual(1);
  });
});

describe('where the demonstration claims are paid', () => {
  it('every demonstration claim names the demonstration funder’s collection account, also after a reset', async () => {
    const namesTheCollectionAccount = async () => {
      const overview = await call('GET', '/v1/bank-data');
      expect(overview.status).toBe(200);
      expect(overview.body.collection_connections).toEqual([
        expect.objectContaining({
          bank_name: 'Banco Demostración',
          status: 'connected',
          accounts: [
            expect.objectContaining({ iban_last4: DEMO_COLLECTION_IBAN.slice(-4), currency: 'EUR' }),
          ],
        }),
      ]);
      const claims = (await call('GET', '/v1/recourse')).body.claims as Body[];
      expect(claims.length).toBeGreaterThanOrEqual(2);
      expect(claims.map((c) => c.pay_to_iban)).toEqual(claims.map(() => DEMO_COLLECTION_IBAN));
    };
    await namesTheCollectionAccount();
    const reset = await service.ops('POST', '/ops/v1/demo/reset');
    expect(reset.status).toBe(200);
    await namesTheCollectionAccount();
    // Recorded on the claims themselves when they opened, not only filled in when read.
    const { rows } = await service.db.query<{ pay_to_iban: string | null }>(
      `SELECT pay_to_iban FROM recourse_claims WHERE funder_id = $1 AND plane = 'demo'`,
      [sandbox.bankId],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.pay_to_iban === DEMO_COLLECTION_IBAN)).toBe(true);
  });
});

describe('POST /v1/sandbox/recourse/{id}/repayment', () => {
  it('the seller repays part, then the rest: the claim settles and the request closes as settled', async () => {
    const claims = (await call('GET', '/v1/recourse?status=open')).body.claims as Body[];
    const claim = claims.find((c) => c.kind === 'recourse' && c.seller.name === RECOURSE_DEMO.company)!;
    const debtor = claims.find(
      (c) => c.kind === 'debtor_default' && c.seller.name === RECOURSE_DEMO.company,
    )!;
    const url = (id: string) => `/v1/sandbox/recourse/${id}/repayment`;

    expectError(await call('POST', url(debtor.claim_id), {}), 409, 'invalid_state');
    expectError(
      await call('POST', url(claim.claim_id), { amount: claim.remaining + 1 }),
      422,
      'invalid_amount',
    );
    expectError(await call('POST', url(claim.claim_id), { amount: 'all' }), 422, 'invalid_amount');
    expectError(await call('POST', url(randomUUID()), {}), 404, 'not_found');

    const part = await call('POST', url(claim.claim_id), { amount: 1000 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      amount: 1000,
      request_status: 'funded',
      claim: { status: 'open', paid_since_opened: 1000, remaining: claim.remaining - 1000 },
    });
    const rest = await call('POST', url(claim.claim_id), {});
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      request_status: 'settled',
      claim: { status: 'settled', settled_by: 'recourse', remaining: 0 },
    });
    const { rows } = await service.db.query<{ status: string; trigger: string }>(
      `SELECT r.status, h.trigger FROM funding_requests r
         JOIN request_history h ON h.request_id = r.id
        WHERE r.id = $1 ORDER BY h.id DESC LIMIT 1`,
      [claim.request_id],
    );
    expect(rows[0]).toEqual({ status: 'settled', trigger: 'settle_recourse' });
    expectError(await call('POST', url(claim.claim_id), {}), 422, 'claim_closed');
  });
});
