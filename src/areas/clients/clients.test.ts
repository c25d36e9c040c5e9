import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import { type FunderFixture, requestsGiven } from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { sha256Hex } from '../../platform/crypto.ts';

let service: TestService;
let given: ReturnType<typeof requestsGiven>;
beforeAll(async () => {
  service = await startService();
  given = requestsGiven(service);
});
afterAll(async () => service?.close());

type Body = Record<string, unknown>;
interface Link {
  id: string;
  prescriber_id: string | null;
  state: string;
  expires_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
  replaced_by: string | null;
  arrivals: number;
  claims_last_day: number;
  url?: string;
}
interface Prescriber {
  id: string;
  name: string;
  email: string | null;
  active: boolean;
  arrivals: number;
  link: Link | null;
}
interface Invitation {
  id: string;
  via: string;
  state: string;
  prescriber_id: string | null;
  client_link_id: string | null;
  company: { name: string; tax_id: string; country: string };
  contact: { email: string };
  seller_id: string | null;
}

const now = async () => new Date(((await service.ops('GET', '/ops/v1/clock')).body as { now: string }).now);
const hoursAhead = async (hours: number) =>
  new Date((await now()).getTime() + hours * 3_600_000).toISOString();

const newLink = (funder: FunderFixture, body: Body = {}) =>
  service.call<{ client_link: Link }>(funder.key, 'POST', '/v1/client-links', { body });
const newPrescriber = (funder: FunderFixture, body: Body) =>
  service.call<{ prescriber: Prescriber }>(funder.key, 'POST', '/v1/prescribers', { body });
const arrive = (linkId: string, company: Body) =>
  service.ops<{ invitation: Invitation }>('POST', `/ops/v1/client-links/${linkId}/arrivals`, company);
const accept = (invitationId: string) =>
  service.ops<{ invitation: Invitation }>('POST', `/ops/v1/client-invitations/${invitationId}/accept`);

let n = 0;
const company = (overrides: Body = {}) => {
  n += 1;
  return {
    company_name: `Compañía ${n} SL`,
    tax_id: `B7${String(n).padStart(7, '0')}`,
    country: 'ES',
    email: `admin${n}@company.example`,
    ...overrides,
  };
};

