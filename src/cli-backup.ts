import { createHash, randomBytes } from 'node:crypto';
import { link, lstat, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT_USAGE } from './cli-output.ts';
import { serverResponse } from './cli-remote.ts';
import { jsonOption, type Output, print } from './cli-runtime.ts';
import { type Config, loadConfig } from './config.ts';
import { FILE_MODE, prepareDataDir } from './platform/data-dir.ts';
import {
  BackupRefused,
  embeddedDatabaseDir,
  embeddedDatabaseExists,
  readBackup,
  restoreEmbedded,
} from './platform/db/backup.ts';
import {
  acquireEmbeddedLock,
  EmbeddedDatabaseBusy,
  type EmbeddedLock,
  readLockHolder,
} from './platform/db/embedded-lock.ts';
import { resolveSecrets } from './runtime.ts';

/**
 * `backup FILE` and `restore FILE`: the embedded database's own copies. On PostgreSQL the
 * database team's tools do this (docs/operations.md, "Backup and restore").
 */
export function addBackupCommands(cli: Command): void {
  cli
    .command('backup')
    .description(
      'copy the embedded database to FILE (through the running server, if one holds it); the secrets key and operator token are not in it',
    )
    .argument('<file>', 'the file to make; it must not exist yet')
    .addOption(jsonOption)
    .action(async (file: string, options: Output) => {
      const report = await backup(loadConfig(), resolve(file));
      print(
        options,
        report,
        () => `Backup written to ${report.file} (${report.bytes} bytes, via ${report.via}).`,
      );
    });

  cli
    .command('restore')
    .description('replace the embedded database with the one in FILE (no server may be running)')
    .argument('<file>', 'a file made by `funder-api backup`')
    .option('--force', 'replace a database that is already there')
    .addOption(jsonOption)
    .action(async (file: string, options: Output & { force?: boolean }) => {
      const report = await restore(loadConfig(), resolve(file), options.force === true);
      print(
        options,
        report,
        () =>
          `Restored ${report.file} (schema ${report.schemaVersion})${report.replaced ? ', replacing the database that was there' : ''}. Start the server: it applies any newer migrations.`,
      );
    });
}

function embeddedOnly(config: Config, command: string): void {
  if (!config.databaseUrl) return;
  throw new CliError(
    'embedded_only',
    `\`funder-api ${command}\` is for the embedded database; with DATABASE_URL set, use PostgreSQL's own tools (pg_dump, pg_restore, base backups): see docs/operations.md, "Backup and restore".`,
    {},
    EXIT_USAGE,
  );
}

interface BackupReport {
  file: string;
  bytes: number;
  sha256: string;
  via: 'server' | 'direct';
}

