import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../../test/support/service.ts';
import { createLogger } from '../../runtime.ts';
import { AccessLog } from './access-log.ts';

type Line = Record<string, unknown>;

/** A logger writing into memory, as `serve` writes to standard output. */
function memoryLogger(level: string) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text));
      done();
    },
  });
  return { logger: createLogger({ logLevel: level }, sink), lines };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the access line of a call, logged at info', () => {
  let service: TestService;
  let lines: Line[];
  beforeAll(async () => {
    const memory = memoryLogger('info');
    lines = memory.lines;
    service = await startService({ logger: memory.logger });
  });
  afterAll(async () => service?.close());

  /** The lines written for one call, found by the request id it answered. */
  function linesOf(requestId: unknown): Line[] {
    expect(requestId).toEqual(expect.any(String));
    return lines.filter((line) => line.request_id === requestId);
  }

  it('is one line per call, with its method, route, path, status, duration and funder', async () => {
    const { key, bankId } = await service.given.funderWithKey();
    const answer = await service.call(key, 'GET', '/v1/me');
    expect(answer.status).toBe(200);
    const logged = linesOf(answer.headers['request-id']);
    expect(logged).toEqual([
      {
        level: 30,
        time: expect.stringMatching(ISO_TIME),
        pid: expect.any(Number),
        hostname: expect.any(String),
        request_id: answer.headers['request-id'],
        method: 'GET',
        route: '/v1/me',
        path: '/v1/me',
        status: 200,
        duration_ms: expect.any(Number),
        remote_address: expect.any(String),
        trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        funder_id: bankId,
        operator: null,
        client_request_id: null,
        msg: 'call',
      },
    ]);
  });

  it('names the route pattern, and the path without its query string', async () => {
    const { key } = await service.given.funderWithKey();
    const id = '00000000-0000-4000-8000-000000000000';
    const answer = await service.call(key, 'GET', `/v1/requests/${id}?token=secret-in-query&x=1`);
    expect(answer.status).toBe(404);
    const [line, ...more] = linesOf(answer.headers['request-id']);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      route: '/v1/requests/:id',
      path: `/v1/requests/${id}`,
      status: 404,
    });
    expect(JSON.stringify(lines)).not.toContain('secret-in-query');
  });

  it("names a call by the service's id, with a caller's X-Request-Id beside it: two funders sending the same get ids of their own, and the evidence names ours", async () => {
    const sent = 'b3c0a3e6-2f4e-4c1a-9d7e-0f5b6a7c8d9e';
    const funders = [await service.given.funderWithKey(), await service.given.funderWithKey()];
    const ids: string[] = [];
    for (const { key, bankId } of funders) {
      const answer = await service.call(key, 'PUT', '/v1/settings', {
        body: { debtor_consent_level: 'acceptance', reason: 'The insurer asks for acceptance.' },
        headers: { 'x-request-id': sent },
      });
      expect(answer.status).toBe(200);
      const id = String(answer.headers['request-id']);
      expect(id).not.toBe(sent);
      expect(answer.headers['client-request-id']).toBe(sent);
      ids.push(id);
      expect(linesOf(id)).toEqual([
        expect.objectContaining({
          request_id: id,
          client_request_id: sent,
          route: '/v1/settings',
          status: 200,
          funder_id: bankId,
          msg: 'call',
        }),
      ]);
      // The evidence chain's actor is the service's id, never the caller's.
      const { rows } = await service.db.query<{ actor: Record<string, string> }>(
        `SELECT actor FROM evidence_entries WHERE funder_id = $1 AND kind = 'settings.changed'`,
        [bankId],
      );
      expect(rows.map((row) => row.actor)).toEqual([expect.objectContaining({ request_id: id })]);
      expect(JSON.stringify(rows)).not.toContain(sent);
    }
    expect(new Set(ids).size).toBe(2);
    expect(lines.filter((line) => line.request_id === sent)).toEqual([]);
  });

  it('says route null for a path no route serves', async () => {
    const answer = await service.call(null, 'GET', '/v1/nothing-here?token=abc');
    expect(answer.status).toBe(404);
    expect(linesOf(answer.headers['request-id'])).toEqual([
      expect.objectContaining({
        level: 30,
        route: null,
        path: '/v1/nothing-here',
        status: 404,
        funder_id: null,
      }),
    ]);
  });

  it('logs a refused key at info, with no funder', async () => {
    const answer = await service.call(`svc_fk_${'0'.repeat(64)}`, 'GET', '/v1/me');
    expect(answer.status).toBe(401);
    expect(linesOf(answer.headers['request-id'])).toEqual([
      expect.objectContaining({ level: 30, route: '/v1/me', status: 401, funder_id: null }),
    ]);
  });

  it('logs a path that cannot be decoded, answered before routing', async () => {
    const answer = await service.call(null, 'GET', '/v1/requests/%zz');
    expect(answer.status).toBe(400);
    expect(linesOf((answer.body as { error: { request_id: string } }).error.request_id)).toEqual([
      expect.objectContaining({ level: 30, route: null, path: '/v1/requests/%zz', status: 400 }),
    ]);
  });

  it('logs an operations call under its route', async () => {
    const answer = await service.ops('GET', '/ops/v1/funders');
    expect(answer.status).toBe(200);
    expect(linesOf(answer.headers['request-id'])).toEqual([
      expect.objectContaining({ level: 30, route: '/ops/v1/funders', status: 200, funder_id: null }),
    ]);
  });

  it('writes nothing for GET /v1/health: its access line is debug', async () => {
    const answer = await service.call(null, 'GET', '/v1/health');
    expect(answer.status).toBe(200);
    expect(linesOf(answer.headers['request-id'])).toEqual([]);
  });

  it('replaces both of Fastify’s own lines', () => {
    const messages = new Set(lines.map((line) => line.msg));
    expect(messages.has('incoming request')).toBe(false);
    expect(messages.has('request completed')).toBe(false);
  });
});

