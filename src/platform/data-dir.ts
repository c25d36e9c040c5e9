import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The data directory (the embedded database, the operator token, the encryption key, export
 * volumes) is its owner's alone: directories 0700, files 0600. The embedded database's file
 * layer sets 0666 or 0644 on the files it makes whatever the umask, so the modes are tightened
 * after it writes (when it opens, when it closes, after each start); the directory's own 0700
 * keeps everyone else out of whatever it makes in between.
 */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** A data directory the service will not use: the message says what to run. */
export class DataDirUnsafe extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirUnsafe';
  }
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Makes the data directory if it is missing (0700), refuses one that another user could write
 * (they could have put a key hash in the database or their own token in its files), and
 * tightens what is in it. Called by every command that opens the embedded database or keeps
 * files there, before it reads anything from it.
 */
export async function prepareDataDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  const facts = await stat(dir);
  if (!facts.isDirectory()) {
    throw new DataDirUnsafe(`The data directory ${dir} is not a directory: set DATA_DIR to a directory.`);
  }
  const uid = process.getuid?.();
  if (uid !== undefined && facts.uid !== uid) {
    throw new DataDirUnsafe(
      `The data directory ${dir} belongs to another user (uid ${facts.uid}), who could change its keys or its database: run the service as that user, or give the directory to this one (chown ${uid} ${dir}; chmod 700 ${dir}).`,
    );
  }
  if ((facts.mode & 0o022) !== 0) {
    throw new DataDirUnsafe(
      `The data directory ${dir} can be written by other users (mode ${(facts.mode & 0o777).toString(8).padStart(4, '0')}), who could change its keys or its database: check what is in it, then make it yours alone (chmod 700 ${dir}) and start again.`,
    );
  }
  await tightenDataDir(dir);
}

/** Sets every directory under `dir` (itself included) to 0700 and every file to 0600; links are left alone. */
export async function tightenDataDir(dir: string): Promise<void> {
  const visit = async (path: string): Promise<void> => {
    let facts: Awaited<ReturnType<typeof lstat>>;
    try {
      facts = await lstat(path);
    } catch (err) {
      if (missing(err)) return; // removed while walking (a temporary file of the database)
      throw err;
    }
    if (facts.isSymbolicLink()) return;
    const mode = facts.mode & 0o777;
    // A file keeps its owner's bits (0400 stays 0400); a directory needs all three.
    const wanted = facts.isDirectory() ? DIR_MODE : mode & FILE_MODE;
    if (mode !== wanted) {
      await chmod(path, wanted).catch((err: unknown) => {
        if (!missing(err)) throw err;
      });
    }
    if (!facts.isDirectory()) return;
    let names: string[];
    try {
      names = await readdir(path);
    } catch (err) {
      if (missing(err)) return;
      throw err;
    }
    for (const name of names) await visit(join(path, name));
  };
  await visit(dir);
}
