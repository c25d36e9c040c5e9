import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, FunderApiError, retryAfter, unwrap } from '../src/index.ts';

// A scripted server: each call takes the next answer of the script and records what it saw.
interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}
let script: Scripted[] = [];
let seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const next = script.shift() ?? { status: 200, body: { ok: true } };
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(JSON.stringify(next.body ?? {}));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((done) => server.close(() => done())));

function client(options: { maxRetries?: number; maxRetryDelayMs?: number } = {}) {
  const waits: number[] = [];
  script = [];
  seen = [];
  const api = createClient({
    baseUrl,
    apiKey: 'svc_fk_test',
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });
  return { api, waits };
}

const busy = (seconds: string): Scripted => ({
  status: 429,
  headers: { 'retry-after': seconds },
  body: { error: { code: 'rate_limited', message: 'Too many calls', request_id: 'req_1' } },
});

describe('the typed client', () => {
  it('sends the key as a bearer token and no Idempotency-Key on a read', async () => {
    const { api } = client();
    await api.GET('/v1/me');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe('Bearer svc_fk_test');
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('retries a 429 after the Retry-After it was given, with the same Idempotency-Key', async () => {
    const { api, waits } = client();
    script = [busy('3'), { status: 200, body: { request: { id: 'r1' } } }];
    const answer = await api.POST('/v1/sandbox/requests', { body: {} });
    expect(answer.response.status).toBe(200);
    expect(waits).toEqual([3000]);
    expect(seen).toHaveLength(2);
    const keys = seen.map((call) => call.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(seen[1]!.body).toBe('{}');
  });

  it('keeps an Idempotency-Key the caller chose', async () => {
    const { api } = client();
    await api.POST('/v1/sandbox/requests', { body: {}, headers: { 'Idempotency-Key': 'my-own-key-1' } });
    expect(seen[0]!.headers['idempotency-key']).toBe('my-own-key-1');
  });

  it('backs off on a 5xx without Retry-After and gives up after maxRetries, handing back the last answer', async () => {
    const { api, waits } = client({ maxRetries: 2 });
    const failure = { status: 503, body: { error: { code: 'unavailable', message: 'down' } } };
    script = [failure, failure, failure, { status: 200 }];
    const answer = await api.GET('/v1/me');
    expect(answer.response.status).toBe(503);
    expect(seen).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(400);
    expect(waits[0]).toBeLessThanOrEqual(600);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
  });

  it('never waits longer than its bound: a Retry-After past it is handed back at once', async () => {
    const { api, waits } = client({ maxRetryDelayMs: 10_000 });
    script = [busy('120')];
    const answer = await api.GET('/v1/me');
    expect(answer.response.status).toBe(429);
    expect(waits).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('does not retry a 4xx other than 429', async () => {
    const { api } = client();
    script = [{ status: 409, body: { error: { code: 'invalid_state', message: 'no' } } }];
    const answer = await api.GET('/v1/me');
    expect(answer.response.status).toBe(409);
    expect(seen).toHaveLength(1);
  });

  it('turns an error answer into a FunderApiError carrying its code, status and request id', async () => {
    const { api } = client({ maxRetries: 0 });
    script = [busy('1')];
    const attempt = async () => unwrap(await api.GET('/v1/me'));
    await expect(attempt()).rejects.toBeInstanceOf(FunderApiError);
    script = [busy('1')];
    const error = await attempt().catch((err: unknown) => err as FunderApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', requestId: 'req_1' });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfter('7', now)).toBe(7000);
    expect(retryAfter('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfter('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfter('soon', now)).toBeUndefined();
    expect(retryAfter(null, now)).toBeUndefined();
  });
});
