import { beforeAll, describe, expect, it } from 'vitest';
import { type Body, clientsGiven, type Invitation } from '../../../test/support/clients-given.ts';
import { expectError } from '../../../test/support/errors.ts';
import type { SellerFixture } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { SCOPES } from '../../platform/http/scopes.ts';

/** A client leaves the funder's network: kept with its origin, no longer treated as the funder's own. */
const { service, given } = startGiven({ demoPlane: true });
const clients = clientsGiven(service);

interface Left {
  client: {
    seller_id: string;
    bank_id: string;
    via: string;
    prescriber_id: string | null;
    joined_at: string;
    left_at: string | null;
    left_reason: string | null;
  };
  changed: boolean;
}

const leaveOps = (sellerId: string, body: Body) =>
  service.ops<Left>('POST', `/ops/v1/clients/${sellerId}/leave`, body);
const leaveSandbox = (key: string, sellerId: string, body: Body) =>
  service.call<Left>(key, 'POST', `/v1/sandbox/clients/${sellerId}/leave`, { body });

const evidenceKinds = async (sellerId: string) => {
  const { rows } = await service.db.query<{ kind: string }>(
    "SELECT kind FROM evidence_entries WHERE subject_type = 'seller' AND subject_id = $1 AND kind = 'client.left'",
    [sellerId],
  );
  return rows.map((r) => r.kind);
};

describe('POST /ops/v1/clients/{seller_id}/leave', () => {
  it('marks the client as gone, once; the same call again changes nothing', async () => {
    const funder = await given.funder();
    const prescriber = (await clients.newPrescriber(funder, { name: 'Asesoría Salida' })).body.prescriber;
    const seller = await given.liveSeller();
    const invitation = (
      await clients.arrive(
        prescriber.link!.id,
        clients.company({ company_name: seller.name, tax_id: seller.tax_id, country: seller.country }),
      )
    ).body.invitation;
    expect((await clients.accept(invitation.id)).status).toBe(200);

    expectError(await leaveOps(seller.id, {}), 422, 'reason_required');
    expectError(await leaveOps(seller.id, { reason: 'short' }), 422, 'reason_required');
    expect(
      expectError(await leaveOps(seller.id, { reason: ' a  b  c ' }), 422, 'reason_required').field,
    ).toBe('reason');
    expect(await evidenceKinds(seller.id)).toEqual([]);

    const left = await leaveOps(seller.id, { reason: 'The company ended its contract' });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body.changed).toBe(true);
    expect(left.body.client).toMatchObject({
      seller_id: seller.id,
      bank_id: funder.bankId,
      via: 'link',
      prescriber_id: prescriber.id,
      left_reason: 'The company ended its contract',
    });
    expect(left.body.client.left_at).toEqual(expect.any(String));

    await service.advanceClock(3600);
    const again = await leaveOps(seller.id, { reason: 'Another reason, given later' });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    expect(again.body.client.left_at).toBe(left.body.client.left_at);
    expect(again.body.client.left_reason).toBe('The company ended its contract');
    expect(await evidenceKinds(seller.id)).toEqual(['client.left']);
  });

  it('answers 404 for a seller that is no funder’s client, and for no seller at all', async () => {
    const stranger = await given.liveSeller();
    expectError(await leaveOps(stranger.id, { reason: 'Not a client of anyone' }), 404, 'not_found');
    expectError(
      await leaveOps('00000000-0000-4000-8000-000000000000', { reason: 'Not a seller at all' }),
      404,
      'not_found',
    );
  });
});

