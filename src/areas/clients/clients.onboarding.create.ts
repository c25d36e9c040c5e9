import { randomBytes } from 'node:crypto';
import { type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { addMadridDays } from '../../platform/clock.ts';
import { CREDENTIAL_PREFIXES } from '../../platform/crypto.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { EU_VAT_PREFIX } from '../parties/parties.module.ts';
import type { OnboardingRow } from './clients.onboarding.store.ts';
import * as store from './clients.onboarding.store.ts';
import { onboardingView } from './clients.onboarding.views.ts';
import { httpsOrigin, RETURN_PARAMETERS, returnSignatureDescription } from './clients.onboarding-return.ts';
import { type ClientsDeps, checkEmail, linkToken, tokenHash } from './clients.shared.ts';
import { normalVatNumber, type VatLookup } from './clients.vat-lookup.ts';

export const DEFAULT_VALID_DAYS = 14;
export const MAX_METADATA_BYTES = 2048;

export interface CreateOnboardingInput {
  company_vat: string;
  country: string;
  contact_email: string;
  return_url: string;
  company_name?: string;
  contact_name?: string;
  metadata?: Record<string, string | number | boolean | null>;
  locale?: string;
  valid_days?: number;
}

/**
 * A new link's input checked, in the order the caller is told: the VAT number, the e-mail, the
 * return URL (https, on one of the funder's return origins) and the metadata's size.
 */
async function checkedInput(
  caller: FunderCaller,
  input: CreateOnboardingInput,
  returnOrigins: (funderId: string) => Promise<string[]>,
) {
  const country = input.country.toUpperCase();
  const vat = normalVatNumber(country, input.company_vat);
  if (!vat) {
    throw new ApiError(
      'company_vat_invalid',
      'company_vat is not a VAT number (2 to 14 letters and digits after the country prefix).',
      { extra: { field: 'company_vat' } },
    );
  }
  const email = checkEmail(caller, input.contact_email, 'contact_email');
  const origin = httpsOrigin(input.return_url);
  if (!origin) {
    throw new ApiError(
      'return_url_invalid',
      'return_url must be an https URL without user name or password.',
      {
        extra: { field: 'return_url' },
      },
    );
  }
  const origins = await returnOrigins(caller.funderId);
  if (!origins.includes(origin)) {
    throw new ApiError(
      'return_url_not_allowed',
      'return_url is not on one of your return origins; ask the service to add the origin.',
      { extra: { field: 'return_url', origin } },
    );
  }
  const metadata = input.metadata ?? {};
  if (Buffer.byteLength(JSON.stringify(metadata), 'utf8') > MAX_METADATA_BYTES) {
    throw new ApiError('metadata_invalid', 'metadata must be at most 2 KB of JSON.', {
      extra: { field: 'metadata' },
    });
  }
  return { country, vat, email, origin, metadata };
}

/**
 * The company's name: given, else from the EU VAT service, else from the service's own
 * records of a company the caller can already see (never another funder's).
 */
async function companyName(
  deps: Pick<ClientsDeps, 'db'> & { vatLookup: VatLookup },
  owner: FunderScope,
  country: string,
  vat: string,
  given?: string,
) {
  if (given !== undefined) return { name: given.trim(), source: 'given' as const };
  let vatService: 'unknown' | 'unavailable' | 'not_eu' = 'not_eu';
  if (EU_VAT_PREFIX[country]) {
    const answer = await deps.vatLookup.name(country, vat).catch(() => ({ kind: 'unavailable' as const }));
    if (answer.kind === 'named') return { name: answer.name, source: 'vat_service' as const };
    vatService = answer.kind;
  }
  const own = await store.ownRecordName(deps.db, owner, country, vat);
  if (own) return { name: own, source: 'own_records' as const };
  const why =
    vatService === 'unavailable'
      ? 'the EU VAT validation service could not be reached and our own records do not name this number'
      : vatService === 'unknown'
        ? 'the EU VAT validation service does not name this number'
        : 'only EU VAT numbers can be named by the EU VAT validation service';
  throw new ApiError('company_name_required', `company_name is required here: ${why}.`, {
    extra: { field: 'company_name', vat_service: vatService },
  });
}

/**
 * A new single-use link for one of the funder's suppliers: the input checked, the company named,
 * the link recorded with its sealed return secret; the answer carries the URL and the secret.
 */
export async function issueOnboardingLink(
  deps: ClientsDeps & { vatLookup: VatLookup },
  links: {
    returnOrigins: (funderId: string) => Promise<string[]>;
    read: (caller: FunderCaller, id: string, q?: Queryable) => Promise<OnboardingRow>;
  },
  caller: FunderCaller,
  input: CreateOnboardingInput,
) {
  const { clock, write, secrets } = deps;
  const { returnOrigins, read } = links;
  const owner = scopeOf(caller);
  const { country, vat, email, origin, metadata } = await checkedInput(caller, input, returnOrigins);
  const name = await companyName(deps, owner, country, vat, input.company_name);
  const id = newId();
  const secret = `${CREDENTIAL_PREFIXES.onboardingReturnSecret}${randomBytes(32).toString('hex')}`;
  const token = linkToken(secrets, 'onboarding-link', id);
  const locale = input.locale ?? 'en';
  // The answer is read in the write, so the key keeps it with the write (platform/write.ts).
  return write(caller, async (scope) => {
    const expiresAt = addMadridDays(scope.now, input.valid_days ?? DEFAULT_VALID_DAYS);
    await store.insertOnboardingLink(scope.tx, owner, {
      id,
      key_id: caller.keyId,
      token_sha256: tokenHash(token),
      return_secret_sealed: secrets.seal(secret),
      company_vat: vat,
      country,
      company_name: name.name,
      company_name_source: name.source,
      contact_email: email,
      contact_name: input.contact_name?.trim() || null,
      return_url: input.return_url,
      metadata,
      locale,
      created_at: scope.now,
      expires_at: expiresAt,
    });
    scope.evidence({
      funderId: owner.funderId,
      plane: owner.plane,
      kind: 'onboarding_link.created',
      subjectType: 'onboarding_link',
      subjectId: id,
      payload: { country, company_vat: vat, return_origin: origin, expires_at: expiresAt.toISOString() },
    });
    const row = await read(caller, id, scope.tx);
    const url = new URL(`${deps.publicBaseUrl}/onboarding/${token}`);
    url.searchParams.set('locale', locale);
    return {
      onboarding_link: onboardingView(row, clock.now()),
      url: url.toString(),
      expires_at: row.expires_at.toISOString(),
      environment: caller.environment,
      return_secret: secret,
      return: { parameters: [...RETURN_PARAMETERS], signature: returnSignatureDescription },
    };
  });
}
