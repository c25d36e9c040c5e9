import { randomBytes } from 'node:crypto';
import { type Caller, type FunderCaller, type FunderScope, scopeOf } from '../../platform/caller.ts';
import { addMadridDays } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { EU_VAT_PREFIX } from '../parties/parties.module.ts';
import type { Acting } from './clients.invitations.service.ts';
import * as store from './clients.onboarding.store.ts';
import { accountCreatedIn, completeIn } from './clients.onboarding.supplier.ts';
import { notOpen, onboardingView, statusOf } from './clients.onboarding.views.ts';
import { RETURN_PARAMETERS, returnSignatureDescription } from './clients.onboarding-return.ts';
import { createReturnOrigins, httpsOrigin } from './clients.return-origins.ts';
import { type ClientsDeps, checkEmail, linkToken, ownKeyOnly, tokenHash } from './clients.shared.ts';
import { normalVatNumber, offlineVatLookup } from './clients.vat-lookup.ts';

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

/** Single-use onboarding links for the funder's own suppliers, and their signed return. */
export function createOnboardingService(deps: ClientsDeps) {
  const { db, clock, write, secrets } = deps;
  const vatLookup = deps.vatLookup ?? offlineVatLookup;

  /**
   * The company's name: given, else from the EU VAT service, else from the service's own
   * records of a company the caller can already see (never another funder's).
   */
  async function companyName(owner: FunderScope, country: string, vat: string, given?: string) {
    if (given !== undefined) return { name: given.trim(), source: 'given' as const };
    let vatService: 'unknown' | 'unavailable' | 'not_eu' = 'not_eu';
    if (EU_VAT_PREFIX[country]) {
      const answer = await vatLookup.name(country, vat).catch(() => ({ kind: 'unavailable' as const }));
      if (answer.kind === 'named') return { name: answer.name, source: 'vat_service' as const };
      vatService = answer.kind;
    }
    const own = await store.ownRecordName(db, owner, country, vat);
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
   * The funder and plane of the link, and the key narrowing it: a sandbox key's helpers play
   * only the suppliers of the links that key made; the operations team any link.
   */
  async function ownerOf(acting: Acting, id: string): Promise<{ owner: FunderScope; keyId: string | null }> {
    if (acting.caller.kind === 'funder') return { owner: scopeOf(acting.caller), keyId: acting.caller.keyId };
    const row = await store.findOnboardingLinkForOps(db, id);
    if (!row) throw new ApiError('not_found', 'Onboarding link was not found.');
    return { owner: { funderId: row.funder_id, plane: row.plane }, keyId: null };
  }

  async function read(caller: FunderCaller, id: string) {
    const row = await store.findOnboardingLink(db, scopeOf(caller), id, ownKeyOnly(caller));
    if (!row) throw new ApiError('not_found', 'Onboarding link was not found.');
    return row;
  }

  const { returnOrigins, setReturnOrigins } = createReturnOrigins({ db, write });

  return {
    returnOrigins,
    setReturnOrigins,

    async create(caller: FunderCaller, input: CreateOnboardingInput) {
      const owner = scopeOf(caller);
      const { country, vat, email, origin, metadata } = await checkedInput(caller, input, returnOrigins);
      const name = await companyName(owner, country, vat, input.company_name);
      const id = newId();
      const secret = `ors_${randomBytes(32).toString('hex')}`;
      const token = linkToken(secrets, 'onboarding-link', id);
      const locale = input.locale ?? 'en';
      await write(caller, async (scope) => {
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
      });
      const row = await read(caller, id);
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
    },

    async list(caller: FunderCaller, limit: number) {
      const now = clock.now();
      const rows = await store.listOnboardingLinks(db, scopeOf(caller), limit, ownKeyOnly(caller));
      return { count: rows.length, onboarding_links: rows.map((row) => onboardingView(row, now)) };
    },

    async get(caller: FunderCaller, id: string) {
      return { onboarding_link: onboardingView(await read(caller, id), clock.now()) };
    },

    /**
     * The supplier has submitted its company verification through the link: it is registered
     * (a test company on the demonstration plane for a sandbox link), becomes the funder's
     * client with origin `api`, `onboarding.completed` is queued with the link's metadata, and
     * the answer is the signed URL the supplier is sent back to.
     */
    async complete(acting: Acting, id: string) {
      const { owner, keyId } = await ownerOf(acting, id);
      const caller: Caller = acting.caller;
      return write(caller, (scope) => completeIn(scope, owner, id, keyId, secrets));
    },

    /**
     * The supplier opened its account through the link and has not yet submitted its company
     * verification: the link reads `account_created` until it is completed (or expires, or is
     * revoked). Opening it again changes nothing.
     */
    async accountCreated(acting: Acting, id: string) {
      const { owner, keyId } = await ownerOf(acting, id);
      const caller: Caller = acting.caller;
      return write(caller, (scope) => accountCreatedIn(scope, owner, id, keyId));
    },

    /**
     * The funder stops a link not yet completed: its supplier can no longer open an account or
     * complete through it. Revoking a revoked link changes nothing; a completed or expired one
     * cannot be revoked. A sandbox key revokes only the links it made.
     */
    async revoke(caller: FunderCaller, id: string, reason: string | null) {
      const owner = scopeOf(caller);
      const changed = await write(caller, async (scope) => {
        const row = await store.findOnboardingLink(scope.tx, owner, id, ownKeyOnly(caller), { lock: true });
        if (!row) throw new ApiError('not_found', 'Onboarding link was not found.');
        const status = statusOf(row, scope.now);
        if (status === 'revoked') return false;
        if (status !== 'pending' && status !== 'account_created') notOpen(status, 'it cannot be revoked');
        await store.markOnboardingRevoked(scope.tx, owner, id, reason, scope.now);
        scope.evidence({
          funderId: owner.funderId,
          plane: owner.plane,
          kind: 'onboarding_link.revoked',
          subjectType: 'onboarding_link',
          subjectId: id,
          payload: { reason, was: status },
        });
        return true;
      });
      return { onboarding_link: onboardingView(await read(caller, id), clock.now()), changed };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
