import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, verifyWebhook, WebhookSignatureError } from '../src/index.ts';

/**
 * `verifyWebhook` against headers made by Stripe's own signer: the layout is the same, so each
 * side accepts the other's. (Against the service's real deliveries: src/areas/webhooks.)
 */
const stripe = new Stripe('sk_test_unused');
const secret = 'whsec_0123456789abcdefABCDEF_-0123456789abcdefAB';
const body = JSON.stringify({ id: 'evt', type: 'webhook.test', data: { ok: true } });
const now = new Date('2026-11-20T09:30:00Z');
const t = Math.floor(now.getTime() / 1000);

describe('verifyWebhook', () => {
  it('accepts a header Stripe’s signer made, and answers the event', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t });
    expect(verifyWebhook(body, header, secret, { now })).toEqual(JSON.parse(body));
    expect(verifyWebhook(Buffer.from(body), header, [secret], { now })).toEqual(JSON.parse(body));
  });

  it('accepts either of two v1 values, as during a rotation', () => {
    const previous = 'whsec_previousSecretpreviousSecretpreviousSecre';
    const mine = stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t });
    const other = stripe.webhooks.generateTestHeaderString({ payload: body, secret: previous, timestamp: t });
    const header = `${mine},${other.split(',')[1]}`;
    expect(checkWebhookSignature(body, header, [previous], { now })).toEqual({ ok: true, timestamp: t });
    expect(checkWebhookSignature(body, header, [secret], { now })).toEqual({ ok: true, timestamp: t });
    expect(checkWebhookSignature(body, header, ['whsec_neither'], { now })).toEqual({
      ok: false,
      reason: 'no_match',
    });
  });

  it('refuses a changed body, a stale or future time, and malformed headers', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t });
    expect(checkWebhookSignature(`${body}\n`, header, secret, { now }).ok).toBe(false);
    const late = new Date(now.getTime() + 301_000);
    expect(checkWebhookSignature(body, header, secret, { now: late })).toEqual({
      ok: false,
      reason: 'timestamp_outside_tolerance',
    });
    expect(checkWebhookSignature(body, header, secret, { now: late, toleranceSeconds: 600 }).ok).toBe(true);
    const early = new Date(now.getTime() - 301_000);
    expect(checkWebhookSignature(body, header, secret, { now: early }).ok).toBe(false);
    expect(checkWebhookSignature(body, undefined, secret, { now })).toEqual({
      ok: false,
      reason: 'header_missing',
    });
    expect(checkWebhookSignature(body, 'v1=abc', secret, { now })).toEqual({
      ok: false,
      reason: 'header_malformed',
    });
    expect(() => verifyWebhook(body, `t=${t},v1=${'0'.repeat(64)}`, secret, { now })).toThrow(
      WebhookSignatureError,
    );
  });
});
