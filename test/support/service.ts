import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Config, loadConfig } from '../../src/config.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { boundTo, GATE } from '../../src/platform/db/actor.ts';
import type { Db } from '../../src/platform/db/db.ts';
import type { App } from '../../src/platform/http/app.ts';
import { createRuntime, type Runtime } from '../../src/runtime.ts';
import { TEST_CLOCK_START } from './clock.ts';
import { freshDatabase, type TestDatabase } from './database.ts';
import { type Given, givenOf } from './given.ts';

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
  /** Whether it started on the prebuilt demonstration plane (`StartOptions.demoPlane`). */
  demoPlane: boolean;
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

/** How a test service starts: its configuration over the test defaults, its database, its keys. */
export interface StartOptions {
  config?: Partial<Config>;
  database?: TestDatabase;
  /**
   * Starts on a copy of the template holding the demonstration plane as a reset at the clock's
   * start leaves it (support/demo-template.ts): `given.demoFunder()` then issues its key without
   * a reset of its own.
   */
  demoPlane?: boolean;
  logger?: Logger;
  /** The key sealing secrets, for a test that starts another process on the same database. */
  secretsKey?: Buffer;
  /** During a rotation of the secrets key: the key being replaced, which still opens. */
  previousSecretsKey?: Buffer;
  /** The metrics' monotonic clock (how long scrape figures are kept), for a test to move by hand. */
  monotonicNow?: () => number;
}

/** The secrets key of the services on the prebuilt demonstration plane (support/demo-template.ts). */
export const demoSecretsKey = (): Buffer => Buffer.from(inject('demoSecretsKey'), 'hex');

export async function startService(options: StartOptions = {}): Promise<TestService> {
  if (options.demoPlane && options.secretsKey && !options.secretsKey.equals(demoSecretsKey())) {
    throw new Error(
      'a service on the prebuilt demonstration plane has the key that built it: demoSecretsKey()',
    );
  }
  const database = options.database ?? (await freshDatabase({ demoPlane: options.demoPlane }));
  const secretsKey = options.secretsKey ?? (options.demoPlane ? demoSecretsKey() : randomBytes(32));
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
      secretsKey,
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
    demoPlane: options.demoPlane === true,
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

  service.given = givenOf(service);
  return service;
}

/**
 * The set-up most test files share, in one line: a service on a fresh database started before the
 * file's tests and closed after them, and its givens.
 *
 *   const { service, given } = startGiven();
 *
 * Both are usable at once in the file's body (by the tests and hooks, which run after the start):
 * `service` stands for the started service and answers for it. `options` may be a function, read
 * when the service starts (for options made in an earlier hook).
 */
export function startGiven(options: StartOptions | (() => StartOptions | Promise<StartOptions>) = {}): {
  service: TestService;
  given: Given;
} {
  let started: TestService | undefined;
  const current = (): TestService => {
    if (!started) throw new Error('the service starts before the first test: use it in a test or a hook');
    return started;
  };
  beforeAll(async () => {
    started = await startService(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => started?.close());

  const service: TestService = {
    get app() {
      return current().app;
    },
    get runtime() {
      return current().runtime;
    },
    get db() {
      return current().db;
    },
    get database() {
      return current().database;
    },
    get demoPlane() {
      return current().demoPlane;
    },
    get opsToken() {
      return current().opsToken;
    },
    call<T>(key: string | null, method: string, url: string, callOptions?: CallOptions) {
      return current().call<T>(key, method, url, callOptions);
    },
    ops<T>(method: string, url: string, body?: unknown) {
      return current().ops<T>(method, url, body);
    },
    advanceClock: (seconds) => current().advanceClock(seconds),
    given: undefined as unknown as Given,
    close: () => current().close(),
  };
  service.given = givenOf(service);
  return { service, given: service.given };
}
