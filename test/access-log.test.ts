import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freePort,
  listenersCaller,
  migratedDataDir,
  PROCESS_MINUTES,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';
import { freshDatabase, onPostgres, type TestDatabase } from './support/database.ts';
import { untilWithin } from './support/webhook-receiver.ts';

/**
 * The log a running server writes, as an operator reads it: the compiled `serve` at level info,
 * in production (standard output is the log stream), on the embedded database or, in the
 * PostgreSQL run, on a database of its own.
 */

let database: TestDatabase | null = null;
afterAll(async () => {
  await cleanUpProcesses();
  await database?.drop();
});

const until = untilWithin(PROCESS_MINUTES * 60_000);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Line = Record<string, unknown>;

/** The JSON lines of the output; the first-start message around them is plain text. */
function logLines(output: string): Line[] {
  return output
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as Line);
}

describe('the log of a running server', { timeout: SUITE_TIMEOUT }, () => {
  it('has one access line per call, with ISO times, no query string, no secret, and no health check at info', async () => {
    const dataDir = onPostgres() ? await tempDataDir() : await migratedDataDir();
    const port = await freePort();
    // In production the operations API answers on its own port only.
    const opsPort = await freePort();
    const opsToken = `ops_${randomBytes(24).toString('hex')}`;
    let postgres: Record<string, string> = {};
    if (onPostgres()) {
      database = await freshDatabase();
      postgres = { DATABASE_URL: database.url ?? '', SECRETS_KEY: randomBytes(32).toString('base64') };
    }
    const server = await startServer(dataDir, port, 'background jobs', {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      OPS_TOKEN: opsToken,
      OPS_PORT: String(opsPort),
      ...postgres,
    });
    const call = listenersCaller(port, opsPort);

    // A funder and its key, made over the operations API.
    const funder = await call(opsToken, 'POST', '/ops/v1/funders', {
      name: 'Logged Funder',
      environment: 'live',
    });
    expect(funder.status).toBe(201);
    const bankId = (JSON.parse(funder.text) as { funder: { bank_id: string } }).funder.bank_id;
    const issued = await call(opsToken, 'POST', '/ops/v1/keys', {
      bank_id: bankId,
      name: 'access log',
      scopes: ['requests:read'],
    });
    expect(issued.status).toBe(201);
    const key = (JSON.parse(issued.text) as { secret: string }).secret;

    const querySecret = `secret-${randomBytes(8).toString('hex')}`;
    // A gateway's id for the call: logged beside the service's own, which it never replaces.
    const gatewayId = '3f2e1d0c-9b8a-4776-8655-443322110ffe';
    const calls = {
      me: await call(key, 'GET', '/v1/me', undefined, { 'x-request-id': gatewayId }),
      unknown: await call(key, 'GET', '/v1/nothing-here'),
      refused: await call(`svc_fk_${'0'.repeat(64)}`, 'GET', '/v1/me'),
      query: await call(key, 'GET', `/v1/requests?status=all&token=${querySecret}`),
      health: await call(null, 'GET', '/v1/health'),
    };
    expect(calls.me.status).toBe(200);
    expect(calls.unknown.status).toBe(404);
    expect(calls.refused.status).toBe(401);
    expect(calls.health.status).toBe(200);
    for (const answer of Object.values(calls)) expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);

    // Every call but the health check is logged at info; a line is written once its answer is sent.
    const logged = Object.entries(calls).filter(([name]) => name !== 'health');
    const ids = new Set(
      [funder, issued, ...logged.map(([, answer]) => answer)].map((answer) => answer.requestId),
    );
    await until(
      () => logLines(server.output()).filter((line) => ids.has(line.request_id as string)).length >= ids.size,
      'the access lines of the calls',
    );
    expect(await stop(server)).toBe(0);

    const output = server.output();
    const lines = logLines(output);
    const access = (requestId: string | null) => lines.filter((line) => line.request_id === requestId);
    expect(calls.me.requestId).not.toBe(gatewayId);
    const expected = {
      me: { route: '/v1/me', path: '/v1/me', funder_id: bankId, client_request_id: gatewayId },
      // An unknown path is answered before any key is read.
      unknown: { route: null, path: '/v1/nothing-here', funder_id: null },
      refused: { route: '/v1/me', path: '/v1/me', funder_id: null },
      query: { route: '/v1/requests', path: '/v1/requests', funder_id: bankId },
    };
    for (const [name, fields] of Object.entries(expected)) {
      const answer = calls[name as keyof typeof expected];
      expect(access(answer.requestId), name).toEqual([
        {
          level: 30,
          time: expect.stringMatching(ISO_TIME),
          pid: expect.any(Number),
          hostname: expect.any(String),
          request_id: answer.requestId,
          method: 'GET',
          status: answer.status,
          duration_ms: expect.any(Number),
          remote_address: '127.0.0.1',
          trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
          operator: null,
          client_request_id: null,
          msg: 'call',
          ...fields,
        },
      ]);
    }
    // The operations calls too, one line each.
    for (const answer of [funder, issued]) {
      expect(access(answer.requestId)).toEqual([
        expect.objectContaining({ level: 30, msg: 'call', status: answer.status, funder_id: null }),
      ]);
    }

    // The health check is not at info; Fastify's own two lines are gone.
    expect(access(calls.health.requestId)).toEqual([]);
    expect(lines.filter((line) => line.route === '/v1/health' || line.path === '/v1/health')).toEqual([]);
    expect(
      lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed'),
    ).toEqual([]);

    // Every line in ISO time; no query string, no key, no operator token anywhere.
    expect(lines.length).toBeGreaterThan(ids.size);
    for (const line of lines) expect(line.time, JSON.stringify(line)).toMatch(ISO_TIME);
    expect(output).not.toContain(querySecret);
    expect(output).not.toContain('?status=');
    expect(output).not.toContain(key);
    expect(output).not.toContain(opsToken);
    expect(output).not.toMatch(/svc_fk_[0-9a-f]{8}/);
    expect(output).not.toMatch(/ops_[0-9a-f]{8}/);
  });
});
