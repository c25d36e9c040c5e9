import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../test/support/service.ts';
import { createLogger } from '../runtime.ts';
import { CREDENTIAL_PREFIXES } from './crypto.ts';
import { loggableUrl, REDACTED } from './log-safety.ts';

describe('URLs as they are logged', () => {
  it('lose the token of a document download link', () => {
    expect(loggableUrl(`/v1/document-downloads/dl_${'a'.repeat(64)}`)).toBe(
      `/v1/document-downloads/${REDACTED}`,
    );
  });

  it('lose query members that may carry a credential, and keep the others', () => {
    expect(loggableUrl('/v1/requests?status=all&limit=5')).toBe('/v1/requests?status=all&limit=5');
    expect(loggableUrl('/v1/exports/x?token=abc&sig=def&page=2')).toBe(
      `/v1/exports/x?token=${REDACTED}&sig=${REDACTED}&page=2`,
    );
  });

  it('lose a key or an operator token pasted anywhere into them', () => {
    const key = `svc_fk_${'b'.repeat(64)}`;
    expect(loggableUrl(`/v1/requests/${key}?q=${key}`)).not.toContain('b'.repeat(64));
  });

  it('lose every kind of credential the service issues, known by its prefix, and keep short words alike', () => {
    const body = 'c0ffee'.repeat(11);
    for (const [kind, prefix] of Object.entries(CREDENTIAL_PREFIXES)) {
      const credential = `${prefix}${body}`;
      const logged = loggableUrl(`/join/${credential}?q=${credential}&note=see-${credential}`);
      expect(logged, kind).toBe(
        `/join/${prefix}${REDACTED}?q=${prefix}${REDACTED}&note=see-${prefix}${REDACTED}`,
      );
    }
    expect(loggableUrl('/ops/v1/jobs?job_id=7&sort=cl_at')).toBe('/ops/v1/jobs?job_id=7&sort=cl_at');
  });
});

