import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorCode as code } from '../../../test/support/errors.ts';
import { startGiven } from '../../../test/support/service.ts';
import { madridDate } from '../../platform/clock.ts';
import { levelAtLeast } from './settings.consent-levels.ts';

const { service } = startGiven({ demoPlane: true });

type Body = Record<string, unknown>;

async function seller(plane: 'live' | 'demo', country: string): Promise<string> {
  const id = randomUUID();
  await service.db.query(
    `INSERT INTO sellers (id, plane, name, tax_id, country, created_at) VALUES ($1, $2, $3, $4, $5, now())`,
    [id, plane, `Seller ${id.slice(0, 6)}`, `T${randomBytes(5).toString('hex')}`, country],
  );
  return id;
}

/** A funding request routed to a funder, written directly: the requests area has its own tests. */
async function routedRequest(options: {
  funderId: string;
  plane?: 'live' | 'demo';
  sellerId: string;
  status?: string;
  level?: 'receipt' | 'acknowledgment' | 'acceptance' | null;
}): Promise<string> {
  const id = randomUUID();
  const plane = options.plane ?? 'live';
  await service.db.query(
    `INSERT INTO funding_requests (id, plane, request_ref, type, status, seller_id, total_amount, advance_amount,
                                   assigned_funder_id, consent_level_required, routed_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'factoring', $4, $5, 1000.00, 800.00, $6, $7, now(), now(), now())`,
    [
      id,
      plane,
      `R-${randomBytes(4).toString('hex')}`,
      options.status ?? 'under_review',
      options.sellerId,
      options.funderId,
      options.level === undefined ? 'acknowledgment' : options.level,
    ],
  );
  await service.db.query(
    `INSERT INTO request_funders (request_id, funder_id, plane, first_routed_at) VALUES ($1, $2, $3, now())`,
    [id, options.funderId, plane],
  );
  return id;
}

async function evidence(funderId: string, kind: string) {
  const { rows } = await service.db.query<{ kind: string; plane: string; payload: Body; actor: Body }>(
    'SELECT kind, plane, payload, actor FROM evidence_entries WHERE funder_id = $1 AND kind = $2 ORDER BY seq',
    [funderId, kind],
  );
  return rows;
}

async function today(): Promise<string> {
  const answer = await service.ops<{ now: string }>('GET', '/ops/v1/clock');
  return madridDate(new Date(answer.body.now));
}

const defaultLanguages = [
  {
    governing_law: 'ES',
    levels: { receipt: ['en', 'es'], acknowledgment: ['en', 'es'], acceptance: ['en', 'es'] },
  },
  {
    governing_law: 'FR',
    levels: { receipt: ['en', 'fr'], acknowledgment: ['en', 'fr'], acceptance: ['en', 'fr'] },
  },
  {
    governing_law: 'IT',
    levels: { receipt: ['en', 'it'], acknowledgment: ['en', 'it'], acceptance: ['en', 'it'] },
  },
  {
    governing_law: 'PT',
    levels: { receipt: ['en', 'pt'], acknowledgment: ['en', 'pt'], acceptance: ['en', 'pt'] },
  },
];

