import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/crypto.ts';

/**
 * Download links of export volumes: `/v1/export-downloads/<object>?expires=<unix s>&sig=<hex>`,
 * where `sig` is HMAC-SHA256 over `<object>\n<expires>` with a key derived from the service's
 * secrets key. Any server sharing that key checks a link with no database call: the signature
 * and the expiry say it all. A link never outlives its export's 24 hours (the service caps
 * `expires` when signing), and a file deleted at the end of them answers 404 whatever the link.
 */
export const LINK_SECONDS = 3600;
export const DOWNLOAD_PATH = '/v1/export-downloads/';
/** A volume's file name, as the build names it. */
export const VOLUME_PATTERN = '^export-[0-9a-f-]{36}-[0-9]{3}\\.zip$';

export function linkSigner(key: Buffer) {
  const sign = (object: string, expires: number) =>
    createHmac('sha256', key).update(`${object}\n${expires}`).digest('hex');
  return {
    url(baseUrl: string, object: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${baseUrl}${DOWNLOAD_PATH}${object}?expires=${expires}&sig=${sign(object, expires)}`;
    },
    /** True when the link is the service's own and not yet expired at `now`. */
    check(object: string, expires: number, sig: string, now: Date): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
      return safeEqual(sign(object, expires), sig);
    },
  };
}

export type LinkSigner = ReturnType<typeof linkSigner>;
