import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  cliWithEnv,
  freePort,
  funderKeyOver,
  migratedDataDir,
  NO_DEMO,
  SERVING,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';

afterAll(cleanUpProcesses);

const OPS_TOKEN = 'ops-token-of-the-rotation-test-0123456789';
// One public address whatever port a server listens on: the links' URLs compare across starts.
const env = { OPS_TOKEN, PUBLIC_BASE_URL: 'https://api.funder.example' };

/** Runs the CLI with --json; its exit code and its answer. */
async function run(dataDir: string, ...args: string[]) {
  const outcome = await cliWithEnv(dataDir, env, ...args, '--json');
  return { code: outcome.code, answer: JSON.parse(outcome.stdout || '{}'), stderr: outcome.stderr };
}

const keyFile = async (dataDir: string, name: string): Promise<string | null> =>
  existsSync(join(dataDir, name)) ? (await readFile(join(dataDir, name), 'utf8')).trim() : null;

/** A server on the data directory for the time of `use`, stopped after it. */
async function withServer<T>(dataDir: string, use: (call: Caller) => Promise<T>): Promise<T> {
  const port = await freePort();
  // The jobs' log line, printed at every start; no demonstration plane, which is not the subject.
  const server = await startServer(dataDir, port, SERVING, { ...env, ...NO_DEMO });
  try {
    return await use(caller(port));
  } finally {
    expect(await stop(server)).toBe(0);
  }
}

type Caller = ReturnType<typeof caller>;
function caller(port: number) {
  return async <T>(token: string, method: string, path: string, body?: unknown, headers = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}

/** A live funder with a key, a webhook (its secret sealed, its answer kept sealed) and a client link. */
async function sealedThings(call: Caller) {
  const { key } = await funderKeyOver(call, OPS_TOKEN, { name: 'Rotating funder' });
  const webhook = await registerWebhook(call, key);
  expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
  const link = await call<{ client_link: { url: string } }>(key, 'POST', '/v1/client-links', {});
  expect(link.status).toBe(201);
  return { key, secret: webhook.body.secret, url: link.body.client_link.url };
}

/** Registers the webhook; the same idempotency key again replays the kept (sealed) answer. */
const registerWebhook = (call: Caller, key: string) =>
  call<{ secret: string }>(
    key,
    'POST',
    '/v1/webhooks',
    { url: 'https://hooks.acme-bank.com/funder-api' },
    { 'idempotency-key': 'rotation-cli-webhook' },
  );

/** What a server started on the data directory can open and show of what was sealed. */
async function opened(dataDir: string, key: string) {
  return withServer(dataDir, async (call) => {
    const replay = await registerWebhook(call, key);
    expect(replay.status, JSON.stringify(replay.body)).toBe(201);
    const links = await call<{ client_links: { url?: string }[] }>(key, 'GET', '/v1/client-links');
    return { secret: replay.body.secret, urls: links.body.client_links.map((link) => link.url) };
  });
}

describe('secrets rotate on the embedded database, through the real command line', {
  timeout: SUITE_TIMEOUT,
}, () => {
  it('keeps the replaced key beside the new one until the next rotation, so that the last backup still opens', async () => {
    const dataDir = await migratedDataDir();
    const made = await withServer(dataDir, sealedThings);
    const first = await keyFile(dataDir, 'secrets.key');
    expect(first).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const backup = join(await tempDataDir(), 'before-rotation.backup');
    expect(await run(dataDir, 'backup', backup)).toMatchObject({ code: 0 });

    const rotated = await run(dataDir, 'secrets', 'rotate');
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.answer).toMatchObject({
      key_source: 'file',
      derivation: { generation: 2, kept: 1, forgotten: [] },
    });
    expect(rotated.answer.resealed.webhook_secrets).toBeGreaterThanOrEqual(1);
    const second = await keyFile(dataDir, 'secrets.key');
    expect(second).not.toBe(first);
    expect(await keyFile(dataDir, 'secrets.key.previous')).toBe(first);
    expect(await keyFile(dataDir, 'secrets.key.rotating')).toBeNull();
    for (const name of ['secrets.key', 'secrets.key.previous'])
      expect((await stat(join(dataDir, name))).mode & 0o777).toBe(0o600);
    expect(await opened(dataDir, made.key)).toEqual({ secret: made.secret, urls: [made.url] });

    // The backup made before the rotation, restored: what it holds is sealed under the first
    // key, which is still beside the new one.
    expect(await run(dataDir, 'restore', backup, '--force')).toMatchObject({ code: 0 });
    expect(await opened(dataDir, made.key)).toEqual({ secret: made.secret, urls: [made.url] });

    // The next rotation seals what the restore brought back under the current key first, then
    // replaces the key: the first key is gone, and the links made under it show no URL.
    const again = await run(dataDir, 'secrets', 'rotate');
    expect(again.code, again.stderr).toBe(0);
    expect(again.answer.derivation).toEqual({ generation: 3, kept: 2, forgotten: [1] });
    const third = await keyFile(dataDir, 'secrets.key');
    expect(third).not.toBe(second);
    expect(await keyFile(dataDir, 'secrets.key.previous')).toBe(second);
    for (const name of await readdir(dataDir)) {
      const path = join(dataDir, name);
      if ((await stat(path)).isFile()) expect(await readFile(path, 'utf8')).not.toContain(first!);
    }
    expect(await opened(dataDir, made.key)).toEqual({ secret: made.secret, urls: [undefined] });
  });

  it('finishes a rotation cut short after the new key was written, keeping both keys', async () => {
    const dataDir = await migratedDataDir();
    const made = await withServer(dataDir, sealedThings);
    const old = (await keyFile(dataDir, 'secrets.key'))!;
    // What a run stopped right after writing the new key leaves: the key it replaces noted,
    // copied beside the new one, nothing sealed again yet.
    const next = randomBytes(32).toString('base64');
    await writeFile(join(dataDir, 'secrets.key.rotating'), `${old}\n`, { mode: 0o600 });
    await writeFile(join(dataDir, 'secrets.key.previous'), `${old}\n`, { mode: 0o600 });
    await writeFile(join(dataDir, 'secrets.key'), `${next}\n`, { mode: 0o600 });

    const finished = await run(dataDir, 'secrets', 'rotate');
    expect(finished.code, finished.stderr).toBe(0);
    expect(finished.answer.resealed.webhook_secrets).toBeGreaterThanOrEqual(1);
    expect(await keyFile(dataDir, 'secrets.key')).toBe(next);
    expect(await keyFile(dataDir, 'secrets.key.previous')).toBe(old);
    expect(await keyFile(dataDir, 'secrets.key.rotating')).toBeNull();
    expect(await opened(dataDir, made.key)).toEqual({ secret: made.secret, urls: [made.url] });
  });
});
