import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@funder-api/client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliWithEnv, SUITE_TIMEOUT, tempDataDir } from './support/cli.ts';
import {
  killListeners,
  type Received,
  startListen,
  startReceiver,
  stateFile,
  until,
} from './support/listen.ts';
import { requestsGiven } from './support/requests-fixtures.ts';
import { startService, type TestService } from './support/service.ts';

/**
 * `funder-api listen`, as an integrator runs it on a laptop: the command follows the funder's
 * event log on a running service and posts each new event to a local receiver, signed with the
 * secret it printed at start, with the headers of a real delivery.
 */

let service: TestService;
let base: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let receiverUrl: string;
let received: Received[];

beforeAll(async () => {
  service = await startService({ demoPlane: true });
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  receiver = await startReceiver();
  receiverUrl = receiver.url;
  received = receiver.received;
}, SUITE_TIMEOUT);

afterAll(async () => {
  killListeners();
  await receiver?.close();
  await service?.close();
});

/** The warning `listen` writes when the key is given as an argument. */
const KEY_IN_ARGUMENTS = /--api-key puts your key in the process list.*set FUNDER_API_KEY instead/;

/** A sandbox request walked from creation to funded with the key, as the quick start does. */
async function walkToFunded(key: string): Promise<string> {
  const given = requestsGiven(service);
  const created = await service.call<{ request: { id: string } }>(key, 'POST', '/v1/sandbox/requests', {
    body: {},
  });
  expect(created.status).toBe(201);
  const id = created.body.request.id;
  const step = async (path: string, body: unknown, status: number) =>
    expect((await service.call(key, 'POST', path, { body })).status, path).toBe(status);
  await step(`/v1/requests/${id}/decision`, { decision: 'offer', rate: 2.5, advance_pct: 80, days: 60 }, 201);
  await step(`/v1/sandbox/requests/${id}/accept`, {}, 200);
  await step(`/v1/sandbox/requests/${id}/debtor-answer`, { answer: 'acknowledged' }, 200);
  await step(
    `/v1/requests/${id}/decision`,
    { decision: 'fund', value_date: await given.today(), reference: 'TRF-LISTEN-1' },
    200,
  );
  return id;
}

