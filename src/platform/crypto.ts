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

export const API_KEY_PREFIX = 'svc_fk_';
export const API_KEY_PATTERN = /^svc_fk_[0-9a-f]{64}$/;

export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('hex');
}

/** A named operator's token (account.operators.ts): shown once, only its SHA-256 kept. */
export const OPERATOR_TOKEN_PREFIX = 'svc_op_';
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
  const derivation = keys.derivation ?? derivationKeyOf(previous ?? key);
  const seal = (plain: string): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
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
