import { chmod, lstat, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  cliWithEnv,
  freePort,
  NO_DEMO,
  PROCESS_MINUTES,
  SERVING,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';

/**
 * The data directory is its owner's alone: every directory in it 0700, every file 0600 or
 * stricter. The tests read the modes themselves, not whether a read is refused: the machine's
 * tests may run as root, whom no mode stops.
 */

afterAll(cleanUpProcesses);

interface Entry {
  path: string;
  kind: 'dir' | 'file';
  mode: string;
}

/** Every directory and file under `dir` (itself included), with its mode in octal. */
async function walk(dir: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  const visit = async (path: string) => {
    const facts = await lstat(path).catch(() => null);
    if (!facts || facts.isSymbolicLink()) return;
    const mode = (facts.mode & 0o777).toString(8).padStart(4, '0');
    entries.push({ path, kind: facts.isDirectory() ? 'dir' : 'file', mode });
    if (facts.isDirectory())
      for (const name of await readdir(path).catch(() => [])) await visit(join(path, name));
  };
  await visit(dir);
  return entries;
}

/** What is not owner-only: a directory other than 0700, a file with any bit for group or others. */
function notOwnerOnly(entries: Entry[]): Entry[] {
  return entries.filter((entry) =>
    entry.kind === 'dir' ? entry.mode !== '0700' : (Number.parseInt(entry.mode, 8) & 0o177) !== 0,
  );
}

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8).padStart(4, '0');

describe('the files of a running server', { timeout: SUITE_TIMEOUT }, () => {
  it('are its owner’s alone: the data directory and every directory in it 0700, every file 0600, export volumes included', async () => {
    // A directory the service makes itself, below one that exists.
    const dataDir = join(await tempDataDir(), 'data');
    const port = await freePort();
    const server = await startServer(dataDir, port, SERVING, NO_DEMO);
    const base = `http://127.0.0.1:${port}`;

    expect(await modeOf(dataDir)).toBe('0700');
    const running = await walk(dataDir);
    // The embedded database's own files, the operator token, the encryption key, the lock.
    expect(running.filter((entry) => entry.kind === 'file').length).toBeGreaterThan(900);
    for (const name of ['ops-token', 'secrets.key', 'embedded.lock']) {
      expect(running.map((entry) => entry.path)).toContain(join(dataDir, name));
    }
    expect(notOwnerOnly(running)).toEqual([]);

    // An export of a live funder writes its volumes into the data directory.
    const opsToken = (await readFile(join(dataDir, 'ops-token'), 'utf8')).trim();
    const ops = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opsToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(201);
      return (await response.json()) as T;
    };
    const { funder } = await ops<{ funder: { bank_id: string } }>('/ops/v1/funders', {
      name: 'Banco Prueba',
      environment: 'live',
    });
    const { secret: key } = await ops<{ secret: string }>('/ops/v1/keys', {
      bank_id: funder.bank_id,
      name: 'exports',
      scopes: ['exports:write', 'requests:read'],
    });
    const made = await fetch(`${base}/v1/exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(made.status).toBe(202);
    const exportId = ((await made.json()) as { export: { id: string } }).export.id;
    // The server's own worker builds it: waited for, with a guard of minutes against a hang only.
    const deadline = Date.now() + PROCESS_MINUTES * 60_000;
    let status = 'queued';
    while (status !== 'ready') {
      if (Date.now() > deadline) throw new Error(`the export is still ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await fetch(`${base}/v1/exports/${exportId}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      status = ((await answer.json()) as { export: { status: string } }).export.status;
      expect(status).not.toBe('failed');
    }
    const volumes = (await walk(join(dataDir, 'exports'))).filter((entry) => entry.path.endsWith('.zip'));
    expect(volumes.length).toBeGreaterThanOrEqual(1);
    expect(notOwnerOnly(await walk(join(dataDir, 'exports')))).toEqual([]);

    expect(await stop(server)).toBe(0);
    // And once it stopped, whatever the database wrote last.
    expect(notOwnerOnly(await walk(dataDir))).toEqual([]);
  });
});

describe('a data directory others could change', { timeout: SUITE_TIMEOUT }, () => {
  it.each([
    ['group', '0770'],
    ['everyone', '0777'],
  ])(
    'writable by %s (%s) is refused at start, saying to chmod 700 it, and nothing is made in it',
    async (_who, mode) => {
      const dataDir = await tempDataDir();
      await chmod(dataDir, Number.parseInt(mode, 8));
      const served = await cliWithEnv(dataDir, { PORT: String(await freePort()) }, 'serve');
      expect(served.code).toBe(2);
      expect(served.stderr).toContain(`can be written by other users (mode ${mode})`);
      expect(served.stderr).toContain(`chmod 700 ${dataDir}`);
      // A one-off command too, before it reads the lock file or the token.
      const listed = await cliWithEnv(dataDir, {}, 'funders', 'list', '--json');
      expect(listed.code).toBe(2);
      expect(JSON.parse(listed.stdout)).toMatchObject({ error: { code: 'data_dir_unsafe' } });
      expect(await readdir(dataDir)).toEqual([]);
      expect(await modeOf(dataDir)).toBe(mode);
    },
  );

  it('readable by others (an earlier version made it 0755, its files 0644) is made owner-only at start', async () => {
    const dataDir = await tempDataDir();
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'exports'), { mode: 0o755 });
    await chmod(join(dataDir, 'exports'), 0o755);
    await writeFile(join(dataDir, 'exports', 'left-over.zip'), 'zip');
    await chmod(join(dataDir, 'exports', 'left-over.zip'), 0o644);
    const migrated = await cliWithEnv(dataDir, {}, 'migrate', '--json');
    expect(migrated.code, migrated.stderr).toBe(0);
    const entries = await walk(dataDir);
    expect(entries.map((entry) => entry.path)).toContain(join(dataDir, 'exports', 'left-over.zip'));
    expect(entries.filter((entry) => entry.kind === 'file').length).toBeGreaterThan(900);
    expect(notOwnerOnly(entries)).toEqual([]);
  });
});