describe('the logger', () => {
  function logged(write: (logger: ReturnType<typeof createLogger>) => void): Record<string, unknown>[] {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    write(createLogger({ logLevel: 'info' }, sink));
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('censors a credential at the top of a line, one level down, and bound to a child logger', () => {
    const failure = Object.assign(new Error('the hook refused'), { token: 'whsec_error_token' });
    const [top, nested, error, bound] = logged((logger) => {
      logger.info({ secret: 'svc_fk_top', token: 'ops_top', authorization: 'Bearer x', keep: 1 }, 'top');
      logger.info(
        { key: { id: 'key_1', secret: 'svc_fk_nested' }, hook: { token: 'whsec_nested' } },
        'nested',
      );
      logger.error({ err: failure }, 'error');
      logger.child({ token: 'svc_fk_bound', role: 'worker' }).info('bound');
    });
    expect(top).toMatchObject({ secret: REDACTED, token: REDACTED, authorization: REDACTED, keep: 1 });
    expect(nested).toMatchObject({ key: { id: 'key_1', secret: REDACTED }, hook: { token: REDACTED } });
    // An error stays an error: its type, message and stack are logged, its token is not.
    expect(error!.err).toMatchObject({ type: 'Error', message: 'the hook refused', token: REDACTED });
    expect(String((error!.err as { stack: string }).stack)).toContain('the hook refused');
    expect(bound).toMatchObject({ token: REDACTED, role: 'worker' });
    expect(JSON.stringify([top, nested, error, bound])).not.toMatch(/svc_fk_|ops_top|whsec_|Bearer/);
    // What was logged is not changed for the code that logged it.
    expect(failure.token).toBe('whsec_error_token');
  });

  it('writes a line without credentials as it was given', () => {
    const [line] = logged((logger) =>
      logger.info({ method: 'GET', route: '/v1/me', status: 200, list: [{ secret: 'in an array' }] }, 'call'),
    );
    expect(line).toMatchObject({ method: 'GET', route: '/v1/me', status: 200, msg: 'call' });
  });
});

/**
 * A service logging at info level into memory, as `serve` does, and a run that calls every
 * route it has with a key, the operator token and a document download link.
 */
describe('the logs of a run over every route', () => {
  let service: TestService;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    service = await startService({ demoPlane: true, logger: createLogger({ logLevel: 'info' }, sink) });
  });
  afterAll(async () => service?.close());

  /** Every route of the app as METHOD and path, from Fastify's own table. */
  function everyRoute(): { method: string; url: string }[] {
    const table = service.app.printRoutes({ commonPrefix: false });
    const routes: { method: string; url: string }[] = [];
    for (const line of table.split('\n')) {
      const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
      if (!match) continue;
      for (const method of match[2]!.split(',').map((m) => m.trim())) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: match[1]! });
      }
    }
    return routes;
  }

  it('holds no key, operator token, download token or secret', async () => {
    const sandbox = await service.given.demoFunder();
    const live = await service.given.funderWithKey({ environment: 'live' });
    const secrets = [sandbox.key, live.key, service.opsToken];

    // A real download link of the demonstration plane, with its token.
    const list = await service.call<{ requests: { id: string }[] }>(
      sandbox.key,
      'GET',
      '/v1/requests?status=all',
    );
    let downloadPath: string | null = null;
    for (const request of list.body.requests) {
      const documents = await service.call(sandbox.key, 'GET', `/v1/requests/${request.id}/documents`);
      const url = /"download_url":"([^"]+)"/.exec(JSON.stringify(documents.body))?.[1];
      if (url) {
        downloadPath = new URL(url).pathname;
        break;
      }
    }
    expect(downloadPath).toMatch(/^\/v1\/document-downloads\/dl_[0-9a-f]{64}$/);
    const downloadToken = downloadPath!.split('/').pop()!;
    secrets.push(downloadToken);
    expect((await service.call(null, 'GET', downloadPath!)).status).toBe(200);

    // A key issued over the operations API: its secret is in the answer, never in a log.
    const issued = await service.ops<{ secret: string }>('POST', '/ops/v1/keys', {
      bank_id: live.bankId,
      name: 'logged run',
      scopes: ['requests:read'],
    });
    secrets.push(issued.body.secret);

    const routes = everyRoute();
    expect(routes.length).toBeGreaterThan(30);
    const requestId = list.body.requests[0]!.id;
    for (const route of routes) {
      const url = route.url
        .replace(':token', downloadToken)
        .replace(/:id|:request_id/g, requestId)
        .replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000');
      const isOps = url.startsWith('/ops/');
      const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
      // Both planes' keys on funder routes, with a query that names a token; the operator
      // token on the operations API; and a bad key, so refusals are logged too.
      if (isOps) {
        if (url === '/ops/v1/demo/reset' || url === '/ops/v1/clock') continue;
        await service.ops(route.method, `${url}?token=${downloadToken}`, body);
      } else {
        for (const key of [sandbox.key, live.key, `${live.key.slice(0, -1)}0`]) {
          await service.call(key, route.method, url, {
            body,
            headers: body === undefined ? {} : { 'idempotency-key': `log-run-${route.method}-${url}` },
          });
        }
      }
    }
    await service.call(service.opsToken, 'GET', '/v1/me');
    await service.call(null, 'GET', `/v1/document-downloads/${downloadToken}?token=${downloadToken}`);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(routes.length);
    expect(log).toContain('/v1/document-downloads/[redacted]');
    // Each call's access line names its path without the query string a credential may be in.
    const calls = log
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { msg: string; path?: string })
      .filter((line) => line.msg === 'call');
    const paths = calls.map((line) => line.path ?? '');
    expect(paths.length).toBeGreaterThan(routes.length);
    for (const path of paths) expect(path).not.toContain('?');
    for (const secret of secrets)
      expect(log.includes(secret), `a secret in the log: ${secret.slice(0, 10)}…`).toBe(false);
    // Nothing that looks like one either, whoever issued it.
    expect(log).not.toMatch(/svc_fk_[0-9a-f]{8}/);
    expect(log).not.toMatch(/ops_[0-9a-f]{8}/);
    expect(log).not.toMatch(/dl_[0-9a-f]{8}/);
  });
});
