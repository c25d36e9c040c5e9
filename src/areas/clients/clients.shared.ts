import type { FunderCaller } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { CREDENTIAL_PREFIXES, type SecretBox, sha256Hex } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { LinkRow } from './clients.links.store.ts';
import type { VatLookup } from './clients.vat-lookup.ts';

/** What every part of the clients area is built from. */
export interface ClientsDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
  secrets: SecretBox;
  publicBaseUrl: string;
  vatLookup?: VatLookup;
}

/** A link made without `expires_at` (a prescriber's, or the funder's own) works for a year. */
export const DEFAULT_LINK_DAYS = 365;

export const LANGS = ['pt', 'es', 'en', 'fr', 'de', 'it', 'nl'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * A sandbox key sees only what it made among invitations, arrivals and onboarding links; a
 * live key sees everything of its funder. The key to narrow by, or null.
 */
export const ownKeyOnly = (caller: FunderCaller): string | null =>
  caller.environment === 'sandbox' ? caller.keyId : null;

/**
 * Prescribers and client links of the demonstration funder are shared by every sandbox key:
 * changing them needs `decisions:write`, whatever other scope the key holds.
 */
export function requireSharedWriteScope(caller: FunderCaller): void {
  if (caller.environment === 'sandbox' && !caller.scopes.includes('decisions:write')) {
    throw new ApiError(
      'forbidden',
      'Prescribers and client links of the demonstration funder are shared by every sandbox key: changing them needs the scope decisions:write.',
    );
  }
}

/**
 * The token of a new link, made from its id under the current derivation key and never stored;
 * only its SHA-256 is kept, with the key's generation (`secrets.generation`) for a client link.
 */
export function linkToken(secrets: SecretBox, kind: 'client-link' | 'onboarding-link', id: string): string {
  return `${LINK_PREFIX[kind]}${secrets.derive(`${kind}:${id}`)}`;
}

/** Each link's token prefix, from the one list of the credentials the service issues. */
const LINK_PREFIX = {
  'client-link': CREDENTIAL_PREFIXES.clientLinkToken,
  'onboarding-link': CREDENTIAL_PREFIXES.onboardingLinkToken,
} as const;

/**
 * A client link's token made again under the key of the generation it was made in, to show its
 * URL; null once a second rotation has forgotten that key (the link works on, its URL is gone).
 */
export function clientLinkTokenOf(secrets: SecretBox, link: Pick<LinkRow, 'id' | 'derivation_generation'>) {
  const derived = secrets.deriveIn(link.derivation_generation, `client-link:${link.id}`);
  return derived === null ? null : `${LINK_PREFIX['client-link']}${derived}`;
}

export const tokenHash = (token: string): string => sha256Hex(token);

export type LinkState = 'active' | 'disabled' | 'expired';

export function linkState(link: Pick<LinkRow, 'disabled_at' | 'expires_at'>, now: Date): LinkState {
  if (link.disabled_at) return 'disabled';
  if (link.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export interface ClientLinkView {
  id: string;
  prescriber_id: string | null;
  state: LinkState;
  created_at: string;
  expires_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
  replaced_by: string | null;
  arrivals: number;
  claims_last_day: number;
  url?: string;
}

export function linkView(
  deps: Pick<ClientsDeps, 'secrets' | 'publicBaseUrl'>,
  link: LinkRow,
  now: Date,
  lang: string | null | undefined,
): ClientLinkView {
  const state = linkState(link, now);
  const view: ClientLinkView = {
    id: link.id,
    prescriber_id: link.prescriber_id,
    state,
    created_at: link.created_at.toISOString(),
    expires_at: link.expires_at.toISOString(),
    disabled_at: link.disabled_at?.toISOString() ?? null,
    disabled_reason: link.disabled_reason,
    replaced_by: link.replaced_by,
    arrivals: link.arrivals,
    claims_last_day: link.claims_last_day,
  };
  const token = state === 'active' ? clientLinkTokenOf(deps.secrets, link) : null;
  if (token !== null) {
    const url = new URL(`${deps.publicBaseUrl}/join/${token}`);
    const language = lang ?? link.lang;
    if (language) url.searchParams.set('lang', language);
    view.url = url.toString();
  }
  return view;
}

/** An e-mail address as the area accepts it: one @, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
export const RESERVED_EMAIL_DOMAINS = ['.example', '.invalid', '.test', '.demo'] as const;

/**
 * An e-mail address checked; `reserved`: a sandbox key may record only reserved addresses
 * (the spec asks it of prescribers).
 */
export function checkEmail(caller: FunderCaller, email: string, field: string, reserved = false): string {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed) || trimmed.length > 254) {
    throw new ApiError('email_invalid', `${field} is not an e-mail address.`, { extra: { field } });
  }
  if (reserved && caller.environment === 'sandbox') {
    const domain = trimmed.slice(trimmed.lastIndexOf('@') + 1).toLowerCase();
    if (!RESERVED_EMAIL_DOMAINS.some((end) => domain.endsWith(end))) {
      throw new ApiError(
        'email_not_reserved',
        `A sandbox key records only reserved addresses: ${field} must end in ${RESERVED_EMAIL_DOMAINS.join(', ')}.`,
        { extra: { field } },
      );
    }
  }
  return trimmed;
}
