import { randomBytes } from 'node:crypto';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  cliWithEnv,
  freePort,
  httpCaller,
  migratedDataDir,
  NO_DEMO,
  SERVING,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';
import { shared } from './support/shared.ts';
import { gzipped, type TarEntry, tarArchive } from './support/tar-archives.ts';

afterAll(cleanUpProcesses);

const OPS_TOKEN = 'ops-token-of-the-backup-test-0123456789';
const env = { OPS_TOKEN };

/** Runs the CLI with --json; its exit code and its answer. */
async function run(dataDir: string, ...args: string[]) {
  const outcome = await cliWithEnv(dataDir, env, ...args, '--json');
  return { code: outcome.code, answer: JSON.parse(outcome.stdout || '{}'), stderr: outcome.stderr };
}

/**
 * `funder-api backup` and `restore` on the embedded database, through the real command line and
 * server processes: a backup taken while the server serves holds what was there when it was
 * taken, and nothing written after.
 */
describe('backup and restore of the embedded database', { timeout: SUITE_TIMEOUT }, () => {
  it('a backup taken while serving restores the data of its moment, not the later writes', async () => {
    const dataDir = await migratedDataDir();
    const port = await freePort();
    const ops = httpCaller(port);
    let server = await startServer(dataDir, port, SERVING, { ...env, ...NO_DEMO });
    const funderNames = async () => {
      const listed = await ops<{ funders: { name: string }[] }>(OPS_TOKEN, 'GET', '/ops/v1/funders');
      expect(listed.status).toBe(200);
      return listed.body.funders.map((funder) => funder.name);
    };

    const before = await ops(OPS_TOKEN, 'POST', '/ops/v1/funders', {
      name: 'Before the backup',
      environment: 'live',
    });
    expect(before.status).toBe(201);
    const file = join(await tempDataDir(), 'funder-api.backup');
    const taken = await run(dataDir, 'backup', file);
    expect(taken).toMatchObject({ code: 0, answer: { file, via: 'server' } });
    expect(taken.answer.bytes).toBeGreaterThan(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // Never over an existing file.
    expect(await run(dataDir, 'backup', file)).toMatchObject({
      code: 1,
      answer: { error: { code: 'file_exists' } },
    });

    const after = await ops(OPS_TOKEN, 'POST', '/ops/v1/funders', {
      name: 'After the backup',
      environment: 'live',
    });
    expect(after.status).toBe(201);
    expect(await funderNames()).toEqual(expect.arrayContaining(['Before the backup', 'After the backup']));

    // Not while a server holds the database.
    const busy = await run(dataDir, 'restore', file, '--force');
    expect(busy).toMatchObject({ code: 1, answer: { error: { code: 'database_in_use' } } });
    expect(busy.answer.error.message).toContain('stop it before restoring');

    expect(await stop(server)).toBe(0);
    // Not over a database without --force.
    expect(await run(dataDir, 'restore', file)).toMatchObject({
      code: 2,
      answer: { error: { code: 'database_not_empty' } },
    });
    const restored = await run(dataDir, 'restore', file, '--force');
    expect(restored).toMatchObject({ code: 0, answer: { replaced: true } });
    expect(restored.answer.schema_version).toMatch(/^\d{4}_.*\.sql$/);

    // Not a first start any more: no first-start message, the log's line instead.
    server = await startServer(dataDir, port, SERVING, { ...env, LOG_LEVEL: 'info' });
    const names = await funderNames();
    expect(names).toContain('Before the backup');
    expect(names).not.toContain('After the backup');
    expect(await stop(server)).toBe(0);
  });

  it('restores into an empty data directory without --force, and backs up with no server running', async () => {
    const source = await migratedDataDir();
    const file = join(await tempDataDir(), 'direct.backup');
    expect(await run(source, 'funders', 'create', '--name', 'Kept')).toMatchObject({ code: 0 });
    expect(await run(source, 'backup', file)).toMatchObject({ code: 0, answer: { via: 'direct' } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const target = await tempDataDir();
    expect(await run(target, 'restore', file)).toMatchObject({ code: 0, answer: { replaced: false } });
    const listed = await run(target, 'funders', 'list');
    expect(listed.code).toBe(0);
    expect(listed.answer.funders.map((funder: { name: string }) => funder.name)).toContain('Kept');
  });

  it('refuses a file that is not a backup, and changes nothing', async () => {
    const target = await tempDataDir();
    const bad = join(target, 'not-a-backup');
    await writeFile(bad, 'hello');
    expect(await run(target, 'restore', bad)).toMatchObject({
      code: 1,
      answer: { error: { code: 'backup_invalid' } },
    });
    await writeFile(bad, Buffer.from([0x1f, 0x8b, 0, 1, 2, 3]));
    expect(await run(target, 'restore', bad)).toMatchObject({
      code: 1,
      answer: { error: { code: 'backup_invalid' } },
    });
    expect(await run(target, 'restore', join(target, 'missing'))).toMatchObject({
      code: 1,
      answer: { error: { code: 'file_missing' } },
    });
    await expect(stat(join(target, 'pglite', 'PG_VERSION'))).rejects.toThrow();
  });
});

/**
 * With an operations listener (OPS_PORT) the operations API answers there only: the command
 * line finds it in the lock file. A backup that fails, refused or cut off half way, leaves
 * nothing under the file's name nor beside it: the copy is written under a temporary name in the
 * same folder and takes the file's name only once whole.
 */
describe('backup through the operations listener, and what a failed backup leaves', {
  timeout: SUITE_TIMEOUT,
}, () => {
  /**
   * One server with an operations listener for both calls through it: the refused backup first,
   * while it serves; the backup that goes through then stops it, to restore its copy.
   */
  const serving = shared(async () => {
    const dataDir = await migratedDataDir();
    const [port, opsPort] = [await freePort(), await freePort()];
    const server = await startServer(dataDir, port, SERVING, {
      ...env,
      ...NO_DEMO,
      OPS_PORT: String(opsPort),
    });
    return { dataDir, port, opsPort, server };
  });

  it('a backup the server refuses leaves no file', async () => {
    const { dataDir } = await serving();
    const box = await tempDataDir();
    const file = join(box, 'refused.backup');
    const outcome = await cliWithEnv(dataDir, { OPS_TOKEN: `${OPS_TOKEN}-not-it` }, 'backup', file, '--json');
    expect(outcome.code).toBe(1);
    expect(JSON.parse(outcome.stdout)).toMatchObject({ error: { status: 401 } });
    expect(await readdir(box)).toEqual([]);
  });

  it('backs up through the operations port of a server started with OPS_PORT; the copy restores', async () => {
    const { dataDir, port, opsPort, server } = await serving();
    const made = await httpCaller(opsPort)(OPS_TOKEN, 'POST', '/ops/v1/funders', {
      name: 'Behind the operations port',
      environment: 'live',
    });
    expect(made.status).toBe(201);
    // The public port does not serve the operations API: calling it there was the failure.
    expect((await httpCaller(port)(OPS_TOKEN, 'POST', '/ops/v1/backup')).status).toBe(404);

    const box = await tempDataDir();
    const file = join(box, 'ops-port.backup');
    const taken = await run(dataDir, 'backup', file);
    expect(taken, taken.stderr).toMatchObject({ code: 0, answer: { file, via: 'server' } });
    expect(taken.answer.bytes).toBe((await stat(file)).size);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Only the file: no temporary copy left beside it.
    expect(await readdir(box)).toEqual(['ops-port.backup']);
    expect(await stop(server)).toBe(0);

    const target = await tempDataDir();
    expect(await run(target, 'restore', file)).toMatchObject({ code: 0, answer: { replaced: false } });
    const listed = await run(target, 'funders', 'list');
    expect(listed.answer.funders.map((funder: { name: string }) => funder.name)).toContain(
      'Behind the operations port',
    );
  });

  it('a server that stops half way through the copy leaves no file, and says the backup was cut off', async () => {
    // A server that holds the database (its lock file names a live process and this listener),
    // starts the copy, sends part of it and drops the connection.
    const dataDir = await tempDataDir();
    const sent = { bytes: 0 };
    const cutter = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/gzip' });
      const part = randomBytes(256 * 1024);
      response.write(part, () => {
        sent.bytes += part.length;
        setTimeout(() => response.socket?.destroy(), 50);
      });
    });
    await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = cutter.address() as AddressInfo;
      await writeFile(
        join(dataDir, 'embedded.lock'),
        JSON.stringify({ pid: process.pid, url: null, opsUrl: `http://127.0.0.1:${port}`, role: 'serve' }),
        { mode: 0o600 },
      );
      const box = await tempDataDir();
      const file = join(box, 'cut.backup');
      const outcome = await run(dataDir, 'backup', file);
      expect(outcome.code).toBe(1);
      expect(outcome.answer.error).toMatchObject({ code: 'backup_interrupted' });
      expect(sent.bytes).toBeGreaterThan(0);
      expect(await readdir(box)).toEqual([]);
    } finally {
      await new Promise((resolve) => cutter.close(resolve));
    }
  });
});

