import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { tightenDataDir } from '../data-dir.ts';
import { BackupRefused, type CheckedBackup } from './backup-archive.ts';
import { appliedMigration, expectedMigration } from './migrate.ts';

export { BackupRefused, type CheckedBackup, readBackup } from './backup-archive.ts';

/**
 * Backups of the embedded database: PGlite's data folder as a gzipped tar (`Db.backup`), the
 * format PGlite itself loads a database from. The checks a restore makes before it replaces
 * anything live here and in backup-archive.ts (the file's own, made before anything is
 * written); the command line decides when to call them.
 */

/** The folder of the data directory the embedded database lives in (see runtime.ts openDatabase). */
export const embeddedDatabaseDir = (dataDir: string): string => join(dataDir, 'pglite');

/** Whether the embedded database folder holds a database (PostgreSQL's PG_VERSION file in it). */
export async function embeddedDatabaseExists(dataDir: string): Promise<boolean> {
  try {
    await stat(join(embeddedDatabaseDir(dataDir), 'PG_VERSION'));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/**
 * Loads the checked backup into a folder beside the database, checks it is a database of this
 * service no newer than this code, then puts it in the database's place (the one there, if
 * any, is removed once the new one is in place). Answers the schema version restored. Whoever
 * calls it holds the embedded database's lock.
 */
export async function restoreEmbedded(
  dataDir: string,
  backup: CheckedBackup,
): Promise<{ schemaVersion: string; replaced: boolean }> {
  const target = embeddedDatabaseDir(dataDir);
  const staging = `${target}.restoring`;
  const replaced = `${target}.replaced`;
  await rm(staging, { recursive: true, force: true });
  try {
    const schemaVersion = await loadAndCheck(staging, backup);
    const existed = await embeddedDatabaseExists(dataDir);
    await rm(replaced, { recursive: true, force: true });
    if (existed) await rename(target, replaced);
    else await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    await rm(replaced, { recursive: true, force: true });
    await tightenDataDir(dataDir);
    return { schemaVersion, replaced: existed };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function loadAndCheck(folder: string, backup: CheckedBackup): Promise<string> {
  const { createPgliteDb } = await import('./pglite.ts');
  let db: Awaited<ReturnType<typeof createPgliteDb>>;
  try {
    // The archive already inflated, in a Blob with no type: PGlite reads it as a plain tar,
    // the very bytes readBackup checked.
    db = await createPgliteDb({ dataDir: folder, loadDataDir: new Blob([new Uint8Array(backup.tar)]) });
  } catch (err) {
    throw new BackupRefused(
      'backup_invalid',
      `The file is not a backup made by \`funder-api backup\`: the embedded database cannot load it (${(err as Error).message}).`,
    );
  }
  try {
    const version = await appliedMigration(db).catch(() => null);
    if (version === null) {
      throw new BackupRefused(
        'backup_invalid',
        'The file holds a database, but not one of this service (no migrations recorded in it).',
      );
    }
    const expected = await expectedMigration();
    if (expected !== null && version > expected) {
      throw new BackupRefused(
        'backup_too_new',
        `The backup's schema is at ${version}, newer than this version of the service knows (${expected}): restore it with the version that made it, or a later one.`,
      );
    }
    return version;
  } finally {
    await db.close();
  }
}
