import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientsGiven } from '../../../test/support/clients-given.ts';
import { expectError } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';

const { service, given } = startGiven();

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
type Body = Record<string, any>;

const SERVICE_DEFAULT = {
  disclosure: 'announced',
  recourse: 'with',
  recourse_days: null,
  announce_overdue_days: null,
  announce_on_dispute: false,
  announce_on_kyc_lapse: false,
  bank_data: 'off',
};

const put = (key: string, body: unknown) => service.call<Body>(key, 'PUT', '/v1/programme', { body });
const get = async (key: string) => {
  const answer = await service.call<Body>(key, 'GET', '/v1/programme');
  expect(answer.status).toBe(200);
  return answer.body;
};

async function evidence(funderId: string) {
  const { rows } = await service.db.query<{ payload: Body; subject_id: string }>(
    `SELECT payload, subject_id FROM evidence_entries WHERE funder_id = $1 AND kind = 'programme.changed' ORDER BY seq`,
    [funderId],
  );
  return rows;
}

describe('GET /v1/programme', () => {
  it('gives the service default to a funder that never set its programme', async () => {
    const funder = await given.funder();
    const programme = await get(funder.key);
    expect(programme).toEqual({
      funder: { bank_id: funder.bankId, name: expect.any(String) },
      default: { ...SERVICE_DEFAULT, source: 'funder_default', updated_at: null },
      companies: [],
      requests: {},
    });
  });

  it('lists the companies with a request routed to the funder and counts requests by disclosure, recourse and status', async () => {
    const funder = await given.funder();
    const routed = await given.routedRequest({ funder });
    const other = await given.funder();
    await given.routedRequest({ funder: other });
    const programme = await get(funder.key);
    expect(programme.companies).toEqual([
      {
        seller_id: routed.seller.id,
        company_name: routed.seller.name,
        tax_id: routed.seller.tax_id,
        terms: { ...SERVICE_DEFAULT, source: 'funder_default' },
        reason: null,
        updated_at: null,
      },
    ]);
    expect(programme.requests).toEqual({ 'announced:with:submitted': 1 });
  });
});

