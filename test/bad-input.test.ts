import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesOf, takesInput } from './support/bad-input-cases.ts';
import { tableFootprint } from './support/footprint.ts';
import { type Answer, startService, type TestService } from './support/service.ts';

/**
 * Bad input on every operation that takes a body or a query: the spec's code for the field, a
 * message that names the field, and nothing written.
 */

let service: TestService;
let key: string;

beforeAll(async () => {
  service = await startService();
  ({ key } = await service.given.funderWithKey({ environment: 'live', perMinute: 100_000 }));
});
afterAll(async () => service?.close());

interface ErrorBody {
  error: { code: string; message: string; request_id: string; field?: string | null; reason?: string };
}

const footprint = () => tableFootprint(service.db);

function expectRefused(answer: Answer<unknown>, status: number, code: string): ErrorBody['error'] {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const error = (answer.body as unknown as ErrorBody).error;
  expect(error.code, error.message).toBe(code);
  expect(typeof error.request_id).toBe('string');
  return error;
}

const requestId = randomUUID();
const decision = `/v1/requests/${requestId}/decision`;
const offer = { decision: 'offer', rate: 5, advance_pct: 80 };
const fund = { decision: 'fund', value_date: '2026-09-24', reference: 'PAY-0001' };
const settle = { decision: 'settle', amount: 100 };
const consent = `/v1/requests/${requestId}/consent-level`;
const limit = { debtor_tax_id: 'B12345678', debtor_country: 'ES', amount: 1000 };
const sellerLimit = { seller_id: randomUUID(), amount: 1000 };
const settings = { reason: 'Our credit policy changed' };
const required = { country: 'ES', codes: [] };

type Case = [
  what: string,
  method: string,
  url: string,
  body: unknown,
  status: number,
  code: string,
  field: string,
];