describe('client links', () => {
  let funder: FunderFixture;
  beforeAll(async () => {
    funder = await given.funder();
  });

  it('issues the funder’s own link, keeping only the SHA-256 of its token', async () => {
    expect(
      (await service.call<{ client_links: Link[] }>(funder.key, 'GET', '/v1/client-links')).body,
    ).toEqual({
      count: 0,
      client_links: [],
    });
    const made = await newLink(funder, { lang: 'es' });
    expect(made.status).toBe(201);
    const link = made.body.client_link;
    expect(link).toMatchObject({ prescriber_id: null, state: 'active', arrivals: 0, claims_last_day: 0 });
    const url = new URL(link.url!);
    expect(url.searchParams.get('lang')).toBe('es');
    const token = url.pathname.split('/').pop()!;
    const { rows } = await service.db.query<Body>('SELECT * FROM client_links WHERE id = $1', [link.id]);
    expect(rows[0]!.token_sha256).toBe(sha256Hex(token));
    expect(JSON.stringify(rows[0])).not.toContain(token);

    const listed = await service.call<{ client_links: Link[] }>(
      funder.key,
      'GET',
      '/v1/client-links?lang=fr',
    );
    expect(listed.body.client_links.map((l) => l.id)).toEqual([link.id]);
    const again = new URL(listed.body.client_links[0]!.url!);
    expect(again.pathname).toBe(url.pathname);
    expect(again.searchParams.get('lang')).toBe('fr');
  });

  it('keeps one working link per owner: 409 link_exists, or replace: true stops the old one at once', async () => {
    const current = (await service.call<{ client_links: Link[] }>(funder.key, 'GET', '/v1/client-links')).body
      .client_links[0]!;
    const refused = expectError(await newLink(funder), 409, 'link_exists');
    expect(refused.client_link_id).toBe(current.id);

    const replaced = await newLink(funder, { replace: true, reason: 'posted on a forum' });
    expect(replaced.status).toBe(201);
    const fresh = replaced.body.client_link;
    expect(fresh.id).not.toBe(current.id);
    const { rows } = await service.db.query<Body>(
      'SELECT disabled_at, disabled_reason, replaced_by FROM client_links WHERE id = $1',
      [current.id],
    );
    expect(rows[0]).toMatchObject({ disabled_reason: 'posted on a forum', replaced_by: fresh.id });
    expect(rows[0]!.disabled_at).not.toBeNull();
    const listed = await service.call<{ client_links: Link[] }>(funder.key, 'GET', '/v1/client-links');
    expect(listed.body.client_links.map((l) => l.id)).toEqual([fresh.id]);
    // The old link no longer takes anyone.
    expectError(await arrive(current.id, company()), 409, 'link_not_active');
  });

  it('takes expires_at between one hour and three years ahead only', async () => {
    const other = await given.funder();
    expectError(await newLink(other, { expires_at: await hoursAhead(0.5) }), 422, 'expires_at_invalid');
    expectError(
      await newLink(other, { expires_at: await hoursAhead(3 * 366 * 24) }),
      422,
      'expires_at_invalid',
    );
    expectError(await newLink(other, { expires_at: 'tomorrow' }), 422, 'expires_at_invalid');
    expectError(await newLink(other, { reason: 'x'.repeat(201) }), 422, 'reason_invalid');
    expectError(await newLink(other, { lang: 'xx' }), 422, 'lang_invalid');
    expectError(
      await newLink(other, { prescriber_id: '00000000-0000-4000-8000-000000000000' }),
      422,
      'prescriber_invalid',
    );
    const made = await newLink(other, { expires_at: await hoursAhead(2) });
    expect(made.status).toBe(201);
    // Expired, it shows as such, has no url, and gives way to a new link without replace.
    await service.advanceClock(3 * 3600);
    const listed = await service.call<{ client_links: Link[] }>(other.key, 'GET', '/v1/client-links');
    expect(listed.body.client_links[0]).toMatchObject({ id: made.body.client_link.id, state: 'expired' });
    expect(listed.body.client_links[0]!.url).toBeUndefined();
    expectError(await arrive(made.body.client_link.id, company()), 409, 'link_not_active');
    expect((await newLink(other)).status).toBe(201);
  });

  it('disables a link at once; disabling it again changes nothing', async () => {
    const other = await given.funder();
    const link = (await newLink(other)).body.client_link;
    const first = await service.call<{ client_link: Link; changed: boolean }>(
      other.key,
      'POST',
      `/v1/client-links/${link.id}/disable`,
      { body: { reason: 'campaign over' } },
    );
    expect(first.status).toBe(200);
    expect(first.body.changed).toBe(true);
    expect(first.body.client_link).toMatchObject({ state: 'disabled', disabled_reason: 'campaign over' });
    expect(first.body.client_link.url).toBeUndefined();
    const second = await service.call<{ changed: boolean }>(
      other.key,
      'POST',
      `/v1/client-links/${link.id}/disable`,
    );
    expect(second.status).toBe(200);
    expect(second.body.changed).toBe(false);
    expectError(await arrive(link.id, company()), 409, 'link_not_active');
    // Another funder cannot see or stop it.
    expectError(
      await service.call(funder.key, 'POST', `/v1/client-links/${link.id}/disable`),
      404,
      'not_found',
    );
  });

  it('needs a clients or decisions scope to write, and a read scope to list', async () => {
    const reader = await given.keyOf(funder, ['requests:read']);
    expect((await service.call(reader, 'GET', '/v1/client-links')).status).toBe(200);
    expectError(await service.call(reader, 'POST', '/v1/client-links', { body: {} }), 403, 'forbidden');
    const writer = await given.keyOf(funder, ['clients:write']);
    expectError(await service.call(writer, 'POST', '/v1/client-links', { body: {} }), 409, 'link_exists');
  });
});

