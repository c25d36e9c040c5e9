import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import type { FunderScope } from '../../platform/caller.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import { ENTITIES, type Entity } from './exports.content.store.ts';
import { readmeText } from './exports.readme.ts';
import type { ExportStorage } from './exports.storage.ts';
import type { StoredVolume } from './exports.store.ts';
import { VERIFY_PY } from './exports.verify-py.ts';
import { ZipWriter } from './exports.zip.ts';

/** One ZIP volume streaming into storage, its compressed bytes and SHA-256 counted as they go. */
export function openVolume(storage: ExportStorage, object: string, name: string) {
  const hash = createHash('sha256');
  let bytes = 0;
  // Counted as the storage pulls the bytes, so none flows before the storage is ready for it.
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const zip = new ZipWriter(counted);
  const stored = storage.put(object, counted);
  // Until the volume is closed an upload failure must not go unheard.
  stored.catch(() => undefined);
  return {
    /** The volume's size so far, written by the ZIP writer (some may not have reached storage yet). */
    get bytes() {
      return zip.bytesWritten;
    },
    /** Adds the bytes of `source` (a scratch file being written) as the next entry. */
    addStream(source: Readable, entryName: string, at: Date): Promise<void> {
      return zip.addStream(entryName, at, source);
    },
    addText(text: string, entryName: string, at: Date): Promise<void> {
      return zip.addBuffer(entryName, at, Buffer.from(text, 'utf8'));
    },
    /** Stops the upload: a failed build leaves no whole volume behind. */
    abort(err: Error): void {
      counted.destroy(err);
    },
    async close(): Promise<StoredVolume> {
      await zip.end();
      await stored;
      return { name, bytes, sha256: hash.digest('hex'), object };
    },
  };
}

export type Volume = ReturnType<typeof openVolume>;

export interface ManifestFile {
  name: string;
  bytes: number;
  sha256: string;
}

/** What schema.json says of every entity file. */
function schemaOf(entities: readonly Entity[]) {
  return {
    format: 'funder-export/1',
    types: {
      uuid: 'UUID text',
      text: 'UTF-8 text',
      integer: 'whole number',
      decimal: 'exact decimal number written as text (euros unless stated)',
      boolean: 'true or false',
      timestamp: 'ISO 8601 instant in UTC',
      date: 'calendar date YYYY-MM-DD',
      json: 'JSON value (in CSV, its JSON text)',
      'text[]': 'list of texts (in CSV, a JSON array)',
    },
    csv: 'RFC 4180, UTF-8, comma separated, CRLF line ends, one header row; a text cell beginning with = + - @ tab or carriage return is prefixed with an apostrophe',
    jsonl: 'one JSON object per line, LF line ends',
    entities: entities.map((entity) => ({
      name: entity.name,
      description: entity.description,
      files: [`${entity.name}.csv`, `${entity.name}.jsonl`],
      columns: entity.columns.map((c) => ({ name: c.name, type: c.type })),
    })),
  };
}

/** The manifest without its own digest, and that digest: SHA-256 of its canonical JSON. */
export function sealManifest(manifest: Record<string, unknown>): { text: string; sha256: string } {
  const { manifest_sha256: _left, ...body } = manifest;
  const sha256 = createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
  return { text: `${JSON.stringify({ ...body, manifest_sha256: sha256 }, null, 2)}\n`, sha256 };
}

/**
 * The last volume's own entries: schema.json, the README, verify.py, then manifest.json, which
 * lists every file with its size and SHA-256. Answers the sealed manifest.
 */
export async function sealLastVolume(
  volume: Volume,
  input: { exportId: string; funderName: string; lang: string; createdAt: Date; scope: FunderScope },
  files: ManifestFile[],
  rowCounts: Record<string, number>,
) {
  const at = input.createdAt;
  const extras: [string, string][] = [
    ['schema.json', `${JSON.stringify(schemaOf(ENTITIES), null, 2)}\n`],
    [
      `README.${input.lang}.txt`,
      readmeText(input.lang, { exportId: input.exportId, funderName: input.funderName }),
    ],
    ['verify.py', VERIFY_PY],
  ];
  for (const [name, text] of extras) {
    const bytes = Buffer.from(text, 'utf8');
    files.push({ name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    await volume.addText(text, name, at);
  }
  const manifest = sealManifest({
    format: 'funder-export/1',
    export_id: input.exportId,
    funder_id: input.scope.funderId,
    plane: input.scope.plane,
    created_at: input.createdAt.toISOString(),
    lang: input.lang,
    row_counts: rowCounts,
    files,
  });
  await volume.addText(manifest.text, 'manifest.json', at);
  return manifest;
}