describe('GET /v1/settings', () => {
  it('answers the defaults for a funder that never changed them', async () => {
    const { key } = await service.given.funderWithKey({ scopes: ['requests:read'] });
    const answer = await service.call(key, 'GET', '/v1/settings');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      debtor_consent_level: 'acknowledgment',
      require_counsel_approved_texts: false,
      listed_buyers_only: false,
      listed_buyers_count: 0,
      offer_validity_days: 7,
      open_requests_by_level: { receipt: 0, acknowledgment: 0, acceptance: 0 },
      declaration_text_languages: defaultLanguages,
    });
  });

  it("counts the funder's open requests by the level each was routed with, on its plane only", async () => {
    const { bankId, key } = await service.given.funderWithKey();
    const other = await service.given.funderAccount();
    const sellerId = await seller('live', 'ES');
    await routedRequest({ funderId: bankId, sellerId, level: 'acknowledgment', status: 'pending' });
    await routedRequest({ funderId: bankId, sellerId, level: 'acknowledgment', status: 'approved' });
    await routedRequest({ funderId: bankId, sellerId, level: 'acceptance', status: 'terms_sent' });
    await routedRequest({ funderId: bankId, sellerId, level: 'receipt', status: 'funded' });
    await routedRequest({ funderId: bankId, sellerId, level: null, status: 'submitted' });
    await routedRequest({ funderId: other.bank_id, sellerId, level: 'receipt' });
    const answer = await service.call<Body>(key, 'GET', '/v1/settings');
    expect(answer.body.open_requests_by_level).toEqual({ receipt: 0, acknowledgment: 2, acceptance: 1 });
  });

  it('counts only counsel-approved texts while the funder requires them', async () => {
    const { key } = await service.given.funderWithKey();
    const put = await service.call<Body>(key, 'PUT', '/v1/settings', {
      body: { require_counsel_approved_texts: true, reason: 'Our counsel asked for this' },
    });
    expect(put.status).toBe(200);
    const answer = await service.call<Body>(key, 'GET', '/v1/settings');
    expect(answer.body.require_counsel_approved_texts).toBe(true);
    expect(answer.body.declaration_text_languages).toEqual([
      defaultLanguages[0],
      {
        governing_law: 'FR',
        levels: { receipt: ['fr'], acknowledgment: ['en', 'fr'], acceptance: ['en', 'fr'] },
      },
      {
        governing_law: 'IT',
        levels: { receipt: ['en', 'it'], acknowledgment: ['en', 'it'], acceptance: [] },
      },
      {
        governing_law: 'PT',
        levels: { receipt: ['en', 'pt'], acknowledgment: ['en', 'pt'], acceptance: ['pt'] },
      },
    ]);
  });

  it('answers the defaults to an unclassified funder, which cannot change them', async () => {
    const { bankId, key } = await service.given.funderWithKey({ environment: 'unclassified' });
    const answer = await service.call<Body>(key, 'GET', '/v1/settings');
    expect(answer.status).toBe(200);
    expect(answer.body.debtor_consent_level).toBe('acknowledgment');
    const put = await service.call(key, 'PUT', '/v1/settings', {
      body: { debtor_consent_level: 'acceptance', reason: 'Trying before being classified' },
    });
    expect(put.status).toBe(403);
    expect(code(put)).toBe('forbidden');
    expect(await evidence(bankId, 'settings.changed')).toEqual([]);
  });

  it('is refused with forbidden to a key with only limits:read', async () => {
    const { key } = await service.given.funderWithKey({ scopes: ['limits:read'] });
    const answer = await service.call(key, 'GET', '/v1/settings');
    expect(answer.status).toBe(403);
    expect(code(answer)).toBe('forbidden');
  });
});