describe('prescribers', () => {
  let funder: FunderFixture;
  beforeAll(async () => {
    funder = await given.funder();
  });

  it('adds a prescriber with its own link; its name and e-mail reach the evidence chain only as hashes', async () => {
    const made = await newPrescriber(funder, {
      name: 'Asesoría Levante',
      email: 'socios@asesoria-levante.es',
      notes: 'Valencia',
    });
    expect(made.status).toBe(201);
    const prescriber = made.body.prescriber;
    expect(prescriber).toMatchObject({
      name: 'Asesoría Levante',
      email: 'socios@asesoria-levante.es',
      active: true,
    });
    expect(prescriber.link).toMatchObject({ prescriber_id: prescriber.id, state: 'active' });
    expect(prescriber.link!.url).toMatch(/\/join\/cl_[0-9a-f]{64}$/);

    const { rows } = await service.db.query<{ payload: Body }>(
      `SELECT payload FROM evidence_entries WHERE subject_id = $1 AND kind = 'prescriber.created'`,
      [prescriber.id],
    );
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows[0]!.payload);
    expect(text).not.toContain('Levante');
    expect(text).not.toContain('asesoria-levante');
    expect(rows[0]!.payload.name_sha256).toBe(sha256Hex('asesoría levante'));
    expect(rows[0]!.payload.email_sha256).toBe(sha256Hex('socios@asesoria-levante.es'));

    const links = await service.call<{ client_links: Link[] }>(funder.key, 'GET', '/v1/client-links');
    expect(links.body.client_links.map((l) => l.prescriber_id)).toEqual([prescriber.id]);
  });

  it('keeps names unique among active prescribers and checks each field', async () => {
    expectError(await newPrescriber(funder, { name: '  asesoría LEVANTE ' }), 409, 'prescriber_exists');
    expectError(await newPrescriber(funder, { name: 'A' }), 422, 'name_invalid');
    expectError(await newPrescriber(funder, { name: ' B ' }), 422, 'name_invalid');
    expectError(await newPrescriber(funder, { name: 'x'.repeat(121) }), 422, 'name_invalid');
    expectError(
      await newPrescriber(funder, { name: 'Gestoría Sur', email: 'not-an-address' }),
      422,
      'email_invalid',
    );
    expectError(
      await newPrescriber(funder, { name: 'Gestoría Sur', notes: 'n'.repeat(1001) }),
      422,
      'notes_invalid',
    );
    const count = (await service.call<{ count: number }>(funder.key, 'GET', '/v1/prescribers')).body.count;
    expect(count).toBe(1);
  });

  it('disables a prescriber: its link stops at once, its name is free again, twice changes nothing', async () => {
    const made = (await newPrescriber(funder, { name: 'Gestoría Norte' })).body.prescriber;
    const disabled = await service.call<{ prescriber: Prescriber; changed: boolean }>(
      funder.key,
      'POST',
      `/v1/prescribers/${made.id}/disable`,
      { body: { reason: 'contract ended' } },
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body.changed).toBe(true);
    expect(disabled.body.prescriber.active).toBe(false);
    expect(disabled.body.prescriber.link).toMatchObject({ state: 'disabled' });
    expectError(await arrive(made.link!.id, company()), 409, 'link_not_active');
    const again = await service.call<{ changed: boolean }>(
      funder.key,
      'POST',
      `/v1/prescribers/${made.id}/disable`,
    );
    expect(again.body.changed).toBe(false);
    // A link for a disabled prescriber is refused.
    expectError(await newLink(funder, { prescriber_id: made.id }), 422, 'prescriber_invalid');
    expect((await newPrescriber(funder, { name: 'Gestoría Norte' })).status).toBe(201);
    // Active first.
    const list = (await service.call<{ prescribers: Prescriber[] }>(funder.key, 'GET', '/v1/prescribers'))
      .body;
    expect(list.prescribers.map((p) => p.active)).toEqual([true, true, false]);
  });
});

