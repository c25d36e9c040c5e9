import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pino, { type Logger } from 'pino';
import { type Config, loadConfig } from '../../src/config.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { boundTo, GATE } from '../../src/platform/db/actor.ts';
import type { Db } from '../../src/platform/db/db.ts';
import type { App } from '../../src/platform/http/app.ts';
import { SCOPES } from '../../src/platform/http/scopes.ts';
import { createRuntime, type Runtime } from '../../src/runtime.ts';
import { TEST_CLOCK_START } from './clock.ts';
import { freshDatabase, type TestDatabase } from './database.ts';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw payload sent as is (with its own content-type header). */
  payload?: string | Buffer;
}

export interface TestService {
  app: App;
  runtime: Runtime;
  db: Db;
  database: TestDatabase;
  opsToken: string;
  /** Calls the funder API with a key (or none). */
  call<T = Record<string, unknown>>(
    key: string | null,
    method: string,
    url: string,
    options?: CallOptions,
  ): Promise<Answer<T>>;
  /** Calls the operations API with the operator token. */
  ops<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<Answer<T>>;
  advanceClock(seconds: number): Promise<void>;
  given: Given;
  close(): Promise<void>;
}

export interface Given {
  funder(options?: {
    environment?: 'live' | 'sandbox' | 'unclassified';
    name?: string;
  }): Promise<{ bank_id: string; name: string }>;
  key(options: {
    bankId: string;
    scopes?: string[];
    name?: string;
    expiresAt?: string;
    perMinute?: number;
    perHour?: number;
    prospect?: string;
  }): Promise<{ id: string; secret: string }>;
  /** A funder of the given environment with a key holding every scope. */
  funderWithKey(options?: {
    environment?: 'live' | 'sandbox' | 'unclassified';
    scopes?: string[];
    perMinute?: number;
  }): Promise<{ bankId: string; key: string; keyId: string }>;
  /** The demonstration plane, rebuilt, and a sandbox key on its funder. */
  sandbox(options?: { scopes?: string[] }): Promise<{ bankId: string; key: string; keyId: string }>;
}

export async function startService(
  options: {
    config?: Partial<Config>;
    database?: TestDatabase;
    logger?: Logger;
    /** The key sealing secrets, for a test that starts another process on the same database. */
    secretsKey?: Buffer;
    /** During a rotation of the secrets key: the key being replaced, which still opens. */
    previousSecretsKey?: Buffer;
    /** The metrics' monotonic clock (how long scrape figures are kept), for a test to move by hand. */
    monotonicNow?: () => number;
  } = {},
): Promise<TestService> {
  const database = options.database ?? (await freshDatabase());
  const opsToken = `ops_${randomBytes(24).toString('hex')}`;
  const config: Config = {
    ...loadConfig({}),
    clock: 'manual',
    logLevel: 'silent',
    inlineWorker: false,
    demoOnFirstStart: false,
    // Every error answer must be one its operation documents (platform/http/openapi).
    checkErrorCodes: true,
    // Every kept answer served is read again and compared: a write that changes an answer
    // without leaving a change mark fails the test that makes it (platform/read-cache).
    readCache: 'verify',
    ...options.config,
  };
  const runtime = await createRuntime(config, {
    db: database.db,
    clock: config.clock === 'manual' ? manualClock(TEST_CLOCK_START) : undefined,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    secrets: {
      opsToken,
      secretsKey: options.secretsKey ?? randomBytes(32),
      previousSecretsKey: options.previousSecretsKey ?? null,
    },
    monotonicNow: options.monotonicNow,
  });
  const app = await runtime.buildApp();

  const send = async <T>(
    method: string,
    url: string,
    headers: Record<string, string>,
    options: CallOptions,
  ) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
        ...options.headers,
      },
      payload: options.payload ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });
    let body: unknown = response.body;
    if (String(response.headers['content-type'] ?? '').includes('json') && response.body.length > 0) {
      body = response.json();
    }
    return { status: response.statusCode, body: body as T, headers: response.headers };
  };

  const service: TestService = {
    app,
    runtime,
    // Tests arrange and inspect rows with every power (on PostgreSQL the server's superuser; a
    // test may disable a trigger or add a constraint), whatever the code under test runs as: the
    // service itself connects as the login role and sets its own roles.
    db: boundTo(database.superuser(), GATE),
    database,
    opsToken,
    call: (key, method, url, callOptions = {}) =>
      send(method, url, key ? { authorization: `Bearer ${key}` } : {}, callOptions),
    ops: (method, url, body) => send(method, url, { authorization: `Bearer ${opsToken}` }, { body }),
    async advanceClock(seconds) {
      const answer = await service.ops('POST', '/ops/v1/clock', { advance_seconds: seconds });
      if (answer.status !== 200) throw new Error(`clock: ${JSON.stringify(answer.body)}`);
    },
    given: undefined as unknown as Given,
    async close() {
      await app.close();
      await runtime.close();
      if (!options.database) await database.drop();
    },
  };

  const expectOk = <T>(answer: Answer<T>, what: string): T => {
    if (answer.status >= 300)
      throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  service.given = {
    async funder(funderOptions = {}) {
      const body = expectOk(
        await service.ops<{ funder: { bank_id: string; name: string } }>('POST', '/ops/v1/funders', {
          name: funderOptions.name ?? `Funder ${randomBytes(3).toString('hex')}`,
          environment: funderOptions.environment ?? 'live',
        }),
        'create funder',
      );
      return body.funder;
    },
    async key(keyOptions) {
      const body = expectOk(
        await service.ops<{ key: { id: string }; secret: string }>('POST', '/ops/v1/keys', {
          bank_id: keyOptions.bankId,
          name: keyOptions.name ?? 'test key',
          scopes: keyOptions.scopes ?? [...SCOPES],
          ...(keyOptions.expiresAt ? { expires_at: keyOptions.expiresAt } : {}),
          ...(keyOptions.prospect ? { prospect: keyOptions.prospect } : {}),
          ...(keyOptions.perMinute || keyOptions.perHour
            ? {
                rate_limit: {
                  per_minute: keyOptions.perMinute ?? null,
                  per_hour: keyOptions.perHour ?? null,
                },
              }
            : {}),
        }),
        'issue key',
      );
      return { id: body.key.id, secret: body.secret };
    },
    async funderWithKey(funderOptions = {}) {
      const funder = await service.given.funder({ environment: funderOptions.environment ?? 'live' });
      const key = await service.given.key({
        bankId: funder.bank_id,
        scopes: funderOptions.scopes,
        perMinute: funderOptions.perMinute,
      });
      return { bankId: funder.bank_id, key: key.secret, keyId: key.id };
    },
    async sandbox(sandboxOptions = {}) {
      const reset = expectOk(
        await service.ops<{ bank_id: string }>('POST', '/ops/v1/demo/reset'),
        'demo reset',
      );
      const key = await service.given.key({
        bankId: reset.bank_id,
        scopes: sandboxOptions.scopes,
        prospect: 'test prospect',
      });
      return { bankId: reset.bank_id, key: key.secret, keyId: key.id };
    },
  };
  return service;
}