describe('after leaving', () => {
  it('its requests are no longer routed to the funder only; the report still counts who brought it', async () => {
    const owner = await given.funder();
    const other = await given.funder();
    const prescriber = (await clients.newPrescriber(owner, { name: 'Gestores del Norte' })).body.prescriber;
    const seller = await given.liveSeller();
    const invitation = (
      await clients.arrive(
        prescriber.link!.id,
        clients.company({ company_name: seller.name, tax_id: seller.tax_id, country: seller.country }),
      )
    ).body.invitation;
    expect((await clients.accept(invitation.id)).status).toBe(200);
    const before = await service.call<{ totals: Body; groups: (Body & { companies: Body[] })[] }>(
      owner.key,
      'GET',
      '/v1/prescribers/report',
    );

    const request = await given.request({ seller });
    await given.sellerMeetsDocumentListOf(other, seller);
    expectError(
      await service.ops('POST', `/ops/v1/requests/${request.id}/route`, { bank_id: other.bankId }),
      409,
      'client_of_another_funder',
    );

    expect((await leaveOps(seller.id, { reason: 'Moved to another bank' })).status).toBe(200);
    const routed = await service.ops('POST', `/ops/v1/requests/${request.id}/route`, {
      bank_id: other.bankId,
    });
    expect(routed.status, JSON.stringify(routed.body)).toBe(200);

    const after = await service.call<{ totals: Body; groups: (Body & { companies: Body[] })[] }>(
      owner.key,
      'GET',
      '/v1/prescribers/report',
    );
    expect(after.status).toBe(200);
    expect(after.body.totals).toMatchObject({ arrived: 1, joined: 1 });
    expect(after.body.groups).toEqual(before.body.groups);
    const group = after.body.groups.find((g) => g.prescriber_id === prescriber.id)!;
    expect(group.companies).toHaveLength(1);
    expect(group.companies[0]).toMatchObject({
      company_tax_id: seller.tax_id,
      joined_at: expect.any(String),
    });
  });

  it('gives no consent to share its invoices', async () => {
    const funder = await given.funder();
    const link = (await clients.newLink(funder)).body.client_link;
    const seller: SellerFixture = await given.liveSeller();
    const invitation = (
      await clients.arrive(
        link.id,
        clients.company({ company_name: seller.name, tax_id: seller.tax_id, country: seller.country }),
      )
    ).body.invitation;
    expect((await clients.accept(invitation.id)).status).toBe(200);
    const share = () =>
      service.ops('POST', '/ops/v1/opportunities/sharing', { seller_id: seller.id, sharing: true });
    expect((await share()).status).toBe(200);
    expect((await leaveOps(seller.id, { reason: 'Left the programme' })).status).toBe(200);
    expectError(await share(), 404, 'not_found');
  });

  it('may join the same funder again (its first origin kept), but not another funder', async () => {
    const funder = await given.funder();
    const other = await given.funder();
    const prescriber = (await clients.newPrescriber(funder, { name: 'Vuelta Asesores' })).body.prescriber;
    const own = (await clients.newLink(funder)).body.client_link;
    const seller = await given.liveSeller();
    const details = clients.company({
      company_name: seller.name,
      tax_id: seller.tax_id,
      country: seller.country,
    });
    const first = (await clients.arrive(prescriber.link!.id, details)).body.invitation;
    expect((await clients.accept(first.id)).status).toBe(200);
    expect((await leaveOps(seller.id, { reason: 'Leaving for a while' })).status).toBe(200);

    const otherLink = (await clients.newLink(other)).body.client_link;
    const elsewhere = (await clients.arrive(otherLink.id, details)).body.invitation;
    expectError(await clients.accept(elsewhere.id), 409, 'client_of_another_funder');

    const back = (await clients.arrive(own.id, details)).body.invitation;
    expect((await clients.accept(back.id)).status).toBe(200);
    const share = await service.ops('POST', '/ops/v1/opportunities/sharing', {
      seller_id: seller.id,
      sharing: true,
    });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    const again = await leaveOps(seller.id, { reason: 'Leaving for good now' });
    expect(again.body).toMatchObject({
      changed: true,
      client: { via: 'link', prescriber_id: prescriber.id, left_reason: 'Leaving for good now' },
    });
  });
});

describe('POST /v1/sandbox/clients/{seller_id}/leave', () => {
  let bankId: string;
  let keyA: string;
  let keyB: string;
  let mine: Invitation;
  beforeAll(async () => {
    const sandbox = await service.given.demoFunder();
    bankId = sandbox.bankId;
    keyA = sandbox.key;
    keyB = (await service.given.key({ bankId, scopes: [...SCOPES], prospect: 'leaving prospect' })).secret;
    const link = await service.call<{ client_link: { id: string } }>(keyA, 'POST', '/v1/client-links', {
      body: {},
    });
    expect(link.status).toBe(201);
    const arrived = await service.call<{ invitation: Invitation }>(
      keyA,
      'POST',
      `/v1/sandbox/client-links/${link.body.client_link.id}/arrivals`,
      { body: clients.company({ tax_id: 'B44000044', email: 'info@b44.example' }) },
    );
    expect(arrived.status).toBe(201);
    const accepted = await service.call<{ invitation: Invitation }>(
      keyA,
      'POST',
      `/v1/sandbox/client-invitations/${arrived.body.invitation.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    mine = accepted.body.invitation;
  });

  it('plays only the key’s own demonstration clients; a live key is refused', async () => {
    const sellerId = mine.seller_id!;
    const reason = { reason: 'The demo company leaves' };
    expectError(await leaveSandbox(keyB, sellerId, reason), 404, 'not_found');
    const live = await given.funder();
    expectError(await leaveSandbox(live.key, sellerId, reason), 403, 'sandbox_only');
    expectError(await leaveSandbox(keyA, sellerId, { reason: 'no' }), 422, 'reason_required');

    const left = await leaveSandbox(keyA, sellerId, reason);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toMatchObject({
      changed: true,
      client: { seller_id: sellerId, bank_id: bankId, via: 'link', left_reason: 'The demo company leaves' },
    });
    const again = await leaveSandbox(keyA, sellerId, reason);
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    expect(again.body.client.left_at).toBe(left.body.client.left_at);

    // No client of the funder at all.
    expectError(await leaveSandbox(keyA, '00000000-0000-4000-8000-000000000000', reason), 404, 'not_found');
    // The report still counts the company for the key that brought it.
    const report = await service.call<{ totals: Body }>(keyA, 'GET', '/v1/prescribers/report');
    expect(report.body.totals).toMatchObject({ arrived: 1, joined: 1 });
  });
});
