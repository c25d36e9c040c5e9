import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_FUNDER_NAME } from '../src/areas/demo/demo.module.ts';
import {
  cleanUpProcesses,
  cliWithEnv,
  freePort,
  migratedDataDir,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';

/**
 * With NODE_ENV=production standard output is the log stream: the first start prints no
 * credential, builds the demonstration plane only when asked, and the manual clock is refused.
 * The operations listener is always its own there: the public port answers nothing of it. Each
 * server gets a free OPS_PORT (the default, 9090, may be taken on a test machine: config.test.ts
 * shows it is the one used when OPS_PORT is unset). (The first start outside production, which
 * prints both, is in cli.test.ts.)
 */

afterAll(cleanUpProcesses);

// Logs on, as in production: every line the process writes is checked for a credential.
const production = { NODE_ENV: 'production', LOG_LEVEL: 'info' };

/** A server started in production on a fresh embedded database, up to its first answer. */
async function firstStartInProduction(extra: Record<string, string> = {}) {
  const dataDir = await migratedDataDir();
  const port = await freePort();
  const opsPort = await freePort();
  const server = await startServer(dataDir, port, 'background jobs running', {
    ...production,
    OPS_PORT: String(opsPort),
    ...extra,
  });
  const opsToken = (await readFile(join(dataDir, 'ops-token'), 'utf8')).trim();
  const ops = async <T>(path: string): Promise<T> => {
    const response = await fetch(`http://127.0.0.1:${opsPort}${path}`, {
      headers: { authorization: `Bearer ${opsToken}` },
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  return { dataDir, server, port, opsPort, opsToken, ops };
}

function expectNoCredential(output: string, opsToken: string) {
  expect(output).not.toContain(opsToken);
  expect(output).not.toMatch(/ops_[0-9a-f]{16}/);
  expect(output).not.toMatch(/svc_fk_[0-9a-f]{16}/);
}

describe('the first start in production', { timeout: SUITE_TIMEOUT }, () => {
  it('builds no demonstration plane, prints no credential, and says where the operator token is kept', async () => {
    const { dataDir, server, opsToken, ops } = await firstStartInProduction();
    const { funders } = await ops<{ funders: unknown[] }>('/ops/v1/funders');
    expect(funders).toEqual([]);
    expect(await stop(server)).toBe(0);
    const output = server.output();
    expect(opsToken).toMatch(/^ops_[0-9a-f]{64}$/);
    expectNoCredential(output, opsToken);
    expect(output).toContain(
      `operator token       in ${join(dataDir, 'ops-token')}, readable by its owner only; not shown`,
    );
    expect(output).not.toContain('sandbox key');
    expect(((await stat(join(dataDir, 'ops-token'))).mode & 0o777).toString(8)).toBe('600');
  });

  it('with FUNDER_API_DEMO=true builds the demonstration plane, and still prints neither the operator token nor a sandbox key', async () => {
    const { server, opsToken, ops } = await firstStartInProduction({ FUNDER_API_DEMO: 'true' });
    const { funders } = await ops<{ funders: { bank_id: string; name: string; environment: string }[] }>(
      '/ops/v1/funders',
    );
    expect(funders).toEqual([expect.objectContaining({ name: DEMO_FUNDER_NAME, environment: 'sandbox' })]);
    // No sandbox key made for nobody to see: the operations team issues one to a prospect.
    const { keys } = await ops<{ keys: unknown[] }>('/ops/v1/keys');
    expect(keys).toEqual([]);
    expect(await stop(server)).toBe(0);
    const output = server.output();
    expectNoCredential(output, opsToken);
    expect(output).toContain(`demonstration plane  ready, funder ${funders[0]!.bank_id}`);
    expect(output).toContain(`funder-api keys issue --bank-id ${funders[0]!.bank_id}`);
  });

  it('answers nothing internal on the public port: /metrics, /readyz and /ops/v1 answer on the operations port only', async () => {
    const { server, port, opsPort, opsToken } = await firstStartInProduction();
    const get = async (at: number, path: string, token: string | null = null) => {
      const response = await fetch(`http://127.0.0.1:${at}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const text = await response.text();
      return { status: response.status, text };
    };
    for (const path of ['/metrics', '/readyz', '/ops/v1/clock', '/ops/v1/funders']) {
      // Even with the operator token: the public port never checks one.
      const answer = await get(port, path, opsToken);
      expect({ path, status: answer.status, code: JSON.parse(answer.text).error?.code }).toEqual({
        path,
        status: 404,
        code: 'not_found',
      });
    }
    expect((await get(port, '/v1/health')).status).toBe(200);

    const metrics = await get(opsPort, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/^funder_api_jobs_queued\{kind="/m);
    const ready = await get(opsPort, '/readyz');
    expect([ready.status, JSON.parse(ready.text).status]).toEqual([200, 'ready']);
    const clock = await get(opsPort, '/ops/v1/clock', opsToken);
    expect([clock.status, JSON.parse(clock.text).manual]).toEqual([200, false]);
    // The operations port answers nothing of the public API.
    expect((await get(opsPort, '/v1/health')).status).toBe(404);
    expect(await stop(server)).toBe(0);
    expect(server.output()).toContain(`"url":"http://127.0.0.1:${opsPort}"`);
  });

  it.each([
    [{ OPS_PORT: 'off' }, 'OPS_PORT=off'],
    [{ PORT: '9090' }, 'PORT is 9090'],
  ])('refuses to share the public port (%o), saying why, before anything opens', async (env, said) => {
    const dataDir = await tempDataDir();
    const refused = await cliWithEnv(dataDir, { ...production, ...env }, 'serve');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(said);
    expect(refused.stderr).toContain('never answer on the public port');
    expect(refused.stdout).toBe('');
  });

  it('stops the start, naming OPS_PORT, when another process holds the operations port', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    try {
      const taken = (holder.address() as AddressInfo).port;
      const dataDir = await migratedDataDir();
      const refused = await cliWithEnv(
        dataDir,
        { ...production, PORT: String(await freePort()), HOST: '127.0.0.1', OPS_PORT: String(taken) },
        'serve',
      );
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`cannot listen on 127.0.0.1:${taken}: another process holds it`);
      expect(refused.stderr).toContain('Set OPS_PORT to a free port');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it.each([['serve'], ['work']])(
    '%s refuses FUNDER_API_CLOCK=manual, saying to leave it unset',
    async (command) => {
      const dataDir = await tempDataDir();
      const refused = await cliWithEnv(dataDir, { ...production, FUNDER_API_CLOCK: 'manual' }, command);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('FUNDER_API_CLOCK=manual');
      expect(refused.stderr).toContain('refused when NODE_ENV=production');
      // Refused before anything is opened or made.
      expect(refused.stdout).toBe('');
    },
  );
});
