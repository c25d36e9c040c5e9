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

/**
 * A derivation key and its generation: generation 1 is the one drawn from the first secrets
 * key, and each rotation starts the next. A client link records the generation of its token.
 */
export interface Derivation {
  generation: number;
  key: Buffer;
}

export interface SecretBoxKeys {
  /**
   * During a rotation, the key being replaced: what it sealed still opens, nothing new is
   * sealed under it (SECRETS_KEY_PREVIOUS, or the kept secrets.key.previous).
   */
  previous?: Buffer | null;
  /**
   * Derivation keys of earlier generations, kept sealed in the database by rotations (table
   * kept_keys), so that the service can make a link's token again after the secrets key it was
   * drawn from is gone.
   */
  kept?: readonly Derivation[];
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
}

const sameKey = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/**
 * The derivation keys a box knows, by generation. The secrets key's own is the current one; the
 * previous key's, during a rotation, the one before it. A key not among the kept ones is given
 * the generation after the newest kept (a kept key is the previous key's of the last rotation,
 * so the key that follows it is the next generation).
 */
function derivationRing(key: Buffer, previous: Buffer | null, kept: readonly Derivation[]) {
  const newest = kept.reduce((top, entry) => Math.max(top, entry.generation), 0);
  const generationOf = (derivation: Buffer, after: number): number =>
    kept.find((entry) => sameKey(entry.key, derivation))?.generation ?? after + 1;
  const ring = new Map<number, Buffer>(kept.map((entry) => [entry.generation, entry.key]));
  let before: Derivation | null = null;
  if (previous) {
    const derivation = derivationKeyOf(previous);
    before = { generation: generationOf(derivation, newest), key: derivation };
    ring.set(before.generation, derivation);
  }
  const own = derivationKeyOf(key);
  const current: Derivation = { generation: generationOf(own, before?.generation ?? newest), key: own };
  ring.set(current.generation, own);
  return { ring, current, before };
}

/** AES-GCM's full tag: a shorter one would be accepted by Node.js and is far easier to forge. */
const TAG_BYTES = 16;
const IV_BYTES = 12;

function openWith(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown sealed secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) {
    throw new Error('a sealed secret too short to hold its nonce and its 16-byte tag (truncated?)');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
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
  const { ring, current, before } = derivationRing(key, previous, keys.kept ?? []);
  const hmac = (derivation: Buffer, label: string) =>
    createHmac('sha256', derivation).update(label).digest('hex');
  const seal = (plain: string): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  };
  return {
    /** The generation `derive` makes values in: the secrets key's own. */
    generation: current.generation,
    /**
     * A value the service can make again from a label but never stores (hex HMAC-SHA256 under
     * the current derivation key, drawn from the secrets key): the tokens of client and
     * onboarding links, of which only the SHA-256 is kept.
     */
    derive(label: string): string {
      return hmac(current.key, label);
    },
    /** The value `derive` made in that generation, or null once its key is no longer kept. */
    deriveIn(generation: number, label: string): string | null {
      const derivation = ring.get(generation);
      return derivation ? hmac(derivation, label) : null;
    },
    /**
     * During a rotation, the previous key's derivation key, for the rotation to keep (the links
     * made in its generation still show their URL); null without a previous key.
     */
    derivationToKeep: (): Derivation | null =>
      before ? { generation: before.generation, key: Buffer.from(before.key) } : null,
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
