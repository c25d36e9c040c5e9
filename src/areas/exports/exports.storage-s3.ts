import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ExportStorage, parseS3Url } from './exports.storage-kinds.ts';

/**
 * Export volumes in an S3-compatible object store, so every server of a deployment reads the
 * volumes any worker wrote. `EXPORT_STORAGE_URL` = `s3://<bucket>/<prefix>`, with optional query
 * members `endpoint` (another S3-compatible service), `region` and `path_style=true`.
 * Credentials come from the SDK's usual sources (environment, profile, instance role), never
 * from the URL. Uploads are multipart and streamed: a volume is never held whole in memory.
 */
export function s3Storage(url: string): ExportStorage {
  const { parsed, bucket, prefix } = parseS3Url(url);
  const keyOf = (object: string) => (prefix ? `${prefix}/${object}` : object);
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined;
  const client = new S3Client({
    region: parsed.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: parsed.searchParams.get('path_style') === 'true',
  });
  return {
    kind: 's3',
    async put(object, body) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: keyOf(object), Body: body, ContentType: 'application/zip' },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      });
      await upload.done();
    },
    async get(object) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(object) }));
        return { body: answer.Body as Readable, bytes: Number(answer.ContentLength ?? 0) };
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw err;
      }
    },
    async removeAll(objectPrefix) {
      for (;;) {
        const listed = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: keyOf(objectPrefix), MaxKeys: 1000 }),
        );
        const keys = (listed.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length === 0) return;
        await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
    },
  };
}
