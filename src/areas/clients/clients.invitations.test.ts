import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Body,
  clientsGiven,
  type Invitation,
  type Link,
  type Prescriber,
} from '../../../test/support/clients-given.ts';
import { expectError } from '../../../test/support/errors.ts';
import type { FunderFixture } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';

const { service, given } = startGiven();
const clients = clientsGiven(service);

describe('arrivals, invitations and sign-up caps', () => {
  let funder: FunderFixture;
  let link: Link;
  beforeAll(async () => {
    funder = await given.funder();
    link = (await clients.newLink(funder)).body.client_link;
  });

  it('gives a company that opens a link the funder’s invitation, and lists invitations newest first', async () => {
    const first = await clients.arrive(link.id, clients.company({ tax_id: 'b-7000.0001 ', country: 'es' }));
    expect(first.status).toBe(201);
    expect(first.body.invitation).toMatchObject({
      via: 'link',
      state: 'pending',
      client_link_id: link.id,
      prescriber_id: null,
      company: { tax_id: 'B70000001', country: 'ES' },
      seller_id: null,
    });
    const second = await clients.arrive(link.id, clients.company());
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
    const otherLink = (await clients.newLink(other)).body.client_link;
    const invitation = (await clients.arrive(otherLink.id, clients.company())).body.invitation;
    await service.advanceClock(31 * 86_400);
    const later = await service.call<{ invitations: Invitation[] }>(
      other.key,
      'GET',
      '/v1/client-invitations',
    );
    expect(later.body.invitations[0]).toMatchObject({ id: invitation.id, state: 'expired' });
    expectError(await clients.accept(invitation.id), 409, 'invitation_not_pending');
  });
  // The sign-up caps: signup-caps.test.ts.
});

describe('clients, their origin and routing', () => {
  it('makes an accepting company the funder’s client: its requests go to that funder only', async () => {
    const owner = await given.funder();
    const other = await given.funder();
    const seller = await given.liveSeller();
    const link = (await clients.newLink(owner)).body.client_link;
    const invitation = (
      await clients.arrive(
        link.id,
        clients.company({ company_name: seller.name, tax_id: seller.tax_id, country: seller.country }),
      )
    ).body.invitation;
    const accepted = await clients.accept(invitation.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.invitation).toMatchObject({ state: 'accepted', seller_id: seller.id });
    expectError(await clients.accept(invitation.id), 409, 'invitation_not_pending');

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
    const otherLink = (await clients.newLink(other)).body.client_link;
    const otherInvitation = (
      await clients.arrive(
        otherLink.id,
        clients.company({ company_name: seller.name, tax_id: seller.tax_id }),
      )
    ).body.invitation;
    expectError(await clients.accept(otherInvitation.id), 409, 'client_of_another_funder');
  });
});

describe('GET /v1/prescribers/report', () => {
  it('counts each company once, for whoever brought it first, with its requests and amounts', async () => {
    const funder = await given.funder();
    const prescriber = (await clients.newPrescriber(funder, { name: 'Consultores Reunidos' })).body
      .prescriber;
    const own = (await clients.newLink(funder)).body.client_link;

    const seller = await given.liveSeller();
    const arrival = { company_name: seller.name, tax_id: seller.tax_id, country: seller.country };
    // First through the prescriber, then through the funder's own link: the prescriber keeps it.
    const first = (await clients.arrive(prescriber.link!.id, clients.company(arrival))).body.invitation;
    expect(first.prescriber_id).toBe(prescriber.id);
    const second = (await clients.arrive(own.id, clients.company(arrival))).body.invitation;
    expect(second.via).toBe('link');
    expect((await clients.accept(second.id)).status).toBe(200);
    // A second company through the own link only arrives.
    await clients.arrive(own.id, clients.company({ company_name: 'Solo Llega SL' }));

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
      clients.company({ company_name: 'Nombrada SL' }),
    );
    expect(named.status).toBe(201);
    expect(named.body.invitation).toMatchObject({ via: 'named', client_link_id: null, prescriber_id: null });
    const withNamed = await service.call<{ groups: Body[] }>(funder.key, 'GET', '/v1/prescribers/report');
    expect(withNamed.body.groups.map((g) => g.kind)).toEqual(['prescriber', 'own_link', 'named']);
    expectError(
      await service.ops(
        'POST',
        '/ops/v1/funders/00000000-0000-4000-8000-000000000000/client-invitations',
        clients.company(),
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
