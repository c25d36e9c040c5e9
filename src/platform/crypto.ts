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

/**
 * AES-256-GCM for secrets the service must use again (webhook signing secrets, onboarding
 * return secrets). Output: "v1." + base64(iv | tag | ciphertext).
 */
export function secretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    /**
     * A value the service can make again from a label but never stores (hex HMAC-SHA256 under
     * a key of its own drawn from the secrets key): the tokens of client and onboarding links,
     * of which only the SHA-256 is kept.
     */
    derive(label: string): string {
      const subkey = createHmac('sha256', key).update('derived-values').digest();
      return createHmac('sha256', subkey).update(label).digest('hex');
    },
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed: string): string {
      if (!sealed.startsWith('v1.')) throw new Error('unknown sealed secret format');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof secretBox>;
