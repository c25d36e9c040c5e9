import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { crc32, createDeflateRaw, type DeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A small ZIP writer for the export volumes (APPNOTE 6.3: deflated entries, UTF-8 names, ZIP64
 * where a size, an offset or the number of entries needs it). Every entry's data is deflated
 * before it is added, with its CRC-32 (Node's `zlib.crc32`), SHA-256 and sizes counted from
 * the uncompressed bytes as they were written, so each local header carries the real sizes
 * and the compressed bytes are copied into the volume as they are: an entity's file is never
 * written uncompressed to disk nor read back to be compressed.
 */

/** The deflate level of every entry: 1, the fastest (docs/decisions.md, "Exports: build speed"). */
export const COMPRESSION_LEVEL = 1;

/** What an entry's header needs to know of its data. */
export interface DeflatedFacts {
  /** CRC-32 of the uncompressed bytes. */
  crc32: number;
  /** Uncompressed bytes. */
  bytes: number;
  /** Compressed (raw deflate) bytes. */
  compressedBytes: number;
}

/**
 * A file's bytes deflated into a scratch file as they are written: the SHA-256, CRC-32 and
 * size of the uncompressed bytes counted on the way. Compression runs on libuv's threads.
 *
 * The text is encoded into two buffers kept for the file's life, used in turn: one is being
 * compressed while the next text is encoded into the other. A buffer is used again only once
 * the compressor has taken all of it. A fresh buffer per write would be memory outside V8's
 * heap that its collector only counts late, which let the process grow by tens of megabytes
 * of garbage buffers during a large export (bench/README.md, "Exports").
 */
export class DeflatedFile {
  private readonly hash = createHash('sha256');
  private crc = 0;
  private bytes = 0;
  private readonly deflate: DeflateRaw;
  private readonly out: WriteStream;
  private readonly done: Promise<void>;
  private readonly buffers: Buffer[] = [Buffer.alloc(0), Buffer.alloc(0)];
  /** For each buffer, the write that still holds it. */
  private readonly taken: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  private turn = 0;
  constructor(readonly path: string) {
    this.deflate = createDeflateRaw({ level: COMPRESSION_LEVEL });
    this.out = createWriteStream(path);
    this.deflate.pipe(this.out);
    this.done = finished(this.out);
    this.done.catch(() => undefined);
    this.deflate.on('error', (err) => this.out.destroy(err));
  }
  async write(text: string): Promise<void> {
    if (text.length === 0) return;
    const turn = this.turn;
    this.turn = 1 - turn;
    await this.taken[turn];
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (this.buffers[turn]!.length < text.length * 3)
      this.buffers[turn] = Buffer.allocUnsafe(text.length * 3);
    const buffer = this.buffers[turn]!;
    const chunk = buffer.subarray(0, buffer.write(text, 0, 'utf8'));
    this.hash.update(chunk);
    this.crc = crc32(chunk, this.crc);
    this.bytes += chunk.length;
    this.taken[turn] = new Promise<void>((resolve, reject) => {
      this.deflate.write(chunk, (err) => (err ? reject(err) : resolve()));
    });
    this.taken[turn].catch(() => undefined);
  }
  /** Ends the file: its manifest facts and what its ZIP entry's header needs. */
  async close(): Promise<DeflatedFacts & { sha256: string }> {
    await Promise.all(this.taken);
    this.deflate.end();
    await this.done;
    return {
      bytes: this.bytes,
      sha256: this.hash.digest('hex'),
      crc32: this.crc,
      compressedBytes: this.out.bytesWritten,
    };
  }
  /** Stops writing (a failed build); the file itself is removed with the scratch directory. */
  destroy(): void {
    this.deflate.destroy();
    this.out.destroy();
  }
}

/** Waits until the stream takes more, or fails when it closes first (the volume's upload failed). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('the stream closed before it took the rest of the bytes'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

const U32 = 0xffffffff;
const U16 = 0xffff;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_NAME = 0x0800;
const DEFLATED = 8;
/** "Made by" Unix (3), specification 4.5; regular file, mode 0644, in the external attributes. */
const MADE_BY = (3 << 8) | 45;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

interface CentralEntry extends DeflatedFacts {
  name: Buffer;
  offset: number;
  time: number;
  date: number;
  zip64: boolean;
}

/** The MS-DOS time and date of an instant, in UTC (the format has no zone), 2-second steps. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/**
 * Writes one ZIP file into `out`, entry after entry, then the central directory on `end`.
 * `forceZip64` writes every entry and the end records in ZIP64 form (tests use it to check that
 * form without gigabytes of data); otherwise ZIP64 is used only where a value needs it.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  constructor(
    private readonly out: Writable,
    private readonly options: { forceZip64?: boolean } = {},
  ) {}

  /** Adds a file whose bytes are already deflated in `path` (a `DeflatedFile`). */
  async addDeflatedFile(name: string, at: Date, path: string, facts: DeflatedFacts): Promise<void> {
    await this.header(name, at, facts);
    let copied = 0;
    for await (const chunk of createReadStream(path)) {
      copied += (chunk as Buffer).length;
      await this.write(chunk as Buffer);
    }
    if (copied !== facts.compressedBytes) throw new Error(`the compressed bytes of ${name} changed size`);
    this.offset += copied;
  }

  /** Adds a small file held in memory. */
  async addBuffer(name: string, at: Date, data: Buffer): Promise<void> {
    const deflated = deflateRawSync(data, { level: COMPRESSION_LEVEL });
    await this.header(name, at, { crc32: crc32(data), bytes: data.length, compressedBytes: deflated.length });
    await this.write(deflated);
    this.offset += deflated.length;
  }

  /** Writes the central directory and the end records, and ends `out`. */
  async end(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const extra = entry.zip64 ? zip64Extra([entry.bytes, entry.compressedBytes, entry.offset]) : EMPTY;
      const head = Buffer.alloc(46);
      head.writeUInt32LE(0x02014b50, 0);
      head.writeUInt16LE(MADE_BY, 4);
      head.writeUInt16LE(entry.zip64 ? 45 : 20, 6);
      head.writeUInt16LE(UTF8_NAME, 8);
      head.writeUInt16LE(DEFLATED, 10);
      head.writeUInt16LE(entry.time, 12);
      head.writeUInt16LE(entry.date, 14);
      head.writeUInt32LE(entry.crc32, 16);
      head.writeUInt32LE(entry.zip64 ? U32 : entry.compressedBytes, 20);
      head.writeUInt32LE(entry.zip64 ? U32 : entry.bytes, 24);
      head.writeUInt16LE(entry.name.length, 28);
      head.writeUInt16LE(extra.length, 30);
      // Comment length, disk number, internal attributes: 0.
      head.writeUInt32LE(FILE_ATTRIBUTES, 38);
      head.writeUInt32LE(entry.zip64 ? U32 : entry.offset, 42);
      const record = Buffer.concat([head, entry.name, extra]);
      await this.write(record);
      this.offset += record.length;
    }
    const size = this.offset - start;
    const count = this.entries.length;
    const zip64 = this.options.forceZip64 === true || count >= U16 || start >= U32 || size >= U32;
    if (zip64) {
      const record = Buffer.alloc(56 + 20);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(MADE_BY, 12);
      record.writeUInt16LE(45, 14);
      // This disk and the directory's disk: 0.
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      // The locator of the record above.
      record.writeUInt32LE(0x07064b50, 56);
      record.writeBigUInt64LE(BigInt(this.offset), 64);
      record.writeUInt32LE(1, 72);
      await this.write(record);
      this.offset += record.length;
    }
    const last = Buffer.alloc(22);
    last.writeUInt32LE(0x06054b50, 0);
    last.writeUInt16LE(zip64 ? U16 : count, 8);
    last.writeUInt16LE(zip64 ? U16 : count, 10);
    last.writeUInt32LE(zip64 ? U32 : size, 12);
    last.writeUInt32LE(zip64 ? U32 : start, 16);
    await this.write(last);
    this.offset += last.length;
    this.out.end();
  }

  private async header(name: string, at: Date, facts: DeflatedFacts): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const zip64 =
      this.options.forceZip64 === true ||
      facts.bytes >= U32 ||
      facts.compressedBytes >= U32 ||
      this.offset >= U32;
    const { time, date } = dosTime(at);
    this.entries.push({ ...facts, name: nameBytes, offset: this.offset, time, date, zip64 });
    const extra = zip64 ? zip64Extra([facts.bytes, facts.compressedBytes]) : EMPTY;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(zip64 ? 45 : 20, 4);
    head.writeUInt16LE(UTF8_NAME, 6);
    head.writeUInt16LE(DEFLATED, 8);
    head.writeUInt16LE(time, 10);
    head.writeUInt16LE(date, 12);
    head.writeUInt32LE(facts.crc32, 14);
    head.writeUInt32LE(zip64 ? U32 : facts.compressedBytes, 18);
    head.writeUInt32LE(zip64 ? U32 : facts.bytes, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    head.writeUInt16LE(extra.length, 28);
    const record = Buffer.concat([head, nameBytes, extra]);
    await this.write(record);
    this.offset += record.length;
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('the ZIP volume was closed before it was written whole');
    if (!this.out.write(chunk)) await drained(this.out);
  }
}

const EMPTY = Buffer.alloc(0);

/** The ZIP64 extended information extra field (id 0x0001) holding the given 8-byte values. */
function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => {
    extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i);
  });
  return extra;
}
