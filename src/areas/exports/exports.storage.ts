import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DIR_MODE, FILE_MODE } from '../../platform/data-dir.ts';
import { type ExportStorage, parseS3Url } from './exports.storage-kinds.ts';

export type { ExportStorage } from './exports.storage-kinds.ts';

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
      // Owner-only, as everything in the data directory (platform/data-dir.ts).
      await mkdir(dirname(path), { recursive: true, mode: DIR_MODE });
      const partial = `${path}.partial`;
      await pipeline(body, createWriteStream(partial, { mode: FILE_MODE }));
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

/**
 * The S3-compatible storage, its SDK loaded on first use: the AWS SDK is several megabytes of
 * modules a deployment that keeps its exports on local disk never needs in memory. The URL is
 * checked at once, so a bad setting still stops the service at start.
 */
function s3StorageOnFirstUse(url: string): ExportStorage {
  parseS3Url(url);
  let loaded: Promise<ExportStorage> | null = null;
  const storage = () => {
    loaded ??= import('./exports.storage-s3.ts').then((s3) => s3.s3Storage(url));
    return loaded;
  };
  return {
    kind: 's3',
    put: async (object, body) => (await storage()).put(object, body),
    get: async (object) => (await storage()).get(object),
    removeAll: async (prefix) => (await storage()).removeAll(prefix),
  };
}

/** The storage the configuration names: `EXPORT_STORAGE_URL`, else the data directory. */
export function exportStorageFrom(options: { url: string | null; dataDir: string }): ExportStorage {
  return options.url ? s3StorageOnFirstUse(options.url) : localStorage(join(options.dataDir, 'exports'));
}
