import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { BAD_KEY_LIMIT_PER_MINUTE } from '../src/platform/http/auth.ts';
import {
  cleanUpProcesses,
  freePort,
  migratedDataDir,
  NO_DEMO,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';
import { freshDatabase, onPostgres, type TestDatabase } from './support/database.ts';

/*
 * Bad operator tokens on a real `serve` with its operations listener (OPS_PORT): counted per
 * address with bad API keys, and answered with the same 429 past the limit. The clock is the
 * manual one, so the minute the calls are counted in is one the test chooses.
 */

let database: TestDatabase | null = null;
afterAll(async () => {
  await cleanUpProcesses();
  await database?.drop();
});

const OPS_TOKEN = `ops_${randomBytes(24).toString('hex')}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
  body: Record<string, any>;
}

/** A call to `base` with `authorization` as the header (none when null). */
async function call(
  base: string,
  authorization: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(authorization === null ? {} : { authorization }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: text ? JSON.parse(text) : {},
  };
}

/** The refusal without what differs from one call to the next (its request id). */
const shape = (answer: Answer) => {
  const { request_id: _, ...error } = answer.body.error ?? {};
  return { status: answer.status, retryAfter: answer.retryAfter, error };
};

describe('repeated bad operator tokens', { timeout: SUITE_TIMEOUT }, () => {
  it(`are answered 429 rate_limited with Retry-After past ${BAD_KEY_LIMIT_PER_MINUTE} a minute from one address, as bad API keys are; a valid token or key from it is still served`, async () => {
    let dataDir: string;
    let postgres: Record<string, string> = {};
    if (onPostgres()) {
      database = await freshDatabase();
      dataDir = await tempDataDir();
      postgres = { DATABASE_URL: database.url!, SECRETS_KEY: randomBytes(32).toString('base64') };
    } else {
      dataDir = await migratedDataDir();
    }
    const [port, opsPort] = [await freePort(), await freePort()];
    const server = await startServer(
      dataDir,
      port,
      'background jobs',
      {
        OPS_PORT: String(opsPort),
        OPS_TOKEN,
        FUNDER_API_CLOCK: 'manual',
        ...NO_DEMO,
        ...postgres,
      },
      ['--no-worker'],
    );
    const ops = `http://127.0.0.1:${opsPort}`;
    const api = `http://127.0.0.1:${port}`;
    const bootstrap = `Bearer ${OPS_TOKEN}`;

    // A named operator and a funder's key, made before any bad call.
    const issued = await call(ops, bootstrap, 'POST', '/ops/v1/operators', {
      name: 'night-shift',
      role: 'auditor',
    });
    expect(issued.status).toBe(201);
    const named = `Bearer ${issued.body.token}`;
    const funder = await call(ops, bootstrap, 'POST', '/ops/v1/funders', {
      name: 'Banco Contado',
      environment: 'live',
    });
    expect(funder.status).toBe(201);
    const key = await call(ops, bootstrap, 'POST', '/ops/v1/keys', {
      bank_id: funder.body.funder.bank_id,
      name: 'throttle test',
      scopes: ['requests:read'],
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const apiKey = `Bearer ${key.body.secret}`;
    expect((await call(api, apiKey, 'GET', '/v1/me')).status).toBe(200);

    // The start of a minute, so that the window's end is a whole minute away.
    const clock = await call(ops, bootstrap, 'GET', '/ops/v1/clock');
    expect(clock.body.manual).toBe(true);
    const seconds = new Date(clock.body.now).getTime() / 1000;
    const moved = await call(ops, bootstrap, 'POST', '/ops/v1/clock', {
      advance_seconds: 60 - (seconds % 60),
    });
    expect(moved.status).toBe(200);

    // Bad operator tokens of every kind, all from 127.0.0.1: unknown, wrong, none, another scheme.
    const bad = [
      `Bearer svc_op_${randomBytes(32).toString('hex')}`,
      `Bearer ${OPS_TOKEN}x`,
      null,
      `Basic ${Buffer.from(`bootstrap:${OPS_TOKEN}`).toString('base64')}`,
    ];
    for (let i = 0; i < BAD_KEY_LIMIT_PER_MINUTE; i++) {
      const answer = await call(ops, bad[i % bad.length]!, 'GET', '/ops/v1/funders');
      expect([answer.status, answer.body.error?.code], `bad token ${i + 1}`).toEqual([401, 'unauthorized']);
    }
    const refused = await call(ops, bad[0]!, 'GET', '/ops/v1/funders');
    expect(shape(refused)).toEqual({
      status: 429,
      retryAfter: '60',
      error: {
        code: 'rate_limited',
        message: `Too many calls: at most ${BAD_KEY_LIMIT_PER_MINUTE} per 60 seconds.`,
        retry_after_seconds: 60,
        limit: BAD_KEY_LIMIT_PER_MINUTE,
        window_seconds: 60,
      },
    });
    // One count per address for both kinds of credential: a bad API key on the public listener
    // now meets the very same answer, and a write on the operations API too.
    const badKey = await call(api, `Bearer svc_fk_${randomBytes(32).toString('hex')}`, 'GET', '/v1/me');
    expect(shape(badKey)).toEqual(shape(refused));
    const badWrite = await call(ops, bad[1]!, 'POST', '/ops/v1/funders', {
      name: 'Nunca',
      environment: 'live',
    });
    expect(shape(badWrite)).toEqual(shape(refused));

    // As with API keys, a valid credential from that address is served: the bootstrap token,
    // a named operator's and a funder's key.
    expect((await call(ops, bootstrap, 'GET', '/ops/v1/funders')).status).toBe(200);
    expect((await call(ops, named, 'GET', '/ops/v1/funders')).status).toBe(200);
    expect((await call(api, apiKey, 'GET', '/v1/me')).status).toBe(200);
    // Which does not lift the limit for the bad ones.
    expect((await call(ops, bad[2]!, 'GET', '/ops/v1/funders')).status).toBe(429);
    // Nothing was written by the refused write.
    const listed = await call(ops, bootstrap, 'GET', '/ops/v1/funders');
    expect(listed.body.funders.map((f: { name: string }) => f.name)).not.toContain('Nunca');

    // Once the minute is over, a bad token is told unauthorized again.
    expect((await call(ops, bootstrap, 'POST', '/ops/v1/clock', { advance_seconds: 60 })).status).toBe(200);
    expect(shape(await call(ops, bad[0]!, 'GET', '/ops/v1/funders')).status).toBe(401);
    expect(await stop(server)).toBe(0);
  });
});
