import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '../../../packages/client/src/index.ts';
import { expectError } from '../../../test/support/errors.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { madridDate } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { RETRY_SCHEDULE_SECONDS } from './webhooks.dispatcher.ts';

/** A receiver on 127.0.0.1: records every POST as received, answers what its path is told to. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
const answers = new Map<string, number>();
let receiver: Server;
let base: string;
let service: TestService;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.get(path) ?? 200;
      res.writeHead(status, status === 302 ? { location: 'http://127.0.0.1:1/elsewhere' } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  service = await startService({ demoPlane: true, config: { webhookAllowLoopback: true } });
});
afterAll(async () => {
  await service?.close();
  await new Promise((done) => receiver?.close(done));
});

const clockNow = () => service.runtime.clock.now();

/** Sends what is due and waits for every attempt to be recorded. */
async function deliver(): Promise<void> {
  const dispatcher = service.runtime.createDispatcher();
  try {
    await dispatcher.drain();
  } finally {
    await dispatcher.stop();
  }
}

const at = (path: string) => received.filter((entry) => entry.path === path);

async function register(key: string, path: string, extra: Record<string, unknown> = {}) {
  const answer = await service.call<{
    webhook: { id: string; secret_prefix: string; events: string[] };
    secret: string;
    signature: Record<string, unknown>;
  }>(key, 'POST', '/v1/webhooks', { body: { url: `${base}${path}`, ...extra } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

describe('webhook endpoints', () => {
  it('documents every event type the areas declare under `webhooks`, in the order the event list gives them', async () => {
    const declared = service.runtime.services.events.names;
    expect(declared.length).toBeGreaterThan(10);
    const document = await service.call<{ webhooks: Record<string, unknown> }>(
      null,
      'GET',
      '/v1/openapi.json',
    );
    expect(Object.keys(document.body.webhooks)).toEqual(declared);
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const list = await service.call<{ event_types: { type: string }[] }>(key, 'GET', '/v1/webhooks');
    expect(list.body.event_types.map((entry) => entry.type)).toEqual(declared);
  });

  it('registers an endpoint, shows the secret once, keeps it sealed, and lists it without it', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const created = await register(key, '/one', { description: 'Credit ops', events: ['request.funded'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9]{44}$/);
    expect(created.signature).toEqual({ header: 'Service-Signature', scheme: 'v1', tolerance_seconds: 300 });
    expect(created.webhook).toMatchObject({ events: ['request.funded'], active: true, created_via: 'api' });
    expect(created.secret.startsWith(created.webhook.secret_prefix)).toBe(true);

    const list = await service.call<{ count: number; webhooks: unknown[]; event_types: { type: string }[] }>(
      key,
      'GET',
      '/v1/webhooks',
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect(list.body.event_types.map((e) => e.type)).toContain('settlement.recorded');

    const { rows } = await service.db.query<{ sealed: string }>(
      'SELECT sealed FROM webhook_secrets WHERE endpoint_id = $1',
      [created.webhook.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sealed).not.toContain(created.secret.slice(6));
    expect(service.runtime.secrets.open(rows[0]!.sealed)).toBe(created.secret);
  });

  it('keeps the answer of an Idempotency-Key replay sealed, never the secret in clear', async () => {
    const { key, bankId } = await service.given.funderWithKey({ environment: 'live' });
    const send = () =>
      service.call<{ secret: string; webhook: { id: string } }>(key, 'POST', '/v1/webhooks', {
        body: { url: `${base}/replayed` },
        headers: { 'idempotency-key': 'create-once' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^whsec_/);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.webhook.id).toBe(first.body.webhook.id);
    // The retry of a lost answer gets the same secret, as the first call did.
    expect(replay.body.secret).toBe(first.body.secret);
    const { rows } = await service.db.query<{ response_body: string }>(
      'SELECT response_body FROM idempotency_keys WHERE funder_id = $1',
      [bankId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.response_body).toMatch(/^sealed:v1\./);
    expect(rows[0]!.response_body).not.toContain(first.body.secret.slice(6));
  });

  it('refuses bad input with its own codes and changes nothing', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const post = (body: unknown) => service.call(key, 'POST', '/v1/webhooks', { body });
    expectError(await post({ url: 'https://127.0.0.1/in' }), 422, 'webhook_url_invalid');
    expectError(await post({ url: 'https://hooks.acme-bank.com:8443/in' }), 422, 'webhook_url_invalid');
    expectError(
      await post({ url: `https://hooks.acme-bank.com/${'a'.repeat(2050)}` }),
      422,
      'webhook_url_invalid',
    );
    expectError(await post({ url: 42 }), 422, 'webhook_url_invalid');
    expectError(await post({ url: `${base}/x`, events: ['request.eaten'] }), 422, 'event_type_unknown');
    expectError(await post({ url: `${base}/x`, events: ['*', 'request.funded'] }), 422, 'events_invalid');
    expectError(await post({ url: `${base}/x`, events: [] }), 422, 'events_invalid');
    expectError(await post({ url: `${base}/x`, description: 'd'.repeat(201) }), 422, 'description_invalid');
    expectError(await post({ url: `${base}/x`, secret: 'mine' }), 422, 'body_invalid');
    const list = await service.call<{ count: number }>(key, 'GET', '/v1/webhooks');
    expect(list.body.count).toBe(0);
  });

  it('holds at most 10 active endpoints per funder; a stopped one frees its place', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await register(key, `/limit-${i}`)).webhook.id);
    expectError(
      await service.call(key, 'POST', '/v1/webhooks', { body: { url: `${base}/limit-10` } }),
      409,
      'webhook_limit_reached',
    );
    const stopped = await service.call<{ webhook: { active: boolean } }>(
      key,
      'DELETE',
      `/v1/webhooks/${ids[0]}`,
    );
    expect(stopped.status).toBe(200);
    expect(stopped.body.webhook.active).toBe(false);
    await register(key, '/limit-10');
    expectError(await service.call(key, 'DELETE', `/v1/webhooks/${ids[0]}`), 404, 'not_found');
  });

  it('keeps funders apart: another funder’s endpoint answers 404', async () => {
    const a = await service.given.funderWithKey({ environment: 'live' });
    const b = await service.given.funderWithKey({ environment: 'live' });
    const created = await register(a.key, '/apart');
    expectError(
      await service.call(b.key, 'POST', `/v1/webhooks/${created.webhook.id}/test`),
      404,
      'not_found',
    );
    expectError(
      await service.call(b.key, 'GET', `/v1/webhooks/${created.webhook.id}/deliveries`),
      404,
      'not_found',
    );
    expectError(await service.call(b.key, 'DELETE', `/v1/webhooks/${created.webhook.id}`), 404, 'not_found');
    expect((await service.call<{ count: number }>(b.key, 'GET', '/v1/webhooks')).body.count).toBe(0);
  });
});

describe('deliveries', () => {
  it('delivers a signed test event that the client package and Stripe’s own check both accept', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const created = await register(key, '/signed');
    const queued = await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    expect(queued.status).toBe(202);
    await deliver();
    const [hit] = at('/signed');
    expect(hit).toBeDefined();
    const header = hit!.headers['service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = verifyWebhook<WebhookEvent>(hit!.body, header, [created.secret], { now: clockNow() });
    expect(event).toMatchObject({ type: 'webhook.test', api_version: '2026-09-23' });
    expect(event.data.webhook_id).toBe(created.webhook.id);
    expect(hit!.headers['service-event-id']).toBe(event.id);
    expect(() => verifyWebhook(hit!.body, header, ['whsec_other'], { now: clockNow() })).toThrow(/no_match/);
    expect(() =>
      verifyWebhook(hit!.body, header, [created.secret], { now: new Date(clockNow().getTime() + 301_000) }),
    ).toThrow(/timestamp_outside_tolerance/);
    expect(() => verifyWebhook(`${hit!.body} `, header, [created.secret], { now: clockNow() })).toThrow();

    const stripe = new Stripe('sk_test_unused');
    const checked = stripe.webhooks.constructEvent(
      hit!.body,
      header,
      created.secret,
      300,
      undefined,
      clockNow().getTime(),
    );
    expect(checked.id).toBe(event.id);

    const log = await service.call<{
      deliveries: { status: string; attempts: number; response_code: number; body_sha256: string }[];
    }>(key, 'GET', `/v1/webhooks/${created.webhook.id}/deliveries`);
    expect(log.body.deliveries).toHaveLength(1);
    expect(log.body.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1, response_code: 200 });
    expect(log.body.deliveries[0]!.body_sha256).toBe(sha256Hex(hit!.body));
  });

  it('during a rotation signs with both secrets; both verify, then the previous one stops', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const created = await register(key, '/rotate');
    const rotated = await service.call<{ secret: string; previous_secret_expires_at: string }>(
      key,
      'POST',
      `/v1/webhooks/${created.webhook.id}/rotate-secret`,
      { body: { keep_previous_hours: 2 } },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.secret);
    await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    await deliver();
    const first = at('/rotate')[0]!;
    const header = first.headers['service-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    verifyWebhook(first.body, header, [created.secret], { now: clockNow() });
    verifyWebhook(first.body, header, [rotated.body.secret], { now: clockNow() });
    const stripe = new Stripe('sk_test_unused');
    for (const secret of [created.secret, rotated.body.secret]) {
      stripe.webhooks.constructEvent(first.body, header, secret, 300, undefined, clockNow().getTime());
    }

    await service.advanceClock(2 * 3600 + 1);
    await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    await deliver();
    const second = at('/rotate')[1]!;
    const later = second.headers['service-signature'] as string;
    expect(later.match(/v1=/g)).toHaveLength(1);
    verifyWebhook(second.body, later, [rotated.body.secret], { now: clockNow() });
    expect(() => verifyWebhook(second.body, later, [created.secret], { now: clockNow() })).toThrow();

    expectError(
      await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/rotate-secret`, {
        body: { keep_previous_hours: 73 },
      }),
      422,
      'keep_previous_hours_invalid',
    );
    // Without a body the previous secret keeps signing for 24 hours.
    const plain = await service.call<{ previous_secret_expires_at: string }>(
      key,
      'POST',
      `/v1/webhooks/${created.webhook.id}/rotate-secret`,
    );
    expect(plain.status).toBe(200);
    expect(new Date(plain.body.previous_secret_expires_at).getTime()).toBe(
      clockNow().getTime() + 24 * 3600_000,
    );
  });

  it('retries on the schedule, counts a redirect as a failure, and marks the delivery failed at the end', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    answers.set('/flaky', 302);
    const created = await register(key, '/flaky');
    await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    await deliver();
    expect(at('/flaky')).toHaveLength(1);
    answers.set('/flaky', 500);
    for (const [i, seconds] of RETRY_SCHEDULE_SECONDS.entries()) {
      await service.advanceClock(seconds - 1);
      await deliver();
      expect(at('/flaky'), `nothing before retry ${i + 1} is due`).toHaveLength(i + 1);
      await service.advanceClock(1);
      await deliver();
      expect(at('/flaky')).toHaveLength(i + 2);
    }
    const log = await service.call<{
      deliveries: {
        id: string;
        status: string;
        attempts: number;
        response_code: number;
        next_attempt_at: string | null;
      }[];
    }>(key, 'GET', `/v1/webhooks/${created.webhook.id}/deliveries`);
    const [delivery] = log.body.deliveries;
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 8,
      response_code: 500,
      next_attempt_at: null,
    });
    // Every attempt carried the same event id and the same body.
    expect(new Set(at('/flaky').map((hit) => hit.headers['service-event-id'])).size).toBe(1);
    expect(new Set(at('/flaky').map((hit) => hit.body)).size).toBe(1);

    // A manual retry puts it back in line.
    answers.set('/flaky', 204);
    const retried = await service.call<{ delivery: { status: string } }>(
      key,
      'POST',
      `/v1/webhooks/${created.webhook.id}/deliveries/${delivery!.id}/retry`,
    );
    expect(retried.status).toBe(200);
    expect(retried.body.delivery.status).toBe('pending');
    // Asked twice before it is sent: still one delivery, due now (webhooks.retry.test.ts has every state).
    const again = await service.call(
      key,
      'POST',
      `/v1/webhooks/${created.webhook.id}/deliveries/${delivery!.id}/retry`,
    );
    expect(again.status).toBe(200);
    await deliver();
    const after = await service.call<{ deliveries: { status: string; response_code: number }[] }>(
      key,
      'GET',
      `/v1/webhooks/${created.webhook.id}/deliveries`,
    );
    expect(after.body.deliveries[0]).toMatchObject({ status: 'delivered', response_code: 204 });
  });

  it('stops an endpoint that answers 410 and cancels what was pending', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    answers.set('/gone', 410);
    const created = await register(key, '/gone');
    await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    const dispatcher = service.runtime.createDispatcher({ perEndpoint: 1 });
    await dispatcher.drain();
    await dispatcher.stop();
    expect(at('/gone')).toHaveLength(1);
    const list = await service.call<{ count: number }>(key, 'GET', '/v1/webhooks');
    expect(list.body.count).toBe(0);
    const log = await service.call<{ deliveries: { status: string }[] }>(
      key,
      'GET',
      `/v1/webhooks/${created.webhook.id}/deliveries`,
    );
    expect(log.body.deliveries.map((d) => d.status).sort()).toEqual(['cancelled', 'failed']);
  });

  it('stops an endpoint failing for 3 days without a success', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    answers.set('/down', 503);
    const created = await register(key, '/down');
    await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    await deliver();
    // Two days later a new event: still failing, still active.
    await service.advanceClock(2 * 24 * 3600);
    await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    await deliver();
    expect((await service.call<{ count: number }>(key, 'GET', '/v1/webhooks')).body.count).toBe(1);
    // Past three days from the first failure: the next failure stops it.
    await service.advanceClock(24 * 3600 + 60);
    await service.call(key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    await deliver();
    expect((await service.call<{ count: number }>(key, 'GET', '/v1/webhooks')).body.count).toBe(0);
  });

  it('refuses at delivery a name that resolves to 127.0.0.1, before any connection', async () => {
    const { key } = await service.given.funderWithKey({ environment: 'live' });
    const created = await service.call<{ webhook: { id: string } }>(key, 'POST', '/v1/webhooks', {
      body: { url: 'https://rebinding.acme-bank.com/in' },
    });
    expect(created.status).toBe(201);
    await service.call(key, 'POST', `/v1/webhooks/${created.body.webhook.id}/test`);
    const asked: string[] = [];
    const dispatcher = service.runtime.createDispatcher({
      resolve: async (host) => {
        asked.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    await dispatcher.drain();
    await dispatcher.stop();
    expect(asked).toEqual(['rebinding.acme-bank.com']);
    const log = await service.call<{
      deliveries: { status: string; last_error: string; response_code: null }[];
    }>(key, 'GET', `/v1/webhooks/${created.body.webhook.id}/deliveries`);
    expect(log.body.deliveries[0]).toMatchObject({ status: 'pending', response_code: null });
    expect(log.body.deliveries[0]!.last_error).toMatch(/target refused.*127\.0\.0\.1/);
  });
});

describe('events of the landed areas', () => {
  it('reach a sandbox key’s endpoint, each verified, and only that key’s endpoint', async () => {
    const mine = await service.given.demoFunder();
    const other = await service.given.key({ bankId: mine.bankId, prospect: 'another prospect' });
    const created = await register(mine.key, '/sandbox-mine');
    await register(other.secret, '/sandbox-other');
    // The other prospect does not see, test or stop this key's endpoint.
    expect((await service.call<{ count: number }>(other.secret, 'GET', '/v1/webhooks')).body.count).toBe(1);
    expectError(
      await service.call(other.secret, 'POST', `/v1/webhooks/${created.webhook.id}/test`),
      404,
      'not_found',
    );

    const today = madridDate(clockNow());
    const call = async (method: string, url: string, body?: unknown) => {
      const answer = await service.call<Record<string, unknown>>(mine.key, method, url, body ? { body } : {});
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      return answer.body;
    };
    const { request } = (await call('POST', '/v1/sandbox/requests', {})) as { request: { id: string } };
    const path = `/v1/requests/${request.id}`;
    await call('POST', `${path}/decision`, { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 });
    await call('POST', `/v1/sandbox/requests/${request.id}/accept`);
    await call('POST', `/v1/sandbox/requests/${request.id}/debtor-answer`, { answer: 'acknowledged' });
    await call('POST', `${path}/decision`, {
      decision: 'fund',
      value_date: today,
      reference: 'TRF-2026-0001',
    });
    await call('POST', `${path}/decision`, { decision: 'settle', amount: 100, reference: 'CAMT-0001' });
    const second = (await call('POST', '/v1/sandbox/requests', {})) as { request: { id: string } };
    await call('POST', `/v1/requests/${second.request.id}/decision`, {
      decision: 'offer',
      rate: 2.5,
      advance_pct: 80,
      days: 60,
    });
    await call('POST', `/v1/sandbox/requests/${second.request.id}/accept`);
    await call('POST', `/v1/sandbox/requests/${second.request.id}/debtor-answer`, { answer: 'disputed' });
    // A confidential request announced.
    const confidential = (await call('POST', '/v1/sandbox/requests', {
      terms: { disclosure: 'confidential' },
    })) as { request: { id: string } };
    await call('POST', `/v1/requests/${confidential.request.id}/decision`, {
      decision: 'offer',
      rate: 2.5,
      advance_pct: 80,
      days: 60,
    });
    await call('POST', `/v1/requests/${confidential.request.id}/announce`, {
      reason: 'Announcing for the test',
    });
    // Early payments in every state.
    const early = async () =>
      ((await call('POST', '/v1/sandbox/early-payments', { amount: 1000 })) as { id: string }).id;
    const paid = await early();
    await call('POST', `/v1/sandbox/early-payments/${paid}/accept`, {});
    await call('POST', `/v1/early-payments/${paid}/paid`, {
      amount: 980,
      value_date: today,
      reference: 'EP-1',
    });
    await call('POST', `/v1/early-payments/${paid}/repayment`, {
      amount: 400,
      value_date: today,
      reference: 'R-1',
    });
    await call('POST', `/v1/early-payments/${paid}/repayment`, {
      amount: 600,
      value_date: today,
      reference: 'R-2',
    });
    await call('POST', `/v1/sandbox/early-payments/${await early()}/decline`, {});
    await call('POST', `/v1/sandbox/early-payments/${await early()}/withdraw`, {});
    // A supplier completing an onboarding link.
    const link = (await call('POST', '/v1/onboarding-links', {
      company_vat: 'ESB40000012',
      country: 'ES',
      contact_email: 'admin@supplier.example',
      return_url: 'https://example.com/back',
      company_name: 'Proveedor de Eventos SL',
      // Quotes, a backslash, a field's own spelling and text beyond ASCII in the event's data,
      // which the event log writes in as the database stores it.
      metadata: { note: 'Proveedor "data":{} de Eventos \\ Sañá', 'data"': '{}' },
    })) as { onboarding_link: { id: string } };
    await call('POST', `/v1/sandbox/onboarding-links/${link.onboarding_link.id}/complete`);
    await service.call(mine.key, 'POST', `/v1/webhooks/${created.webhook.id}/test`);
    await deliver();

    const delivered = new Map<string, WebhookEvent>();
    const types = at('/sandbox-mine').map((hit) => {
      const event = verifyWebhook<WebhookEvent>(
        hit.body,
        hit.headers['service-signature'] as string,
        created.secret,
        {
          now: clockNow(),
        },
      );
      expect(hit.headers['service-event-id']).toBe(event.id);
      delivered.set(event.id, event);
      return event.type;
    });
    expect(new Set(types)).toEqual(
      new Set([
        'request.routed',
        'offer.created',
        'request.approved',
        'notice.acknowledged',
        'request.funded',
        'settlement.recorded',
        'notice.disputed',
        'request.announced',
        'early_payment.released',
        'early_payment.accepted',
        'early_payment.paid',
        'early_payment.repayment_recorded',
        'early_payment.repaid',
        'early_payment.declined',
        'early_payment.withdrawn',
        'onboarding.completed',
        'webhook.test',
      ]),
    );
    expect(at('/sandbox-other')).toHaveLength(0);

    // The event log shows the same events, this key's only, oldest first, page by page.
    const page = await service.call<{ events: { id: string; type: string }[]; next_cursor: string | null }>(
      mine.key,
      'GET',
      '/v1/events?limit=2',
    );
    expect(page.status).toBe(200);
    expect(page.body.events).toHaveLength(2);
    expect(page.body.next_cursor).not.toBeNull();
    const rest = await service.call<{ events: { type: string }[] }>(
      mine.key,
      'GET',
      `/v1/events?limit=200&after=${page.body.next_cursor}`,
    );
    expect([...page.body.events, ...rest.body.events].map((e) => e.type).sort()).toEqual([...types].sort());
    // Each as its delivery carried it: the log writes the stored data in as it is, the same value.
    for (const event of [...page.body.events, ...rest.body.events] as unknown as WebhookEvent[]) {
      const { id, type, created_at, api_version, data } = event;
      expect({ id, type, created_at, api_version, data }).toEqual(delivered.get(id));
    }
    const funded = await service.call<{ events: { type: string }[] }>(
      mine.key,
      'GET',
      '/v1/events?type=request.funded',
    );
    expect(funded.body.events.map((e) => e.type)).toEqual(['request.funded']);
    expect((await service.call<{ count: number }>(other.secret, 'GET', '/v1/events')).body.count).toBe(0);
    expectError(await service.call(mine.key, 'GET', '/v1/events?type=nope'), 422, 'event_type_unknown');
    expectError(await service.call(mine.key, 'GET', '/v1/events?after=abc'), 422, 'cursor_invalid');

    // Another prospect's reset of the demonstration keeps this key's endpoint.
    expect((await service.ops('POST', '/ops/v1/demo/reset')).status).toBe(200);
    expect((await service.call<{ count: number }>(mine.key, 'GET', '/v1/webhooks')).body.count).toBe(1);
  });
});