describe('PUT /v1/settings', () => {
  it('changes the consent level, keeps the reason on the evidence chain and leaves open requests their level', async () => {
    const { bankId, key } = await service.given.funderWithKey({ scopes: ['settings:write'] });
    const sellerId = await seller('live', 'PT');
    await routedRequest({ funderId: bankId, sellerId, level: 'acknowledgment' });
    await routedRequest({ funderId: bankId, sellerId, level: 'acceptance' });
    const answer = await service.call<Body>(key, 'PUT', '/v1/settings', {
      body: { debtor_consent_level: 'acceptance', reason: 'Board decision of March' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      debtor_consent_level: 'acceptance',
      require_counsel_approved_texts: false,
      listed_buyers_only: false,
      listed_buyers_count: 0,
      offer_validity_days: 7,
      open_requests_by_level: { receipt: 0, acknowledgment: 1, acceptance: 1 },
      declaration_text_languages: defaultLanguages,
      changed: true,
      open_requests_keep_their_level: 1,
    });
    const entries = await evidence(bankId, 'settings.changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.plane).toBe('live');
    expect(entries[0]!.payload).toEqual({
      from: { debtor_consent_level: 'acknowledgment', require_counsel_approved_texts: false },
      to: { debtor_consent_level: 'acceptance', require_counsel_approved_texts: false },
      reason: 'Board decision of March',
    });
    expect(entries[0]!.actor.kind).toBe('funder_key');
  });

  it('answers changed false and writes no evidence when nothing changes', async () => {
    const { bankId, key } = await service.given.funderWithKey();
    const answer = await service.call<Body>(key, 'PUT', '/v1/settings', {
      body: { debtor_consent_level: 'acknowledgment', reason: 'Confirming the default' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toBe(false);
    expect(await evidence(bankId, 'settings.changed')).toEqual([]);
  });

  it('is open to a key with decisions:write, closed to requests:read and limits:read', async () => {
    const funder = await service.given.funderAccount();
    const decide = await service.given.key({ bankId: funder.bank_id, scopes: ['decisions:write'] });
    const read = await service.given.key({ bankId: funder.bank_id, scopes: ['requests:read'] });
    const limits = await service.given.key({ bankId: funder.bank_id, scopes: ['limits:read'] });
    const body = { debtor_consent_level: 'receipt', reason: 'Lower friction for debtors' };
    expect((await service.call(decide.secret, 'PUT', '/v1/settings', { body })).status).toBe(200);
    const refused = await service.call(read.secret, 'PUT', '/v1/settings', { body });
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('forbidden');
    expect(code(await service.call(limits.secret, 'PUT', '/v1/settings', { body }))).toBe('forbidden');
  });

  describe('bad input changes nothing', () => {
    const cases: [string, string, unknown][] = [
      [
        'a level that is not one of the three is refused with level_invalid',
        'level_invalid',
        {
          debtor_consent_level: 'signature',
          reason: 'A good long reason',
        },
      ],
      [
        'a flag that is not a boolean is refused with invalid_flag',
        'invalid_flag',
        {
          require_counsel_approved_texts: 'yes',
          reason: 'A good long reason',
        },
      ],
      [
        'a reason shorter than 8 characters is refused with reason_required',
        'reason_required',
        {
          debtor_consent_level: 'acceptance',
          reason: ' short  ',
        },
      ],
      [
        'a missing reason is refused with reason_required',
        'reason_required',
        {
          debtor_consent_level: 'acceptance',
        },
      ],
      [
        'an unknown member is refused with body_invalid',
        'body_invalid',
        {
          debtor_consent_level: 'acceptance',
          reason: 'A good long reason',
          offer_validity_days: 30,
        },
      ],
      ['a body that is not an object is refused with body_invalid', 'body_invalid', ['acceptance']],
    ];
    for (const [name, expected, body] of cases) {
      it(name, async () => {
        const { bankId, key } = await service.given.funderWithKey();
        const before = await service.call(key, 'GET', '/v1/settings');
        const answer = await service.call(key, 'PUT', '/v1/settings', { body });
        expect(answer.status).toBe(422);
        expect(code(answer)).toBe(expected);
        expect((await service.call(key, 'GET', '/v1/settings')).body).toEqual(before.body);
        expect(await evidence(bankId, 'settings.changed')).toEqual([]);
      });
    }
  });

  it("keeps a funder's settings per plane: its demonstration settings are not its live ones", async () => {
    // A prospect's sandbox key, then, once the funder is live, a live key: each keeps its plane.
    const { bankId, key: sandboxKey } = await service.given.funderWithKey({ environment: 'sandbox' });
    await service.call(sandboxKey, 'PUT', '/v1/settings', {
      body: { debtor_consent_level: 'acceptance', reason: 'Demonstration choice' },
    });
    const classify = await service.ops('POST', `/ops/v1/funders/${bankId}/classify`, {
      environment: 'live',
    });
    expect(classify.status).toBe(200);
    const { secret: liveKey } = await service.given.key({ bankId });
    const onLiveFirst = await service.call<Body>(liveKey, 'GET', '/v1/settings');
    expect(onLiveFirst.body.debtor_consent_level).toBe('acknowledgment');
    await service.call(liveKey, 'PUT', '/v1/settings', {
      body: { debtor_consent_level: 'receipt', reason: 'Live plane choice' },
    });
    const onLive = await service.call<Body>(liveKey, 'GET', '/v1/settings');
    expect(onLive.body.debtor_consent_level).toBe('receipt');
    const onDemo = await service.call<Body>(sandboxKey, 'GET', '/v1/settings');
    expect(onDemo.body.debtor_consent_level).toBe('acceptance');
    const policy = service.runtime.services.settings.policy;
    expect((await policy(service.db, bankId, 'demo')).debtorConsentLevel).toBe('acceptance');
    expect((await policy(service.db, bankId, 'live')).debtorConsentLevel).toBe('receipt');
  });

  it("a sandbox key's settings are not the live funder's", async () => {
    const sandbox = await service.given.demoFunder();
    const live = await service.given.funderWithKey();
    const put = await service.call(sandbox.key, 'PUT', '/v1/settings', {
      body: { debtor_consent_level: 'acceptance', reason: 'Trying it in the sandbox' },
    });
    expect(put.status).toBe(200);
    const liveSettings = await service.call<Body>(live.key, 'GET', '/v1/settings');
    expect(liveSettings.body.debtor_consent_level).toBe('acknowledgment');
    const entries = await evidence(sandbox.bankId, 'settings.changed');
    expect(entries.at(-1)!.plane).toBe('demo');
  });
});

describe('GET /v1/required-documents', () => {
  it('answers the catalogue with names in seven languages and no list yet', async () => {
    const { key } = await service.given.funderWithKey({ scopes: ['requests:read'] });
    const answer = await service.call<{ catalogue: Body[]; required_by_country: Body[] }>(
      key,
      'GET',
      '/v1/required-documents',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.required_by_country).toEqual([]);
    expect(answer.body.catalogue.length).toBeGreaterThanOrEqual(12);
    for (const entry of answer.body.catalogue) {
      expect(Object.keys(entry.names as Body).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
    }
    expect(answer.body.catalogue.find((entry) => entry.code === 'es_tax_compliance')).toEqual({
      code: 'es_tax_compliance',
      names: expect.objectContaining({
        en: 'Tax compliance certificate (Spain)',
        es: 'Certificado de estar al corriente de las obligaciones tributarias',
      }),
      issuer: 'Agencia Estatal de Administración Tributaria (AEAT)',
      usual_validity_days: 365,
      sensitivity: 'confidential',
      countries: ['ES'],
    });
    const everywhere = answer.body.catalogue.find((entry) => entry.code === 'bank_account_ownership');
    expect(everywhere!.countries).toEqual(['ES', 'PT', 'FR', 'IT']);
  });

  it('answers the catalogue and no list to an unclassified funder, which cannot set one', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'unclassified' });
    const answer = await service.call<Body>(key, 'GET', '/v1/required-documents');
    expect(answer.status).toBe(200);
    expect(answer.body.required_by_country).toEqual([]);
    const put = await service.call(key, 'PUT', '/v1/required-documents', {
      body: { country: 'ES', codes: ['es_tax_compliance'] },
    });
    expect(put.status).toBe(403);
    expect(code(put)).toBe('forbidden');
  });

  it('is refused with forbidden to a key with only limits:read', async () => {
    const { key } = await service.given.funderWithKey({ scopes: ['limits:read'] });
    const answer = await service.call(key, 'GET', '/v1/required-documents');
    expect(answer.status).toBe(403);
    expect(code(answer)).toBe('forbidden');
  });
});

async function uploadVerified(sellerId: string, docCode: string, issuedOn: string): Promise<string> {
  const upload = await service.ops<{ document: { id: string } }>('POST', '/ops/v1/seller-documents', {
    seller_id: sellerId,
    code: docCode,
    file_name: `${docCode}.pdf`,
    content_base64: Buffer.from(`%PDF ${docCode} ${randomUUID()}`).toString('base64'),
    issued_on: issuedOn,
  });
  expect(upload.status).toBe(201);
  const verify = await service.ops('POST', `/ops/v1/seller-documents/${upload.body.document.id}/verify`, {
    method: 'issuer_portal',
  });
  expect(verify.status).toBe(200);
  return upload.body.document.id;
}

describe('PUT /v1/required-documents', () => {
  it('replaces the list for one country, keeps the note on the evidence chain and counts open requests not meeting it', async () => {
    const { bankId, key } = await service.given.funderWithKey({
      scopes: ['settings:write', 'requests:read'],
    });
    const ready = await seller('live', 'ES');
    const lacking = await seller('live', 'ES');
    const portuguese = await seller('live', 'PT');
    const date = await today();
    await uploadVerified(ready, 'es_tax_compliance', date);
    await uploadVerified(ready, 'bank_account_ownership', date);
    await routedRequest({ funderId: bankId, sellerId: ready });
    await routedRequest({ funderId: bankId, sellerId: lacking });
    await routedRequest({ funderId: bankId, sellerId: lacking, status: 'settled' });
    await routedRequest({ funderId: bankId, sellerId: portuguese });

    const answer = await service.call<Body>(key, 'PUT', '/v1/required-documents', {
      body: {
        country: 'es',
        codes: ['es_tax_compliance', 'bank_account_ownership', 'es_tax_compliance'],
        note: '  Asked by our risk committee  ',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      catalogue: expect.any(Array),
      required_by_country: [
        {
          country: 'ES',
          codes: ['es_tax_compliance', 'bank_account_ownership'],
          note: 'Asked by our risk committee',
          updated_at: expect.any(String),
        },
      ],
      changed: true,
      country: 'ES',
      codes: ['es_tax_compliance', 'bank_account_ownership'],
      open_requests_not_meeting: 1,
    });
    const entries = await evidence(bankId, 'settings.required_documents_changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.payload).toEqual({
      country: 'ES',
      from: [],
      to: ['es_tax_compliance', 'bank_account_ownership'],
      note: 'Asked by our risk committee',
    });
    const read = await service.call<Body>(key, 'GET', '/v1/required-documents');
    expect(read.body.required_by_country).toEqual(answer.body.required_by_country);
    const codes = service.runtime.services.settings.requiredCodes;
    expect(await codes(service.db, bankId, 'live', 'ES')).toEqual([
      'es_tax_compliance',
      'bank_account_ownership',
    ]);
    expect(await codes(service.db, bankId, 'live', 'PT')).toEqual([]);

    const again = await service.call<Body>(key, 'PUT', '/v1/required-documents', {
      body: { country: 'ES', codes: ['bank_account_ownership', 'es_tax_compliance'] },
    });
    expect(again.body.changed).toBe(false);
    expect(await evidence(bankId, 'settings.required_documents_changed')).toHaveLength(1);

    const cleared = await service.call<Body>(key, 'PUT', '/v1/required-documents', {
      body: { country: 'ES', codes: [], note: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      changed: true,
      country: 'ES',
      codes: [],
      required_by_country: [],
      open_requests_not_meeting: 0,
    });
  });

  it('is open to a key with decisions:write, closed to requests:read and limits:read', async () => {
    const funder = await service.given.funderAccount();
    const decide = await service.given.key({ bankId: funder.bank_id, scopes: ['decisions:write'] });
    const read = await service.given.key({ bankId: funder.bank_id, scopes: ['requests:read'] });
    const limits = await service.given.key({ bankId: funder.bank_id, scopes: ['limits:read'] });
    const body = { country: 'FR', codes: ['fr_kbis_extract'] };
    expect((await service.call(decide.secret, 'PUT', '/v1/required-documents', { body })).status).toBe(200);
    expect(code(await service.call(read.secret, 'PUT', '/v1/required-documents', { body }))).toBe(
      'forbidden',
    );
    expect(code(await service.call(limits.secret, 'PUT', '/v1/required-documents', { body }))).toBe(
      'forbidden',
    );
  });

  it("a sandbox key's list is not the live funder's", async () => {
    const sandbox = await service.given.demoFunder();
    const live = await service.given.funderWithKey();
    const put = await service.call(sandbox.key, 'PUT', '/v1/required-documents', {
      body: { country: 'IT', codes: ['it_durc'] },
    });
    expect(put.status).toBe(200);
    const read = await service.call<Body>(live.key, 'GET', '/v1/required-documents');
    expect(read.body.required_by_country).toEqual([]);
    const sandboxRead = await service.call<Body>(sandbox.key, 'GET', '/v1/required-documents');
    // The demonstration funder also has the scenario's lists; Italy's is now the one just set.
    const italy = (sandboxRead.body.required_by_country as Body[]).find((list) => list.country === 'IT');
    expect(italy?.codes).toEqual(['it_durc']);
  });

  describe('bad input changes nothing', () => {
    const cases: [string, string, unknown][] = [
      ['a missing body is refused with body_required', 'body_required', undefined],
      ['a null body is refused with body_required', 'body_required', null],
      ['an empty object is refused with body_required', 'body_required', {}],
      [
        'an unknown member is refused with body_invalid',
        'body_invalid',
        {
          country: 'ES',
          codes: [],
          plane: 'live',
        },
      ],
      [
        'a country that is not two letters is refused with country_invalid',
        'country_invalid',
        {
          country: 'ESP',
          codes: ['es_tax_compliance'],
        },
      ],
      [
        'a missing country is refused with country_invalid',
        'country_invalid',
        {
          codes: ['es_tax_compliance'],
        },
      ],
      [
        'codes that are not an array of strings are refused with codes_invalid',
        'codes_invalid',
        {
          country: 'ES',
          codes: 'es_tax_compliance',
        },
      ],
      [
        'a code that is not a string is refused with codes_invalid',
        'codes_invalid',
        {
          country: 'ES',
          codes: [42],
        },
      ],
      [
        'a note longer than 500 characters is refused with note_invalid',
        'note_invalid',
        {
          country: 'ES',
          codes: ['es_tax_compliance'],
          note: 'x'.repeat(501),
        },
      ],
      [
        'a note that is not a string is refused with note_invalid',
        'note_invalid',
        {
          country: 'ES',
          codes: ['es_tax_compliance'],
          note: 12,
        },
      ],
      [
        'a country with no catalogue is refused with country_without_catalogue',
        'country_without_catalogue',
        {
          country: 'DE',
          codes: [],
        },
      ],
      [
        'a code outside the catalogue is refused with document_code_unknown',
        'document_code_unknown',
        {
          country: 'ES',
          codes: ['es_tax_compliance', 'horoscope'],
        },
      ],
      [
        'a code of another country is refused with document_code_unknown',
        'document_code_unknown',
        {
          country: 'ES',
          codes: ['fr_kbis_extract'],
        },
      ],
    ];
    for (const [name, expected, body] of cases) {
      it(name, async () => {
        const { bankId, key } = await service.given.funderWithKey();
        const first = await service.call(key, 'PUT', '/v1/required-documents', {
          body: { country: 'ES', codes: ['es_registry_extract'] },
        });
        expect(first.status).toBe(200);
        const before = await service.call(key, 'GET', '/v1/required-documents');
        const answer = await service.call(
          key,
          'PUT',
          '/v1/required-documents',
          body === undefined ? {} : { body },
        );
        expect(answer.status).toBe(422);
        expect(code(answer)).toBe(expected);
        expect((await service.call(key, 'GET', '/v1/required-documents')).body).toEqual(before.body);
        expect(await evidence(bankId, 'settings.required_documents_changed')).toHaveLength(1);
      });
    }

    it('names the unknown codes in document_code_unknown', async () => {
      const { key } = await service.given.funderWithKey();
      const answer = await service.call<{ error: Body }>(key, 'PUT', '/v1/required-documents', {
        body: { country: 'PT', codes: ['pt_tax_compliance', 'it_durc', 'nope'] },
      });
      expect(answer.body.error.codes).toEqual(['it_durc', 'nope']);
    });
  });
});

describe('listed buyers (operations API)', () => {
  it('sets the flag and the list per plane; settings show the flag and the count', async () => {
    const { bankId, key } = await service.given.funderWithKey();
    const answer = await service.ops<Body>('PUT', `/ops/v1/funders/${bankId}/listed-buyers`, {
      plane: 'live',
      listed_buyers_only: true,
      buyers: [
        { country: 'es', tax_id: 'b-12.345 678' },
        { country: 'ES', tax_id: 'B12345678' },
        { country: 'PT', tax_id: '500000000' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      bank_id: bankId,
      plane: 'live',
      listed_buyers_only: true,
      buyers: [
        { country: 'ES', tax_id: 'B12345678' },
        { country: 'PT', tax_id: '500000000' },
      ],
      changed: true,
    });
    const settings = await service.call<Body>(key, 'GET', '/v1/settings');
    expect(settings.body).toMatchObject({ listed_buyers_only: true, listed_buyers_count: 2 });
    const svc = service.runtime.services.settings;
    expect(await svc.listedBuyers(service.db, bankId, 'live')).toEqual(answer.body.buyers);
    expect(await svc.listedBuyers(service.db, bankId, 'demo')).toEqual([]);
    expect(await svc.policy(service.db, bankId, 'live')).toEqual({
      debtorConsentLevel: 'acknowledgment',
      requireCounselApprovedTexts: false,
      listedBuyersOnly: true,
      offerValidityDays: 7,
    });
    expect((await svc.policy(service.db, bankId, 'demo')).listedBuyersOnly).toBe(false);
    expect(await evidence(bankId, 'settings.listed_buyers_changed')).toHaveLength(1);

    const same = await service.ops<Body>('PUT', `/ops/v1/funders/${bankId}/listed-buyers`, {
      plane: 'live',
      listed_buyers_only: true,
      buyers: [
        { country: 'PT', tax_id: '500000000' },
        { country: 'ES', tax_id: 'B12345678' },
      ],
    });
    expect(same.body.changed).toBe(false);
  });

  it('answers 404 for an unknown funder and 422 for a bad buyer', async () => {
    const missing = await service.ops('PUT', `/ops/v1/funders/${randomUUID()}/listed-buyers`, {
      plane: 'live',
      listed_buyers_only: false,
      buyers: [],
    });
    expect(missing.status).toBe(404);
    const { bankId } = await service.given.funderWithKey();
    const bad = await service.ops('PUT', `/ops/v1/funders/${bankId}/listed-buyers`, {
      plane: 'live',
      listed_buyers_only: true,
      buyers: [{ country: 'Spain', tax_id: 'B1' }],
    });
    expect(bad.status).toBe(422);
    expect(code(bad)).toBe('body_invalid');
  });
});

describe('settings for other areas', () => {
  it('policy answers the defaults when the funder has no settings', async () => {
    const policy = await service.runtime.services.settings.policy(service.db, randomUUID(), 'live');
    expect(policy).toEqual({
      debtorConsentLevel: 'acknowledgment',
      requireCounselApprovedTexts: false,
      listedBuyersOnly: false,
      offerValidityDays: 7,
    });
  });

  it('declarationText prefers a counsel-approved text, then the local language', async () => {
    const text = service.runtime.services.settings.declarationText;
    const es = await text(service.db, { governingLaw: 'ES', level: 'acknowledgment' });
    expect(es).toMatchObject({ language: 'es', counsel_approved: true });
    expect(es!.body).toContain('1527');
    expect(await text(service.db, { governingLaw: 'FR', level: 'receipt' })).toMatchObject({
      language: 'fr',
      counsel_approved: true,
    });
    expect(await text(service.db, { governingLaw: 'FR', level: 'receipt', language: 'en' })).toMatchObject({
      language: 'en',
      counsel_approved: false,
    });
    expect(await text(service.db, { governingLaw: 'PT', level: 'acceptance' })).toMatchObject({
      language: 'pt',
      counsel_approved: true,
    });
    expect(await text(service.db, { governingLaw: 'IT', level: 'acceptance' })).toMatchObject({
      language: 'it',
      counsel_approved: false,
    });
    expect(await text(service.db, { governingLaw: 'ES', level: 'receipt', language: 'de' })).toBeNull();
    expect(await text(service.db, { governingLaw: 'DE', level: 'receipt' })).toBeNull();
  });

  it('levelAtLeast orders receipt, acknowledgment, acceptance', () => {
    expect(levelAtLeast('acceptance', 'acknowledgment')).toBe(true);
    expect(levelAtLeast('acknowledgment', 'acknowledgment')).toBe(true);
    expect(levelAtLeast('receipt', 'acknowledgment')).toBe(false);
    expect(levelAtLeast(null, 'receipt')).toBe(false);
  });
});
