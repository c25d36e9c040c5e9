import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { s3Storage } from './exports.storage-s3.ts';

/**
 * Where export volumes are kept until their 24 hours end. Objects are named
 * `<export id>/<build token>/<volume name>`; a build that restarts writes under a new token and
 * removes what the earlier attempt left.
 */
export interface ExportStorage {
  readonly kind: 'local' | 's3';
  /** Streams `body` into the object; answers once it is stored whole. */
  put(object: string, body: Readable): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(object: string): Promise<{ body: Readable; bytes: number } | null>;
  /** Removes every object whose name starts with `prefix`. */
  removeAll(prefix: string): Promise<void>;
}

/** The embedded default: files in a directory (the data directory's `exports`). */
export function localStorage(root: string): ExportStorage {
  const base = resolve(root);
  const pathOf = (object: string) => {
    const path = resolve(base, object);
    if (!path.startsWith(base + sep))
      throw new Error('an export object name must stay inside the export directory');
    return path;
  };
  return {
    kind: 'local',
    async put(object, body) {
      const path = pathOf(object);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.partial`;
      await pipeline(body, createWriteStream(partial));
      await rename(partial, path);
    },
    async get(object) {
      const path = pathOf(object);
      try {
        const facts = await stat(path);
        return { body: createReadStream(path), bytes: facts.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async removeAll(prefix) {
      await rm(pathOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
    },
  };
}

/** The storage the configuration names: `EXPORT_STORAGE_URL`, else the data directory. */
export function exportStorageFrom(options: { url: string | null; dataDir: string }): ExportStorage {
  return options.url ? s3Storage(options.url) : localStorage(join(options.dataDir, 'exports'));
}
