import { createHmac, randomInt } from 'node:crypto';
import { CREDENTIAL_PREFIXES } from '../../platform/crypto.ts';

/** How deliveries are signed (spec: Webhook signatures); the layout is Stripe's. */
export const SIGNATURE_HEADER = 'Service-Signature';
export const EVENT_ID_HEADER = 'Service-Event-Id';
export const DELIVERY_ID_HEADER = 'Service-Delivery-Id';
export const SIGNATURE_SCHEME = 'v1';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SECRET_PREFIX = CREDENTIAL_PREFIXES.webhookSecret;

/** The Standard Webhooks headers every delivery carries beside `Service-Signature`. */
export const STANDARD_ID_HEADER = 'webhook-id';
export const STANDARD_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_SIGNATURE_HEADER = 'webhook-signature';

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 44 characters of base64 with neither `+`, `/`, `-`, `_` nor padding: 33 bytes of key. */
const SECRET_LENGTH = 44;

/**
 * A new signing secret: the prefix and 44 letters and digits drawn uniformly (about 262 bits).
 * Letters and digits only, so the text after the prefix is at once valid base64 and base64url
 * without padding: the Standard Webhooks libraries read it as it is (docs/decisions/webhooks.md).
 */
export function newSigningSecret(): string {
  let text = '';
  for (let i = 0; i < SECRET_LENGTH; i++) text += SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)];
  return SECRET_PREFIX + text;
}

/** What lists show of a secret: enough to tell two apart, never enough to sign. */
export function secretPrefixOf(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + 6);
}

/** The fewest key bytes a secret may carry (the Standard Webhooks lower bound). */
export const MIN_SECRET_KEY_BYTES = 24;

/** Base64 in either alphabet, padded or not: what `standardKeyOf` decodes without loss. */
const BASE64_TEXT = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/;

/**
 * Whether a secret given from outside (a receiver's own) can sign: `whsec_`, then base64 (either
 * alphabet, padding optional) of at least MIN_SECRET_KEY_BYTES bytes. Node's decoder skips what
 * is not base64, so the text is checked whole first, and a length no encoding makes (one
 * character past a group of four) or misplaced padding is refused.
 */
export function isUsableSecret(secret: string): boolean {
  if (!secret.startsWith(SECRET_PREFIX)) return false;
  const text = secret.slice(SECRET_PREFIX.length);
  if (!BASE64_TEXT.test(text)) return false;
  const unpadded = text.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return false;
  if (text.length !== unpadded.length && text.length % 4 !== 0) return false;
  return standardKeyOf(secret).length >= MIN_SECRET_KEY_BYTES;
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
 * The Standard Webhooks key of a secret: the bytes the text after `whsec_` encodes in base64.
 * Secrets made before letters-and-digits-only were base64url; Node's decoder reads both
 * alphabets, so they sign with the same 32 bytes a receiver gets by decoding them as base64url.
 */
export function standardKeyOf(secret: string): Buffer {
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/**
 * The three Standard Webhooks headers: `webhook-id` is the event id (the same on every attempt),
 * `webhook-timestamp` the same instant as `t` of `Service-Signature`, and `webhook-signature`
 * one `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` per secret, newest first, separated
 * by spaces.
 */
export function standardHeaders(
  eventId: string,
  body: string,
  at: Date,
  secrets: readonly string[],
): Record<string, string> {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = secrets.map(
    (secret) =>
      `v1,${createHmac('sha256', standardKeyOf(secret)).update(`${eventId}.${t}.${body}`, 'utf8').digest('base64')}`,
  );
  return {
    [STANDARD_ID_HEADER]: eventId,
    [STANDARD_TIMESTAMP_HEADER]: String(t),
    [STANDARD_SIGNATURE_HEADER]: signatures.join(' '),
  };
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
    ...standardHeaders(delivery.eventId, delivery.body, delivery.at, delivery.secrets),
  };
}
