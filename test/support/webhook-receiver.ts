import { randomBytes } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Config } from '../../src/config.ts';
import { freshDatabase, type TestDatabase } from './database.ts';
import { demoSecretsKey, startService, type TestService } from './service.ts';

/**
 * A webhook receiver on a loopback port, and a service on a fresh database of its own that may
 * deliver to it. The database's URL and the secrets key are kept so that dispatchers in other
 * processes (dispatcher-processes.ts) can work on the same outbox and open the same secrets.
 */
export interface WebhookBench {
  /** The receiver's address; an endpoint's URL is this and a path the test chooses. */
  base: string;
  database: TestDatabase;
  service: TestService;
  secretsKey: Buffer;
  /** A webhook endpoint of the key's funder at `path` on the receiver; answers its id. */
  endpoint(key: string, path: string): Promise<string>;
  /** The service, its database, then the receiver (an afterAll's job). */
  close(): Promise<void>;
}

/** The receiver answers with `answer`: what it records and when it answers is the test's own. */
export async function startWebhookBench(
  answer: RequestListener,
  /** More of the service's configuration (a dispatcher's safety wake, for instance). */
  config: Partial<Config> = {},
  /** Starts on the prebuilt demonstration plane (`StartOptions.demoPlane`). */
  options: { demoPlane?: boolean } = {},
): Promise<WebhookBench> {
  const secretsKey = options.demoPlane ? demoSecretsKey() : randomBytes(32);
  const receiver = createServer(answer);
  let database: TestDatabase | undefined;
  let service: TestService | undefined;
  const close = async () => {
    await service?.close();
    await database?.drop();
    await new Promise((done) => receiver.close(done));
  };
  try {
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    database = await freshDatabase({ demoPlane: options.demoPlane });
    service = await startService({
      database,
      demoPlane: options.demoPlane,
      secretsKey,
      config: { webhookAllowLoopback: true, databaseUrl: database.url, ...config },
    });
    const started = service;
    return {
      base,
      database,
      service,
      secretsKey,
      async endpoint(key, path) {
        const made = await started.call<{ webhook: { id: string } }>(key, 'POST', '/v1/webhooks', {
          body: { url: `${base}${path}` },
        });
        expect(made.status).toBe(201);
        return made.body.webhook.id;
      },
      close,
    };
  } catch (error) {
    // Nothing is handed back to close, so whatever had started is closed here.
    await close();
    throw error;
  }
}

/**
 * Waits until `done()` holds, checking whenever the event loop is free; fails after `boundMs`,
 * a long bound (each test chooses its own).
 */
export function untilWithin(boundMs: number) {
  return async (done: () => boolean | Promise<boolean>, what: string): Promise<void> => {
    const started = Date.now();
    while (!(await done())) {
      if (Date.now() - started > boundMs) throw new Error(`gave up waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
}
