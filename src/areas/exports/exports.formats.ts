import type { Entity } from './exports.entity.store.ts';

/**
 * What the build does with the lines the database formats (exports.lines.store.ts): the header
 * row of each CSV file, and the split of COPY's binary stream into the two files' bytes.
 */

/** The header line of an entity's CSV file (column names are plain: nothing to quote). */
export function csvHeader(entity: Entity): string {
  return `${entity.columns.map((c) => c.name).join(',')}\r\n`;
}

/** Bytes gathered in one buffer, grown as needed and used again after each `take`. */
class Gathered {
  private buffer = Buffer.allocUnsafe(64 * 1024);
  length = 0;
  append(from: Buffer, start: number, end: number): void {
    const needed = this.length + (end - start);
    if (needed > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
      this.buffer.copy(bigger, 0, 0, this.length);
      this.buffer = bigger;
    }
    from.copy(this.buffer, this.length, start, end);
    this.length = needed;
  }
  take(): Buffer {
    const taken = this.buffer.subarray(0, this.length);
    this.length = 0;
    return taken;
  }
}

/** The start of PostgreSQL's binary COPY: signature, flags, header extension length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const [HEADER, EXTENSION, TUPLE, LENGTH, DATA, DONE] = [0, 1, 2, 3, 4, 5];

/**
 * PostgreSQL's binary COPY of rows of two texts (an entity's CSV line and its JSON Lines line),
 * from chunks that cut it anywhere: the first texts of the rows are gathered in `csv`, the
 * second in `json`, byte for byte. A text arrives as its length and its bytes, so nothing is
 * decoded or unescaped. What `take` answers stays valid until the next `push`.
 */
export class CopyBinaryLines {
  rows = 0;
  private readonly gathered = [new Gathered(), new Gathered()] as const;
  private state = HEADER;
  /** A fixed-size piece (header, field count, field length) cut between two chunks. */
  private readonly piece = Buffer.alloc(HEADER_BYTES);
  private have = 0;
  /** Bytes of the header extension, or of the field being read, still to come. */
  private remaining = 0;
  private field = 0;

  get bytes(): number {
    return this.gathered[0].length + this.gathered[1].length;
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === DATA || this.state === EXTENSION) {
        const n = Math.min(this.remaining, chunk.length - at);
        if (this.state === DATA) this.gathered[this.field]!.append(chunk, at, at + n);
        at += n;
        this.remaining -= n;
        if (this.remaining === 0) this.afterBytes();
        continue;
      }
      if (this.state === DONE) throw new Error('the COPY went on after its end');
      const size = this.state === HEADER ? HEADER_BYTES : this.state === TUPLE ? 2 : 4;
      let piece: Buffer;
      let offset: number;
      if (this.have === 0 && chunk.length - at >= size) {
        piece = chunk;
        offset = at;
        at += size;
      } else {
        const n = Math.min(size - this.have, chunk.length - at);
        chunk.copy(this.piece, this.have, at, at + n);
        this.have += n;
        at += n;
        if (this.have < size) return;
        piece = this.piece;
        offset = 0;
        this.have = 0;
      }
      this.onPiece(piece, offset);
    }
  }

  /** At the end of the COPY: its end marker must have come. */
  end(): void {
    if (this.state !== DONE) throw new Error('the COPY ended in the middle of a row');
  }

  /** The CSV and JSON Lines bytes gathered since the last call. */
  take(): { csv: Buffer; json: Buffer } {
    return { csv: this.gathered[0].take(), json: this.gathered[1].take() };
  }

  private onPiece(piece: Buffer, offset: number): void {
    switch (this.state) {
      case HEADER: {
        if (!piece.subarray(offset, offset + SIGNATURE.length).equals(SIGNATURE))
          throw new Error('not a binary COPY');
        this.remaining = piece.readUInt32BE(offset + SIGNATURE.length + 4);
        this.state = this.remaining > 0 ? EXTENSION : TUPLE;
        return;
      }
      case TUPLE: {
        const fields = piece.readInt16BE(offset);
        if (fields === -1) {
          this.state = DONE;
          return;
        }
        if (fields !== 2) throw new Error(`a COPY row of ${fields} fields, not the two lines`);
        this.field = 0;
        this.state = LENGTH;
        return;
      }
      default: {
        const length = piece.readInt32BE(offset);
        if (length < 0) throw new Error('a null line in the COPY');
        this.remaining = length;
        this.state = DATA;
        if (length === 0) this.afterBytes();
      }
    }
  }

  private afterBytes(): void {
    if (this.state === EXTENSION) {
      this.state = TUPLE;
    } else if (this.field === 0) {
      this.field = 1;
      this.state = LENGTH;
    } else {
      this.rows += 1;
      this.state = TUPLE;
    }
  }
}