async function backup(config: Config, file: string): Promise<BackupReport> {
  embeddedOnly(config, 'backup');
  await prepareDataDir(config.dataDir);
  // Never over another file: refused before anything is read, and again at the end, when the
  // copy takes the name (a file made there meanwhile is not replaced either).
  if (await exists(file)) throw fileExists(file);
  // The copy is written under a name of its own in the same folder, owner-only, and takes the
  // file's name only once it is whole: a backup that fails leaves nothing under FILE.
  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.partial`);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(partial, 'wx', FILE_MODE);
  } catch (err) {
    throw new CliError('file_unwritable', `${file} cannot be made: ${(err as Error).message}`, { file });
  }
  const hash = createHash('sha256');
  let bytes = 0;
  const write = async (chunk: Uint8Array) => {
    hash.update(chunk);
    bytes += chunk.length;
    await handle.write(chunk);
  };
  try {
    const via = await copyDatabase(config, write);
    await handle.sync();
    await handle.close();
    await claimName(partial, file);
    return { file, bytes, sha256: hash.digest('hex'), via };
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw err;
  }
}

const fileExists = (file: string) =>
  new CliError(
    'file_exists',
    `${file} exists already: give a new file name (a backup never replaces a file).`,
    { file },
  );

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new CliError('file_unwritable', `${file} cannot be made: ${(err as Error).message}`, { file });
  }
}

/**
 * Gives the whole copy its name: a hard link, which fails rather than replace a file made
 * under that name meanwhile, then the temporary name goes. Where the file system has no hard
 * links, a rename after one more look. The folder is synced so the name survives a crash.
 */
async function claimName(partial: string, file: string): Promise<void> {
  try {
    await link(partial, file);
    await rm(partial, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw fileExists(file);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    if (await exists(file)) throw fileExists(file);
    await rename(partial, file);
  }
  const folder = await open(dirname(file), 'r');
  try {
    await folder.sync();
  } catch {
    // Some file systems refuse to sync a folder; the file itself is synced already.
  } finally {
    await folder.close();
  }
}

/** Writes the database's copy with `write`: through the server that holds it, else directly. */
async function copyDatabase(
  config: Config,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<'server' | 'direct'> {
  const holder = await readLockHolder(config.dataDir);
  if (holder) {
    // The operations API answers on the operations listener when the server has one (OPS_PORT).
    const url = holder.opsUrl ?? holder.url;
    if (!url) throw new EmbeddedDatabaseBusy(holder);
    const { opsToken } = await resolveSecrets(config);
    const response = await serverResponse(url, opsToken, 'POST', '/ops/v1/backup');
    if (!response.body) throw new CliError('server_answer_invalid', 'The server sent no backup.');
    const reader = response.body.getReader();
    for (;;) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch (err) {
        throw new CliError(
          'backup_interrupted',
          `The server at ${url} stopped sending the backup before its end (${(err as Error).message}); nothing was written under the file's name.`,
          { url },
        );
      }
      if (next.done) break;
      await write(next.value);
    }
    return 'server';
  }
  const lock = await acquireEmbeddedLock(config.dataDir, 'backup');
  try {
    if (!(await embeddedDatabaseExists(config.dataDir))) {
      throw new CliError(
        'database_missing',
        `There is no embedded database in ${config.dataDir} to back up.`,
      );
    }
    const { createPgliteDb } = await import('./platform/db/pglite.ts');
    const db = await createPgliteDb({ dataDir: embeddedDatabaseDir(config.dataDir) });
    try {
      await write(await db.backup());
    } finally {
      await db.close();
    }
    return 'direct';
  } finally {
    await lock.release();
  }
}

interface RestoreReport {
  file: string;
  schemaVersion: string;
  replaced: boolean;
}

async function restore(config: Config, file: string, force: boolean): Promise<RestoreReport> {
  embeddedOnly(config, 'restore');
  const facts = await stat(file).catch(() => null);
  if (!facts?.isFile()) throw new CliError('file_missing', `${file} is not a file.`, { file });
  // The file is read and checked whole before the data directory is so much as made.
  const backup = await readBackup(file).catch(refusal(file));
  await prepareDataDir(config.dataDir);
  let lock: EmbeddedLock;
  try {
    lock = await acquireEmbeddedLock(config.dataDir, 'restore');
  } catch (err) {
    if (!(err instanceof EmbeddedDatabaseBusy)) throw err;
    const { holder } = err;
    throw new CliError(
      'database_in_use',
      `The embedded database is in use by a running ${holder.role} (pid ${holder.pid}): stop it before restoring, then start it again.`,
      { pid: holder.pid, role: holder.role },
    );
  }
  try {
    if (!force && (await embeddedDatabaseExists(config.dataDir))) {
      throw new CliError(
        'database_not_empty',
        `${config.dataDir} already holds a database: add --force to replace it with the backup (take a backup of it first if it may be needed).`,
        {},
        EXIT_USAGE,
      );
    }
    const restored = await restoreEmbedded(config.dataDir, backup).catch(refusal(file));
    return { file, ...restored };
  } finally {
    await lock.release();
  }
}

/** A refused backup as the command line reports it: its code, why, and the entry concerned. */
const refusal =
  (file: string) =>
  (err: unknown): never => {
    if (err instanceof BackupRefused) throw new CliError(err.code, err.message, { file, ...err.details });
    throw err;
  };