/** Every path under `dir` with its mode, size and modification time: what a write would change. */
async function snapshot(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      const facts = await stat(path);
      return `${relative(dir, path)} ${facts.mode.toString(8)} ${facts.size} ${facts.mtimeMs}`;
    }),
  );
  return lines.sort();
}

/** The first entries of a database folder, as PGlite names them, for a crafted entry to follow. */
const DATABASE_START: TarEntry[] = [
  { name: '/PG_VERSION', data: '17\n' },
  { name: '/base', type: '5' },
];

/**
 * Restores a crafted archive into a data directory that does not exist yet, in a folder of its
 * own, and answers the refusal; the folder must hold the archive alone afterwards (no data
 * directory made, nothing written beside it by a name climbing out).
 */
async function refusedCrafted(archive: Uint8Array) {
  const box = await tempDataDir();
  const file = join(box, 'crafted.backup');
  await writeFile(file, archive);
  const outcome = await run(join(box, 'data'), 'restore', file);
  expect(outcome.code, JSON.stringify(outcome.answer)).toBe(1);
  expect(outcome.answer.error).toMatchObject({ code: 'backup_invalid', file });
  expect(outcome.answer.error.message).toContain('Nothing was written');
  expect(await readdir(box, { recursive: true })).toEqual(['crafted.backup']);
  return outcome.answer.error as { reason: string; entry?: string; message: string };
}