describe('the access line at debug level', () => {
  let service: TestService;
  let lines: Line[];
  beforeAll(async () => {
    const memory = memoryLogger('debug');
    lines = memory.lines;
    service = await startService({ logger: memory.logger });
  });
  afterAll(async () => service?.close());

  it('shows GET /v1/health at debug', async () => {
    const answer = await service.call(null, 'GET', '/v1/health');
    expect(lines.filter((line) => line.request_id === answer.headers['request-id'])).toEqual([
      expect.objectContaining({ level: 20, route: '/v1/health', status: 200, msg: 'call' }),
    ]);
  });
});

describe('the level of an access line', () => {
  /** The level AccessLog writes a call at, for a route config, a status and a write error. */
  function levelOf(config: { accessLog?: 'debug' }, status: number, error: Error | null = null): number {
    const levels: number[] = [];
    const log = pino(
      { level: 'trace' },
      {
        write(text: string) {
          levels.push(JSON.parse(text).level);
        },
      },
    );
    const request = {
      method: 'GET',
      url: '/x',
      raw: { url: '/x' },
      headers: {},
      ip: '127.0.0.1',
      routeOptions: { url: '/x', config },
      caller: null,
      operator: { kind: 'operator', requestId: 'r', name: 'alice' },
    } as unknown as FastifyRequest;
    const reply = { statusCode: status, elapsedTime: 1.234, log } as unknown as FastifyReply;
    new AccessLog().requestCompleted(error, request, reply);
    expect(levels).toHaveLength(1);
    return levels[0]!;
  }

  it('is error for an answer that could not be written, debug for routes that ask, error for other 5xx, info otherwise', () => {
    expect(levelOf({}, 200)).toBe(30);
    expect(levelOf({}, 404)).toBe(30);
    expect(levelOf({}, 500)).toBe(50);
    expect(levelOf({}, 200, new Error('socket closed'))).toBe(50);
    expect(levelOf({ accessLog: 'debug' }, 200)).toBe(20);
    expect(levelOf({ accessLog: 'debug' }, 503)).toBe(20);
    expect(levelOf({ accessLog: 'debug' }, 200, new Error('socket closed'))).toBe(50);
  });
});
