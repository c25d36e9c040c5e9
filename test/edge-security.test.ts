import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_KEY_LIMIT_PER_MINUTE } from '../src/platform/http/auth.ts';
import { expectError } from './support/errors.ts';
import { type Answer, startService, type TestService } from './support/service.ts';

/**
 * What a bank's reviewer checks at the edge: whose X-Forwarded-For is believed, the headers of
 * every answer, and the operator token's comparison. The service trusts one proxy range here,
 * as behind a load balancer in 10.0.0.0/8; a second server on the same database is told it is
 * reached over https.
 */

const PROXIES = ['10.0.0.0/8'];
let service: TestService;
let overHttps: TestService;
let key: string;
beforeAll(async () => {
  service = await startService({ config: { trustProxy: PROXIES } });
  overHttps = await startService({ database: service.database, config: { hsts: true } });
  ({ key } = await service.given.funderWithKey({ environment: 'live' }));
});
afterAll(async () => {
  await overHttps?.close();
  await service?.close();
});

/** A call arriving from `peer` (the connection's address), with the headers given. */
async function callFrom(
  peer: string,
  headers: Record<string, string>,
  url = '/v1/me',
  on: TestService = service,
): Promise<Answer> {
  const response = await on.app.inject({ method: 'GET', url, remoteAddress: peer, headers });
  const json = String(response.headers['content-type'] ?? '').includes('json');
  return {
    status: response.statusCode,
    body: json ? response.json() : { text: response.body },
    headers: response.headers,
  };
}

const unknownKey = () =>
  `svc_fk_${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

describe('the client address', () => {
  it('a client connecting directly cannot choose its address with X-Forwarded-For: unknown keys are throttled after 20', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const answer = await callFrom('198.51.100.31', {
        authorization: `Bearer ${unknownKey()}`,
        'x-forwarded-for': `203.0.113.${i}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, BAD_KEY_LIMIT_PER_MINUTE)).toEqual(Array(BAD_KEY_LIMIT_PER_MINUTE).fill(401));
    expect(statuses.slice(BAD_KEY_LIMIT_PER_MINUTE)).toEqual(Array(30 - BAD_KEY_LIMIT_PER_MINUTE).fill(429));
  });

  it('behind a trusted proxy, the address the proxy appended counts, not the ones the client forged before it', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const answer = await callFrom('10.0.0.5', {
        authorization: `Bearer ${unknownKey()}`,
        'x-forwarded-for': `203.0.113.${i}, 198.51.100.32`,
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - BAD_KEY_LIMIT_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    // Another client behind the same proxy is not throttled with it.
    expectError(
      await callFrom('10.0.0.5', {
        authorization: `Bearer ${unknownKey()}`,
        'x-forwarded-for': '198.51.100.33',
      }),
      401,
      'unauthorized',
    );
  });
});

describe('the operator token', () => {
  it('a wrong token of another length and one of the same length answer the same 401', async () => {
    const right = service.opsToken;
    const sameLength = `${right.slice(0, -1)}${right.endsWith('0') ? '1' : '0'}`;
    const answers = [];
    for (const wrong of [`${right}x`, right.slice(0, 10), sameLength]) {
      answers.push(await callFrom('198.51.100.41', { authorization: `Bearer ${wrong}` }, '/ops/v1/funders'));
    }
    for (const answer of answers) expectError(answer, 401, 'unauthorized');
    const shapes = answers.map((answer) => {
      const { request_id: _, ...error } = (answer.body as { error: Record<string, unknown> }).error;
      return { status: answer.status, error };
    });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(
      (await callFrom('198.51.100.41', { authorization: `Bearer ${right}` }, '/ops/v1/funders')).status,
    ).toBe(200);
  });
});

describe('the headers of every answer', () => {
  const everyKind = () =>
    [
      ['a read', callFrom('198.51.100.51', { authorization: `Bearer ${key}` })],
      ['a refused key', callFrom('198.51.100.52', { authorization: `Bearer ${unknownKey()}` })],
      ['an unknown path', callFrom('198.51.100.53', { authorization: `Bearer ${key}` }, '/v1/nothing-here')],
      ['the OpenAPI document', callFrom('198.51.100.54', {}, '/v1/openapi.json')],
    ] as const;

  it('every /v1 answer, refusals included, carries Cache-Control: no-store', async () => {
    for (const [what, pending] of everyKind()) {
      const answer = await pending;
      expect(answer.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('an answer showing a secret once (a new webhook) carries Cache-Control: no-store', async () => {
    const answer = await service.call(key, 'POST', '/v1/webhooks', {
      body: { url: 'https://hooks.funder-bank.com/in' },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('every /v1 answer says nosniff, no referrer, and may not be framed', async () => {
    for (const [what, pending] of everyKind()) {
      const answer = await pending;
      expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
      expect(answer.headers['referrer-policy'], what).toBe('no-referrer');
      expect(answer.headers['x-frame-options'], what).toBe('DENY');
      expect(answer.headers['content-security-policy'], what).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
    }
  });

  it('the reference page at /docs says nosniff and no referrer, and keeps its strict policy with frame-ancestors none', async () => {
    const page = await callFrom('198.51.100.55', {}, '/docs');
    expect(page.status).toBe(200);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const policy = String(page.headers['content-security-policy']).split(/;\s*/);
    expect(policy).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(policy).not.toContain("frame-ancestors 'self'");
  });

  it('HSTS is sent only when the service is told it is reached over https', async () => {
    const plain = await callFrom('198.51.100.56', { authorization: `Bearer ${key}` });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await callFrom('198.51.100.56', { authorization: `Bearer ${key}` }, '/v1/me', overHttps);
    expect(secure.status).toBe(200);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    const docs = await callFrom('198.51.100.56', {}, '/docs', overHttps);
    expect(docs.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