describe('restore of a crafted archive', { timeout: SUITE_TIMEOUT }, () => {
  it('refuses an entry climbing out of the database folder, or named outside it, before writing anything', async () => {
    for (const [name, reason] of [
      ['/base/../../../escaped', 'climbs out of the database folder'],
      ['/../escaped', 'climbs out of the database folder'],
      ['//etc/passwd', 'is an absolute path'],
      ['/etc/passwd', 'is no part of a PostgreSQL data folder'],
      ['base/1/escaped', 'is not named below the database folder'],
      ['/base/./1', 'has an empty or "." part'],
    ] as const) {
      const error = await refusedCrafted(gzipped(tarArchive([...DATABASE_START, { name, data: 'planted' }])));
      expect({ name, reason: error.reason, entry: error.entry }).toEqual({
        name,
        reason: 'entry_path',
        entry: name,
      });
      expect(error.message).toContain(reason);
    }
  });

  it('refuses a symbolic link, a hard link or a special file', async () => {
    const symbolic = await refusedCrafted(
      gzipped(tarArchive([...DATABASE_START, { name: '/base/1', type: '2', linkName: '/etc' }])),
    );
    expect(symbolic).toMatchObject({ reason: 'entry_link', entry: '/base/1' });
    expect(symbolic.message).toContain('symbolic link (to "/etc")');
    const hard = await refusedCrafted(
      gzipped(tarArchive([...DATABASE_START, { name: '/base/2', type: '1', linkName: '/PG_VERSION' }])),
    );
    expect(hard).toMatchObject({ reason: 'entry_link', entry: '/base/2' });
    expect(hard.message).toContain('hard link');
    const fifo = await refusedCrafted(
      gzipped(tarArchive([...DATABASE_START, { name: '/base/3', type: '6' }])),
    );
    expect(fifo).toMatchObject({ reason: 'entry_type', entry: '/base/3' });
  });

  it('refuses sizes that are not what the archive declares: an entry past its end, data past its header, more than the gzip trailer says', async () => {
    // A header stating more data than the archive holds.
    const pastEnd = await refusedCrafted(
      gzipped(tarArchive([...DATABASE_START, { name: '/base/1', data: 'ten bytes!', size: 1 << 20 }])),
    );
    expect(pastEnd).toMatchObject({ reason: 'entry_size', entry: '/base/1' });
    // More data after a header than it states: what follows is read as a header, and fails.
    const pastHeader = await refusedCrafted(
      gzipped(
        tarArchive([
          ...DATABASE_START,
          { name: '/base/1', data: 'A'.repeat(2048), size: 10 },
          { name: '/global', type: '5' },
        ]),
      ),
    );
    expect(pastHeader.reason).toBe('archive_damaged');
    expect(pastHeader.message).toContain('"/base/1" is damaged: that entry holds more than its header says');
    // A directory with data.
    const directory = await refusedCrafted(
      gzipped(tarArchive([...DATABASE_START, { name: '/global', type: '5', size: 4096 }])),
    );
    expect(directory).toMatchObject({ reason: 'entry_size', entry: '/global' });
    // 8 MiB of zeros behind a trailer stating 64 KiB: inflating stops at 64 KiB.
    const zeros = tarArchive([...DATABASE_START, { name: '/base/1', data: new Uint8Array(8 << 20) }]);
    const bomb = await refusedCrafted(gzipped(zeros, 65_536));
    expect(bomb.reason).toBe('archive_size');
    expect(bomb.message).toContain('inflates to more than the 65536 bytes its gzip trailer declares');
    // A file far larger than the length its trailer states could be once compressed: refused unread.
    const noise = tarArchive([...DATABASE_START, { name: '/base/1', data: randomBytes(256 << 10) }]);
    const heavy = await refusedCrafted(gzipped(noise, 2048));
    expect(heavy.reason).toBe('archive_size');
    expect(heavy.message).toContain('larger than the 2048 bytes its gzip trailer declares could be');
    // Data after the end-of-archive marker.
    const trailing = await refusedCrafted(
      gzipped(Buffer.concat([tarArchive(DATABASE_START), Buffer.from('hidden'), Buffer.alloc(1018)])),
    );
    expect(trailing.reason).toBe('archive_damaged');
  });

  it('leaves a database in place untouched when a crafted archive is refused, even with --force', async () => {
    const dataDir = await migratedDataDir();
    const before = await snapshot(dataDir);
    const file = join(await tempDataDir(), 'crafted.backup');
    await writeFile(
      file,
      gzipped(tarArchive([...DATABASE_START, { name: '/base/../../../escaped', data: 'x' }])),
    );
    const refused = await run(dataDir, 'restore', file, '--force');
    expect(refused).toMatchObject({
      code: 1,
      answer: { error: { code: 'backup_invalid', reason: 'entry_path' } },
    });
    expect(await snapshot(dataDir)).toEqual(before);
    // Without --json, one line on standard error naming the entry.
    const human = await cliWithEnv(dataDir, env, 'restore', file, '--force');
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(
      /^funder-api: The file is not a backup made by `funder-api backup`: "\/base\/\.\.\/\.\.\/\.\.\/escaped" climbs out/,
    );
    expect(await snapshot(dataDir)).toEqual(before);
  });
});
