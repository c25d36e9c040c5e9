import type { FunderScope } from '../../platform/caller.ts';
import { addMadridDays } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { WriteScope } from '../../platform/write.ts';
import { ensureSeller, normalizeTaxId } from '../parties/parties.module.ts';
import * as store from './clients.invitations.store.ts';

/**
 * Sign-ups one link takes: at most 20 in any 60 minutes and 100 in any 24 hours, rolling
 * windows counted from the invitations themselves in the database (the window of
 * `claims_last_day`), so every server counts the same.
 */
export const SIGNUP_WINDOWS = [
  { seconds: 3600, limit: 20 },
  { seconds: 86_400, limit: 100 },
] as const;
const LONGEST_WINDOW = Math.max(...SIGNUP_WINDOWS.map((w) => w.seconds));
/** An invitation not answered within this many days expires. */
export const INVITATION_DAYS = 30;

export interface ArrivalInput {
  company_name: string;
  tax_id: string;
  country: string;
  email: string;
}

export type Via = 'link' | 'named' | 'api';

/**
 * Checks the link's caps inside the sign-up's write, once the link's row is locked: the sign-ups
 * already in each rolling window, counted from the invitations (a refused sign-up leaves
 * none, so it uses up nothing). A sandbox key counts only its own sign-ups through the shared
 * demonstration link, as its `claims_last_day` does. `retry_after_seconds` is when the
 * sign-up whose leaving lets one more in leaves the window.
 */
export async function checkSignupCaps(
  scope: WriteScope,
  owner: FunderScope,
  linkId: string,
  keyId: string | null,
) {
  const now = scope.now.getTime();
  const times = await store.signupTimes(
    scope.tx,
    owner,
    linkId,
    new Date(now - LONGEST_WINDOW * 1000),
    scope.now,
    keyId,
  );
  for (const window of SIGNUP_WINDOWS) {
    const inWindow = times.filter((t) => t.getTime() > now - window.seconds * 1000);
    if (inWindow.length < window.limit) continue;
    const leaving = inWindow[inWindow.length - window.limit]!.getTime() + window.seconds * 1000;
    const retry = Math.max(1, Math.ceil((leaving - now) / 1000));
    throw new ApiError(
      'signup_limit',
      `This link took ${window.limit} sign-ups in the last ${window.seconds === 3600 ? '60 minutes' : '24 hours'}; try again later.`,
      {
        extra: { retry_after_seconds: retry, limit: window.limit, window_seconds: window.seconds },
        headers: { 'retry-after': String(retry) },
      },
    );
  }
}

/**
 * A company arrives (inside a write): its arrival, with its origin, and the funder's invitation
 * to it. Answers the invitation's id.
 */
export async function arriveIn(
  scope: WriteScope,
  owner: FunderScope,
  keyId: string | null,
  company: ArrivalInput,
  origin: { via: Via; linkId: string | null; prescriberId: string | null },
) {
  const { tx, now } = scope;
  const taxId = normalizeTaxId(company.tax_id);
  const country = company.country.toUpperCase();
  const arrivalId = await store.insertArrival(tx, owner, {
    id: newId(),
    country,
    taxId,
    companyName: company.company_name.trim(),
    ...origin,
    keyId,
    at: now,
  });
  const id = newId();
  await store.insertInvitation(tx, owner, {
    id,
    arrivalId,
    ...origin,
    companyName: company.company_name.trim(),
    taxId,
    country,
    email: company.email.trim(),
    keyId,
    at: now,
    expiresAt: addMadridDays(now, INVITATION_DAYS),
  });
  scope.evidence({
    funderId: owner.funderId,
    plane: owner.plane,
    kind: 'client_invitation.created',
    subjectType: 'client_invitation',
    subjectId: id,
    payload: {
      via: origin.via,
      client_link_id: origin.linkId,
      prescriber_id: origin.prescriberId,
      country,
    },
  });
  return id;
}

/**
 * Makes the company a client of the funder (inside a write): its seller record on the plane,
 * found or made, and the client row with its origin. A company is one funder's client: one
 * that already is another's is refused.
 */
export async function makeClientIn(
  scope: WriteScope,
  owner: FunderScope,
  company: {
    name: string;
    taxId: string;
    country: string;
    arrivalId: string;
    via: Via;
    prescriberId: string | null;
  },
): Promise<string> {
  const { tx, now } = scope;
  const seller = await ensureSeller(
    tx,
    owner.plane,
    { name: company.name, tax_id: company.taxId, country: company.country },
    now,
    scope.evidence,
  );
  const made = await store.insertClient(tx, owner, {
    sellerId: seller.id,
    arrivalId: company.arrivalId,
    via: company.via,
    prescriberId: company.prescriberId,
    at: now,
  });
  if (!made && !(await store.isOwnClient(tx, owner, seller.id))) {
    throw new ApiError('client_of_another_funder', 'This company is already the client of another funder.');
  }
  // A company that had left this funder's network and accepts again is back in it, its first
  // origin kept.
  if (!made && (await store.rejoinClient(tx, owner, seller.id))) {
    scope.evidence({
      funderId: owner.funderId,
      plane: owner.plane,
      kind: 'client.rejoined',
      subjectType: 'seller',
      subjectId: seller.id,
      payload: { via: company.via, prescriber_id: company.prescriberId },
    });
  }
  return seller.id;
}
