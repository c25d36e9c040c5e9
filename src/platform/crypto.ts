import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The prefix of every credential the service issues, in one place: each is minted with its
 * prefix from here, and the log censor cuts out any text that starts with one of them
 * (log-safety.ts), wherever it appears in a logged URL. A new kind of credential gets a prefix
 * here before it is issued. Two credentials have no text of their own to look for and are kept
 * out of logs by where they travel: the `sig` of an export download link (a query member, never
 * logged) and an OPS_TOKEN the operator chose (the Authorization header, never logged).
 */
export const CREDENTIAL_PREFIXES = {
  /** An API key (`svc_fk_` and 64 hex characters); sandbox keys too. */
  apiKey: 'svc_fk_',
  /** A named operator's token (account.operators.ts). */
  operatorToken: 'svc_op_',
  /** The bootstrap operator token the service makes and keeps in its data directory (runtime.ts). */
  bootstrapOperatorToken: 'ops_',
  /** A webhook's signing secret (webhooks.signature.ts). */
  webhookSecret: 'whsec_',
  /** The secret an onboarding link's return is signed with (clients.onboarding.create.ts). */
  onboardingReturnSecret: 'ors_',
  /** The token in a client link's URL (clients.shared.ts). */
  clientLinkToken: 'cl_',
  /** The token in an onboarding link's URL (clients.shared.ts). */
  onboardingLinkToken: 'ob_',
  /** The token of a document download URL (documents.downloads.ts). */
  documentDownloadToken: 'dl_',
} as const;

export const API_KEY_PREFIX = CREDENTIAL_PREFIXES.apiKey;
export const API_KEY_PATTERN = /^svc_fk_[0-9a-f]{64}$/;

export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('hex');
}

/** A named operator's token (account.operators.ts): shown once, only its SHA-256 kept. */
export const OPERATOR_TOKEN_PREFIX = CREDENTIAL_PREFIXES.operatorToken;
export const OPERATOR_TOKEN_PATTERN = /^svc_op_[0-9a-f]{64}$/;

export function newOperatorToken(): string {
  return OPERATOR_TOKEN_PREFIX + randomBytes(32).toString('hex');
}

/**
 * Whether two secrets are equal, in constant time and without telling even their lengths: the
 * SHA-256 digests of both (always 32 bytes) are compared, never the secrets themselves.
 */
export function safeEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** The key the derived values are made under, drawn from a secrets key. */
export function derivationKeyOf(key: Buffer): Buffer {
  return createHmac('sha256', key).update('derived-values').digest();
}

export interface SecretBoxKeys {
  /**
   * During a rotation, the key being replaced: what it sealed still opens, nothing new is
   * sealed under it (SECRETS_KEY_PREVIOUS, or the kept secrets.key.previous).
   */
  previous?: Buffer | null;
  /**
   * The key the derived values are made under, kept sealed in the database by the first
   * rotation (table kept_keys) so that a rotation never changes them. Without it: drawn from
   * the key being replaced during a rotation, else from the secrets key.
   */
  derivation?: Buffer | null;
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
}

function openWith(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown sealed secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * AES-256-GCM for secrets the service must use again (webhook signing secrets, onboarding
 * return secrets). Output: "v1." + base64(iv | tag | ciphertext). Seals under `key`; opens
 * under `key`, then under `keys.previous` (GCM's tag tells a wrong key).
 */
export function secretBox(key: Buffer, keys: SecretBoxKeys = {}) {
  checkKey(key);
  const previous = keys.previous ?? null;
  if (previous) checkKey(previous);
  const derivation = keys.derivation ?? derivationKeyOf(previous ?? key);
  const seal = (plain: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  };
  return {
    /**
     * A value the service can make again from a label but never stores (hex HMAC-SHA256 under
     * the derivation key): the tokens of client and onboarding links, of which only the
     * SHA-256 is kept.
     */
    derive(label: string): string {
      return createHmac('sha256', derivation).update(label).digest('hex');
    },
    /** The key `derive` uses, for a rotation to keep. */
    derivationKey: (): Buffer => Buffer.from(derivation),
    seal,
    open(sealed: string): string {
      try {
        return openWith(key, sealed);
      } catch (err) {
        if (!previous || !sealed.startsWith('v1.')) throw err;
        return openWith(previous, sealed);
      }
    },
    /** The value sealed under the current key: null when it already is. */
    reseal(sealed: string): string | null {
      try {
        openWith(key, sealed);
        return null;
      } catch {
        if (!previous) throw new Error('a sealed secret that the secrets key does not open');
        return seal(openWith(previous, sealed));
      }
    },
  };
}

export type SecretBox = ReturnType<typeof secretBox>;
