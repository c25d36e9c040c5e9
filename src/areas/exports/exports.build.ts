import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import type { FunderScope } from '../../platform/caller.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import {
  copyEntityLines,
  ENTITIES,
  type Entity,
  exportReadTransaction,
  type Lines,
  readEntityForRequests,
  readEntityPage,
  visibleRequestIds,
} from './exports.content.store.ts';
import { CopyBinaryLines, csvHeader } from './exports.formats.ts';
import { readmeText } from './exports.readme.ts';
import type { ExportStorage } from './exports.storage.ts';
import type { ExportProgress, StoredVolume } from './exports.store.ts';
import { VERIFY_PY } from './exports.verify-py.ts';
import { type FileFacts, ScratchFile, ZipWriter } from './exports.zip.ts';

/** Rows read per page (one short transaction each) where the rows are read in pages (PGlite). */
export const PAGE_ROWS = 1000;
/**
 * Entities read on a second connection from the start of a PostgreSQL build: the invoices, with
 * the requests the largest entity and the one whose query costs the server most (a join of
 * three tables, a sort, and the formatting of two lines per row).
 */
const READ_AHEAD = new Set(['invoices']);
/** Entities without rows between two saves of the progress, at most. */
const PROGRESS_EVERY = 5;
/** Bytes of CSV and JSON Lines gathered from COPY's rows before they are written out. */
const FLUSH_BYTES = 256 * 1024;
/** Requests per batch when reading the rows that hang off requests (history, invoices...). */
export const REQUEST_BATCH = 500;
/**
 * A new volume starts once the current one holds this many compressed bytes; a file is never
 * split, so a volume can exceed it by the one file that crossed it.
 */
export const DEFAULT_VOLUME_BYTES = 1024 * 1024 * 1024;

export interface ManifestFile {
  name: string;
  bytes: number;
  sha256: string;
}

export interface BuiltExport {
  manifestSha256: string;
  volumes: StoredVolume[];
  fileCount: number;
  rowCounts: Record<string, number>;
  sizeBytes: number;
}

export interface BuildInput {
  db: Db;
  storage: ExportStorage;
  scope: FunderScope;
  exportId: string;
  funderName: string;
  token: string;
  lang: string;
  createdAt: Date;
  volumeBytes: number;
  /** Called after each entity; answers false when the build must stop (taken over). */
  onProgress(progress: ExportProgress): Promise<boolean>;
  signal: AbortSignal;
}

