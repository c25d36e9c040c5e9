import { gzipSync } from 'node:zlib';

/**
 * Archives made by hand, byte by byte, in the layout of the backups PGlite writes (POSIX ustar
 * headers in a gzip stream), so that a test can craft what no backup would hold: a name that
 * climbs out, a link, a size that lies.
 */

const BLOCK = 512;

export interface TarEntry {
  name: string;
  /** The header's type: '0' file (the default), '1' hard link, '2' symbolic link, '5' directory, ... */
  type?: string;
  data?: Uint8Array | string;
  /** The size the header states, when it is to differ from the data written after it. */
  size?: number;
  linkName?: string;
}

const field = (header: Buffer, at: number, length: number, value: string) => {
  header.write(value.slice(0, length), at, length, 'latin1');
};

const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;

/** One entry's header, its checksum computed as ustar defines it. */
export function tarHeader(entry: TarEntry): Buffer {
  const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : (entry.data ?? new Uint8Array());
  const header = Buffer.alloc(BLOCK);
  field(header, 0, 100, entry.name);
  field(header, 100, 8, octal(0o600, 8));
  field(header, 108, 8, octal(0, 8));
  field(header, 116, 8, octal(0, 8));
  field(header, 124, 12, octal(entry.size ?? data.length, 12));
  field(header, 136, 12, octal(0, 12));
  field(header, 148, 8, ' '.repeat(8));
  field(header, 156, 1, entry.type ?? '0');
  field(header, 157, 100, entry.linkName ?? '');
  field(header, 257, 6, 'ustar\0');
  field(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** The entries one after the other, each one's data padded to a block, then the end marker. */
export function tarArchive(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(tarHeader(entry));
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : Buffer.from(entry.data ?? []);
    parts.push(data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

/** The archive in a gzip stream; `declared` overwrites the length its trailer states. */
export function gzipped(tar: Uint8Array, declared?: number): Buffer {
  const gz = gzipSync(tar);
  if (declared !== undefined) gz.writeUInt32LE(declared, gz.length - 4);
  return gz;
}
