import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/crypto.ts';

/**
 * Download links of export volumes:
 * `/v1/export-downloads/<object>?expires=<unix s>&key_id=<uuid>&sig=<hex>`, where `key_id` is the
 * API key that obtained the link and `sig` is HMAC-SHA256 over `<object>\n<expires>\n<key_id>`
 * with a key derived from the service's secrets key (during a rotation, a link signed under the
 * previous key's is accepted too; once that key is removed it is not). Any server sharing that
 * key checks the signature and the expiry with no database call; the service then checks, at each download,
 * that the export's funder is still active and that key not revoked (exports.downloads.ts). A
 * link never outlives its export's 24 hours (the service caps `expires` when signing), and a
 * file deleted at the end of them answers 404 whatever the link.
 */
export const LINK_SECONDS = 3600;
export const DOWNLOAD_PATH = '/v1/export-downloads/';
/** A volume's file name, as the build names it. */
export const VOLUME_PATTERN = '^export-[0-9a-f-]{36}-[0-9]{3}\\.zip$';

/**
 * Signs under `key`; checks under it, then under each of `alsoAccepted` (the previous secrets
 * key's during a rotation, so that a link a server not yet restarted signed still works).
 */
export function linkSigner(key: Buffer, alsoAccepted: readonly Buffer[] = []) {
  const signWith = (signingKey: Buffer, object: string, expires: number, keyId: string) =>
    createHmac('sha256', signingKey).update(`${object}\n${expires}\n${keyId}`).digest('hex');
  return {
    url(baseUrl: string, object: string, expiresAt: Date, keyId: string): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const sig = signWith(key, object, expires, keyId);
      return `${baseUrl}${DOWNLOAD_PATH}${object}?expires=${expires}&key_id=${keyId}&sig=${sig}`;
    },
    /** True when the link is the service's own, for that key, and not yet expired at `now`. */
    check(object: string, expires: number, keyId: string, sig: string, now: Date): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
      // Every key is tried: which one matched is not told by the time taken.
      const matches = [key, ...alsoAccepted].map((k) => safeEqual(signWith(k, object, expires, keyId), sig));
      return matches.includes(true);
    },
  };
}

export type LinkSigner = ReturnType<typeof linkSigner>;

const signingKeyOf = (secretsKey: Buffer): Buffer =>
  createHmac('sha256', secretsKey).update('export-download-links').digest();

/**
 * The links' signer, with a key of its own derived from the secrets key every server shares;
 * during a rotation, links signed under the previous key's are still accepted.
 */
export const linkSignerOfSecrets = (secretsKey: Buffer, previousSecretsKey: Buffer | null) =>
  linkSigner(signingKeyOf(secretsKey), previousSecretsKey ? [signingKeyOf(previousSecretsKey)] : []);