/** One ZIP volume streaming into storage, its compressed bytes and SHA-256 counted as they go. */
function openVolume(storage: ExportStorage, object: string, name: string) {
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
 * Builds the export. Every entity is read as its CSV and JSON Lines lines, written by the
 * database (exports.lines.store.ts) and scoped to the funder and plane in its SQL: on PostgreSQL
 * one binary COPY per entity; on PGlite the rows hanging off requests for batches of the
 * funder's requests, every other entity in keyset pages. The lines go to scratch files, each
 * followed into the current ZIP volume (streaming into storage) while it is written, its size
 * and SHA-256 counted on the way. Memory holds a page of lines and the ZIP writer's buffers,
 * whatever the funder's size. The last volume carries schema.json, the README, verify.py and
 * manifest.json. Nothing here marks the export ready.
 */
export async function buildExport(input: BuildInput): Promise<BuiltExport> {
  const scratch = await mkdtemp(join(tmpdir(), 'funder-export-'));
  const at = input.createdAt;
  const volumes: StoredVolume[] = [];
  const files: ManifestFile[] = [];
  const rowCounts: Record<string, number> = {};
  const progress: ExportProgress = {
    entities_done: 0,
    entities_total: ENTITIES.length,
    rows: 0,
    volumes_written: 0,
    phase: 'reading',
  };
  const volumeName = (n: number) => `export-${input.exportId}-${String(n).padStart(3, '0')}.zip`;
  const newVolume = () => {
    const name = volumeName(volumes.length + 1);
    return openVolume(input.storage, `${input.exportId}/${input.token}/${name}`, name);
  };
  let volume = newVolume();
  // Set when the build fails, so an entity read ahead on its own connection stops too.
  let failed = false;
  const stop = () => {
    if (input.signal.aborted) throw new Error('the export build was stopped: its job was taken over');
    if (failed) throw new Error('the export build failed');
    if (zipFailure) throw zipFailure;
  };
  // The entries queued into the ZIP, one after the other (`queueZip`), and the first failure.
  let zipping: Promise<void> = Promise.resolve();
  let zipFailure: Error | undefined;
  // Size and SHA-256 of each entity file, counted as it goes into the ZIP.
  const facts = new Map<string, FileFacts>();
  // Entities being read ahead on their own connection, settled before a failed build ends.
  const readingAhead: Promise<unknown>[] = [];
  // Files still being written, stopped if the build fails.
  const open = new Set<ScratchFile>();
  const scratchFile = (name: string) => {
    const file = new ScratchFile(join(scratch, name));
    open.add(file);
    return file;
  };
  try {
    const scratchFiles = (entity: Entity) => {
      const written = {
        entity,
        csv: scratchFile(`${entity.name}.csv`),
        jsonl: scratchFile(`${entity.name}.jsonl`),
        count: 0,
        async write(csv: string | Buffer, jsonl: string | Buffer) {
          await Promise.all([written.csv.write(csv), written.jsonl.write(jsonl)]);
        },
        /** Lines read as rows of a query (PGlite). */
        async lines(lines: Lines) {
          await written.write(lines.csv, lines.json);
          written.count += lines.count;
        },
      };
      return written;
    };
    // On PostgreSQL every entity is one COPY ... TO STDOUT, its text formatted as it streams.
    // On PGlite, the rows hanging off requests (history, invoices, notices...) are read for
    // batches of the funder's requests, one pass writing all of their files, so the requests
    // are listed once; every other entity in keyset pages.
    const copies = input.db.kind === 'postgres';
    const ofRequests = new Map(
      ENTITIES.filter((e) => e.byRequest && !copies).map((e) => [e.name, scratchFiles(e)]),
    );
    for (const written of ofRequests.values()) await written.csv.write(csvHeader(written.entity));
    let afterId: string | null = null;
    while (ofRequests.size > 0) {
      const ids = await visibleRequestIds(input.db, input.scope, afterId, REQUEST_BATCH);
      if (ids.length === 0) break;
      for (const written of ofRequests.values()) {
        await written.lines(await readEntityForRequests(input.db, input.scope, written.entity, ids));
      }
      if (ids.length < REQUEST_BATCH) break;
      afterId = ids.at(-1)!;
      stop();
    }

    type Written = ReturnType<typeof scratchFiles>;
    /** One entity's lines from COPY, split into its two files as they stream. */
    const copyInto = (reader: Queryable, into: Written) =>
      copyEntityLines(reader, input.scope, into.entity, async (chunks) => {
        const lines = new CopyBinaryLines();
        for await (const chunk of chunks) {
          lines.push(chunk);
          if (lines.bytes >= FLUSH_BYTES) {
            const taken = lines.take();
            await into.write(taken.csv, taken.json);
            stop();
          }
        }
        lines.end();
        const taken = lines.take();
        await into.write(taken.csv, taken.json);
        into.count += lines.rows;
      });
    /**
     * Queues an entity's two files into the ZIP after every entry before them. Each entry follows
     * its files as they are written, so an entity is compressed while it is read when the ZIP is
     * free for it; otherwise its files wait on disk, and the next entities are read meanwhile.
     */
    const queueZip = (written: Written) => {
      zipping = zipping.then(async () => {
        // The volume's size is judged once every earlier entry is in it.
        if (volume.bytes >= input.volumeBytes) {
          volumes.push(await volume.close());
          volume = newVolume();
        }
        // Entries are written one after the other: the JSON Lines, then the CSV. The second can
        // only start once the first is whole, so the smaller one (the CSV) is left for last.
        for (const [file, name] of [
          [written.jsonl, `${written.entity.name}.jsonl`],
          [written.csv, `${written.entity.name}.csv`],
        ] as const) {
          await volume.addStream(file.stream(), name, at);
          facts.set(name, file.facts);
          await rm(file.path);
        }
      });
      // A failed entry stops the reading at its next check; the failure is thrown where the
      // chain is awaited.
      zipping.catch((err: unknown) => {
        zipFailure ??= err instanceof Error ? err : new Error(String(err));
      });
    };

    // On PostgreSQL the entities named in READ_AHEAD are read from the start on a connection of
    // their own while the others are read in order on the first: the server's work for one (a
    // join and a sort) overlaps the formatting of the others. Each waits for its turn in the
    // ZIP, so the order of the entries does not change.
    const ahead = new Map<string, { written: Written; read: Promise<unknown> }>();
    if (copies) {
      for (const entity of ENTITIES.filter((e) => READ_AHEAD.has(e.name))) {
        const written = scratchFiles(entity);
        const read = exportReadTransaction(input.db, async (second) => {
          await written.csv.write(csvHeader(entity));
          await copyInto(second, written);
        });
        // Until it is awaited, a failure is kept for the await, not reported as unhandled.
        read.catch(() => undefined);
        ahead.set(entity.name, { written, read });
        readingAhead.push(read);
      }
    }

    // On PostgreSQL the entities are read in one transaction (`reader`); on PGlite, none.
    const readEntities = async (reader: Queryable | null) => {
      for (const entity of ENTITIES) {
        stop();
        const readAhead = ahead.get(entity.name);
        const byBatch = ofRequests.get(entity.name);
        const written = readAhead?.written ?? byBatch ?? scratchFiles(entity);
        queueZip(written);
        if (readAhead) {
          await readAhead.read;
        } else if (!byBatch) {
          await written.csv.write(csvHeader(entity));
          if (reader) {
            await copyInto(reader, written);
          } else {
            let after: unknown[] | null = null;
            for (;;) {
              const page = await readEntityPage(input.db, input.scope, entity, after, PAGE_ROWS);
              await written.lines(page);
              if (page.count < PAGE_ROWS) break;
              after = page.last;
              stop();
            }
          }
        }
        const { count } = written;
        for (const file of [written.csv, written.jsonl]) {
          await file.close();
          open.delete(file);
        }
        rowCounts[entity.name] = count;
        progress.entities_done += 1;
        progress.rows += count;
        progress.volumes_written = volumes.length;
        // Saved after every entity that wrote rows and at least every PROGRESS_EVERY entities:
        // an empty entity reads in a few milliseconds, less than its own progress write.
        if (count > 0 || progress.entities_done % PROGRESS_EVERY === 0) {
          if (!(await input.onProgress({ ...progress }))) {
            throw new Error('the export build was stopped: another attempt took it over');
          }
        }
      }
    };
    if (copies) await exportReadTransaction(input.db, readEntities);
    else await readEntities(null);
    await zipping;
    for (const entity of ENTITIES) {
      for (const name of [`${entity.name}.csv`, `${entity.name}.jsonl`])
        files.push({ name, ...facts.get(name)! });
    }
    progress.phase = 'sealing';
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
    volumes.push(await volume.close());
    progress.volumes_written = volumes.length;
    progress.phase = 'stored';
    return {
      manifestSha256: manifest.sha256,
      volumes,
      fileCount: files.length + 1,
      rowCounts,
      sizeBytes: volumes.reduce((sum, v) => sum + v.bytes, 0),
    };
  } catch (err) {
    failed = true;
    // Files still open are destroyed first: the entries following them fail instead of waiting.
    for (const file of open) file.destroy();
    volume.abort(err instanceof Error ? err : new Error(String(err)));
    await Promise.allSettled([zipping, ...readingAhead]);
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
