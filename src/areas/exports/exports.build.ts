import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FunderScope } from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ENTITIES, type Entity, exportReadTransaction } from './exports.content.store.ts';
import { csvHeader } from './exports.formats.ts';
import { copyLines, type EntityFiles, entityFiles, readByRequests, readPages } from './exports.reading.ts';
import type { ExportStorage } from './exports.storage.ts';
import type { ExportProgress, StoredVolume } from './exports.store.ts';
import { type ManifestFile, openVolume, sealLastVolume, type Volume } from './exports.volumes.ts';
import { type FileFacts, ScratchFile } from './exports.zip.ts';

/**
 * Entities read on a second connection from the start of a PostgreSQL build: the invoices, with
 * the requests the largest entity and the one whose query costs the server most (a join of
 * three tables, a sort, and the formatting of two lines per row).
 */
const READ_AHEAD = new Set(['invoices']);
/** Entities without rows between two saves of the progress, at most. */
const PROGRESS_EVERY = 5;
/**
 * A new volume starts once the current one holds this many compressed bytes; a file is never
 * split, so a volume can exceed it by the one file that crossed it.
 */
export const DEFAULT_VOLUME_BYTES = 1024 * 1024 * 1024;

export { PAGE_ROWS, REQUEST_BATCH } from './exports.reading.ts';
export { type ManifestFile, sealManifest } from './exports.volumes.ts';

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

function newProgress(): ExportProgress {
  return {
    entities_done: 0,
    entities_total: ENTITIES.length,
    rows: 0,
    volumes_written: 0,
    phase: 'reading',
  };
}

/** Entities read ahead on a connection of their own: their files and the reading itself. */
type ReadAhead = Map<string, { written: EntityFiles; read: Promise<unknown> }>;

/**
 * Starts reading the READ_AHEAD entities, each in a transaction of its own; every reading is
 * also added to `readingAhead`, so that a failed build can wait for it.
 */
function startReadAhead(
  db: Db,
  scratchFiles: (entity: Entity) => EntityFiles,
  copyInto: (reader: Queryable, into: EntityFiles) => Promise<unknown>,
  readingAhead: Promise<unknown>[],
): ReadAhead {
  const ahead: ReadAhead = new Map();
  for (const entity of ENTITIES.filter((e) => READ_AHEAD.has(e.name))) {
    const written = scratchFiles(entity);
    const read = exportReadTransaction(db, async (second) => {
      await written.csv.write(csvHeader(entity));
      await copyInto(second, written);
    });
    // Until it is awaited, a failure is kept for the await, not reported as unhandled.
    read.catch(() => undefined);
    ahead.set(entity.name, { written, read });
    readingAhead.push(read);
  }
  return ahead;
}

/** The state of a build that each finished entity updates. */
interface EntityTally {
  open: Set<ScratchFile>;
  rowCounts: Record<string, number>;
  progress: ExportProgress;
  volumes: StoredVolume[];
}

/** Closes an entity's files, counts its rows and saves the progress when it is due. */
async function finishEntity(input: BuildInput, written: EntityFiles, tally: EntityTally): Promise<void> {
  const { open, rowCounts, progress, volumes } = tally;
  const { count } = written;
  for (const file of [written.csv, written.jsonl]) {
    await file.close();
    open.delete(file);
  }
  rowCounts[written.entity.name] = count;
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

/** How a build reads its entities, and queues each into the ZIP. */
interface EntityReading {
  input: BuildInput;
  ahead: ReadAhead;
  ofRequests: Map<string, EntityFiles>;
  scratchFiles: (entity: Entity) => EntityFiles;
  queueZip: (written: EntityFiles) => void;
  copyInto: (reader: Queryable, into: EntityFiles) => Promise<unknown>;
  stop: () => void;
}

/**
 * Reads every entity in order, each queued into the ZIP before it is read. On PostgreSQL the
 * entities are read in one transaction (`reader`); on PGlite, none.
 */
async function readAllEntities(reading: EntityReading, tally: EntityTally, reader: Queryable | null) {
  const { input, ahead, ofRequests, scratchFiles, queueZip, copyInto, stop } = reading;
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
        await readPages(input, entity, written, stop);
      }
    }
    await finishEntity(input, written, tally);
  }
}

/** The manifest's entity files, in the order of the entities, each with its size and SHA-256. */
function manifestFiles(facts: Map<string, FileFacts>): ManifestFile[] {
  const files: ManifestFile[] = [];
  for (const entity of ENTITIES) {
    for (const name of [`${entity.name}.csv`, `${entity.name}.jsonl`])
      files.push({ name, ...facts.get(name)! });
  }
  return files;
}

/** What the last volume seals, and the progress it ends. */
interface Sealing {
  volumes: StoredVolume[];
  files: ManifestFile[];
  rowCounts: Record<string, number>;
  progress: ExportProgress;
}

/** Writes the manifest and the closing files into the last volume and closes it. */
async function sealBuild(input: BuildInput, volume: Volume, sealing: Sealing): Promise<BuiltExport> {
  const { volumes, files, rowCounts, progress } = sealing;
  progress.phase = 'sealing';
  const manifest = await sealLastVolume(volume, input, files, rowCounts);
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
  const progress = newProgress();
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
    const scratchFiles = (entity: Entity) => entityFiles(entity, scratchFile);
    // On PostgreSQL every entity is one COPY ... TO STDOUT, its text formatted as it streams.
    // On PGlite, the rows hanging off requests (history, invoices, notices...) are read for
    // batches of the funder's requests, one pass writing all of their files, so the requests
    // are listed once; every other entity in keyset pages.
    const copies = input.db.kind === 'postgres';
    const ofRequests = new Map(
      ENTITIES.filter((e) => e.byRequest && !copies).map((e) => [e.name, scratchFiles(e)]),
    );
    await readByRequests(input, ofRequests, stop);

    type Written = EntityFiles;
    const copyInto = (reader: Queryable, into: Written) => copyLines(reader, input.scope, into, stop);
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
    const ahead: ReadAhead = copies
      ? startReadAhead(input.db, scratchFiles, copyInto, readingAhead)
      : new Map();

    // On PostgreSQL the entities are read in one transaction (`reader`); on PGlite, none.
    const reading: EntityReading = { input, ahead, ofRequests, scratchFiles, queueZip, copyInto, stop };
    const tally: EntityTally = { open, rowCounts, progress, volumes };
    const readEntities = (reader: Queryable | null) => readAllEntities(reading, tally, reader);
    if (copies) await exportReadTransaction(input.db, readEntities);
    else await readEntities(null);
    await zipping;
    files.push(...manifestFiles(facts));
    return await sealBuild(input, volume, { volumes, files, rowCounts, progress });
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
