import { randomBytes } from 'node:crypto';
import {
  type Caller,
  type FunderCaller,
  type FunderScope,
  type OperatorCaller,
  scopeOf,
} from '../../platform/caller.ts';
import { addMadridDays } from '../../platform/clock.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { EU_VAT_PREFIX } from '../parties/parties.module.ts';
import { makeClientIn } from './clients.invitations.service.ts';
import * as clientsStore from './clients.invitations.store.ts';
import * as store from './clients.onboarding.store.ts';
import {
  RETURN_PARAMETERS,
  returnSignatureDescription,
  signedReturnUrl,
} from './clients.onboarding-return.ts';
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

type Status = 'pending' | 'account_created' | 'completed' | 'expired' | 'revoked';

/** Who plays the supplier: a sandbox key's test helper, or the operations team for a live one. */
type Acting = { caller: FunderCaller } | { caller: OperatorCaller };

function notOpen(status: Status, what: string): never {
  throw new ApiError('onboarding_not_open', `This onboarding link is ${status}: ${what}.`, {
    extra: { status },
  });
}

function statusOf(row: store.OnboardingRow, now: Date): Status {
  const open = row.status === 'pending' || row.status === 'account_created';
  return open && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.status;
}

export function onboardingView(row: store.OnboardingRow, now: Date) {
  return {
    id: row.id,
    status: statusOf(row, now),
    company_name: row.company_name,
    company_name_source: row.company_name_source,
    company_vat: row.company_vat,
    country: row.country,
    contact_email: row.contact_email,
    contact_name: row.contact_name,
    return_url: row.return_url,
    metadata: row.metadata,
    locale: row.locale,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    account_created_at: row.account_created_at?.toISOString() ?? null,
    completed_at: row.completed_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revoked_reason: row.revoked_reason,
    seller_id: row.seller_id,
  };
}

/** The origin of an https URL (scheme, host, port), or null when it is not one we take. */
export function httpsOrigin(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null;
  return url.origin;
}

/** Single-use onboarding links for the funder's own suppliers, and their signed return. */
export function createOnboardingService(deps: ClientsDeps) {
  const { db, clock, write, secrets } = deps;
  const vatLookup = deps.vatLookup ?? offlineVatLookup;

  async function returnOrigins(funderId: string): Promise<string[]> {
    const kept = await clientsStore.returnOriginsOf(db, funderId);
    if (!kept) return [];
    // The demonstration funder's list holds the documentation's example origin unless set.
    if (!kept.kept && kept.demonstration) return ['https://example.com'];
    return kept.origins;
  }

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

  return {
    returnOrigins,

    async create(caller: FunderCaller, input: CreateOnboardingInput) {
      const owner = scopeOf(caller);
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
      return write(caller, async (scope) => {
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
      });
    },

    /**
     * The supplier opened its account through the link and has not yet submitted its company
     * verification: the link reads `account_created` until it is completed (or expires, or is
     * revoked). Opening it again changes nothing.
     */
    async accountCreated(acting: Acting, id: string) {
      const { owner, keyId } = await ownerOf(acting, id);
      const caller: Caller = acting.caller;
      return write(caller, async (scope) => {
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
      });
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

    /** The operations team keeps each funder's return origins (https, scheme and host). */
    async setReturnOrigins(caller: OperatorCaller, funderId: string, origins: string[]) {
      const normal = origins.map((raw) => {
        const origin = httpsOrigin(raw);
        if (!origin || origin !== raw.replace(/\/$/, '')) {
          throw new ApiError('body_invalid', `${raw} is not an https origin (scheme and host, no path).`, {
            extra: { field: 'origins' },
          });
        }
        return origin;
      });
      const unique = [...new Set(normal)].sort();
      await write(caller, async (scope) => {
        if ((await clientsStore.funderPlaneForOps(scope.tx, funderId)) === null) {
          const exists = await clientsStore.returnOriginsOf(scope.tx, funderId);
          if (!exists) throw new ApiError('not_found', 'Funder was not found.');
        }
        await clientsStore.setReturnOriginsForOps(scope.tx, funderId, unique, scope.now);
        scope.evidence({
          funderId,
          plane: null,
          kind: 'funder.return_origins_set',
          subjectType: 'funder',
          subjectId: funderId,
          payload: { origins: unique },
        });
      });
      return { bank_id: funderId, origins: unique };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
