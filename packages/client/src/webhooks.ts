import { createHmac, timingSafeEqual } from 'node:crypto';
import type { webhooks } from './schema.js';

/**
 * Checking a delivery from the funder API. Each POST carries
 *
 *     Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=...]
 *
 * (the layout Stripe uses, so code already written for it works too). During a secret rotation
 * there are two `v1` values, one per secret: either may match. Pass the body exactly as it
 * arrived (bytes or the undecoded string): a body parsed and serialised again will not match.
 */

export const WEBHOOK_SIGNATURE_HEADER = 'service-signature';
/** The header naming the event: the same on every attempt, so a receiver can drop repeats. */
export const WEBHOOK_EVENT_ID_HEADER = 'service-event-id';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyOptions {
  /** How far the signature's time may be from now, in seconds (default 300; 0 turns the check off). */
  toleranceSeconds?: number;
  /** The instant to measure against (default: now). */
  now?: Date;
}

export type WebhookVerdict =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'header_missing' | 'header_malformed' | 'no_match' | 'timestamp_outside_tolerance' };

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  constructor(readonly reason: Exclude<WebhookVerdict, { ok: true }>['reason']) {
    super(`webhook signature refused: ${reason}`);
  }
}

/** Checks a delivery without throwing; `verifyWebhook` is the throwing form. */
export function checkWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | string[] | null | undefined,
  secrets: string | readonly string[],
  options: VerifyOptions = {},
): WebhookVerdict {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return { ok: false, reason: 'header_missing' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const item = part.slice(at + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(item)) timestamp = Number(item);
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(item)) signatures.push(item);
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'header_malformed' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const signed = Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), body]);
  const keys = typeof secrets === 'string' ? [secrets] : secrets;
  const matched = keys.some((secret) => {
    const expected = createHmac('sha256', secret).update(signed).digest();
    return signatures.some((given) => {
      const candidate = Buffer.from(given, 'hex');
      return candidate.length === expected.length && timingSafeEqual(candidate, expected);
    });
  });
  if (!matched) return { ok: false, reason: 'no_match' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (tolerance > 0 && Math.abs(now - timestamp) > tolerance) {
    return { ok: false, reason: 'timestamp_outside_tolerance' };
  }
  return { ok: true, timestamp };
}

/**
 * Verifies a delivery and answers its event, parsed. Throws `WebhookSignatureError` when no
 * `v1` value matches any of `secrets` or the time is outside the tolerance.
 */
export function verifyWebhook<T = WebhookEvent>(
  rawBody: string | Uint8Array,
  header: string | string[] | null | undefined,
  secrets: string | readonly string[],
  options: VerifyOptions = {},
): T {
  const verdict = checkWebhookSignature(rawBody, header, secrets, options);
  if (!verdict.ok) throw new WebhookSignatureError(verdict.reason);
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  return JSON.parse(text) as T;
}

/** Every event type the service posts (the document's `webhooks` section). */
export type WebhookEventType = keyof webhooks;

/** The body of a delivery of one event type: `id`, `type`, `created_at`, `api_version` and its own `data`. */
export type WebhookEventOf<T extends WebhookEventType> = NonNullable<
  webhooks[T]['post']
>['requestBody']['content']['application/json'];

/**
 * What a delivery's body holds: a union discriminated by `type`, so that a `switch` on
 * `event.type` narrows `event.data` to that type's fields.
 */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];
