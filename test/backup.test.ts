import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  cliWithEnv,
  freePort,
  httpCaller,
  migratedDataDir,
  SUITE_TIMEOUT,
  startServer,
  stop,
  tempDataDir,
} from './support/cli.ts';

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
    let server = await startServer(dataDir, port, 'API reference:', env);
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
    server = await startServer(dataDir, port, 'background jobs running', { ...env, LOG_LEVEL: 'info' });
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
