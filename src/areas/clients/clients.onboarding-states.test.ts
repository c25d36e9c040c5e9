import { beforeAll, describe, expect, it } from 'vitest';
import { verifyOnboardingReturn } from '../../../packages/client/src/index.ts';
import { type Body, clientsGiven } from '../../../test/support/clients-given.ts';
import { expectError } from '../../../test/support/errors.ts';
import type { FunderFixture } from '../../../test/support/requests-fixtures.ts';
import { startGiven } from '../../../test/support/service.ts';
import { SCOPES } from '../../platform/http/scopes.ts';

/**
 * The states of an onboarding link the other calls reach: `account_created` (the supplier's
 * helper), `revoked` (the funder), `expired` (the clock).
 */
let clients: ReturnType<typeof clientsGiven>;
let funder: FunderFixture;
const { service, given } = startGiven({ demoPlane: true });
beforeAll(async () => {
  clients = clientsGiven(service);
  funder = await given.funder();
  const set = await service.ops('PUT', `/ops/v1/funders/${funder.bankId}/return-origins`, {
    origins: ['https://erp.funder.example'],
  });
  expect(set.status).toBe(200);
});

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