describe('arrivals, invitations and sign-up caps', () => {
  let funder: FunderFixture;
  let link: Link;
  beforeAll(async () => {
    funder = await given.funder();
    link = (await newLink(funder)).body.client_link;
  });

  it('gives a company that opens a link the funder’s invitation, and lists invitations newest first', async () => {
    const first = await arrive(link.id, company({ tax_id: 'b-7000.0001 ', country: 'es' }));
    expect(first.status).toBe(201);
    expect(first.body.invitation).toMatchObject({
      via: 'link',
      state: 'pending',
      client_link_id: link.id,
      prescriber_id: null,
      company: { tax_id: 'B70000001', country: 'ES' },
      seller_id: null,
    });
    const second = await arrive(link.id, company());
    // Opening a link makes no account.
    const { rows } = await service.db.query('SELECT 1 FROM sellers WHERE tax_id = $1', ['B70000001']);
    expect(rows).toHaveLength(0);
    const list = await service.call<{ invitations: Invitation[] }>(
      funder.key,
      'GET',
      '/v1/client-invitations',
    );
    expect(list.body.invitations.map((i) => i.id)).toEqual([
      second.body.invitation.id,
      first.body.invitation.id,
    ]);
    const one = await service.call<{ invitations: Invitation[] }>(
      funder.key,
      'GET',
      '/v1/client-invitations?limit=1',
    );
    expect(one.body.invitations).toHaveLength(1);
    expectError(
      await service.call(funder.key, 'GET', '/v1/client-invitations?limit=501'),
      422,
      'query_invalid',
    );
    expectError(
      await service.call(funder.key, 'GET', '/v1/client-invitations?limit=0'),
      422,
      'query_invalid',
    );
    const links = await service.call<{ client_links: Link[] }>(funder.key, 'GET', '/v1/client-links');
    expect(links.body.client_links[0]).toMatchObject({ arrivals: 2, claims_last_day: 2 });
    // Invitations expire unanswered after 30 days.
    const other = await given.funder();
    const otherLink = (await newLink(other)).body.client_link;
    const invitation = (await arrive(otherLink.id, company())).body.invitation;
    await service.advanceClock(31 * 86_400);
    const later = await service.call<{ invitations: Invitation[] }>(
      other.key,
      'GET',
      '/v1/client-invitations',
    );
    expect(later.body.invitations[0]).toMatchObject({ id: invitation.id, state: 'expired' });
    expectError(await accept(invitation.id), 409, 'invitation_not_pending');
  });

  it('takes at most 20 sign-ups an hour and 100 a day through one link', async () => {
    const capped = await given.funder();
    const capLink = (await newLink(capped)).body.client_link;
    // Start at the top of an hour: the windows are fixed hours and days.
    const at = await now();
    const toNextHour = 3600 - ((at.getTime() / 1000) % 3600);
    const toNextDay = 86_400 - ((at.getTime() / 1000) % 86_400);
    await service.advanceClock(toNextDay > 6 * 3600 ? toNextHour : toNextDay);
    for (let hour = 0; hour < 5; hour++) {
      for (let i = 0; i < 20; i++) {
        const answer = await arrive(capLink.id, company());
        expect({ hour, i, status: answer.status, body: answer.status === 201 ? null : answer.body }).toEqual({
          hour,
          i,
          status: 201,
          body: null,
        });
      }
      const refused = expectError(await arrive(capLink.id, company()), 429, 'signup_limit');
      expect(refused).toMatchObject({ limit: 20, window_seconds: 3600 });
      expect(Number(refused.retry_after_seconds)).toBeGreaterThan(0);
      await service.advanceClock(3600);
    }
    const daily = expectError(await arrive(capLink.id, company()), 429, 'signup_limit');
    expect(daily).toMatchObject({ limit: 100, window_seconds: 86_400 });
    // Another link of another funder is not held back.
    expect((await arrive(link.id, company())).status).toBe(201);
    const links = await service.call<{ client_links: Link[] }>(capped.key, 'GET', '/v1/client-links');
    expect(links.body.client_links[0]!.arrivals).toBe(100);
  });
});

describe('clients, their origin and routing', () => {
  it('makes an accepting company the funder’s client: its requests go to that funder only', async () => {
    const owner = await given.funder();
    const other = await given.funder();
    const seller = await given.liveSeller();
    const link = (await newLink(owner)).body.client_link;
    const invitation = (
      await arrive(
        link.id,
        company({ company_name: seller.name, tax_id: seller.tax_id, country: seller.country }),
      )
    ).body.invitation;
    const accepted = await accept(invitation.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.invitation).toMatchObject({ state: 'accepted', seller_id: seller.id });
    expectError(await accept(invitation.id), 409, 'invitation_not_pending');

    const request = await given.request({ seller });
    await given.sellerMeetsDocumentListOf(other, seller);
    expectError(
      await service.ops('POST', `/ops/v1/requests/${request.id}/route`, { bank_id: other.bankId }),
      409,
      'client_of_another_funder',
    );
    await given.sellerMeetsDocumentListOf(owner, seller);
    expect(
      (await service.ops('POST', `/ops/v1/requests/${request.id}/route`, { bank_id: owner.bankId })).status,
    ).toBe(200);

    // Another funder's invitation of the same company cannot make it its client.
    const otherLink = (await newLink(other)).body.client_link;
    const otherInvitation = (
      await arrive(otherLink.id, company({ company_name: seller.name, tax_id: seller.tax_id }))
    ).body.invitation;
    expectError(await accept(otherInvitation.id), 409, 'client_of_another_funder');
  });
});

