import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FUNDER_NAME } from '../src/areas/demo/demo.module.ts';
import {
  cleanUpProcesses,
  cli,
  cliWithEnv,
  freePort,
  migratedDataDir,
  root,
  type Server,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';

afterAll(cleanUpProcesses);

/** Every field name in a JSON answer, at every depth, that is not snake_case. */
function notSnakeCase(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => notSnakeCase(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(/^[a-z][a-z0-9_]*$/.test(key) ? [] : [`${path}.${key}`]),
    ...notSnakeCase(inner, `${path}.${key}`),
  ]);
}

/** Runs the CLI with --json and reads its answer (snake_case throughout), failing on a non-zero exit. */
async function cliJson<T = Record<string, unknown>>(dataDir: string, ...args: string[]): Promise<T> {
  const outcome = await cli(dataDir, ...args, '--json');
  if (outcome.code !== 0) {
    throw new Error(
      `funder-api ${args.join(' ')} exited ${outcome.code}: ${outcome.stdout}${outcome.stderr}`,
    );
  }
  const answer = JSON.parse(outcome.stdout) as T;
  expect(notSnakeCase(answer)).toEqual([]);
  return answer;
}

/** Runs the CLI with --json expecting a failure: its JSON error on standard output, nothing on standard error. */
async function cliJsonFailure(dataDir: string, exitCode: number, ...args: string[]) {
  const outcome = await cli(dataDir, ...args, '--json');
  expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: exitCode, stderr: '' });
  const answer = JSON.parse(outcome.stdout) as {
    error: { code: string; message: string } & Record<string, unknown>;
  };
  expect(notSnakeCase(answer)).toEqual([]);
  expect(answer.error.message).toEqual(expect.any(String));
  return answer.error;
}

// The first server starts at once, beside the one-off commands (each on its own data folder):
// both are slow to start, and they need not wait for each other.
let firstStart: { dataDir: string; port: number; server: Promise<Server> };
beforeAll(async () => {
  const dataDir = await migratedDataDir();
  const port = await freePort();
  const server = startServer(dataDir, port, 'API reference:');
  server.catch(() => undefined); // awaited, and reported, by the serve tests
  firstStart = { dataDir, port, server };
});

