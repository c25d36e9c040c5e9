import { beforeAll, describe, expect, it } from 'vitest';
import { verifyOnboardingReturn } from '../../../packages/client/src/index.ts';
import { expectError } from '../../../test/support/errors.ts';
import type { FunderFixture } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

let funder: FunderFixture;
const { service, given } = startGiven({ demoPlane: true });
beforeAll(async () => {
  funder = await given.funder();
  const set = await service.ops('PUT', `/ops/v1/funders/${funder.bankId}/return-origins`, {
    origins: ['https://erp.funder.example', 'https://portal.funder.example:8443'],
  });
  expect(set.status).toBe(200);
});

type Body = Record<string, unknown>;
interface Link {
  id: string;
  status: string;
  company_name: string;
  company_name_source: string;
  company_vat: string;
  metadata: Body;
  expires_at: string;
  completed_at: string | null;
  seller_id: string | null;
}
interface Created {
  onboarding_link: Link;
  url: string;
  expires_at: string;
  environment: string;
  return_secret: string;
  return: { parameters: string[]; signature: Body };
}

const body = (overrides: Body = {}): Body => ({
  company_vat: 'ESB12345678',
  country: 'ES',
  contact_email: 'admin@supplier.example',
  return_url: 'https://erp.funder.example/onboarding/done?ref=7',
  company_name: 'Suministros Norte, S.L.',
  metadata: { supplier_ref: 'SUP-0042', priority: 2, urgent: true, note: null },
  ...overrides,
});
const create = (key: string, overrides: Body = {}) =>
  service.call<Created>(key, 'POST', '/v1/onboarding-links', { body: body(overrides) });
const nowSeconds = async () =>
  Math.floor(
    new Date(((await service.ops('GET', '/ops/v1/clock')).body as { now: string }).now).getTime() / 1000,
  );

