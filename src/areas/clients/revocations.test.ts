import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyOnboardingReturn } from '../../../packages/client/src/index.ts';
import { type Body, clientsGiven, type Invitation } from '../../../test/support/clients-given.ts';
import { expectError } from '../../../test/support/errors.ts';
import { type FunderFixture, requestsGiven } from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { SCOPES } from '../../platform/http/scopes.ts';

/**
 * Revoking invitations and onboarding links, and the `account_created` state of an onboarding
 * link: the states the funder's own calls and the other party's helpers reach.
 */
let service: TestService;
let given: ReturnType<typeof requestsGiven>;
let clients: ReturnType<typeof clientsGiven>;
let funder: FunderFixture;
beforeAll(async () => {
  service = await startService();
  given = requestsGiven(service);
  clients = clientsGiven(service);
  funder = await given.funder();
  const set = await service.ops('PUT', `/ops/v1/funders/${funder.bankId}/return-origins`, {
    origins: ['https://erp.funder.example'],
  });
  expect(set.status).toBe(200);
});
afterAll(async () => service?.close());

interface OnboardingLink {
  id: string;
  status: string;
  account_created_at: string | null;
  completed_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  seller_id: string | null;
}
interface Created {
  onboarding_link: OnboardingLink;
  return_secret: string;
}
type Change = { onboarding_link: OnboardingLink; changed: boolean };

let vat = 0;
const newOnboardingLink = async (key: string, overrides: Body = {}) => {
  vat += 1;
  const made = await service.call<Created>(key, 'POST', '/v1/onboarding-links', {
    body: {
      company_vat: `ESB${String(40_000_000 + vat)}`,
      country: 'ES',
      contact_email: 'admin@supplier.example',
      return_url: 'https://erp.funder.example/onboarding/done',
      company_name: `Proveedor ${vat} SL`,
      ...overrides,
    },
  });
  expect(made.status).toBe(201);
  return made.body;
};
const readLink = async (key: string, id: string) =>
  (await service.call<{ onboarding_link: OnboardingLink }>(key, 'GET', `/v1/onboarding-links/${id}`)).body
    .onboarding_link;
const revokeLink = (key: string, id: string, body?: unknown) =>
  service.call<Change>(key, 'POST', `/v1/onboarding-links/${id}/revoke`, body === undefined ? {} : { body });
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

