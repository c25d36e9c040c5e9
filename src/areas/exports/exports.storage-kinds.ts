import type { Readable } from 'node:stream';

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

/** The bucket and key prefix of `s3://bucket/prefix[?...]`; a URL of another shape is refused. */
export function parseS3Url(url: string): { parsed: URL; bucket: string; prefix: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) {
    throw new Error('EXPORT_STORAGE_URL must look like s3://bucket/prefix');
  }
  return { parsed, bucket: parsed.hostname, prefix: parsed.pathname.replace(/^\/+|\/+$/g, '') };
}
