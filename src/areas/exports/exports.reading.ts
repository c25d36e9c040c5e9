import type { FunderScope } from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import {
  copyEntityLines,
  type Entity,
  type Lines,
  readEntityForRequests,
  readEntityPage,
  visibleRequestIds,
} from './exports.content.store.ts';
import { CopyBinaryLines, csvHeader } from './exports.formats.ts';
import type { ScratchFile } from './exports.zip.ts';

/** Rows read per page (one short transaction each) where the rows are read in pages (PGlite). */
export const PAGE_ROWS = 1000;
/** Bytes of CSV and JSON Lines gathered from COPY's rows before they are written out. */
const FLUSH_BYTES = 256 * 1024;
/** Requests per batch when reading the rows that hang off requests (history, invoices...). */
export const REQUEST_BATCH = 500;

/** An entity's two scratch files (CSV and JSON Lines) and the rows written into them. */
export function entityFiles(entity: Entity, scratchFile: (name: string) => ScratchFile) {
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
}

export type EntityFiles = ReturnType<typeof entityFiles>;

/**
 * PGlite: the rows hanging off requests (history, invoices, notices...) read for batches of the
 * funder's requests, one pass writing all of their files, so the requests are listed once.
 */
export async function readByRequests(
  input: { db: Db; scope: FunderScope },
  ofRequests: Map<string, EntityFiles>,
  stop: () => void,
) {
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
}

/** One entity's lines from COPY, split into its two files as they stream. */
export function copyLines(reader: Queryable, scope: FunderScope, into: EntityFiles, stop: () => void) {
  return copyEntityLines(reader, scope, into.entity, async (chunks) => {
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
}

/** PGlite: an entity other than those of requests, in keyset pages. */
export async function readPages(
  input: { db: Db; scope: FunderScope },
  entity: Entity,
  written: EntityFiles,
  stop: () => void,
) {
  let after: unknown[] | null = null;
  for (;;) {
    const page = await readEntityPage(input.db, input.scope, entity, after, PAGE_ROWS);
    await written.lines(page);
    if (page.count < PAGE_ROWS) break;
    after = page.last;
    stop();
  }
}
