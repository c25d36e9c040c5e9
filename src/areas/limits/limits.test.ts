import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { type Body, freshTaxId, limitsKit } from '../../../test/support/limits-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

/** Debtor limits set one at a time: PUT /v1/credit-limits. */
const { service } = startGiven();

const { given, funderWithKey, putLimit, lineOf, footprint, historyOf } = limitsKit(() => service);

describe('PUT /v1/credit-limits', () => {
  it('sets a limit with source api, keyed by the normalised tax id, and answers the whole DebtorLimit', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    // The debtor of a request routed to the funder: the service names it from its own records.
    await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 1_000 }] });
    const spaced = `${debtor.tax_id.slice(0, 1)}-${debtor.tax_id.slice(1, 4)}.${debtor.tax_id.slice(4)}`;
    const answer = await putLimit(funder.key, {
      debtor_tax_id: spaced.toLowerCase(),
      debtor_country: 'es',
      amount: 25_000.5,
      note: 'Reviewed with the annual accounts',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      changed: true,
      credit_limit: {
        debtor_key: debtor.debtor_key,
        debtor_country: 'ES',
        debtor_tax_id: debtor.tax_id,
        debtor_name: debtor.name,
        amount: 25_000.5,
        status: 'active',
        source: 'api',
        source_ref: null,
        note: 'Reviewed with the annual accounts',
        decided_at: expect.any(String),
        decided_by: expect.objectContaining({ kind: 'funder_key', key_id: funder.keyId }),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        outstanding: 0,
        committed: 0,
        offered: 0,
        exposure: 0,
        available: 25_000.5,
        frozen: false,
      },
    });
    expect(await lineOf(funder.key, debtor.debtor_key)).toEqual({
      debtor_key: debtor.debtor_key,
      debtor_name: debtor.name,
      debtor_country: 'ES',
      debtor_tax_id: debtor.tax_id,
      limit_status: 'active',
      limit_amount: 25_000.5,
      limit_source: 'api',
      limit_source_ref: null,
      outstanding: 0,
      committed: 0,
      offered: 0,
      exposure: 0,
      available: 25_000.5,
      overdue_count: 0,
      oldest_overdue: null,
      frozen: false,
      decided_at: (answer.body.credit_limit as Body).decided_at,
      note: 'Reviewed with the annual accounts',
      seller_marked_paid: [],
    });
    const { rows } = await service.db.query<{ kind: string; payload: Body }>(
      `SELECT kind, payload FROM evidence_entries WHERE funder_id = $1 AND kind = 'credit_limit.set'`,
      [funder.bankId],
    );
    expect(rows).toEqual([
      {
        kind: 'credit_limit.set',
        payload: {
          debtor_key: debtor.debtor_key,
          from: null,
          to: { amount: '25000.50', status: 'active' },
          source: 'api',
        },
      },
    ]);
  });

  it("never names another funder's debtor from the service's records: a limit alone shows only the name the funder gave", async () => {
    const funder = await funderWithKey();
    const other = await funderWithKey();
    const debtor = await given.debtor();
    await given.request({ bankId: other.bankId, invoices: [{ debtor, amount: 1_000 }] });
    const unnamed = await putLimit(funder.key, {
      debtor_tax_id: debtor.tax_id,
      debtor_country: 'ES',
      amount: 1_000,
    });
    expect(unnamed.status).toBe(200);
    expect((unnamed.body.credit_limit as Body).debtor_name).toBeNull();
    expect((await lineOf(funder.key, debtor.debtor_key))?.debtor_name).toBeNull();
    const named = await putLimit(funder.key, {
      debtor_tax_id: debtor.tax_id,
      debtor_country: 'ES',
      debtor_name: 'Nombre Propio SA',
      amount: 1_000,
    });
    expect((named.body.credit_limit as Body).debtor_name).toBe('Nombre Propio SA');
    // The funder whose request it is sees the service's name.
    await putLimit(other.key, { debtor_tax_id: debtor.tax_id, debtor_country: 'ES', amount: 1_000 });
    expect((await lineOf(other.key, debtor.debtor_key))?.debtor_name).toBe(debtor.name);
  });

  it('replaces the limit and keeps every change in its history; the same limit again changes nothing', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const first = await putLimit(funder.key, {
      debtor_tax_id: debtor.tax_id,
      debtor_country: 'ES',
      amount: 1000,
    });
    await service.advanceClock(60);
    const second = await putLimit(funder.key, {
      debtor_tax_id: debtor.tax_id,
      debtor_country: 'ES',
      amount: 500,
      status: 'suspended',
      note: 'Late payments reported',
    });
    expect(second.body).toMatchObject({
      changed: true,
      credit_limit: { amount: 500, status: 'suspended', note: 'Late payments reported', available: 500 },
    });
    const decidedAt = (second.body.credit_limit as Body).decided_at;
    expect(decidedAt).not.toBe((first.body.credit_limit as Body).decided_at);

    await service.advanceClock(60);
    const before = await footprint();
    const same = await putLimit(funder.key, {
      debtor_tax_id: debtor.tax_id,
      debtor_country: 'ES',
      amount: 500,
      status: 'suspended',
      note: 'Late payments reported',
    });
    expect(same.body).toMatchObject({ changed: false, credit_limit: { decided_at: decidedAt } });
    expect(await footprint()).toEqual(before);

    expect(await historyOf(debtor.debtor_key)).toEqual([
      {
        from_amount: null,
        from_status: null,
        to_amount: '1000.00',
        to_status: 'active',
        to_note: null,
        source: 'api',
        source_ref: null,
        actor: expect.objectContaining({ kind: 'funder_key', key_id: funder.keyId }),
      },
      {
        from_amount: '1000.00',
        from_status: 'active',
        to_amount: '500.00',
        to_status: 'suspended',
        to_note: 'Late payments reported',
        source: 'api',
        source_ref: null,
        actor: expect.objectContaining({ kind: 'funder_key' }),
      },
    ]);
  });

  it('takes the country of the one debtor known with that tax id when debtor_country is left out', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor('live', { country: 'PT' });
    await given.request({ bankId: funder.bankId, invoices: [{ debtor, amount: 1_000 }] });
    const answer = await putLimit(funder.key, { debtor_tax_id: debtor.tax_id, amount: 10 });
    expect(answer.status).toBe(200);
    expect((answer.body.credit_limit as Body).debtor_key).toBe(`PT:${debtor.tax_id}`);

    const unknown = await putLimit(funder.key, { debtor_tax_id: freshTaxId(), amount: 10 });
    expect(expectError(unknown, 422, 'invalid_limit')).toMatchObject({
      field: 'debtor_country',
      reason: 'invalid_country',
    });
    // Another funder's debtor is answered as a tax id nobody knows.
    const theirs = await given.debtor('live', { country: 'PT' });
    await given.request({
      bankId: (await funderWithKey()).bankId,
      invoices: [{ debtor: theirs, amount: 1_000 }],
    });
    const refused = expectError(
      await putLimit(funder.key, { debtor_tax_id: theirs.tax_id, amount: 10 }),
      422,
      'invalid_limit',
    );
    const nobody = expectError(
      await putLimit(funder.key, { debtor_tax_id: freshTaxId(), amount: 10 }),
      422,
      'invalid_limit',
    );
    const { request_id: _a, ...theirsShape } = refused;
    const { request_id: _b, ...nobodyShape } = nobody;
    expect(theirsShape).toEqual(nobodyShape);
  });

  it('takes a debtor the service does not know yet, with the name given', async () => {
    const funder = await funderWithKey();
    const taxId = freshTaxId();
    const answer = await putLimit(funder.key, {
      debtor_tax_id: taxId,
      debtor_country: 'FR',
      debtor_name: 'Future Customer SAS',
      amount: 0,
    });
    expect(answer.body).toMatchObject({
      credit_limit: {
        debtor_key: `FR:${taxId}`,
        debtor_name: 'Future Customer SAS',
        amount: 0,
        available: 0,
      },
    });
  });

  it('keeps the amount of a suspended limit and takes null or 0 on a refused one', async () => {
    const funder = await funderWithKey();
    const debtor = await given.debtor();
    const base = { debtor_tax_id: debtor.tax_id, debtor_country: 'ES' };
    expect((await putLimit(funder.key, { ...base, amount: 700, status: 'suspended' })).body).toMatchObject({
      credit_limit: { amount: 700, status: 'suspended' },
    });
    expect((await putLimit(funder.key, { ...base, amount: null, status: 'refused' })).body).toMatchObject({
      credit_limit: { amount: null, status: 'refused', available: null },
    });
    expect((await putLimit(funder.key, { ...base, amount: 0, status: 'refused' })).body).toMatchObject({
      credit_limit: { amount: 0, status: 'refused', available: 0 },
    });
  });

  it.each([
    ['no tax id', { debtor_tax_id: undefined, amount: 1 }, 422, 'debtor_tax_id_required', undefined],
    ['an empty tax id', { debtor_tax_id: '', amount: 1 }, 422, 'debtor_tax_id_required', undefined],
    [
      'a tax id that is not one',
      { debtor_tax_id: '¿?', amount: 1 },
      422,
      'debtor_tax_id_required',
      undefined,
    ],
    [
      'a tax id that is a number',
      { debtor_tax_id: 12345678, amount: 1 },
      422,
      'debtor_tax_id_required',
      undefined,
    ],
    ['a negative amount', { amount: -1 }, 422, 'invalid_amount', undefined],
    ['an amount finer than a cent', { amount: 10.001 }, 422, 'invalid_amount', undefined],
    ['an amount sent as text', { amount: '100' }, 422, 'invalid_amount', undefined],
    ['an amount beyond a trillion', { amount: 2e12 }, 422, 'invalid_amount', undefined],
    ['an unknown status', { amount: 1, status: 'paused' }, 422, 'invalid_limit', 'invalid_status'],
    ['an active limit without amount', { status: 'active' }, 422, 'invalid_limit', 'amount_required'],
    ['an active limit with a null amount', { amount: null }, 422, 'invalid_limit', 'amount_required'],
    [
      'a refused limit with an amount',
      { amount: 5, status: 'refused' },
      422,
      'invalid_limit',
      'invalid_limit',
    ],
    [
      'a country that does not exist',
      { amount: 1, debtor_country: 'XX' },
      422,
      'invalid_limit',
      'invalid_country',
    ],
    [
      'a country that is not text',
      { amount: 1, debtor_country: 34 },
      422,
      'invalid_limit',
      'invalid_country',
    ],
    ['a note too long', { amount: 1, note: 'n'.repeat(1001) }, 422, 'invalid_limit', 'row_invalid'],
    ['a name that is not text', { amount: 1, debtor_name: 7 }, 422, 'invalid_limit', 'row_invalid'],
    ['an unknown member', { amount: 1, limit: 5 }, 422, 'body_invalid', undefined],
  ])('refuses %s and changes nothing', async (_what, body, status, code, reason) => {
    const funder = await funderWithKey();
    const before = await footprint();
    const error = expectError(
      await putLimit(funder.key, { debtor_tax_id: freshTaxId(), debtor_country: 'ES', ...body }),
      status,
      code,
    );
    if (reason) expect(error.reason).toBe(reason);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const funder = await funderWithKey();
    const before = await footprint();
    expectError(
      await putLimit(funder.key, [{ debtor_tax_id: freshTaxId(), amount: 1 }]),
      422,
      'body_invalid',
    );
    expect(await footprint()).toEqual(before);
  });
});
