import { createHmac, randomBytes } from 'node:crypto';

/** How deliveries are signed (spec: Webhook signatures); the layout is Stripe's. */
export const SIGNATURE_HEADER = 'Service-Signature';
export const EVENT_ID_HEADER = 'Service-Event-Id';
export const DELIVERY_ID_HEADER = 'Service-Delivery-Id';
export const SIGNATURE_SCHEME = 'v1';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: the prefix and 32 random bytes in base64url. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** What lists show of a secret: enough to tell two apart, never enough to sign. */
export function secretPrefixOf(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + 6);
}

/**
 * `t=<seconds>,v1=<hex>[,v1=<hex>]`: one `v1` per secret, the newest first. The HMAC key is the
 * whole secret as text, prefix included, as Stripe's libraries use it.
 */
export function signatureHeader(body: string, at: Date, secrets: readonly string[]): string {
  const t = Math.floor(at.getTime() / 1000);
  const parts = [`t=${t}`];
  for (const secret of secrets) {
    parts.push(`v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`);
  }
  return parts.join(',');
}

/**
 * Every header that identifies and signs one delivery: what the dispatcher sends, and what
 * `funder-api listen` sends to a local receiver, so a receiver checks both the same way.
 */
export function deliveryHeaders(delivery: {
  body: string;
  at: Date;
  secrets: readonly string[];
  eventId: string;
  deliveryId: string;
}): Record<string, string> {
  return {
    [SIGNATURE_HEADER]: signatureHeader(delivery.body, delivery.at, delivery.secrets),
    [EVENT_ID_HEADER]: delivery.eventId,
    [DELIVERY_ID_HEADER]: delivery.deliveryId,
  };
}
