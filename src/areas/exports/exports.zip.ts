import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ZipStream from 'zip-stream';

/**
 * The ZIP volumes of an export, written with zip-stream (the streaming writer of the archiver
 * project): deflated entries, UTF-8 names, data descriptors, and ZIP64 records where a size, an
 * offset or the number of entries needs them. zip-stream computes each entry's CRC-32 itself
 * (with the `crc-32` package, several times faster than a byte-at-a-time table); the files'
 * SHA-256 and size for the manifest are counted here as their bytes go into their entries.
 */

/** The deflate level of every entry: 1, the fastest (docs/decisions/exports.md). */
export const COMPRESSION_LEVEL = 1;

/**
 * A scratch file is read into its entry 256 KiB at a time, and the compressor hands its output
 * on 128 KiB at a time: less time per entry than the streams' 64 and 16 KiB defaults, for a few
 * megabytes more held while a build runs (bench/README.md, "Exports").
 */
const READ_CHUNK_BYTES = 256 * 1024;
const DEFLATE_CHUNK_BYTES = 128 * 1024;

/** What the manifest says of a written file. */
export interface FileFacts {
  /** Uncompressed bytes. */
  bytes: number;
  /** SHA-256 of the uncompressed bytes, hex. */
  sha256: string;
}

/**
 * A file written to the scratch directory as its text or bytes come, and read back as it is
 * written (`stream`) into its ZIP entry: an entity is compressed while it is read.
 *
 * What comes is copied (text encoded) into two buffers kept for the file's life, used in turn:
 * one is being written while the next text is encoded into the other. A buffer is used again
 * only once the file stream has taken all of it. A fresh buffer per write would be memory
 * outside V8's heap that its collector only counts late, which let the process grow by tens of
 * megabytes of garbage buffers during a large export (bench/README.md, "Exports").
 */
export class ScratchFile {
  private readonly out: WriteStream;
  private readonly done: Promise<void>;
  /** Settled once the file exists on disk (the write stream opens it asynchronously). */
  private readonly created: Promise<void>;
  private readonly buffers: Buffer[] = [Buffer.alloc(0), Buffer.alloc(0)];
  /** For each buffer, the write that still holds it. */
  private readonly taken: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  private turn = 0;
  /** Bytes the file holds on disk so far (their writes have completed). */
  private flushed = 0;
  private state: 'open' | 'closed' | 'failed' = 'open';
  /** Readers (`chunks`) waiting for more bytes, the end, or a failure. */
  private waiting: (() => void)[] = [];
  private counted: FileFacts | undefined;
  constructor(readonly path: string) {
    this.out = createWriteStream(path);
    this.done = finished(this.out);
    this.done.catch(() => undefined);
    this.created = new Promise((resolve, reject) => {
      this.out.once('open', () => resolve());
      this.out.once('error', reject);
      // Destroyed before it was opened: a settled promise ignores this once it is open.
      this.out.once('close', () => reject(new Error(`the scratch file ${path} was not written whole`)));
    });
    this.created.catch(() => undefined);
  }
  /** Writes text (as UTF-8) or bytes; the caller may reuse its bytes once this has resolved. */
  async write(data: string | Uint8Array): Promise<void> {
    if (data.length === 0) return;
    const turn = this.turn;
    this.turn = 1 - turn;
    await this.taken[turn];
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const room = typeof data === 'string' ? data.length * 3 : data.length;
    if (this.buffers[turn]!.length < room) this.buffers[turn] = Buffer.allocUnsafe(room);
    const buffer = this.buffers[turn]!;
    let length: number;
    if (typeof data === 'string') {
      length = buffer.write(data, 0, 'utf8');
    } else {
      buffer.set(data);
      length = data.length;
    }
    const chunk = buffer.subarray(0, length);
    this.taken[turn] = new Promise<void>((resolve, reject) => {
      this.out.write(chunk, (err) => {
        if (err) return reject(err);
        this.flushed += chunk.length;
        this.wake();
        resolve();
      });
    });
    this.taken[turn].catch(() => undefined);
  }
  /** Ends the file: every byte is on disk. */
  async close(): Promise<void> {
    await Promise.all(this.taken);
    this.out.end();
    await this.done;
    this.state = 'closed';
    this.wake();
  }
  /** Stops writing (a failed build); the file itself is removed with the scratch directory. */
  destroy(): void {
    this.out.destroy();
    this.state = 'failed';
    this.wake();
  }