const cases: Case[] = [
  // offer
  ['an offer rate sent as text', 'POST', decision, { ...offer, rate: '5' }, 422, 'invalid_terms', 'rate'],
  ['an offer with an unknown field', 'POST', decision, { ...offer, rte: 5 }, 422, 'body_invalid', 'rte'],
  [
    'an offer without advance_pct',
    'POST',
    decision,
    { decision: 'offer', rate: 5 },
    422,
    'invalid_terms',
    'advance_pct',
  ],
  ['an offer rate above 100', 'POST', decision, { ...offer, rate: 100.5 }, 422, 'invalid_terms', 'rate'],
  ['an offer rate of 5e-324', 'POST', decision, { ...offer, rate: 5e-324 }, 422, 'invalid_terms', 'rate'],
  [
    'an offer valid_days of 91',
    'POST',
    decision,
    { ...offer, valid_days: 91 },
    422,
    'invalid_terms',
    'valid_days',
  ],
  [
    'an offer note with a NUL byte',
    'POST',
    decision,
    { ...offer, notes: 'a\u0000b' },
    422,
    'invalid_terms',
    'notes',
  ],
  [
    'a decision that is not one',
    'POST',
    decision,
    { decision: 'offre' },
    422,
    'invalid_decision',
    'decision',
  ],
  ['a body without decision', 'POST', decision, { rate: 5 }, 422, 'invalid_decision', 'decision'],
  // decline
  [
    'a decline reason that is not one',
    'POST',
    decision,
    { decision: 'decline', reason: 'price' },
    422,
    'body_invalid',
    'reason',
  ],
  [
    'a decline note of the wrong type',
    'POST',
    decision,
    { decision: 'decline', notes: 7 },
    422,
    'body_invalid',
    'notes',
  ],
  [
    'a decline with an unknown field',
    'POST',
    decision,
    { decision: 'decline', reason: 'other', why: 'x' },
    422,
    'body_invalid',
    'why',
  ],
  [
    'a decline internal note with a control character',
    'POST',
    decision,
    { decision: 'decline', reason: 'other', internal_note: 'x\u001bx' },
    422,
    'body_invalid',
    'internal_note',
  ],
  // fund
  [
    'a fund without reference',
    'POST',
    decision,
    { decision: 'fund', value_date: '2026-09-24' },
    422,
    'invalid_funding_details',
    'reference',
  ],
  [
    'a fund value_date that is no date',
    'POST',
    decision,
    { ...fund, value_date: '2026-02-30' },
    422,
    'invalid_funding_details',
    'value_date',
  ],
  [
    'a fund reference with a lone surrogate',
    'POST',
    decision,
    { ...fund, reference: 'PAY-\ud800' },
    422,
    'invalid_funding_details',
    'reference',
  ],
  ['a fund amount of text', 'POST', decision, { ...fund, amount: ' 12 ' }, 422, 'invalid_amount', 'amount'],
  [
    'a fund with an unknown field',
    'POST',
    decision,
    { ...fund, currency: 'EUR' },
    422,
    'body_invalid',
    'currency',
  ],
  // settle
  [
    'a settle amount of 0',
    'POST',
    decision,
    { decision: 'settle', amount: 0 },
    422,
    'invalid_amount',
    'amount',
  ],
  [
    'a settle amount beyond what cents hold',
    'POST',
    decision,
    { decision: 'settle', amount: 1e17 },
    422,
    'invalid_amount',
    'amount',
  ],
  ['a settle without amount', 'POST', decision, { decision: 'settle' }, 422, 'invalid_amount', 'amount'],
  [
    'a settle received_at that is no instant',
    'POST',
    decision,
    { ...settle, received_at: 'yesterday' },
    422,
    'invalid_received_at',
    'received_at',
  ],
  ['a settle final of text', 'POST', decision, { ...settle, final: 'yes' }, 422, 'body_invalid', 'final'],
  [
    'a settle note with a NUL byte',
    'POST',
    decision,
    { ...settle, note: '\u0000' },
    422,
    'body_invalid',
    'note',
  ],
  // consent level
  [
    'a consent level that is not one',
    'POST',
    consent,
    { level: 'signed', reason: 'The debtor asked for it' },
    422,
    'level_invalid',
    'level',
  ],
  [
    'a consent level without level',
    'POST',
    consent,
    { reason: 'The debtor asked for it' },
    422,
    'level_invalid',
    'level',
  ],
  [
    'a consent level reason too short',
    'POST',
    consent,
    { level: 'acceptance', reason: 'short' },
    422,
    'reason_required',
    'reason',
  ],
  [
    'a consent level reason of the wrong type',
    'POST',
    consent,
    { level: 'acceptance', reason: 12345678 },
    422,
    'reason_required',
    'reason',
  ],
  [
    'a consent level with an unknown field',
    'POST',
    consent,
    { level: 'acceptance', reason: 'The debtor asked', x: 1 },
    422,
    'body_invalid',
    'x',
  ],
  // credit limits
  [
    'a limit without debtor_tax_id',
    'PUT',
    '/v1/credit-limits',
    { amount: 10 },
    422,
    'debtor_tax_id_required',
    'debtor_tax_id',
  ],
  [
    'a limit amount of text',
    'PUT',
    '/v1/credit-limits',
    { ...limit, amount: ' 12 ' },
    422,
    'invalid_amount',
    'amount',
  ],
  [
    'a negative limit amount',
    'PUT',
    '/v1/credit-limits',
    { ...limit, amount: -1 },
    422,
    'invalid_amount',
    'amount',
  ],
  [
    'a limit amount beyond what cents hold',
    'PUT',
    '/v1/credit-limits',
    { ...limit, amount: 1e17 },
    422,
    'invalid_amount',
    'amount',
  ],
  [
    'a limit status that is not one',
    'PUT',
    '/v1/credit-limits',
    { ...limit, status: 'paused' },
    422,
    'invalid_limit',
    'status',
  ],
  [
    'an empty debtor_country',
    'PUT',
    '/v1/credit-limits',
    { ...limit, debtor_country: '' },
    422,
    'invalid_limit',
    'debtor_country',
  ],
  [
    'a limit debtor_tax_id with a NUL byte',
    'PUT',
    '/v1/credit-limits',
    { ...limit, debtor_tax_id: 'B1\u0000' },
    422,
    'debtor_tax_id_required',
    'debtor_tax_id',
  ],
  [
    'a limit with an unknown field',
    'PUT',
    '/v1/credit-limits',
    { ...limit, limit: 5 },
    422,
    'body_invalid',
    'limit',
  ],
  // import
  [
    'an import without rows',
    'POST',
    '/v1/credit-limits/import',
    { source: 'import' },
    422,
    'rows_required',
    'rows',
  ],
  ['an import of no rows', 'POST', '/v1/credit-limits/import', { rows: [] }, 422, 'rows_required', 'rows'],
  [
    'an import source that is not one',
    'POST',
    '/v1/credit-limits/import',
    { rows: [limit], source: 'bank' },
    422,
    'invalid_source',
    'source',
  ],
  [
    'an import source_ref too long',
    'POST',
    '/v1/credit-limits/import',
    { rows: [limit], source_ref: 'r'.repeat(201) },
    422,
    'source_ref_too_long',
    'source_ref',
  ],
  [
    'an import source_ref with a lone surrogate',
    'POST',
    '/v1/credit-limits/import',
    { rows: [limit], source_ref: 'ref\udc00' },
    422,
    'source_ref_invalid',
    'source_ref',
  ],
  [
    'an import source_ref of the wrong type',
    'POST',
    '/v1/credit-limits/import',
    { rows: [limit], source_ref: 5 },
    422,
    'source_ref_invalid',
    'source_ref',
  ],
  [
    'an import with an unknown field',
    'POST',
    '/v1/credit-limits/import',
    { rows: [limit], sheet: 1 },
    422,
    'body_invalid',
    'sheet',
  ],
  [
    'an import of 2,001 rows',
    'POST',
    '/v1/credit-limits/import',
    { rows: Array(2001).fill(limit) },
    413,
    'too_many_rows',
    'rows',
  ],
  // seller limits
  [
    'a seller limit without seller_id',
    'PUT',
    '/v1/seller-limits',
    { amount: 5 },
    422,
    'seller_id_required',
    'seller_id',
  ],
  [
    'a seller limit seller_id that is no id',
    'PUT',
    '/v1/seller-limits',
    { ...sellerLimit, seller_id: 'abc' },
    422,
    'seller_id_required',
    'seller_id',
  ],
  [
    'a seller limit amount of text',
    'PUT',
    '/v1/seller-limits',
    { ...sellerLimit, amount: '5' },
    422,
    'invalid_amount',
    'amount',
  ],
  [
    'a seller limit status that is not one',
    'PUT',
    '/v1/seller-limits',
    { ...sellerLimit, status: 'on' },
    422,
    'invalid_limit',
    'status',
  ],
  [
    'a seller limit with an unknown field',
    'PUT',
    '/v1/seller-limits',
    { ...sellerLimit, debtor: 1 },
    422,
    'body_invalid',
    'debtor',
  ],
  // settings
  [
    'a settings level that is not one',
    'PUT',
    '/v1/settings',
    { ...settings, debtor_consent_level: 'all' },
    422,
    'level_invalid',
    'debtor_consent_level',
  ],
  [
    'a settings flag of text',
    'PUT',
    '/v1/settings',
    { ...settings, require_counsel_approved_texts: 'yes' },
    422,
    'invalid_flag',
    'require_counsel_approved_texts',
  ],
  [
    'settings without a reason',
    'PUT',
    '/v1/settings',
    { debtor_consent_level: 'receipt' },
    422,
    'reason_required',
    'reason',
  ],
  [
    'settings with an unknown field',
    'PUT',
    '/v1/settings',
    { ...settings, level: 'receipt' },
    422,
    'body_invalid',
    'level',
  ],
  // required documents
  [
    'a required-documents country of three letters',
    'PUT',
    '/v1/required-documents',
    { ...required, country: 'ESP' },
    422,
    'country_invalid',
    'country',
  ],
  [
    'required-documents codes that are not a list',
    'PUT',
    '/v1/required-documents',
    { ...required, codes: 'KYC' },
    422,
    'codes_invalid',
    'codes',
  ],
  [
    'a required-documents note too long',
    'PUT',
    '/v1/required-documents',
    { ...required, note: 'n'.repeat(501) },
    422,
    'note_invalid',
    'note',
  ],
  [
    'required-documents without codes',
    'PUT',
    '/v1/required-documents',
    { country: 'ES' },
    422,
    'codes_invalid',
    'codes',
  ],
  [
    'required-documents with an unknown field',
    'PUT',
    '/v1/required-documents',
    { ...required, x: 1 },
    422,
    'body_invalid',
    'x',
  ],
  // queries
  ['a request list limit of 0', 'GET', '/v1/requests?limit=0', undefined, 422, 'query_invalid', 'limit'],
  [
    'a request list limit of text',
    'GET',
    '/v1/requests?limit=many',
    undefined,
    422,
    'query_invalid',
    'limit',
  ],
  [
    'a request list with an unknown parameter',
    'GET',
    '/v1/requests?page=2',
    undefined,
    422,
    'query_invalid',
    'page',
  ],
  [
    'a request list status with a control character',
    'GET',
    '/v1/requests?status=open%07',
    undefined,
    422,
    'query_invalid',
    'status',
  ],
];

