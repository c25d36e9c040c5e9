import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_FUNDER_NAME } from '../src/areas/demo/demo.service.ts';
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
 * (The first start outside production, which prints both, is in cli.test.ts.)
 */

afterAll(cleanUpProcesses);

// Logs on, as in production: every line the process writes is checked for a credential.
const production = { NODE_ENV: 'production', LOG_LEVEL: 'info' };

/** A server started in production on a fresh embedded database, up to its first answer. */
async function firstStartInProduction(extra: Record<string, string> = {}) {
  const dataDir = await migratedDataDir();
  const port = await freePort();
  const server = await startServer(dataDir, port, 'background jobs running', { ...production, ...extra });
  const opsToken = (await readFile(join(dataDir, 'ops-token'), 'utf8')).trim();
  const ops = async <T>(path: string): Promise<T> => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { authorization: `Bearer ${opsToken}` },
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  return { dataDir, server, opsToken, ops };
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
