import type { FunderScope } from '../../platform/caller.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { WriteScope } from '../../platform/write.ts';
import { makeClientIn } from './clients.arrivals.ts';
import * as clientsStore from './clients.invitations.store.ts';
import * as store from './clients.onboarding.store.ts';
import { notOpen, onboardingView, statusOf } from './clients.onboarding.views.ts';
import { signedReturnUrl } from './clients.onboarding-return.ts';
import type { ClientsDeps } from './clients.shared.ts';

/**
 * The supplier has submitted its company verification through the link (inside a write): it is
 * registered, becomes the funder's client with origin `api`, `onboarding.completed` is queued
 * with the link's metadata, and the answer is the signed URL the supplier is sent back to.
 */
export async function completeIn(
  scope: WriteScope,
  owner: FunderScope,
  id: string,
  keyId: string | null,
  secrets: ClientsDeps['secrets'],
) {
  const row = await store.findOnboardingLink(scope.tx, owner, id, keyId, { lock: true });
  if (!row) throw new ApiError('not_found', 'Onboarding link was not found.');
  const status = statusOf(row, scope.now);
  if (status !== 'pending' && status !== 'account_created') notOpen(status, 'it cannot be completed');
  const arrivalId = await clientsStore.insertArrival(scope.tx, owner, {
    id: newId(),
    country: row.country,
    taxId: row.company_vat,
    companyName: row.company_name,
    via: 'api',
    linkId: null,
    prescriberId: null,
    keyId: row.key_id && owner.plane === 'demo' ? row.key_id : null,
    at: scope.now,
  });
  const sellerId = await makeClientIn(scope, owner, {
    name: row.company_name,
    taxId: row.company_vat,
    country: row.country,
    arrivalId,
    via: 'api',
    prescriberId: null,
  });
  await store.markOnboardingCompleted(scope.tx, owner, id, sellerId, scope.now);
  scope.evidence({
    funderId: owner.funderId,
    plane: owner.plane,
    kind: 'onboarding_link.completed',
    subjectType: 'onboarding_link',
    subjectId: id,
    payload: { seller_id: sellerId },
  });
  scope.emit({
    funderId: owner.funderId,
    plane: owner.plane,
    type: 'onboarding.completed',
    data: {
      onboarding_link_id: id,
      status: 'completed',
      seller_id: sellerId,
      company_vat: row.company_vat,
      country: row.country,
      completed_at: scope.now.toISOString(),
      metadata: row.metadata,
    },
  });
  const secret = secrets.open(row.return_secret_sealed);
  const completed = {
    ...row,
    status: 'completed' as const,
    completed_at: scope.now,
    seller_id: sellerId,
  };
  return {
    onboarding_link: onboardingView(completed, scope.now),
    return_url: signedReturnUrl(row.return_url, secret, id, 'completed', scope.now),
  };
}

/**
 * The supplier opened its account through the link (inside a write): the link reads
 * `account_created` until it is completed, expires or is revoked; again changes nothing.
 */
export async function accountCreatedIn(
  scope: WriteScope,
  owner: FunderScope,
  id: string,
  keyId: string | null,
) {
  const row = await store.findOnboardingLink(scope.tx, owner, id, keyId, { lock: true });
  if (!row) throw new ApiError('not_found', 'Onboarding link was not found.');
  const status = statusOf(row, scope.now);
  if (status === 'account_created')
    return { onboarding_link: onboardingView(row, scope.now), changed: false };
  if (status !== 'pending') notOpen(status, 'no account can be opened through it');
  await store.markAccountCreated(scope.tx, owner, id, scope.now);
  scope.evidence({
    funderId: owner.funderId,
    plane: owner.plane,
    kind: 'onboarding_link.account_created',
    subjectType: 'onboarding_link',
    subjectId: id,
    payload: {},
  });
  const opened = { ...row, status: 'account_created' as const, account_created_at: scope.now };
  return { onboarding_link: onboardingView(opened, scope.now), changed: true };
}
