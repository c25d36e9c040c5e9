import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { type Body, freshTaxId, limitsKit } from '../../../test/support/limits-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

/** Debtor limits set many at once: POST /v1/credit-limits/import. */
const { service } = startGiven();

const { given, funderWithKey, putLimit, importLimits, debtorBook, lineOf, footprint, historyOf } = limitsKit(
  () => service,
);

describe('POST /v1/credit-limits/import', () => {
  it('answers each row on its own, writes the valid ones and keeps source and source_ref on limits and history', async () => {
    const funder = await funderWithKey();
    const known = await given.debtor();
    await given.request({ bankId: funder.bankId, invoices: [{ debtor: known, amount: 1_000 }] });
    const [a, b, c] = [freshTaxId(), freshTaxId(), freshTaxId()];
    const before = await footprint();
    const answer = await importLimits(funder.key, {
      source: 'insurer',
      source_ref: 'POLICY-2026-0042',
      rows: [
        { debtor_tax_id: a, debtor_country: 'ES', debtor_name: 'Alfa SA', amount: 1000 },
        { debtor_tax_id: b, debtor_country: 'ES', amount: '2500.50' },
        { debtor_tax_id: known.tax_id, amount: '300' },
        { debtor_tax_id: c, debtor_country: 'ES', amount: '1.250,00' },
        { debtor_country: 'ES', amount: 10 },
        { debtor_tax_id: `${a.slice(0, 3)} ${a.slice(3)}`, debtor_country: 'ES', amount: 5 },
        { debtor_tax_id: c, debtor_country: 'ES', amount: 10, status: 'on_hold' },
        { debtor_tax_id: c, debtor_country: 'ES', status: 'active' },
        { debtor_tax_id: c, debtor_country: 'QQ', amount: 10 },
        { debtor_tax_id: freshTaxId(), amount: 10 },
        'ES;B12345678;1000',
        { debtor_tax_id: c, debtor_country: 'ES', amount: 10, currency: 'EUR' },
        { debtor_tax_id: c, debtor_country: 'ES', amount: 10, status: 'refused' },
        { debtor_tax_id: c, debtor_country: 'ES', status: 'suspended', note: 'Awaiting the insurer' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      funder: { bank_id: funder.bankId, name: funder.name },
      import_id: expect.any(String),
      source: 'insurer',
      source_ref: 'POLICY-2026-0042',
      received: 14,
      written: 4,
      changed: 4,
      refused: 10,
      rows: [
        {
          row: 1,
          debtor_tax_id: a,
          ok: true,
          debtor_key: `ES:${a}`,
          status: 'active',
          amount: 1000,
          changed: true,
        },
        {
          row: 2,
          debtor_tax_id: b,
          ok: true,
          debtor_key: `ES:${b}`,
          status: 'active',
          amount: 2500.5,
          changed: true,
        },
        {
          row: 3,
          debtor_tax_id: known.tax_id,
          ok: true,
          debtor_key: known.debtor_key,
          status: 'active',
          amount: 300,
          changed: true,
        },
        { row: 4, debtor_tax_id: c, ok: false, error: 'invalid_amount', detail: expect.any(String) },
        {
          row: 5,
          debtor_tax_id: null,
          ok: false,
          error: 'debtor_tax_id_required',
          detail: expect.any(String),
        },
        {
          row: 6,
          debtor_tax_id: `${a.slice(0, 3)} ${a.slice(3)}`,
          ok: false,
          error: 'duplicate_debtor',
          detail: expect.stringContaining('Row 1'),
        },
        { row: 7, debtor_tax_id: c, ok: false, error: 'invalid_status', detail: expect.any(String) },
        { row: 8, debtor_tax_id: c, ok: false, error: 'amount_required', detail: expect.any(String) },
        { row: 9, debtor_tax_id: c, ok: false, error: 'invalid_country', detail: expect.any(String) },
        {
          row: 10,
          debtor_tax_id: expect.any(String),
          ok: false,
          error: 'invalid_country',
          detail: expect.any(String),
        },
        { row: 11, debtor_tax_id: null, ok: false, error: 'row_invalid', detail: expect.any(String) },
        { row: 12, debtor_tax_id: c, ok: false, error: 'row_invalid', detail: expect.any(String) },
        { row: 13, debtor_tax_id: c, ok: false, error: 'invalid_limit', detail: expect.any(String) },
        {
          row: 14,
          debtor_tax_id: c,
          ok: true,
          debtor_key: `ES:${c}`,
          status: 'suspended',
          amount: null,
          changed: true,
        },
      ],
    });
    const after = await footprint();
    expect(after.limits - before.limits).toBe(4);
    expect(after.history - before.history).toBe(4);
    expect(after.evidence - before.evidence).toBe(1);

    const book = await debtorBook(funder.key);
    expect(
      book.debtors.map((d) => [
        d.debtor_key,
        d.limit_status,
        d.limit_amount,
        d.limit_source,
        d.limit_source_ref,
      ]),
    ).toEqual(
      [
        [`ES:${a}`, 'active', 1000, 'insurer', 'POLICY-2026-0042'],
        [`ES:${b}`, 'active', 2500.5, 'insurer', 'POLICY-2026-0042'],
        [`ES:${c}`, 'suspended', null, 'insurer', 'POLICY-2026-0042'],
        [known.debtor_key, 'active', 300, 'insurer', 'POLICY-2026-0042'],
      ].sort((x, y) => ((x[0] as string) < (y[0] as string) ? -1 : 1)),
    );
    expect(book.debtors.find((d) => d.debtor_key === `ES:${a}`)?.debtor_name).toBe('Alfa SA');
    expect(await historyOf(`ES:${b}`)).toEqual([
      expect.objectContaining({
        from_status: null,
        to_amount: '2500.50',
        to_status: 'active',
        source: 'insurer',
        source_ref: 'POLICY-2026-0042',
      }),
    ]);
    const { rows } = await service.db.query<{ payload: Body }>(
      `SELECT payload FROM evidence_entries WHERE funder_id = $1 AND kind = 'credit_limits.imported'`,
      [funder.bankId],
    );
    expect(rows[0]?.payload).toMatchObject({
      source: 'insurer',
      source_ref: 'POLICY-2026-0042',
      received: 14,
      written: 4,
      refused: 10,
      rows_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('takes a bare array of rows as source import without a reference', async () => {
    const funder = await funderWithKey();
    const taxId = freshTaxId();
    const answer = await importLimits(funder.key, [
      { debtor_tax_id: taxId, debtor_country: 'DE', amount: 42 },
    ]);
    expect(answer.body).toMatchObject({
      source: 'import',
      source_ref: null,
      received: 1,
      written: 1,
      refused: 0,
    });
    expect(await lineOf(funder.key, `DE:${taxId}`)).toMatchObject({
      limit_source: 'import',
      limit_source_ref: null,
      limit_amount: 42,
    });
  });

  it('records from and to when an import replaces limits, and changes nothing for rows already on record', async () => {
    const funder = await funderWithKey();
    const taxId = freshTaxId();
    await putLimit(funder.key, { debtor_tax_id: taxId, debtor_country: 'ES', amount: 100 });
    const rows = [{ debtor_tax_id: taxId, debtor_country: 'ES', amount: 150 }];
    const first = await importLimits(funder.key, { rows, source_ref: 'BATCH-1' });
    expect(first.body).toMatchObject({ written: 1, changed: 1 });
    const again = await importLimits(funder.key, { rows, source_ref: 'BATCH-1' });
    expect(again.body).toMatchObject({ written: 1, changed: 0, rows: [{ ok: true, changed: false }] });
    expect(await historyOf(`ES:${taxId}`)).toEqual([
      expect.objectContaining({ from_amount: null, to_amount: '100.00', source: 'api', source_ref: null }),
      expect.objectContaining({
        from_amount: '100.00',
        to_amount: '150.00',
        source: 'import',
        source_ref: 'BATCH-1',
      }),
    ]);
  });

  it('writes 2,000 rows in one call', async () => {
    const funder = await funderWithKey();
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      debtor_tax_id: `Q${String(i).padStart(8, '0')}`,
      debtor_country: 'ES',
      amount: i % 2 === 0 ? 1000 + i : `${1000 + i}.25`,
      note: i % 3 === 0 ? 'Insurer cover' : null,
    }));
    const answer = await importLimits(funder.key, { rows, source: 'insurer', source_ref: 'FULL-BOOK' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ received: 2000, written: 2000, changed: 2000, refused: 0 });
    const book = await debtorBook(funder.key);
    expect(book.count).toBe(2000);
    expect(book.debtors[1]).toMatchObject({ debtor_key: 'ES:Q00000001', limit_amount: 1001.25 });
    const { rows: history } = await service.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM credit_limit_history WHERE funder_id = $1',
      [funder.bankId],
    );
    expect(history[0]!.n).toBe(2000);
  });

  it.each([
    ['an empty array', [], 422, 'rows_required'],
    ['an object without rows', { source: 'import' }, 422, 'rows_required'],
    ['empty rows', { rows: [] }, 422, 'rows_required'],
    ['rows that are not an array', { rows: { debtor_tax_id: 'A1' } }, 422, 'rows_required'],
    [
      '2,001 rows',
      { rows: Array.from({ length: 2001 }, () => ({ debtor_tax_id: 'A12345678', amount: 1 })) },
      413,
      'too_many_rows',
    ],
    [
      'an unknown source',
      { rows: [{ debtor_tax_id: 'A12345678', debtor_country: 'ES', amount: 1 }], source: 'bank' },
      422,
      'invalid_source',
    ],
    [
      'a source_ref that is not text',
      { rows: [{ debtor_tax_id: 'A12345678', debtor_country: 'ES', amount: 1 }], source_ref: 42 },
      422,
      'source_ref_invalid',
    ],
    [
      'an empty source_ref',
      { rows: [{ debtor_tax_id: 'A12345678', debtor_country: 'ES', amount: 1 }], source_ref: '  ' },
      422,
      'source_ref_invalid',
    ],
    [
      'a source_ref of 201 characters',
      {
        rows: [{ debtor_tax_id: 'A12345678', debtor_country: 'ES', amount: 1 }],
        source_ref: 'r'.repeat(201),
      },
      422,
      'source_ref_too_long',
    ],
    [
      'an unknown member',
      { rows: [{ debtor_tax_id: 'A12345678', debtor_country: 'ES', amount: 1 }], format: 'csv' },
      422,
      'body_invalid',
    ],
    ['a body that is text', 'A12345678;1000', 422, 'body_invalid'],
  ])('refuses %s and changes nothing', async (_what, body, status, code) => {
    const funder = await funderWithKey();
    const before = await footprint();
    expectError(await importLimits(funder.key, body), status, code);
    expect(await footprint()).toEqual(before);
  });

  it('takes a source_ref of exactly 200 characters', async () => {
    const funder = await funderWithKey();
    const answer = await importLimits(funder.key, {
      rows: [{ debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: 1 }],
      source_ref: 'r'.repeat(200),
    });
    expect(answer.body).toMatchObject({ written: 1, source_ref: 'r'.repeat(200) });
  });
});

describe('import rows and their schema', () => {
  it('checks each row against the row schema and answers the failing field in the row, not the body', async () => {
    const funder = await funderWithKey();
    const answer = await importLimits(funder.key, [
      { debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: 10.001 },
      { debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: 10, debtor_name: 7 },
      { debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: '99999999999999' },
      { debtor_tax_id: freshTaxId(), debtor_country: 'ES', amount: '', status: 'refused' },
      7,
    ]);
    expect(answer.status).toBe(200);
    const rows = (answer.body as { rows: Body[] }).rows;
    expect(rows.map((r) => [r.ok, r.error ?? null])).toEqual([
      [false, 'invalid_amount'],
      [false, 'row_invalid'],
      [false, 'invalid_amount'],
      [true, null],
      [false, 'row_invalid'],
    ]);
    expect(rows[0]!.detail).toContain('amount');
    expect(rows[1]!.detail).toContain('debtor_name');
    expect(rows[4]!.detail).toBe('The row must be an object.');
  });

  it('publishes the row schema in the document, and not its row codes as errors of the call', async () => {
    const doc = (await service.call(null, 'GET', '/v1/openapi.json')).body as Body;
    const operation = (doc.paths as Body)['/v1/credit-limits/import'] as Body;
    const text = JSON.stringify((operation.post as Body).requestBody);
    expect(text).toContain('"debtor_tax_id"');
    expect(text).toContain('"debtor_country"');
    const refusals = JSON.stringify(((operation.post as Body).responses as Body)['422']);
    expect(refusals).toContain('rows_required');
    for (const rowCode of ['invalid_country', 'invalid_amount', 'debtor_tax_id_required', 'invalid_limit']) {
      expect(refusals).not.toContain(rowCode);
    }
  });
});
