import { createHmac } from 'node:crypto';

/** The query parameters a signed onboarding return carries, and how it is signed. */
export const RETURN_PARAMETERS = ['svc_onboarding', 'svc_status', 'svc_ts', 'svc_sig'] as const;
export const RETURN_TOLERANCE_SECONDS = 600;

export const returnSignatureDescription = {
  algorithm: 'HMAC-SHA256',
  key: 'return_secret',
  message: '<svc_onboarding>.<svc_status>.<svc_ts>',
  encoding: 'hex',
  tolerance_seconds: RETURN_TOLERANCE_SECONDS,
};

/** hex HMAC-SHA256 of `<id>.<status>.<ts>` keyed with the link's return secret. */
export const returnSignature = (secret: string, id: string, status: string, ts: number): string =>
  createHmac('sha256', secret).update(`${id}.${status}.${ts}`).digest('hex');

/** The funder's return_url with the signed return parameters added (its own query kept). */
export function signedReturnUrl(
  returnUrl: string,
  secret: string,
  id: string,
  status: string,
  at: Date,
): string {
  const ts = Math.floor(at.getTime() / 1000);
  const url = new URL(returnUrl);
  url.searchParams.set('svc_onboarding', id);
  url.searchParams.set('svc_status', status);
  url.searchParams.set('svc_ts', String(ts));
  url.searchParams.set('svc_sig', returnSignature(secret, id, status, ts));
  return url.toString();
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
