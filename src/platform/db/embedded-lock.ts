import { mkdir, open, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIR_MODE } from '../data-dir.ts';

/**
 * PGlite's data folder may be opened by one process only: a second one would corrupt it.
 * Whoever opens it holds this lock file, naming its pid and, for a server, its URL, so other
 * commands can say who holds it and go through that server's operations API instead.
 */
export interface LockHolder {
  pid: number;
  url: string | null;
  /** The operations listener's URL when the server has one (OPS_PORT): /ops/v1 answers there only. */
  opsUrl?: string | null;
  role: string;
}

const lockPath = (dataDir: string) => join(dataDir, 'embedded.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readLockHolder(dataDir: string): Promise<LockHolder | null> {
  try {
    const holder = JSON.parse(await readFile(lockPath(dataDir), 'utf8')) as LockHolder;
    return holder.pid !== process.pid && alive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

export class EmbeddedDatabaseBusy extends Error {
  constructor(readonly holder: LockHolder) {
    super(
      `The embedded database is in use by a running ${holder.role} (pid ${holder.pid})` +
        (holder.url ? ` at ${holder.url}` : '') +
        '. Stop it first, or use its operations API.',
    );
  }
}

export interface EmbeddedLock {
  /** Records where the server answers: its public URL and, when separate, its operations URL. */
  setUrl(url: string, opsUrl?: string | null): Promise<void>;
  release(): Promise<void>;
}

export async function acquireEmbeddedLock(dataDir: string, role: string): Promise<EmbeddedLock> {
  const path = lockPath(dataDir);
  await mkdir(dataDir, { recursive: true, mode: DIR_MODE });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx', 0o600);
      let holder: LockHolder = { pid: process.pid, url: null, role };
      await handle.writeFile(JSON.stringify(holder));
      await handle.close();
      return {
        async setUrl(url, opsUrl = null) {
          holder = { ...holder, url, opsUrl };
          await writeFile(path, JSON.stringify(holder));
        },
        async release() {
          await unlink(path).catch(() => undefined);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = await readLockHolder(dataDir);
      if (holder) throw new EmbeddedDatabaseBusy(holder);
      // The holder died without cleaning up: the lock is stale.
      await unlink(path).catch(() => undefined);
    }
  }
  throw new Error(`could not take the embedded database lock at ${path}`);
}