describe('GET /v1/prescribers/report', () => {
  it('counts each company once, for whoever brought it first, with its requests and amounts', async () => {
    const funder = await given.funder();
    const prescriber = (await newPrescriber(funder, { name: 'Consultores Reunidos' })).body.prescriber;
    const own = (await newLink(funder)).body.client_link;

    const seller = await given.liveSeller();
    const arrival = { company_name: seller.name, tax_id: seller.tax_id, country: seller.country };
    // First through the prescriber, then through the funder's own link: the prescriber keeps it.
    const first = (await arrive(prescriber.link!.id, company(arrival))).body.invitation;
    expect(first.prescriber_id).toBe(prescriber.id);
    const second = (await arrive(own.id, company(arrival))).body.invitation;
    expect(second.via).toBe('link');
    expect((await accept(second.id)).status).toBe(200);
    // A second company through the own link only arrives.
    await arrive(own.id, company({ company_name: 'Solo Llega SL' }));

    const funded = await given.fundedRequest({ funder, seller, invoices: [{ amount: 10_000 }] });
    await given.request({ seller });

    const report = await service.call<Body & { totals: Body; groups: (Body & { companies: Body[] })[] }>(
      funder.key,
      'GET',
      '/v1/prescribers/report',
    );
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ currency: 'EUR', plane: 'live', funder: { bank_id: funder.bankId } });
    expect(report.body.totals).toEqual({
      arrived: 2,
      joined: 1,
      onboarded: 1,
      requests: 1,
      amount_requested: 10_000,
      amount_funded: expect.any(Number),
    });
    const [byPrescriber, ownLink] = report.body.groups;
    expect(byPrescriber).toMatchObject({
      kind: 'prescriber',
      prescriber_id: prescriber.id,
      name: 'Consultores Reunidos',
      active: true,
      arrived: 1,
      joined: 1,
      onboarded: 1,
      requests: 1,
      amount_requested: 10_000,
    });
    expect(byPrescriber!.amount_funded).toBeGreaterThan(0);
    expect(byPrescriber!.amount_funded).toBe(report.body.totals.amount_funded);
    expect(byPrescriber!.companies).toEqual([
      expect.objectContaining({ company_tax_id: seller.tax_id, joined_at: expect.any(String), requests: 1 }),
    ]);
    expect(ownLink).toMatchObject({ kind: 'own_link', arrived: 1, joined: 0, requests: 0 });
    expect(ownLink!.prescriber_id).toBeUndefined();
    expect(funded.funder.bankId).toBe(funder.bankId);

    // A company the funder names in its portal: origin named.
    const named = await service.ops<{ invitation: Invitation }>(
      'POST',
      `/ops/v1/funders/${funder.bankId}/client-invitations`,
      company({ company_name: 'Nombrada SL' }),
    );
    expect(named.status).toBe(201);
    expect(named.body.invitation).toMatchObject({ via: 'named', client_link_id: null, prescriber_id: null });
    const withNamed = await service.call<{ groups: Body[] }>(funder.key, 'GET', '/v1/prescribers/report');
    expect(withNamed.body.groups.map((g) => g.kind)).toEqual(['prescriber', 'own_link', 'named']);
    expectError(
      await service.ops(
        'POST',
        '/ops/v1/funders/00000000-0000-4000-8000-000000000000/client-invitations',
        company(),
      ),
      404,
      'not_found',
    );

    // Disabled, the prescriber keeps its companies.
    await service.call(funder.key, 'POST', `/v1/prescribers/${prescriber.id}/disable`);
    const after = await service.call<{ groups: Body[] }>(funder.key, 'GET', '/v1/prescribers/report');
    expect(after.body.groups[0]).toMatchObject({ prescriber_id: prescriber.id, active: false, arrived: 1 });
    const prescribers = await service.call<{ prescribers: Prescriber[] }>(
      funder.key,
      'GET',
      '/v1/prescribers',
    );
    expect(prescribers.body.prescribers[0]).toMatchObject({ id: prescriber.id, arrivals: 1 });
  });
});