describe('onboarding links: account_created and revoking', () => {
  it('reaches account_created when the supplier opens its account; completion then signs the return', async () => {
    const made = await newOnboardingLink(funder.key);
    const id = made.onboarding_link.id;
    expect(made.onboarding_link).toMatchObject({ status: 'pending', account_created_at: null });

    const opened = await service.ops<Change>('POST', `/ops/v1/onboarding-links/${id}/account`);
    expect(opened.status).toBe(200);
    const at = (await clients.now()).toISOString();
    expect(opened.body).toMatchObject({
      changed: true,
      onboarding_link: { status: 'account_created', account_created_at: at, seller_id: null },
    });
    expect(await readLink(funder.key, id)).toMatchObject({
      status: 'account_created',
      account_created_at: at,
    });
    const listed = await service.call<{ onboarding_links: OnboardingLink[] }>(
      funder.key,
      'GET',
      '/v1/onboarding-links',
    );
    expect(listed.body.onboarding_links.find((l) => l.id === id)?.status).toBe('account_created');

    await service.advanceClock(60);
    const twice = await service.ops<Change>('POST', `/ops/v1/onboarding-links/${id}/account`);
    expect(twice.body).toMatchObject({ changed: false, onboarding_link: { account_created_at: at } });

    const done = await service.ops<{ onboarding_link: OnboardingLink; return_url: string }>(
      'POST',
      `/ops/v1/onboarding-links/${id}/complete`,
    );
    expect(done.status).toBe(200);
    expect(done.body.onboarding_link).toMatchObject({
      status: 'completed',
      account_created_at: at,
      seller_id: expect.any(String),
    });
    const now = (await clients.now()).getTime();
    expect(
      await verifyOnboardingReturn(done.body.return_url, made.return_secret, { toleranceSeconds: 600, now }),
    ).toMatchObject({ ok: true, onboardingId: id, status: 'completed' });
    expect(await readLink(funder.key, id)).toMatchObject({ status: 'completed', account_created_at: at });
    expect((await evidenceOf(id)).map((e) => e.kind)).toEqual([
      'onboarding_link.created',
      'onboarding_link.account_created',
      'onboarding_link.completed',
    ]);

    // A completed link takes no account any more, and cannot be revoked.
    expectError(
      await service.ops('POST', `/ops/v1/onboarding-links/${id}/account`),
      409,
      'onboarding_not_open',
    );
    const refused = expectError(await revokeLink(funder.key, id), 409, 'onboarding_not_open');
    expect(refused.status).toBe('completed');
    expect(await readLink(funder.key, id)).toMatchObject({ status: 'completed', revoked_at: null });
  });

  it('revokes a pending link (no body) and an account_created one (with a reason); again changes nothing', async () => {
    const pending = (await newOnboardingLink(funder.key)).onboarding_link;
    const revoked = await revokeLink(funder.key, pending.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      changed: true,
      onboarding_link: {
        status: 'revoked',
        revoked_at: (await clients.now()).toISOString(),
        revoked_reason: null,
      },
    });
    expect(await readLink(funder.key, pending.id)).toMatchObject({ status: 'revoked' });
    // The supplier can do nothing more through it.
    expectError(
      await service.ops('POST', `/ops/v1/onboarding-links/${pending.id}/complete`),
      409,
      'onboarding_not_open',
    );
    expectError(
      await service.ops('POST', `/ops/v1/onboarding-links/${pending.id}/account`),
      409,
      'onboarding_not_open',
    );
    const again = await revokeLink(funder.key, pending.id, { reason: 'once more' });
    expect(again.body).toMatchObject({
      changed: false,
      onboarding_link: { status: 'revoked', revoked_reason: null },
    });

    const opened = (await newOnboardingLink(funder.key)).onboarding_link;
    await service.ops('POST', `/ops/v1/onboarding-links/${opened.id}/account`);
    expectError(await revokeLink(funder.key, opened.id, { reason: 'x'.repeat(201) }), 422, 'reason_invalid');
    expectError(await revokeLink(funder.key, opened.id, null), 422, 'body_invalid');
    expect(await readLink(funder.key, opened.id)).toMatchObject({ status: 'account_created' });
    const stopped = await revokeLink(funder.key, opened.id, { reason: 'Supplier no longer used' });
    expect(stopped.body).toMatchObject({
      changed: true,
      onboarding_link: { status: 'revoked', revoked_reason: 'Supplier no longer used' },
    });
    expect((await evidenceOf(opened.id)).at(-1)).toMatchObject({
      kind: 'onboarding_link.revoked',
      payload: { reason: 'Supplier no longer used', was: 'account_created' },
    });

    // Another funder's link is not found; reading links is not enough to revoke one.
    const other = await given.funder();
    const mine = (await newOnboardingLink(funder.key)).onboarding_link;
    expectError(await revokeLink(other.key, mine.id), 404, 'not_found');
    const reader = (await service.given.key({ bankId: funder.bankId, scopes: ['requests:read'] })).secret;
    expectError(await revokeLink(reader, mine.id), 403, 'forbidden');
    expect(await readLink(funder.key, mine.id)).toMatchObject({ status: 'pending' });
  });

  it('reads an account_created link past its expiry as expired: it can no longer be revoked or completed', async () => {
    const link = (await newOnboardingLink(funder.key, { valid_days: 1 })).onboarding_link;
    await service.ops('POST', `/ops/v1/onboarding-links/${link.id}/account`);
    await service.advanceClock(2 * 86_400);
    expect(await readLink(funder.key, link.id)).toMatchObject({ status: 'expired' });
    const refused = expectError(await revokeLink(funder.key, link.id), 409, 'onboarding_not_open');
    expect(refused.status).toBe('expired');
    expectError(
      await service.ops('POST', `/ops/v1/onboarding-links/${link.id}/complete`),
      409,
      'onboarding_not_open',
    );
    expectError(
      await service.ops('POST', `/ops/v1/onboarding-links/${link.id}/account`),
      409,
      'onboarding_not_open',
    );
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
    const sandbox = await service.given.sandbox();
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

  it('the supplier helper opens the account of a link the key made; another key sees nothing of it', async () => {
    const made = await newOnboardingLink(keyA, { return_url: 'https://example.com/back' });
    const id = made.onboarding_link.id;
    expectError(
      await service.call(keyB, 'POST', `/v1/sandbox/onboarding-links/${id}/account`),
      404,
      'not_found',
    );
    expectError(await revokeLink(keyB, id), 404, 'not_found');
    expectError(
      await service.call(funder.key, 'POST', `/v1/sandbox/onboarding-links/${id}/account`),
      403,
      'sandbox_only',
    );
    const opened = await service.call<Change>(keyA, 'POST', `/v1/sandbox/onboarding-links/${id}/account`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ changed: true, onboarding_link: { status: 'account_created' } });
    expect(await readLink(keyA, id)).toMatchObject({ status: 'account_created' });

    const done = await service.call<{ onboarding_link: OnboardingLink; return_url: string }>(
      keyA,
      'POST',
      `/v1/sandbox/onboarding-links/${id}/complete`,
    );
    expect(done.status).toBe(200);
    expect(done.body.onboarding_link.status).toBe('completed');
    const now = (await clients.now()).getTime();
    expect(
      (await verifyOnboardingReturn(done.body.return_url, made.return_secret, { toleranceSeconds: 600, now }))
        .ok,
    ).toBe(true);

    const other = await newOnboardingLink(keyA, { return_url: 'https://example.com/back' });
    const revoked = await revokeLink(keyA, other.onboarding_link.id, { reason: 'Test over' });
    expect(revoked.body).toMatchObject({ changed: true, onboarding_link: { status: 'revoked' } });
  });
});