describe('PUT /v1/programme', () => {
  it('changes only the keys sent of the default, keeps the reason on the evidence chain, and applies to requests routed afterwards', async () => {
    const funder = await given.funder();
    const before = await given.routedRequest({ funder });
    const answer = await put(funder.key, {
      terms: { disclosure: 'confidential', recourse: 'without', announce_overdue_days: 15 },
      reason: 'Credit committee of 3 November',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      seller_id: null,
      terms: {
        ...SERVICE_DEFAULT,
        disclosure: 'confidential',
        recourse: 'without',
        announce_overdue_days: 15,
        source: 'funder_default',
      },
      reason: 'Credit committee of 3 November',
      changed: true,
      updated_at: expect.any(String),
      open_requests_keep_their_terms: 1,
    });
    // Only the keys sent change.
    const second = await put(funder.key, {
      terms: { bank_data: 'requested' },
      reason: 'Bank data on request',
    });
    expect(second.body.terms).toMatchObject({
      disclosure: 'confidential',
      recourse: 'without',
      bank_data: 'requested',
    });

    const after = await given.routedRequest({ funder });
    const programme = await get(funder.key);
    expect(programme.default).toMatchObject({ disclosure: 'confidential', bank_data: 'requested' });
    expect(programme.default.updated_at).toEqual(expect.any(String));
    // The request routed before keeps its announced terms; the one after took the new ones.
    expect(programme.requests).toEqual({
      'announced:with:submitted': 1,
      'confidential:without:submitted': 1,
    });
    const { rows } = await service.db.query<{ id: string; programme_terms: Body; disclosure: string }>(
      'SELECT id, programme_terms, disclosure FROM funding_requests WHERE id = ANY($1::uuid[])',
      [[before.id, after.id]],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(before.id)!.programme_terms.disclosure).toBe('announced');
    expect(byId.get(after.id)!).toMatchObject({
      disclosure: 'confidential',
      programme_terms: {
        disclosure: 'confidential',
        recourse: 'without',
        bank_data: 'requested',
        source: 'funder_default',
      },
    });

    const entries = await evidence(funder.bankId);
    expect(entries.map((e) => e.payload.reason)).toEqual([
      'Credit committee of 3 November',
      'Bank data on request',
    ]);
    expect(entries[0]!.payload).toMatchObject({
      seller_id: null,
      sent: { disclosure: 'confidential', recourse: 'without', announce_overdue_days: 15 },
      from: { disclosure: 'announced' },
      to: { disclosure: 'confidential' },
    });
  });

  it('sets a company’s own terms over the default, which a later request of that company takes, and a reset removes them', async () => {
    const funder = await given.funder();
    const first = await given.routedRequest({ funder });
    const seller = first.seller;
    await put(funder.key, { terms: { recourse: 'without' }, reason: 'Default without recourse' });
    const own = await put(funder.key, {
      seller_id: seller.id,
      terms: { disclosure: 'confidential', recourse_days: 30 },
      reason: 'Seller asked for confidentiality',
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      seller_id: seller.id,
      terms: { disclosure: 'confidential', recourse: 'without', recourse_days: 30, source: 'seller' },
      reason: 'Seller asked for confidentiality',
      changed: true,
      open_requests_keep_their_terms: 1,
    });
    const programme = await get(funder.key);
    expect(programme.companies).toEqual([
      expect.objectContaining({
        seller_id: seller.id,
        terms: expect.objectContaining({ disclosure: 'confidential', source: 'seller' }),
        reason: 'Seller asked for confidentiality',
      }),
    ]);
    expect(programme.default.disclosure).toBe('announced');

    await given.routedRequest({ funder, seller });
    expect((await get(funder.key)).requests).toEqual({
      'announced:with:submitted': 1,
      'confidential:without:submitted': 1,
    });

    const reset = await put(funder.key, {
      seller_id: seller.id,
      terms: { reset: true },
      reason: 'Special terms ended',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      seller_id: seller.id,
      terms: { disclosure: 'announced', recourse: 'without', recourse_days: null, source: 'funder_default' },
      reason: null,
      changed: true,
    });
    const afterReset = await get(funder.key);
    expect(afterReset.companies[0]).toMatchObject({ reason: null, terms: { source: 'funder_default' } });
    expect((await evidence(funder.bankId)).map((e) => e.payload.sent)).toEqual([
      { recourse: 'without' },
      { disclosure: 'confidential', recourse_days: 30 },
      { reset: true },
    ]);
  });

  it('answers changed false when the terms sent are the ones in force', async () => {
    const funder = await given.funder();
    const answer = await put(funder.key, { terms: { disclosure: 'announced' }, reason: 'Confirming as is' });
    expect(answer.body).toMatchObject({ changed: false, open_requests_keep_their_terms: 0 });
  });

  const bad: [string, unknown, number, string][] = [
    ['no terms', { reason: 'A good reason' }, 422, 'terms_invalid'],
    ['terms not an object', { terms: 'confidential', reason: 'A good reason' }, 422, 'terms_invalid'],
    ['empty terms', { terms: {}, reason: 'A good reason' }, 422, 'terms_invalid'],
    [
      'a value of the wrong kind',
      { terms: { disclosure: 'secret' }, reason: 'A good reason' },
      422,
      'terms_invalid',
    ],
    ['recourse_days 0', { terms: { recourse_days: 0 }, reason: 'A good reason' }, 422, 'terms_invalid'],
    ['recourse_days 366', { terms: { recourse_days: 366 }, reason: 'A good reason' }, 422, 'terms_invalid'],
    [
      'announce_overdue_days 1.5',
      { terms: { announce_overdue_days: 1.5 }, reason: 'A good reason' },
      422,
      'terms_invalid',
    ],
    [
      'a flag not boolean',
      { terms: { announce_on_dispute: 'yes' }, reason: 'A good reason' },
      422,
      'terms_invalid',
    ],
    ['reset without a company', { terms: { reset: true }, reason: 'A good reason' }, 422, 'terms_invalid'],
    ['reset false', { terms: { reset: false }, reason: 'A good reason' }, 422, 'terms_invalid'],
    ['an unknown term', { terms: { interest: 3 }, reason: 'A good reason' }, 422, 'terms_key_unknown'],
    ['no reason', { terms: { recourse: 'with' } }, 422, 'reason_required'],
    ['a short reason', { terms: { recourse: 'with' }, reason: 'short' }, 422, 'reason_required'],
    ['a reason of spaces', { terms: { recourse: 'with' }, reason: '          ' }, 422, 'reason_required'],
    [
      'seller_id not a uuid',
      { seller_id: 'abc', terms: { recourse: 'with' }, reason: 'A good reason' },
      422,
      'seller_id_invalid',
    ],
    [
      'an unknown member',
      { terms: { recourse: 'with' }, reason: 'A good reason', extra: 1 },
      422,
      'body_invalid',
    ],
    ['a body that is not an object', [1, 2], 422, 'body_invalid'],
  ];
  it.each(bad)('refuses %s and changes nothing', async (_what, body, status, code) => {
    const funder = await given.funder();
    expectError(await put(funder.key, body), status, code);
    expect((await get(funder.key)).default.updated_at).toBeNull();
    expect(await evidence(funder.bankId)).toEqual([]);
  });

  it('refuses a reset that carries other terms', async () => {
    const funder = await given.funder();
    const request = await given.routedRequest({ funder });
    expectError(
      await put(funder.key, {
        seller_id: request.seller.id,
        terms: { reset: true, disclosure: 'confidential' },
        reason: 'A good reason',
      }),
      422,
      'terms_invalid',
    );
  });

  it('refuses a company with no request routed to the funder: seller_not_in_programme', async () => {
    const funder = await given.funder();
    const other = await given.funder();
    const elsewhere = await given.routedRequest({ funder: other });
    for (const sellerId of [randomUUID(), elsewhere.seller.id]) {
      expectError(
        await put(funder.key, {
          seller_id: sellerId,
          terms: { recourse: 'without' },
          reason: 'A good reason',
        }),
        422,
        'seller_not_in_programme',
      );
    }
    expect(await evidence(funder.bankId)).toEqual([]);
  });

  it('takes terms for an own client that has no request yet, and lists it', async () => {
    const funder = await given.funder();
    const clients = clientsGiven(service);
    const link = await clients.newLink(funder);
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const arrived = await clients.arrive(link.body.client_link.id, clients.company());
    expect(arrived.status, JSON.stringify(arrived.body)).toBeLessThan(300);
    const accepted = await clients.accept(arrived.body.invitation.id);
    const sellerId = accepted.body.invitation.seller_id!;
    expect(sellerId).toBeTruthy();
    const answer = await put(funder.key, {
      seller_id: sellerId,
      terms: { disclosure: 'confidential' },
      reason: 'Own client, confidential from the start',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const programme = await service.call<{ companies: { seller_id: string }[] }>(
      funder.key,
      'GET',
      '/v1/programme',
    );
    expect(programme.body.companies.map((c) => c.seller_id)).toContain(sellerId);
    // Another funder cannot set terms for this funder's client.
    const other = await given.funder();
    expectError(
      await put(other.key, {
        seller_id: sellerId,
        terms: { recourse: 'with' },
        reason: 'Not my client at all',
      }),
      422,
      'seller_not_in_programme',
    );
  });

  it('needs a key with settings:write or decisions:write to change', async () => {
    const funder = await given.funder();
    const readOnly = await given.keyOf(funder, ['requests:read']);
    expectError(
      await put(readOnly, { terms: { recourse: 'without' }, reason: 'A good reason' }),
      403,
      'forbidden',
    );
    expect((await service.call(readOnly, 'GET', '/v1/programme')).status).toBe(200);
  });
});