describe('POST /v1/onboarding-links', () => {
  it('answers the link, its url and the return secret once; the secret is kept encrypted', async () => {
    const made = await create(funder.key, { company_vat: 'es b-12345678', locale: 'es', valid_days: 7 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      environment: 'live',
      onboarding_link: {
        status: 'pending',
        company_vat: 'B12345678',
        company_name: 'Suministros Norte, S.L.',
        company_name_source: 'given',
        metadata: { supplier_ref: 'SUP-0042', priority: 2, urgent: true, note: null },
        seller_id: null,
      },
      return: { parameters: ['svc_onboarding', 'svc_status', 'svc_ts', 'svc_sig'] },
    });
    expect(made.body.return_secret).toMatch(/^ors_[0-9a-f]{64}$/);
    expect(new URL(made.body.url).searchParams.get('locale')).toBe('es');
    const days = (Date.parse(made.body.expires_at) - (await nowSeconds()) * 1000) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    const { rows } = await service.db.query<Body>('SELECT * FROM onboarding_links WHERE id = $1', [
      made.body.onboarding_link.id,
    ]);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(made.body.return_secret);
    expect(stored).not.toContain(made.body.return_secret.slice(4));
    expect(String(rows[0]!.return_secret_sealed)).toMatch(/^v1\./);
    // Reading it again never shows the secret.
    const read = await service.call<Body>(
      funder.key,
      'GET',
      `/v1/onboarding-links/${made.body.onboarding_link.id}`,
    );
    expect(JSON.stringify(read.body)).not.toContain('ors_');
  });

  it('keeps a replayed answer sealed: the return secret is never stored in clear', async () => {
    const idempotencyKey = 'onboarding-replay-1';
    const send = () =>
      service.call<Created>(funder.key, 'POST', '/v1/onboarding-links', {
        body: body({ company_vat: 'ESB11112222' }),
        headers: { 'idempotency-key': idempotencyKey },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const { rows } = await service.db.query<{ response_body: string }>(
      'SELECT response_body FROM idempotency_keys WHERE idempotency_key = $1',
      [idempotencyKey],
    );
    expect(rows[0]!.response_body).toMatch(/^sealed:v1\./);
    expect(rows[0]!.response_body).not.toContain(first.body.return_secret.slice(4));
  });

  it('checks every field with its own code', async () => {
    const cases: [Body, string][] = [
      [{ company_vat: 'E' }, 'company_vat_invalid'],
      [{ company_vat: 'ES!!!' }, 'company_vat_invalid'],
      [{ country: 'ESP' }, 'country_invalid'],
      [{ contact_email: 'nobody' }, 'email_invalid'],
      [{ return_url: 'http://erp.funder.example/x' }, 'return_url_invalid'],
      [{ return_url: 'https://user:pw@erp.funder.example/x' }, 'return_url_invalid'],
      [{ return_url: `https://erp.funder.example/${'x'.repeat(2048)}` }, 'return_url_invalid'],
      [{ return_url: 'https://elsewhere.example/x' }, 'return_url_not_allowed'],
      [{ return_url: 'https://portal.funder.example/x' }, 'return_url_not_allowed'],
      [{ company_name: 'X' }, 'company_name_invalid'],
      [{ contact_name: 'n'.repeat(121) }, 'contact_name_invalid'],
      [
        { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
        'metadata_invalid',
      ],
      [{ metadata: { nested: { no: 1 } } }, 'metadata_invalid'],
      [{ metadata: { big: 'x'.repeat(1000), bigger: 'y'.repeat(1100) } }, 'metadata_invalid'],
      [{ locale: 'xx' }, 'locale_invalid'],
      [{ valid_days: 0 }, 'valid_days_invalid'],
      [{ valid_days: 31 }, 'valid_days_invalid'],
    ];
    for (const [overrides, code] of cases) {
      const answer = await create(funder.key, overrides);
      expect({
        overrides,
        status: answer.status,
        code: (answer.body as unknown as { error: Body }).error?.code,
      }).toEqual({
        overrides,
        status: 422,
        code,
      });
    }
    expect((await create(funder.key, { return_url: 'https://portal.funder.example:8443/back' })).status).toBe(
      201,
    );
    // Nothing was made by the refused calls.
    const list = await service.call<{ count: number }>(funder.key, 'GET', '/v1/onboarding-links');
    expect(list.body.count).toBe(3);
  });

  it('names the company from its own records when the VAT service cannot be reached, and says so', async () => {
    const { company_name: _, ...withoutName } = body();
    const unknown = await service.call(funder.key, 'POST', '/v1/onboarding-links', {
      body: { ...withoutName, company_vat: 'ESB99999999' },
    });
    expect(expectError(unknown, 422, 'company_name_required').vat_service).toBe('unavailable');
    // A company the funder already sees: the seller of a request routed to it.
    const seller = (
      await given.routedRequest({ funder, seller: await given.liveSeller({ name: 'Conocida Ibérica SL' }) })
    ).seller;
    const known = await service.call<Created>(funder.key, 'POST', '/v1/onboarding-links', {
      body: { ...withoutName, company_vat: `ES${seller.tax_id}` },
    });
    expect(known.status).toBe(201);
    expect(known.body.onboarding_link).toMatchObject({
      company_name: 'Conocida Ibérica SL',
      company_name_source: 'own_records',
    });
  });

  it('lists newest first within limit, and hides other funders’ links', async () => {
    const list = await service.call<{ onboarding_links: Link[] }>(
      funder.key,
      'GET',
      '/v1/onboarding-links?limit=2',
    );
    expect(list.status).toBe(200);
    expect(list.body.onboarding_links).toHaveLength(2);
    expectError(
      await service.call(funder.key, 'GET', '/v1/onboarding-links?limit=201'),
      422,
      'query_invalid',
    );
    const other = await given.funder();
    const theirs = await service.call<{ count: number }>(other.key, 'GET', '/v1/onboarding-links');
    expect(theirs.body.count).toBe(0);
    expectError(
      await service.call(other.key, 'GET', `/v1/onboarding-links/${list.body.onboarding_links[0]!.id}`),
      404,
      'not_found',
    );
    // A funder with no return origins can make no link.
    expectError(await create(other.key), 422, 'return_url_not_allowed');
  });
});

describe('completing an onboarding link', () => {
  it('registers the supplier, makes it a client, queues onboarding.completed, and signs the return', async () => {
    const made = (
      await create(funder.key, { company_vat: 'PT509111222', country: 'PT', company_name: 'Ferragens Lda' })
    ).body;
    const id = made.onboarding_link.id;
    const done = await service.ops<{ onboarding_link: Link; return_url: string }>(
      'POST',
      `/ops/v1/onboarding-links/${id}/complete`,
    );
    expect(done.status).toBe(200);
    expect(done.body.onboarding_link).toMatchObject({ status: 'completed', seller_id: expect.any(String) });
    const back = new URL(done.body.return_url);
    expect(back.origin + back.pathname).toBe('https://erp.funder.example/onboarding/done');
    expect(back.searchParams.get('ref')).toBe('7');
    expect(back.searchParams.get('svc_onboarding')).toBe(id);
    expect(back.searchParams.get('svc_status')).toBe('completed');

    const now = (await nowSeconds()) * 1000;
    expect(
      await verifyOnboardingReturn(done.body.return_url, made.return_secret, { toleranceSeconds: 600, now }),
    ).toEqual({ ok: true, onboardingId: id, status: 'completed', timestamp: now / 1000 });
    const tampered = new URL(done.body.return_url);
    tampered.searchParams.set('svc_onboarding', '00000000-0000-4000-8000-000000000000');
    expect(
      (await verifyOnboardingReturn(tampered, made.return_secret, { toleranceSeconds: 600, now })).ok,
    ).toBe(false);
    expect(
      await verifyOnboardingReturn(done.body.return_url, made.return_secret, {
        toleranceSeconds: 600,
        now: now + 601_000,
      }),
    ).toEqual({ ok: false, reason: 'too_old' });
    expect(
      await verifyOnboardingReturn(done.body.return_url, made.return_secret, {
        toleranceSeconds: 600,
        now: now - 601_000,
      }),
    ).toEqual({ ok: false, reason: 'in_future' });

    const { rows: events } = await service.db.query<{ type: string; payload: Body; plane: string }>(
      `SELECT type, payload, plane FROM outbox_events WHERE funder_id = $1 AND type = 'onboarding.completed'`,
      [funder.bankId],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.plane).toBe('live');
    expect(events[0]!.payload).toMatchObject({
      onboarding_link_id: id,
      seller_id: done.body.onboarding_link.seller_id,
      metadata: { supplier_ref: 'SUP-0042', priority: 2, urgent: true, note: null },
    });

    // Single use.
    expectError(
      await service.ops('POST', `/ops/v1/onboarding-links/${id}/complete`),
      409,
      'onboarding_not_open',
    );
    const read = await service.call<{ onboarding_link: Link }>(
      funder.key,
      'GET',
      `/v1/onboarding-links/${id}`,
    );
    expect(read.body.onboarding_link).toMatchObject({
      status: 'completed',
      seller_id: done.body.onboarding_link.seller_id,
    });

    // It is the funder's client, brought by the API.
    const report = await service.call<{ groups: Body[] }>(funder.key, 'GET', '/v1/prescribers/report');
    expect(report.body.groups).toEqual([expect.objectContaining({ kind: 'api', arrived: 1, joined: 1 })]);
  });

  it('expires after valid_days', async () => {
    const made = (await create(funder.key, { company_vat: 'ESB55555555', valid_days: 1 })).body;
    await service.advanceClock(2 * 86_400);
    const read = await service.call<{ onboarding_link: Link }>(
      funder.key,
      'GET',
      `/v1/onboarding-links/${made.onboarding_link.id}`,
    );
    expect(read.body.onboarding_link.status).toBe('expired');
    expectError(
      await service.ops('POST', `/ops/v1/onboarding-links/${made.onboarding_link.id}/complete`),
      409,
      'onboarding_not_open',
    );
  });
});

describe('return origins (operations API)', () => {
  it('keeps https origins only, and the demonstration funder holds https://example.com', async () => {
    expectError(
      await service.ops('PUT', `/ops/v1/funders/${funder.bankId}/return-origins`, {
        origins: ['http://a.example'],
      }),
      422,
      'body_invalid',
    );
    expectError(
      await service.ops('PUT', `/ops/v1/funders/${funder.bankId}/return-origins`, {
        origins: ['https://a.example/path'],
      }),
      422,
      'body_invalid',
    );
    expectError(
      await service.ops('PUT', '/ops/v1/funders/00000000-0000-4000-8000-000000000000/return-origins', {
        origins: [],
      }),
      404,
      'not_found',
    );
    const sandbox = await service.given.demoFunder();
    const demo = await service.ops<{ origins: string[] }>(
      'GET',
      `/ops/v1/funders/${sandbox.bankId}/return-origins`,
    );
    expect(demo.body.origins).toEqual(['https://example.com']);
  });
});
