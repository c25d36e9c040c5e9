import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOperations, type OperationsListener } from '../src/platform/http/ops-listener.ts';
import { startService, type TestService } from './support/service.ts';

/*
 * The operations listener (OPS_PORT) and named operators, on one service with both listeners
 * open over real HTTP: each listener answers only its own routes; operator tokens are issued,
 * named, listed without their tokens, and revoked; an operations write names its operator.
 * The command line's side, through a running server, is in test/cli.operators.test.ts.
 */

let service: TestService;
let ops: OperationsListener;
let publicUrl: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  service = await startService({ config: { opsPort: 0 }, logger: pino({ level: 'info' }, sink) });
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const address = service.app.server.address();
  publicUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ops = await listenOperations(service.app, {
    port: 0,
    host: '127.0.0.1',
    edge: { requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 },
  });
});

afterAll(async () => {
  await ops?.close();
  await service?.close();
});

type Answered = { error?: { code?: string } };

async function call(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

describe('the operations listener', () => {
  it('the public listener answers 404 in the envelope for /ops/v1, /readyz and /metrics, even with the operator token', async () => {
    for (const [method, path] of [
      ['GET', '/ops/v1/funders'],
      ['POST', '/ops/v1/clock'],
      ['GET', '/ops/v1/no-such-thing'],
      ['GET', '/readyz'],
      ['GET', '/metrics'],
    ] as const) {
      const answer = await call(
        publicUrl,
        service.opsToken,
        method,
        path,
        method === 'POST' ? {} : undefined,
      );
      expect({ path, status: answer.status, code: answer.body.error?.code }).toEqual({
        path,
        status: 404,
        code: 'not_found',
      });
      expect(answer.body.error.request_id).toEqual(expect.any(String));
    }
    // Its own routes still answer there.
    expect((await call(publicUrl, null, 'GET', '/v1/me')).status).toBe(401);
    expect((await call(publicUrl, null, 'GET', '/v1/openapi.json')).status).toBe(200);
  });

  it('the operations listener answers /ops/v1, /readyz and /metrics, and 404 for the public API', async () => {
    expect((await call(ops.url, service.opsToken, 'GET', '/ops/v1/funders')).status).toBe(200);
    const ready = await call(ops.url, null, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    const metrics = await fetch(`${ops.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^funder_api_http_requests_total\{/m);
    expect((await call(ops.url, null, 'GET', '/ops/v1/funders')).status).toBe(401);
    for (const path of ['/v1/me', '/v1/openapi.json', '/docs']) {
      const answer = await call(ops.url, null, 'GET', path);
      expect({ path, status: answer.status, code: answer.body.error?.code }).toEqual({
        path,
        status: 404,
        code: 'not_found',
      });
    }
  });
});

describe('in production', () => {
  it('the public listener answers 404 for the operations paths even if nothing opened an operations port', async () => {
    // loadConfig always gives production an operations port; a configuration built otherwise
    // still never puts the operations API, readiness or metrics on the public port.
    const production = await startService({
      database: service.database,
      config: { nodeEnv: 'production', opsPort: null },
    });
    try {
      for (const [method, path] of [
        ['GET', '/metrics'],
        ['GET', '/readyz'],
        ['POST', '/ops/v1/clock'],
      ] as const) {
        const answer = await production.call(null, method, path, method === 'POST' ? { body: {} } : {});
        expect({ path, status: answer.status, code: (answer.body as Answered).error?.code }).toEqual({
          path,
          status: 404,
          code: 'not_found',
        });
      }
      expect((await production.call(null, 'GET', '/v1/health')).status).toBe(200);
    } finally {
      // Its app only: the database is the file's service's.
      await production.app.close();
    }
  });
});

describe('named operators', () => {
  let alice: string;

  it('an operator issued by name calls the operations API with its own token', async () => {
    const issued = await call(ops.url, service.opsToken, 'POST', '/ops/v1/operators', {
      name: 'alice',
      role: 'admin',
    });
    expect(issued.status).toBe(201);
    expect(issued.body.operator).toMatchObject({ name: 'alice', revoked_at: null, last_used_at: null });
    alice = issued.body.token;
    expect(alice).toMatch(/^svc_op_[0-9a-f]{64}$/);
    expect((await call(ops.url, alice, 'GET', '/ops/v1/funders')).status).toBe(200);
    // Only the token's hash is kept.
    const { rows } = await service.db.query<{ row: string }>(
      'SELECT row_to_json(o)::text AS row FROM operators o',
    );
    expect(rows.map((r) => r.row).join()).not.toContain(alice);
  });

  it('a name in force, the bootstrap name, or a name out of the pattern is refused', async () => {
    const again = await call(ops.url, service.opsToken, 'POST', '/ops/v1/operators', {
      name: 'alice',
      role: 'admin',
    });
    expect([again.status, again.body.error.code]).toEqual([409, 'conflict']);
    const bootstrap = await call(ops.url, service.opsToken, 'POST', '/ops/v1/operators', {
      name: 'bootstrap',
      role: 'admin',
    });
    expect([bootstrap.status, bootstrap.body.error.code]).toEqual([409, 'conflict']);
    const bad = await call(ops.url, service.opsToken, 'POST', '/ops/v1/operators', {
      name: 'Alice Smith',
      role: 'admin',
    });
    expect(bad.status).toBe(422);
  });

  it('the list shows names and dates, never a token', async () => {
    const list = await call(ops.url, service.opsToken, 'GET', '/ops/v1/operators');
    expect(list.status).toBe(200);
    const [entry] = list.body.operators.filter((o: { name: string }) => o.name === 'alice');
    expect(entry).toMatchObject({ name: 'alice', revoked_at: null, last_used_at: expect.any(String) });
    expect(Object.keys(entry).sort()).toEqual([
      'created_at',
      'id',
      'issued_by',
      'issued_by_id',
      'last_used_at',
      'name',
      'prefix',
      'revoked_at',
      'role',
    ]);
    expect(entry).toMatchObject({ role: 'admin', issued_by: 'bootstrap', issued_by_id: null });
    expect(JSON.stringify(list.body)).not.toContain(alice);
  });

  it("an operations write names its operator on the evidence chain and in the call's access line", async () => {
    const created = await call(ops.url, alice, 'POST', '/ops/v1/funders', {
      name: 'Banco Operado',
      environment: 'live',
    });
    expect(created.status).toBe(201);
    const bankId = created.body.funder.bank_id as string;
    const { rows } = await service.db.query<{ actor: Record<string, string> }>(
      'SELECT actor FROM evidence_entries WHERE funder_id::text = $1 OR subject_id::text = $1',
      [bankId],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { actor } of rows) expect(actor).toMatchObject({ kind: 'operator', operator: 'alice' });
    const issued = await service.db.query<{ actor: Record<string, string> }>(
      "SELECT actor FROM evidence_entries WHERE kind = 'operator.issued' AND payload->>'name' = 'alice'",
    );
    expect(issued.rows.map((r) => r.actor.operator)).toEqual(['bootstrap']);
    const line = logLines.find(
      (l) => l.msg === 'call' && l.method === 'POST' && l.route === '/ops/v1/funders' && l.status === 201,
    );
    expect(line).toMatchObject({ operator: 'alice' });
    expect(JSON.stringify(logLines)).not.toContain(alice);
  });

  it('a revoked token is refused at its next call; the list keeps the name as revoked', async () => {
    const revoked = await call(ops.url, service.opsToken, 'POST', '/ops/v1/operators/alice/revoke');
    expect(revoked.status).toBe(200);
    expect(revoked.body.operator.revoked_at).toEqual(expect.any(String));
    const refused = await call(ops.url, alice, 'GET', '/ops/v1/funders');
    expect([refused.status, refused.body.error.code]).toEqual([401, 'unauthorized']);
    const again = await call(ops.url, service.opsToken, 'POST', '/ops/v1/operators/alice/revoke');
    expect([again.status, again.body.error.code]).toEqual([404, 'not_found']);
    const list = await call(ops.url, service.opsToken, 'GET', '/ops/v1/operators');
    expect(list.body.operators.find((o: { name: string }) => o.name === 'alice').revoked_at).toEqual(
      expect.any(String),
    );
    // The name may be issued again: a new token, the old one still refused.
    const reissued = await call(ops.url, service.opsToken, 'POST', '/ops/v1/operators', {
      name: 'alice',
      role: 'admin',
    });
    expect(reissued.status).toBe(201);
    expect((await call(ops.url, reissued.body.token, 'GET', '/ops/v1/funders')).status).toBe(200);
    expect((await call(ops.url, alice, 'GET', '/ops/v1/funders')).status).toBe(401);
  });
});