// Every command starts a Node process and the embedded database: slow on a busy machine.
describe('one-off commands on the embedded database', { timeout: SUITE_TIMEOUT }, () => {
  let dataDir: string;
  let bankId: string;
  let keyId: string;
  let secret: string;
  beforeAll(async () => {
    dataDir = await tempDataDir();
  });

  it('migrate applies every migration to a fresh data directory, and nothing the second time', async () => {
    const files = (await readdir(join(root, 'migrations'))).filter((name) =>
      /^\d{4}_[a-z0-9_]+\.sql$/.test(name),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(await cliJson(dataDir, 'migrate')).toEqual({ applied: files.sort(), already_applied: 0 });
    expect(await cliJson(dataDir, 'migrate')).toEqual({ applied: [], already_applied: files.length });
    // Nothing is left holding the data folder.
    expect(existsSync(join(dataDir, 'embedded.lock'))).toBe(false);
  });

  it('funders create makes a funder of the environment asked for', async () => {
    const { funder } = await cliJson<{ funder: Record<string, string> }>(
      dataDir,
      'funders',
      'create',
      '--name',
      'X',
      '--environment',
      'live',
    );
    expect(funder).toMatchObject({ name: 'X', environment: 'live', status: 'active' });
    bankId = funder.bank_id!;
    expect(bankId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('funders classify refuses to turn a live funder into a sandbox one, with 409 classification_refused', async () => {
    const outcome = await cli(dataDir, 'funders', 'classify', bankId, '--environment', 'sandbox');
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toContain('refused (409 classification_refused)');
    expect(outcome.stderr).toContain('live funder stays live');
  });

  it('keys issue shows the secret once, and keys list never shows it', async () => {
    const issued = await cliJson<{ key: Record<string, unknown>; secret: string }>(
      dataDir,
      'keys',
      'issue',
      '--bank-id',
      bankId,
      '--name',
      'k',
      '--scope',
      'requests:read',
    );
    expect(issued.secret).toMatch(/^svc_fk_[0-9a-f]{64}$/);
    expect(issued.key).toMatchObject({
      bank_id: bankId,
      name: 'k',
      scopes: ['requests:read'],
      revoked_at: null,
    });
    secret = issued.secret;
    keyId = issued.key.id as string;

    const listed = await cli(dataDir, 'keys', 'list', '--json');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(secret);
    expect(listed.stdout).not.toContain(secret.slice(12));
    expect(listed.stdout).not.toContain(createHash('sha256').update(secret).digest('hex'));
    const { keys } = JSON.parse(listed.stdout) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: keyId, prefix: secret.slice(0, 12), revoked_at: null });
    expect(keys[0]).not.toHaveProperty('secret');
  });

  it('keys issue without --scope is refused, listing the scopes to choose from', async () => {
    const error = await cliJsonFailure(dataDir, 2, 'keys', 'issue', '--bank-id', bankId, '--name', 'k');
    expect(error).toMatchObject({
      code: 'scope_required',
      scopes: expect.arrayContaining(['requests:read']),
    });
    expect(error.message).toContain('requests:read');
    const unknown = await cliJsonFailure(
      dataDir,
      2,
      'keys',
      'issue',
      '--bank-id',
      bankId,
      '--name',
      'k',
      '--scope',
      'everything',
    );
    expect(unknown).toMatchObject({ code: 'scope_unknown' });
    // Without --json, the same refusal is a line on standard error.
    const human = await cli(dataDir, 'keys', 'issue', '--bank-id', bankId, '--name', 'k');
    expect(human.code).toBe(2);
    expect(human.stdout).toBe('');
    expect(human.stderr).toContain('requests:read');
  });

  it('with --json, a command misused or failing answers a JSON error on standard output and a non-zero exit', async () => {
    const missing = await cliJsonFailure(dataDir, 2, 'funders', 'create');
    expect(missing).toMatchObject({ code: 'usage_invalid' });
    expect(missing.message).toContain('--name');
    expect(await cliJsonFailure(dataDir, 2, 'keys', 'list', '--colour')).toMatchObject({
      code: 'usage_invalid',
    });
    const notFound = await cliJsonFailure(
      dataDir,
      1,
      'keys',
      'revoke',
      '00000000-0000-4000-8000-000000000000',
    );
    expect(notFound).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('keys revoke revokes the key', async () => {
    const revoked = await cliJson(dataDir, 'keys', 'revoke', keyId, '--reason', 'rotated');
    expect(revoked).toMatchObject({ id: keyId, changed: true, revoked_at: expect.any(String) });
    const { keys } = await cliJson<{ keys: Record<string, unknown>[] }>(dataDir, 'keys', 'list');
    expect(keys[0]).toMatchObject({ id: keyId, revoked_at: revoked.revoked_at });
  });

  it('evidence verify finds the chain intact', async () => {
    const report = await cliJson(dataDir, 'evidence', 'verify');
    expect(report).toMatchObject({ ok: true, first_broken: null });
    // The funder, the key and its revocation at least.
    expect(report.entries).toBeGreaterThanOrEqual(3);
  });
});

describe('serve on the embedded database', { timeout: SUITE_TIMEOUT }, () => {
  let dataDir: string;
  let port: number;
  let server: Server;
  let sandboxKey: string;
  let opsToken: string;
  beforeAll(async () => {
    ({ dataDir, port } = firstStart);
    server = await firstStart.server;
  }, SUITE_TIMEOUT);

  it('prints, on its first start, a sandbox key, the operator token and a first call to make', async () => {
    const lines = server.output().split('\n');
    const keyLine = lines.find((line) => line.trim().startsWith('sandbox key'));
    const tokenLine = lines.find((line) => line.trim().startsWith('operator token'));
    sandboxKey = /^\s*sandbox key\s+(svc_fk_[0-9a-f]{64})$/.exec(keyLine ?? '')?.[1] ?? '';
    opsToken =
      /^\s*operator token\s+(ops_[0-9a-f]{64}) \(kept in the data directory\)$/.exec(tokenLine ?? '')?.[1] ??
      '';
    expect(sandboxKey, keyLine).toMatch(/^svc_fk_[0-9a-f]{64}$/);
    expect(opsToken, tokenLine).toMatch(/^ops_/);
    expect(opsToken).toBe((await readFile(join(dataDir, 'ops-token'), 'utf8')).trim());
    expect(lines.map((line) => line.trim())).toContain(
      `curl -s http://localhost:${port}/v1/me -H 'Authorization: Bearer ${sandboxKey}'`,
    );
    expect(lines.map((line) => line.trim())).toContain(`API reference: http://localhost:${port}/docs`);
  });

  it('holds the data folder with a lock naming its process and address', async () => {
    const holder = JSON.parse(await readFile(join(dataDir, 'embedded.lock'), 'utf8'));
    expect(holder).toEqual({
      pid: server.child.pid,
      url: `http://127.0.0.1:${port}`,
      opsUrl: null,
      role: 'server',
    });
  });

  it('answers GET /v1/me over HTTP with the printed key, on the sandbox environment', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/v1/me`, {
      headers: { authorization: `Bearer ${sandboxKey}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { environment: string; funder: { name: string } };
    expect(body.environment).toBe('sandbox');
    expect(body.funder.name).toBe(DEMO_FUNDER_NAME);
  });

  it('lets funders list go through its operations API while it runs', async () => {
    const { funders } = await cliJson<{ funders: Record<string, unknown>[] }>(dataDir, 'funders', 'list');
    expect(funders).toEqual([expect.objectContaining({ name: DEMO_FUNDER_NAME, environment: 'sandbox' })]);
  });

  it('lets evidence verify go through its operations API while it runs', async () => {
    const report = await cliJson(dataDir, 'evidence', 'verify');
    expect(report).toMatchObject({ ok: true, first_broken: null });
    expect(report.entries).toBeGreaterThan(0);
  });

  it("answers a failure of its operations API as a JSON error with the server's code", async () => {
    const error = await cliJsonFailure(dataDir, 1, 'keys', 'revoke', '00000000-0000-4000-8000-000000000000');
    expect(error).toMatchObject({ code: 'not_found', status: 404, request_id: expect.any(String) });
  });

  it('stops on SIGTERM with exit code 0 and releases the lock', async () => {
    expect(await stop(server)).toBe(0);
    expect(existsSync(join(dataDir, 'embedded.lock'))).toBe(false);
  });

  it('does not print the key or the token again on a later start of the same data folder', async () => {
    // Logs on, so that the line announcing the jobs says the start is over.
    const again = await startServer(dataDir, port, 'background jobs running', { LOG_LEVEL: 'info' });
    const response = await fetch(`http://127.0.0.1:${port}/v1/me`, {
      headers: { authorization: `Bearer ${sandboxKey}` },
    });
    expect(response.status).toBe(200);
    expect(await stop(again)).toBe(0);
    const output = again.output();
    expect(output).not.toContain('first start');
    expect(output).not.toContain('sandbox key');
    expect(output).not.toContain(sandboxKey);
    expect(output).not.toContain(opsToken);
    expect(existsSync(join(dataDir, 'embedded.lock'))).toBe(false);
  });
});

describe('secrets on PostgreSQL and in the first start', { timeout: SUITE_TIMEOUT }, () => {
  // Nothing listens on port 9: the refusal comes before any connection is tried.
  const postgres = { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/nothing' };

  it.each([['serve'], ['work']])(
    '%s on PostgreSQL refuses to start without OPS_TOKEN and SECRETS_KEY',
    async (command) => {
      const dataDir = await tempDataDir();
      const neither = await cliWithEnv(dataDir, postgres, command);
      // A configuration refused: the command's set-up is wrong, exit code 2 like a misuse.
      expect(neither.code).toBe(2);
      expect(neither.stderr).toContain('OPS_TOKEN and SECRETS_KEY must be set when DATABASE_URL is');
      const token = `ops_${'7'.repeat(40)}`;
      const noKey = await cliWithEnv(dataDir, { ...postgres, OPS_TOKEN: token }, command);
      expect(noKey.code).toBe(2);
      expect(noKey.stderr).toContain('SECRETS_KEY must be set');
      expect(`${noKey.stdout}${noKey.stderr}`).not.toContain(token);
    },
  );

  it('never prints an OPS_TOKEN taken from the environment, even on the first start', async () => {
    const dataDir = await migratedDataDir();
    const port = await freePort();
    const token = `ops_${'5'.repeat(48)}`;
    const server = await startServer(dataDir, port, 'API reference:', {
      OPS_TOKEN: token,
      LOG_LEVEL: 'info',
    });
    const response = await fetch(`http://127.0.0.1:${port}/ops/v1/funders`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(await stop(server)).toBe(0);
    const output = server.output();
    expect(output).toMatch(/sandbox key\s+svc_fk_/);
    expect(output).toContain('operator token (the OPS_TOKEN you set; not shown)');
    expect(output).not.toContain(token);
    expect(existsSync(join(dataDir, 'ops-token'))).toBe(false);
  });
});
