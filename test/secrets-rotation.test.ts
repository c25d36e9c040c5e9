import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../packages/client/src/index.ts';
import { secretBox } from '../src/platform/crypto.ts';
import { OPERATOR, runAs } from '../src/platform/db/actor.ts';
import { PLATFORM_SEALED, rotateSecrets } from '../src/platform/secrets-rotation.ts';
import { freshDatabase, type TestDatabase } from './support/database.ts';
import { startService, type TestService } from './support/service.ts';

/** A receiver on 127.0.0.1 that records every webhook delivery. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let base: string;
let database: TestDatabase;
const services: TestService[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  database = await freshDatabase();
});
afterAll(async () => {
  // Every service shares the one database: closing the last closes it.
  await services.at(-1)?.close();
  await new Promise((done) => receiver?.close(done));
});

/** A service on the shared database with these keys, as a server restarted with them would be. */
async function serviceWith(secretsKey: Buffer, previousSecretsKey?: Buffer): Promise<TestService> {
  const service = await startService({
    database,
    secretsKey,
    previousSecretsKey,
    config: { webhookAllowLoopback: true },
  });
  services.push(service);
  return service;
}

describe('rotating the secrets key', () => {
  it('seals every secret again under the new key; the old one can then go, and nothing a funder holds changes', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);

    // Before: secrets sealed under the old key.
    const before = await serviceWith(oldKey);
    const { key } = await before.given.funderWithKey({ environment: 'live' });
    const register = () =>
      before.call<{ webhook: { id: string }; secret: string }>(key, 'POST', '/v1/webhooks', {
        body: { url: `${base}/rotated` },
        headers: { 'idempotency-key': 'rotation-webhook' },
      });
    const created = await register();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = await before.call<{ client_link: { url: string } }>(key, 'POST', '/v1/client-links', {
      body: {},
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body.client_link.url).toMatch(/\/join\/cl_/);

    // During: the new key seals, the old one still opens; the rotation seals everything again.
    const during = await serviceWith(newKey, oldKey);
    const report = await rotateSecrets(
      database.db,
      during.runtime.secrets,
      during.runtime.clock,
      during.runtime.services.sealed,
    );
    expect(report.derivation).toEqual({ generation: 2, kept: 1, forgotten: [] });
    expect(report.resealed.webhook_secrets).toBeGreaterThanOrEqual(1);
    expect(report.resealed.idempotency_keys).toBeGreaterThanOrEqual(1);
    // Run again, it finds nothing left under the old key.
    const again = await rotateSecrets(
      database.db,
      during.runtime.secrets,
      during.runtime.clock,
      during.runtime.services.sealed,
    );
    expect(again.derivation).toEqual(report.derivation);
    expect(again.resealed).toEqual({
      webhook_secrets: 0,
      onboarding_links: 0,
      idempotency_keys: 0,
      kept_keys: 0,
    });

    // The old key alone opens nothing any more.
    const { rows } = await runAs(OPERATOR, () =>
      database.db.query<{ sealed: string }>('SELECT sealed FROM webhook_secrets'),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(() => secretBox(oldKey).open(row.sealed)).toThrow();

    // After: the new key only.
    const after = await serviceWith(newKey);
    const links = await after.call<{ client_links: { url?: string }[] }>(key, 'GET', '/v1/client-links');
    expect(links.body.client_links.map((entry) => entry.url)).toContain(link.body.client_link.url);
    const replay = await after.call<{ secret: string }>(key, 'POST', '/v1/webhooks', {
      body: { url: `${base}/rotated` },
      headers: { 'idempotency-key': 'rotation-webhook' },
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.secret).toBe(created.body.secret);

    // Deliveries are signed with the secret the funder was given before the rotation.
    const queued = await after.call(key, 'POST', `/v1/webhooks/${created.body.webhook.id}/test`);
    expect(queued.status).toBe(202);
    const dispatcher = after.runtime.createDispatcher();
    try {
      await dispatcher.drain();
    } finally {
      await dispatcher.stop();
    }
    const hit = received.at(-1);
    expect(hit).toBeDefined();
    const event = verifyWebhook(
      hit!.body,
      hit!.headers['service-signature'] as string,
      [created.body.secret],
      {
        now: after.runtime.clock.now(),
      },
    );
    expect(event).toMatchObject({ type: 'webhook.test' });
  });

  it('seals again every column the schema names sealed: the areas declare theirs on their modules, the platform its own', async () => {
    const service = services.at(-1)!;
    const declared = [...service.runtime.services.sealed, ...PLATFORM_SEALED].map(
      ({ table, column }) => `${table}.${column}`,
    );
    const { rows } = await runAs(OPERATOR, () =>
      database.db.query<{ name: string }>(
        `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND column_name LIKE '%sealed%' ORDER BY 1`,
      ),
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { name } of rows) expect(declared, name).toContain(name);
    // The areas declare the columns of their own tables (webhooks, clients); the platform its own two.
    expect(service.runtime.services.sealed.map((column) => column.table)).toEqual([
      'webhook_secrets',
      'onboarding_links',
    ]);
    expect(() =>
      rotateSecrets(database.db, service.runtime.secrets, service.runtime.clock, PLATFORM_SEALED),
    ).toThrow('the sealed column idempotency_keys.response_body is declared twice');
  });
});