describe('funder-api listen', { timeout: SUITE_TIMEOUT }, () => {
  it('forwards a request.funded caused after its start to a local URL, signed with the secret it printed, and only the types asked for', async () => {
    const { key } = await service.given.demoKey();
    // An event from before the start is not forwarded.
    const before = await service.call<{ request: { id: string } }>(key, 'POST', '/v1/sandbox/requests', {
      body: {},
    });
    expect(before.status).toBe(201);

    // The key from the environment, as the README has it: nothing of it in the arguments.
    const listen = await startListen(
      [
        '--api-url',
        base,
        '--forward-to',
        receiverUrl,
        '--events',
        'request.funded',
        '--interval',
        '0.2',
        '--json',
      ],
      { FUNDER_API_KEY: key },
    );
    expect(listen.start).toMatchObject({ ready: true, forward_to: receiverUrl, events: ['request.funded'] });
    expect(listen.stderr()).not.toMatch(KEY_IN_ARGUMENTS);
    const secret = String(listen.start.secret);
    expect(secret).toMatch(/^whsec_/);

    const id = await walkToFunded(key);
    await until(async () => received.length > 0, 'the receiver got a forward');
    const delivery = received[0]!;
    expect(delivery.headers['content-type']).toBe('application/json');
    // The headers of a real delivery: its user agent, and a W3C trace context.
    expect(delivery.headers['user-agent']).toBe('funder-api-webhooks/1');
    expect(delivery.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/);
    expect(delivery.headers.traceparent).not.toMatch(/^00-0{32}-|-0{16}-[0-9a-f]{2}$/);
    // The receiver checks it as it checks a real delivery: same header, same scheme.
    const event = verifyWebhook<{ id: string; type: string; data: { request_id?: string } }>(
      delivery.body,
      delivery.headers['service-signature'],
      [secret],
      { toleranceSeconds: 300 },
    );
    expect(event.type).toBe('request.funded');
    expect(JSON.stringify(event.data)).toContain(id);
    expect(delivery.headers['service-event-id']).toBe(event.id);
    // And as a Standard Webhooks receiver checks it, with that project's library.
    const standard = new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { id: string };
    expect(standard.id).toBe(event.id);
    // The body is the event as the log lists it, byte for byte as a delivery would carry it.
    const log = await service.call<{ events: Record<string, unknown>[] }>(
      key,
      'GET',
      '/v1/events?type=request.funded',
    );
    const listed = log.body.events.find((item) => item.id === event.id)!;
    expect(delivery.body).toBe(
      JSON.stringify({
        id: listed.id,
        type: listed.type,
        created_at: listed.created_at,
        api_version: listed.api_version,
        data: listed.data,
      }),
    );
    // Its trace context continues the call that caused the event, as a delivery's does.
    expect(String(listed.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/);
    expect(String(delivery.headers.traceparent).split('-')[1]).toBe(String(listed.traceparent).split('-')[1]);
    // The other events of the walk (routed, offer, notices) were not asked for.
    await until(async () => listen.lines().length >= 2, 'listen printed the forward');
    expect(listen.lines()[1]).toMatchObject({
      forwarded: true,
      event_id: event.id,
      type: 'request.funded',
      status: 204,
    });
    expect(received.every((item) => JSON.parse(item.body).type === 'request.funded')).toBe(true);
    expect(received).toHaveLength(1);

    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(0);
  });

  it('resumes after a restart from the place its state file kept: every event of the key since the first start forwarded once, none skipped', async () => {
    const { key } = await service.given.demoKey();
    const own = await startReceiver();
    try {
      const logIds = async () =>
        (
          await service.call<{ events: { id: string }[] }>(key, 'GET', '/v1/events?limit=200')
        ).body.events.map((event) => event.id);
      const make = async () =>
        expect((await service.call(key, 'POST', '/v1/sandbox/requests', { body: {} })).status).toBe(201);
      await make();
      const before = new Set(await logIds());
      const state = await stateFile();
      const args = [
        '--api-url',
        base,
        '--forward-to',
        own.url,
        '--interval',
        '0.2',
        '--state',
        state,
        '--json',
      ];
      const first = await startListen(args, { FUNDER_API_KEY: key });
      expect(first.start).toMatchObject({ resumed: false, state });
      await make();
      const forwarded = () => own.received.map((hit) => JSON.parse(hit.body).id as string);
      await until(async () => forwarded().length > 0, 'a forward of the first run');
      const since = async () => (await logIds()).filter((id) => !before.has(id));
      await until(
        async () => forwarded().length === (await since()).length,
        'every event of the first request forwarded',
      );
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);

      // While it is stopped, and after its restart.
      await make();
      const second = await startListen(args, { FUNDER_API_KEY: key });
      expect(second.start).toMatchObject({ resumed: true, state });
      await make();
      await until(
        async () => forwarded().length >= (await since()).length && (await since()).length > 0,
        'the events made while stopped and after the restart',
      );
      expect(forwarded()).toEqual(await since());
      expect(new Set(forwarded()).size).toBe(forwarded().length);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('refuses a key the service does not know with its code, and bad options and event types the service does not list with exit code 2', async () => {
    const dataDir = await tempDataDir();
    const badKey = await cli(
      dataDir,
      'listen',
      '--api-key',
      `svc_fk_${'0'.repeat(64)}`,
      '--api-url',
      base,
      '--forward-to',
      receiverUrl,
      '--json',
    );
    expect(badKey.code).toBe(1);
    expect(JSON.parse(badKey.stdout).error.code).toBe('unauthorized');

    const badUrl = await cli(dataDir, 'listen', '--api-key', 'svc_fk_x', '--forward-to', 'ftp://x', '--json');
    expect(badUrl.code).toBe(2);
    expect(JSON.parse(badUrl.stdout).error.code).toBe('url_invalid');

    // The types are the service's own, as its event list (GET /v1/webhooks) gives them.
    const { key } = await service.given.demoKey();
    const badType = await cli(
      dataDir,
      'listen',
      '--api-key',
      key,
      '--api-url',
      base,
      '--forward-to',
      receiverUrl,
      '--events',
      'request.funded',
      'request.nothing',
      '--json',
    );
    expect(badType.code).toBe(2);
    expect(JSON.parse(badType.stdout).error).toMatchObject({
      code: 'event_type_unknown',
      events: ['request.nothing'],
    });
  });

  it('still takes a key given with --api-key, warning on standard error that other users can read it in the process list', async () => {
    const { key } = await service.given.demoKey();
    const listen = await startListen([
      '--api-key',
      key,
      '--api-url',
      base,
      '--forward-to',
      receiverUrl,
      '--json',
    ]);
    expect(listen.start).toMatchObject({ ready: true, forward_to: receiverUrl });
    expect(listen.stderr()).toMatch(KEY_IN_ARGUMENTS);
    // The warning names the option, never the key.
    expect(listen.stderr()).not.toContain(key);
    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(0);
  });

  it('refuses a --secret that is not whsec_ and base64 of at least 24 bytes with exit code 2, before it calls anyone', async () => {
    // A stand-in for the API and the receiver: any call reaching it means the command started.
    const calls: string[] = [];
    const tripwire = createServer((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => tripwire.listen(0, '127.0.0.1', resolve));
    const tripwireUrl = `http://127.0.0.1:${(tripwire.address() as AddressInfo).port}`;
    try {
      const dataDir = await tempDataDir();
      const env = { FUNDER_API_KEY: `svc_fk_${'0'.repeat(64)}` };
      const base64Of = (bytes: number) => randomBytes(bytes).toString('base64');
      for (const secret of [
        'whsec_short',
        `whsec_${base64Of(16)}`,
        `whsec_${base64Of(23)}`,
        `whsec_${'!'.repeat(40)}`,
        `whsec_${base64Of(32)} `,
        `whsec_${base64Of(32).replace(/=$/, '')}==`,
        base64Of(32),
      ]) {
        const refused = await cliWithEnv(
          dataDir,
          env,
          'listen',
          '--api-url',
          tripwireUrl,
          '--forward-to',
          `${tripwireUrl}/hooks`,
          '--secret',
          secret,
          '--json',
        );
        expect({ secret, code: refused.code }).toEqual({ secret, code: 2 });
        const { error } = JSON.parse(refused.stdout);
        expect(error.code).toBe('secret_invalid');
        expect(error.message).toContain('base64');
        expect(error.message).toContain('at least 24 bytes');
        expect(refused.stdout).not.toContain('"ready"');
      }
      expect(calls).toEqual([]);
      // Without --json, the refusal is a line on standard error, as for every command.
      const human = await cliWithEnv(
        dataDir,
        env,
        'listen',
        '--api-url',
        tripwireUrl,
        '--forward-to',
        `${tripwireUrl}/hooks`,
        '--secret',
        'whsec_short',
      );
      expect(human.code).toBe(2);
      expect(human.stderr).toMatch(/^funder-api: --secret: whsec_ then base64 .* at least 24 bytes\.\n$/);
      expect(human.stdout).toBe('');
      expect(calls).toEqual([]);
    } finally {
      await new Promise((resolve) => tripwire.close(resolve));
    }
  });

  it('takes a --secret of 24 bytes or more in either base64 alphabet as the session’s secret', async () => {
    const { key } = await service.given.demoKey();
    const bytes = randomBytes(24);
    // Bytes whose base64 has a + or a /, so that the base64url form differs from it.
    bytes[0] = 0xfb;
    for (const secret of [`whsec_${bytes.toString('base64')}`, `whsec_${bytes.toString('base64url')}`]) {
      const listen = await startListen(
        ['--api-url', base, '--forward-to', receiverUrl, '--secret', secret, '--json'],
        { FUNDER_API_KEY: key },
      );
      expect(listen.start).toMatchObject({ ready: true, secret });
      listen.child.kill('SIGINT');
      expect(await listen.exited).toBe(0);
    }
  });
});
