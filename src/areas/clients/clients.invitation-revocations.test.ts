import { beforeAll, describe, expect, it } from 'vitest';
import { type Body, clientsGiven, type Invitation } from '../../../test/support/clients-given.ts';
import { expectError } from '../../../test/support/errors.ts';
import type { FunderFixture } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { SCOPES } from '../../platform/http/scopes.ts';

/**
 * Revoking an invitation: the `revoked` state the funder's own call reaches, and `expired`
 * past its 30 days.
 */
let clients: ReturnType<typeof clientsGiven>;
let funder: FunderFixture;
const { service, given } = startGiven({ demoPlane: true });
beforeAll(async () => {
  clients = clientsGiven(service);
  funder = await given.funder();
});

const evidenceOf = async (subjectId: string) =>
  (
    await service.db.query<{ kind: string; payload: Body }>(
      'SELECT kind, payload FROM evidence_entries WHERE subject_id = $1 ORDER BY seq',
      [subjectId],
    )
  ).rows;
const invitationIn = async (key: string, id: string) =>
  (
    await service.call<{ invitations: Invitation[] }>(key, 'GET', '/v1/client-invitations')
  ).body.invitations.find((i) => i.id === id);

describe('POST /v1/client-invitations/{id}/revoke', () => {
  it('withdraws a pending invitation, with or without a body; again changes nothing', async () => {
    const owner = await given.funder();
    const link = (await clients.newLink(owner)).body.client_link;
    const invitation = (await clients.arrive(link.id, clients.company())).body.invitation;

    const revoked = await clients.revokeInvitation(owner.key, invitation.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body.changed).toBe(true);
    expect(revoked.body.invitation).toMatchObject({
      id: invitation.id,
      state: 'revoked',
      revoked_at: (await clients.now()).toISOString(),
      revoked_reason: null,
    });
    expect(await invitationIn(owner.key, invitation.id)).toMatchObject({ state: 'revoked' });
    expect((await evidenceOf(invitation.id)).map((e) => e.kind)).toEqual([
      'client_invitation.created',
      'client_invitation.revoked',
    ]);
    // The company can no longer accept it.
    expectError(await clients.accept(invitation.id), 409, 'invitation_not_pending');

    const again = await clients.revokeInvitation(owner.key, invitation.id, { reason: 'second thoughts' });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    expect(again.body.invitation).toMatchObject({ state: 'revoked', revoked_reason: null });
    expect(await evidenceOf(invitation.id)).toHaveLength(2);

    // The arrival keeps its origin: the report still counts the company as arrived, not joined.
    const report = await service.call<{ totals: Body }>(owner.key, 'GET', '/v1/prescribers/report');
    expect(report.body.totals).toMatchObject({ arrived: 1, joined: 0 });
  });

  it('keeps the reason; a bad reason or a null body changes nothing', async () => {
    const mine = await given.funder();
    const mineLink = (await clients.newLink(mine)).body.client_link;
    const invitation = (await clients.arrive(mineLink.id, clients.company())).body.invitation;

    expectError(
      await clients.revokeInvitation(mine.key, invitation.id, { reason: 'x'.repeat(201) }),
      422,
      'reason_invalid',
    );
    expectError(
      await service.call(mine.key, 'POST', `/v1/client-invitations/${invitation.id}/revoke`, {
        payload: 'null',
        headers: { 'content-type': 'application/json' },
      }),
      422,
      'body_invalid',
    );
    expectError(
      await clients.revokeInvitation(mine.key, invitation.id, { reason: 'ok', extra: 1 }),
      422,
      'body_invalid',
    );
    expect(await invitationIn(mine.key, invitation.id)).toMatchObject({ state: 'pending' });

    const revoked = await clients.revokeInvitation(mine.key, invitation.id, {
      reason: 'Sent to the wrong company',
    });
    expect(revoked.body).toMatchObject({
      changed: true,
      invitation: { state: 'revoked', revoked_reason: 'Sent to the wrong company' },
    });
    expect((await evidenceOf(invitation.id)).at(-1)).toMatchObject({
      kind: 'client_invitation.revoked',
      payload: { reason: 'Sent to the wrong company' },
    });
  });

  it('refuses an accepted invitation with 409 invitation_not_pending, and hides other funders’ ones', async () => {
    const link = (await clients.newLink(funder)).body.client_link;
    const invitation = (await clients.arrive(link.id, clients.company())).body.invitation;
    expect((await clients.accept(invitation.id)).status).toBe(200);
    const refused = expectError(
      await clients.revokeInvitation(funder.key, invitation.id),
      409,
      'invitation_not_pending',
    );
    expect(refused.state).toBe('accepted');
    expect(await invitationIn(funder.key, invitation.id)).toMatchObject({ state: 'accepted' });

    const other = await given.funder();
    const pending = (await clients.arrive(link.id, clients.company())).body.invitation;
    expectError(await clients.revokeInvitation(other.key, pending.id), 404, 'not_found');
    expectError(
      await clients.revokeInvitation(funder.key, '00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
    expect(await invitationIn(funder.key, pending.id)).toMatchObject({ state: 'pending' });

    // Reading clients is not enough to change them.
    const reader = (await service.given.key({ bankId: funder.bankId, scopes: ['requests:read'] })).secret;
    expectError(await clients.revokeInvitation(reader, pending.id), 403, 'forbidden');
    const writer = (await service.given.key({ bankId: funder.bankId, scopes: ['clients:write'] })).secret;
    expect((await clients.revokeInvitation(writer, pending.id)).body.changed).toBe(true);
  });
});

describe('expired invitations', () => {
  it('reads an unanswered invitation past its 30 days as expired: revoking it answers 409', async () => {
    const owner = await given.funder();
    const link = (await clients.newLink(owner)).body.client_link;
    const invitation = (await clients.arrive(link.id, clients.company())).body.invitation;
    await service.advanceClock(31 * 86_400);
    expect(await invitationIn(owner.key, invitation.id)).toMatchObject({ state: 'expired' });
    const refused = expectError(
      await clients.revokeInvitation(owner.key, invitation.id),
      409,
      'invitation_not_pending',
    );
    expect(refused.state).toBe('expired');
  });
});

describe('with sandbox keys', () => {
  let keyA: string;
  let keyB: string;
  beforeAll(async () => {
    const sandbox = await service.given.demoFunder();
    keyA = sandbox.key;
    keyB = (
      await service.given.key({ bankId: sandbox.bankId, scopes: [...SCOPES], prospect: 'other prospect' })
    ).secret;
  });

  it('a key revokes only the invitations its own helpers made', async () => {
    const link = (
      await service.call<{ client_links: { id: string; prescriber_id: string | null }[] }>(
        keyA,
        'GET',
        '/v1/client-links',
      )
    ).body.client_links.find((l) => l.prescriber_id === null);
    const linkId =
      link?.id ??
      (await service.call<{ client_link: { id: string } }>(keyA, 'POST', '/v1/client-links', { body: {} }))
        .body.client_link.id;
    const arrived = await service.call<{ invitation: Invitation }>(
      keyA,
      'POST',
      `/v1/sandbox/client-links/${linkId}/arrivals`,
      { body: clients.company({ email: 'info@revoke-me.example' }) },
    );
    expect(arrived.status).toBe(201);
    const id = arrived.body.invitation.id;
    expectError(await clients.revokeInvitation(keyB, id), 404, 'not_found');
    expect(await invitationIn(keyA, id)).toMatchObject({ state: 'pending' });
    const revoked = await clients.revokeInvitation(keyA, id);
    expect(revoked.body).toMatchObject({ changed: true, invitation: { state: 'revoked' } });
    expectError(
      await service.call(keyA, 'POST', `/v1/sandbox/client-invitations/${id}/accept`),
      409,
      'invitation_not_pending',
    );
  });
});
