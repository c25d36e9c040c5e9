import { beforeAll, describe, expect, it } from 'vitest';
import { type Body, clientsGiven, type Link, type Prescriber } from '../../../test/support/clients-given.ts';
import { expectError } from '../../../test/support/errors.ts';
import { refusals } from '../../../test/support/refusals.ts';
import type { FunderFixture } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { shared } from '../../../test/support/shared.ts';
import { sha256Hex } from '../../platform/crypto.ts';

const { service, given } = startGiven();
const clients = clientsGiven(service);

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
    const made = await clients.newLink(funder, { lang: 'es' });
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
    const refused = expectError(await clients.newLink(funder), 409, 'link_exists');
    expect(refused.client_link_id).toBe(current.id);

    const replaced = await clients.newLink(funder, { replace: true, reason: 'posted on a forum' });
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
    expectError(await clients.arrive(current.id, clients.company()), 409, 'link_not_active');
  });

  /** A funder without a link, which the refused calls leave without one. */
  const linkless = shared(() => given.funder());
  const link = (name: string, body: () => Promise<Body> | Body, code: string) => ({
    name,
    body,
    status: 422,
    code,
  });
  refusals(
    'refuses a link with $name with $code, making none',
    [
      link(
        'an expiry half an hour ahead',
        async () => ({ expires_at: await clients.hoursAhead(0.5) }),
        'expires_at_invalid',
      ),
      link(
        'an expiry more than three years ahead',
        async () => ({ expires_at: await clients.hoursAhead(3 * 366 * 24) }),
        'expires_at_invalid',
      ),
      link('an expiry in words', () => ({ expires_at: 'tomorrow' }), 'expires_at_invalid'),
      link('a reason longer than 200 characters', () => ({ reason: 'x'.repeat(201) }), 'reason_invalid'),
      link('a language it does not speak', () => ({ lang: 'xx' }), 'lang_invalid'),
      link(
        'an unknown prescriber',
        () => ({ prescriber_id: '00000000-0000-4000-8000-000000000000' }),
        'prescriber_invalid',
      ),
    ],
    {
      send: async ({ body }) => clients.newLink(await linkless(), await body()),
      unchanged: async () =>
        (await service.call<{ client_links: Link[] }>((await linkless()).key, 'GET', '/v1/client-links'))
          .body,
    },
  );

  it('takes an expiry two hours ahead; past it the link reads expired and gives way to a new one', async () => {
    const other = await given.funder();
    const made = await clients.newLink(other, { expires_at: await clients.hoursAhead(2) });
    expect(made.status).toBe(201);
    // Expired, it shows as such, has no url, and gives way to a new link without replace.
    await service.advanceClock(3 * 3600);
    const listed = await service.call<{ client_links: Link[] }>(other.key, 'GET', '/v1/client-links');
    expect(listed.body.client_links[0]).toMatchObject({ id: made.body.client_link.id, state: 'expired' });
    expect(listed.body.client_links[0]!.url).toBeUndefined();
    expectError(await clients.arrive(made.body.client_link.id, clients.company()), 409, 'link_not_active');
    expect((await clients.newLink(other)).status).toBe(201);
  });

  it('disables a link at once; disabling it again changes nothing', async () => {
    const other = await given.funder();
    const link = (await clients.newLink(other)).body.client_link;
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
    expectError(await clients.arrive(link.id, clients.company()), 409, 'link_not_active');
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
    const made = await clients.newPrescriber(funder, {
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

  const prescriber = (name: string, body: Body, code: string, status = 422) => ({ name, body, status, code });
  refusals(
    'refuses a prescriber with $name with $code, adding none',
    [
      prescriber(
        'the name of an active one, spelled otherwise',
        { name: '  asesoría LEVANTE ' },
        'prescriber_exists',
        409,
      ),
      prescriber('a name of one letter', { name: 'A' }, 'name_invalid'),
      prescriber('a name of one letter between blanks', { name: ' B ' }, 'name_invalid'),
      prescriber('a name longer than 120 characters', { name: 'x'.repeat(121) }, 'name_invalid'),
      prescriber(
        'an e-mail address without @',
        { name: 'Gestoría Sur', email: 'not-an-address' },
        'email_invalid',
      ),
      prescriber(
        'notes longer than 1,000 characters',
        { name: 'Gestoría Sur', notes: 'n'.repeat(1001) },
        'notes_invalid',
      ),
    ],
    {
      send: ({ body }) => clients.newPrescriber(funder, body),
      // The one the first test added, alone.
      unchanged: async () => {
        const listed = await service.call<{ count: number }>(funder.key, 'GET', '/v1/prescribers');
        expect(listed.body.count).toBe(1);
        return listed.body;
      },
    },
  );

  it('disables a prescriber: its link stops at once, its name is free again, twice changes nothing', async () => {
    const made = (await clients.newPrescriber(funder, { name: 'Gestoría Norte' })).body.prescriber;
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
    expectError(await clients.arrive(made.link!.id, clients.company()), 409, 'link_not_active');
    const again = await service.call<{ changed: boolean }>(
      funder.key,
      'POST',
      `/v1/prescribers/${made.id}/disable`,
    );
    expect(again.body.changed).toBe(false);
    // A link for a disabled prescriber is refused.
    expectError(await clients.newLink(funder, { prescriber_id: made.id }), 422, 'prescriber_invalid');
    expect((await clients.newPrescriber(funder, { name: 'Gestoría Norte' })).status).toBe(201);
    // Active first.
    const list = (await service.call<{ prescribers: Prescriber[] }>(funder.key, 'GET', '/v1/prescribers'))
      .body;
    expect(list.prescribers.map((p) => p.active)).toEqual([true, true, false]);
  });
});
