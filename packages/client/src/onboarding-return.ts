/**
 * Checking the return of a supplier from an onboarding link. The service sends the supplier
 * back to your `return_url` with `svc_onboarding` (the link id), `svc_status`, `svc_ts` (Unix
 * seconds) and `svc_sig`: the hex HMAC-SHA256 of `<svc_onboarding>.<svc_status>.<svc_ts>` keyed
 * with the link's `return_secret`. Trust a return only when this check says `ok`.
 */

export type OnboardingReturnCheck =
  | { ok: true; onboardingId: string; status: string; timestamp: number }
  | { ok: false; reason: 'missing_parameters' | 'bad_signature' | 'too_old' | 'in_future' };

export interface VerifyReturnOptions {
  /** How far `svc_ts` may be from your clock, in seconds. Default 600, as the service signs. */
  toleranceSeconds?: number;
  /** Your clock (milliseconds or a Date); default now. */
  now?: number | Date;
}

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares without stopping at the first difference, so timing tells nothing. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Verifies a signed onboarding return URL with the link's return secret. */
export async function verifyOnboardingReturn(
  url: string | URL,
  secret: string,
  options: VerifyReturnOptions = {},
): Promise<OnboardingReturnCheck> {
  const params = new URL(url).searchParams;
  const id = params.get('svc_onboarding');
  const status = params.get('svc_status');
  const ts = params.get('svc_ts');
  const signature = params.get('svc_sig');
  if (!id || !status || !ts || !signature || !/^\d{1,12}$/.test(ts)) {
    return { ok: false, reason: 'missing_parameters' };
  }
  const expected = await hmacHex(secret, `${id}.${status}.${ts}`);
  if (!sameText(expected, signature.toLowerCase())) return { ok: false, reason: 'bad_signature' };
  const tolerance = options.toleranceSeconds ?? 600;
  const nowMs = options.now === undefined ? Date.now() : Number(options.now);
  const skew = Number(ts) - Math.floor(nowMs / 1000);
  if (skew < -tolerance) return { ok: false, reason: 'too_old' };
  if (skew > tolerance) return { ok: false, reason: 'in_future' };
  return { ok: true, onboardingId: id, status, timestamp: Number(ts) };
}