  /**
   * The file's bytes from the start, as they are written: what is on disk is read, more is
   * waited for while the file is open, and the reading ends once the file is closed and read
   * whole, or fails if it is destroyed.
   */
  async *chunks(): AsyncGenerator<Buffer> {
    // Read from before the first write, the file may not have been created yet.
    await this.created;
    const handle = await open(this.path, 'r');
    try {
      let at = 0;
      for (;;) {
        if (this.state === 'failed') throw new Error(`the scratch file ${this.path} was not written whole`);
        if (at < this.flushed) {
          const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, this.flushed - at));
          const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
          at += bytesRead;
          yield bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead);
        } else if (this.state === 'closed') {
          return;
        } else {
          await new Promise<void>((resolve) => this.waiting.push(resolve));
        }
      }
    } finally {
      await handle.close();
    }
  }

  /**
   * The file's bytes for its ZIP entry (`chunks`), its manifest facts counted on the way from
   * the very bytes the entry takes.
   */
  stream(): Readable {
    const hash = createHash('sha256');
    let bytes = 0;
    const read = async function* (file: ScratchFile) {
      for await (const chunk of file.chunks()) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
      file.counted = { bytes, sha256: hash.digest('hex') };
    };
    return Readable.from(read(this), { objectMode: false, highWaterMark: READ_CHUNK_BYTES });
  }

  /** Size and SHA-256 of the file, known once `stream` has been read to its end. */
  get facts(): FileFacts {
    if (!this.counted) throw new Error('an export file is counted only once it is read whole');
    return this.counted;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/**
 * One ZIP file streaming into `out`, entry after entry. `forceZip64` writes every entry and the
 * end records in ZIP64 form (tests use it to check that form without gigabytes of data).
 */
export class ZipWriter {
  private readonly zip: ZipStream;
  private readonly piped: Promise<void>;
  constructor(out: Writable, options: { forceZip64?: boolean } = {}) {
    this.zip = new ZipStream({
      zlib: { level: COMPRESSION_LEVEL, chunkSize: DEFLATE_CHUNK_BYTES },
      forceZip64: options.forceZip64 === true,
    });
    this.zip.pipe(out);
    this.piped = finished(out);
    this.piped.catch(() => undefined);
    // A failed destination (the volume's upload) stops the writer too.
    out.once('close', () => {
      if (!out.writableFinished) this.zip.destroy();
    });
  }

  /** Bytes of the ZIP written so far (headers and compressed data). */
  get bytesWritten(): number {
    return this.zip.getBytesWritten();
  }

  /** Adds the bytes of `source` as the next entry, as they come. */
  addStream(name: string, at: Date, source: Readable): Promise<void> {
    return this.entry(source, name, at);
  }

  /** Adds a small file held in memory. */
  addBuffer(name: string, at: Date, data: Buffer): Promise<void> {
    return this.entry(data, name, at);
  }

  /** Writes the central directory and the end records, and waits until `out` has them all. */
  async end(): Promise<void> {
    this.zip.finalize();
    await this.piped;
  }

  private entry(source: Readable | Buffer, name: string, at: Date): Promise<void> {
    if (this.zip.destroyed)
      return Promise.reject(new Error('the ZIP volume was closed before it was written whole'));
    return new Promise((resolve, reject) => {
      // Closed mid-entry (a failed upload, a stopped build): the entry fails instead of waiting
      // for a callback that never comes, and the source stops being read.
      const closed = () => {
        if (source instanceof Readable) source.destroy();
        reject(new Error('the ZIP volume was closed before it was written whole'));
      };
      this.zip.once('close', closed);
      this.zip.entry(source, { name, date: at, mode: 0o644 }, (err) => {
        this.zip.off('close', closed);
        if (err) reject(err);
        else resolve();
      });
    });
  }
}