describe('bad input is refused with the field’s own code, a message naming the field, and nothing written', () => {
  it.each(cases)('%s', async (_what, method, url, body, status, code, field) => {
    const before = await footprint();
    const answer = await service.call(key, method, url, body === undefined ? {} : { body });
    const error = expectRefused(answer, status, code);
    expect(error.message).toContain(field);
    expect(error.field ?? field).toBe(field);
    expect(await footprint()).toEqual(before);
  });

  it('an enum mistake lists the allowed values', async () => {
    const answer = await service.call(key, 'POST', decision, { body: { decision: 'offre' } });
    expect(expectRefused(answer, 422, 'invalid_decision').message).toBe(
      'decision must be one of offer, decline, fund, settle.',
    );
    const level = await service.call(key, 'POST', consent, {
      body: { level: 'signed', reason: 'The debtor asked for it' },
    });
    expect(expectRefused(level, 422, 'level_invalid').message).toBe(
      'level must be one of receipt, acknowledgment, acceptance.',
    );
  });

  it('a refused limit status says which rule it broke, as the import would', async () => {
    const answer = await service.call(key, 'PUT', '/v1/credit-limits', {
      body: { ...limit, status: 'paused' },
    });
    expect(expectRefused(answer, 422, 'invalid_limit').reason).toBe('invalid_status');
  });

  it('a JSON null body is refused as a body that is not an object, also by the sandbox calls', async () => {
    for (const url of [
      '/v1/sandbox/requests',
      `/v1/sandbox/statements/${randomUUID()}/lines/1/confirm`,
      decision,
    ]) {
      const answer = await service.call(key, 'POST', url, {
        payload: 'null',
        headers: { 'content-type': 'application/json' },
      });
      expect(expectRefused(answer, 422, 'body_invalid').message).toContain('must be an object');
    }
  });

  it('import rows with " 12 " as amount or an empty country are refused row by row', async () => {
    const answer = await service.call<{ rows: Record<string, unknown>[] }>(
      key,
      'POST',
      '/v1/credit-limits/import',
      {
        body: {
          rows: [
            { debtor_tax_id: 'B11111111', debtor_country: 'ES', amount: ' 12 ' },
            { debtor_tax_id: 'B22222222', debtor_country: '', amount: 12 },
          ],
        },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.rows.map((r) => r.error)).toEqual(['invalid_amount', 'invalid_country']);
  });

  it('an import row without a country whose tax id an earlier row named with one is a duplicate debtor', async () => {
    const answer = await service.call<{ rows: Record<string, unknown>[] }>(
      key,
      'POST',
      '/v1/credit-limits/import',
      {
        body: {
          rows: [
            { debtor_tax_id: 'B33333333', debtor_country: 'ES', amount: 100 },
            { debtor_tax_id: 'B33333333', amount: 200 },
          ],
        },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.rows[0]).toMatchObject({ ok: true, debtor_key: 'ES:B33333333' });
    expect(answer.body.rows[1]).toMatchObject({ ok: false, error: 'duplicate_debtor' });
  });
});

describe('errors before a route is found are answered in the envelope', () => {
  it('bad percent-encoding in the path answers 400 path_invalid', async () => {
    const answer = await service.call(key, 'GET', '/v1/requests/%zz');
    expectRefused(answer, 400, 'path_invalid');
  });

  it('a path parameter longer than any id answers 404 not_found', async () => {
    const answer = await service.call(key, 'GET', `/v1/requests/${'a'.repeat(150)}`);
    expectRefused(answer, 404, 'not_found');
  });
});

describe('cases derived from every route that takes a body or a query, /v1 and /ops/v1', () => {
  it('answers each with the field’s code and status, a message naming the field, and writes nothing', async () => {
    const routes = service.app.routeInputs.filter(
      (route) => (route.url.startsWith('/v1/') || route.url.startsWith('/ops/v1/')) && takesInput(route),
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const cases = casesOf(route);
      tried += cases.length;
      // A route whose schemas give no case at all is a route this test does not understand yet.
      if (cases.length === 0) failures.push(`${route.method} ${route.url}: no case could be derived`);
      for (const c of cases) {
        const before = await footprint();
        const options = c.body === undefined ? {} : { body: c.body };
        const answer = route.url.startsWith('/ops/')
          ? await service.ops(c.method, c.target, c.body)
          : await service.call(key, c.method, c.target, options);
        const error = (answer.body as unknown as ErrorBody).error;
        const where = `${c.method} ${route.url} (${c.what}) ${JSON.stringify(c.body)} -> ${answer.status} ${JSON.stringify(answer.body)}`;
        if (answer.status !== c.status || error?.code !== c.code) {
          failures.push(`${where}: expected ${c.status} ${c.code}`);
          continue;
        }
        if (!error.message.includes(c.field) || (error.field ?? c.field) !== c.field) {
          failures.push(`${where}: the message or field does not name ${c.field}`);
        }
        if (JSON.stringify(await footprint()) !== JSON.stringify(before)) failures.push(`${where}: wrote`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(2 * routes.length);
  });
});

describe('the operations API revoke body', () => {
  it('may be left out, but a JSON null or an unknown member is refused', async () => {
    const url = `/ops/v1/seller-documents/${randomUUID()}/revoke`;
    // No body: past the schema, to the document that does not exist.
    expectRefused(await service.ops('POST', url), 404, 'not_found');
    expectRefused(await service.ops('POST', url, null), 422, 'body_invalid');
    const unknown = expectRefused(await service.ops('POST', url, { why: 'x' }), 422, 'body_invalid');
    expect(unknown.field).toBe('why');
    const long = expectRefused(
      await service.ops('POST', url, { reason: 'r'.repeat(501) }),
      422,
      'body_invalid',
    );
    expect(long.field).toBe('reason');
  });
});
