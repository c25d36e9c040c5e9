import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/**
 * The backup file as `funder-api backup` writes it, read and checked before a restore writes
 * anything. The format is PGlite's dump of its data folder: a gzip stream of a ustar archive.
 * What the file declares, and is held to:
 *
 * - the gzip trailer's last four bytes state the archive's length (RFC 1952, ISIZE): inflating
 *   stops at that length, and the archive must be exactly that long;
 * - each entry's header states its kind, its name and its size: only files and directories,
 *   named below the database folder (PGlite writes `/PG_VERSION`, `/base/1/1259`: the leading
 *   slash is the folder itself), each file's data inside the archive, and after the last entry
 *   the end-of-archive marker and nothing but zeros.
 *
 * PGlite loads exactly the archive checked here (`CheckedBackup.tar`, already inflated), so
 * what was checked is what is written.
 */

/** A backup file a restore refuses, with what is wrong in words and as a code for scripts. */
export class BackupRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Why, for scripts (`reason`), and the entry concerned, if any (`entry`). */
    readonly details: { reason?: string; entry?: string } = {},
  ) {
    super(message);
    this.name = 'BackupRefused';
  }
}

const checked: unique symbol = Symbol('checked backup');

/** A backup whose archive passed every check below; only `readBackup` makes one. */
export interface CheckedBackup {
  /** The archive, inflated: the bytes PGlite loads. */
  readonly tar: Uint8Array;
  readonly entries: number;
  readonly [checked]: true;
}

const GZIP_MAGIC = [0x1f, 0x8b];
/** A gzip header and trailer: the least a gzip file holds. */
const GZIP_FRAME_BYTES = 18;
const BLOCK = 512;

/**
 * The names a PostgreSQL data folder holds at its top (the PostgreSQL documentation's
 * "Database File Layout", and the configuration files initdb puts there). An entry outside
 * them is no part of a database, whatever it would be written as.
 */
const DATA_FOLDER_NAMES = new Set([
  'PG_VERSION',
  'base',
  'current_logfiles',
  'global',
  'pg_commit_ts',
  'pg_dynshmem',
  'pg_hba.conf',
  'pg_ident.conf',
  'pg_logical',
  'pg_multixact',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat',
  'pg_stat_tmp',
  'pg_subtrans',
  'pg_tblspc',
  'pg_twophase',
  'pg_wal',
  'pg_xact',
  'postgresql.auto.conf',
  'postgresql.conf',
  'postmaster.opts',
  'postmaster.pid',
]);

const refuse = (reason: string, what: string, entry?: string): never => {
  throw new BackupRefused(
    'backup_invalid',
    `The file is not a backup made by \`funder-api backup\`: ${what}. Nothing was written.`,
    entry === undefined ? { reason } : { reason, entry },
  );
};

/**
 * The most a gzip file of `declared` bytes of content can weigh: deflate adds a few bytes per
 * block it cannot shrink, far less than a sixteenth, and the header may carry a name.
 */
const mostCompressed = (declared: number): number => declared + Math.ceil(declared / 16) + 65_536;

/** Reads the backup file and checks it whole; a file that fails a check changes nothing. */
export async function readBackup(file: string): Promise<CheckedBackup> {
  const { gz, declared } = await readDeclared(file);
  let tar: Uint8Array;
  try {
    tar = await promisify(gunzip)(gz, { maxOutputLength: declared });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      return refuse(
        'archive_size',
        `it inflates to more than the ${declared} bytes its gzip trailer declares`,
      );
    return refuse('archive_damaged', `its gzip stream is damaged (${(err as Error).message})`);
  }
  if (tar.length !== declared)
    return refuse(
      'archive_size',
      `it inflates to ${tar.length} bytes, not the ${declared} its gzip trailer declares`,
    );
  return { tar, entries: checkEntries(tar), [checked]: true };
}

/** The file's bytes and the length its trailer declares, once its size agrees with that length. */
async function readDeclared(file: string): Promise<{ gz: Uint8Array; declared: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(2);
    const tail = Buffer.alloc(4);
    if (size >= GZIP_FRAME_BYTES) {
      await handle.read(head, 0, 2, 0);
      await handle.read(tail, 0, 4, size - 4);
    }
    if (size < GZIP_FRAME_BYTES || head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1])
      return refuse('not_gzip', 'it is not gzip');
    const declared = tail.readUInt32LE(0);
    if (declared < 2 * BLOCK)
      return refuse('archive_size', `its gzip trailer declares ${declared} bytes, too few for an archive`);
    if (size > mostCompressed(declared))
      return refuse(
        'archive_size',
        `the file (${size} bytes) is larger than the ${declared} bytes its gzip trailer declares could be once compressed`,
      );
    const bytes = Buffer.alloc(size);
    // A read may answer fewer bytes than asked (at most about 2 GiB a call): read until full.
    for (let at = 0; at < size; ) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) return refuse('archive_size', 'the file became shorter while it was read');
      at += bytesRead;
    }
    return { gz: bytes, declared };
  } finally {
    await handle.close();
  }
}

const text = (header: Uint8Array, from: number, length: number): string => {
  const field = header.subarray(from, from + length);
  const end = field.indexOf(0);
  return Buffer.from(end < 0 ? field : field.subarray(0, end)).toString('latin1');
};

/** An octal number field as ustar writes it: digits, then NULs or spaces; null otherwise. */
const octal = (header: Uint8Array, from: number, length: number): number | null => {
  const field = Buffer.from(header.subarray(from, from + length)).toString('latin1');
  const match = /^ *([0-7]+)[\0 ]*$/.exec(field);
  return match ? Number.parseInt(match[1]!, 8) : null;
};

/** The header's checksum as ustar defines it: every byte summed, its own field read as spaces. */
const checksumOf = (header: Uint8Array): number => {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
};

const isZero = (bytes: Uint8Array): boolean => bytes.every((byte) => byte === 0);

/** Walks every header of the archive; answers how many entries it holds. */
function checkEntries(tar: Uint8Array): number {
  let offset = 0;
  let count = 0;
  let previous: string | null = null;
  // Each turn moves at least one block on, so the walk ends with the archive.
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (isZero(header)) {
      if (tar.length - offset < 2 * BLOCK || !isZero(tar.subarray(offset)))
        return refuse('archive_damaged', 'it holds data after its end-of-archive marker');
      return count;
    }
    count += 1;
    if (octal(header, 148, 8) !== checksumOf(header))
      return refuse(
        'archive_damaged',
        previous === null
          ? 'its first header is damaged'
          : `the header after ${JSON.stringify(previous)} is damaged: that entry holds more than its header says, or the archive is broken`,
      );
    const name = text(header, 0, 100);
    const size = checkEntry(header, name);
    offset += BLOCK;
    if (size > tar.length - offset)
      return refuse(
        'entry_size',
        `${JSON.stringify(name)} says it holds ${size} bytes, more than the ${tar.length - offset} left in the archive`,
        name,
      );
    offset += Math.ceil(size / BLOCK) * BLOCK;
    previous = name;
  }
  return refuse('archive_damaged', 'it ends without the end-of-archive marker');
}

/** Checks one entry's header (its checksum already checked); answers the size of its data. */
function checkEntry(header: Uint8Array, name: string): number {
  const shown = JSON.stringify(name);
  // PGlite writes POSIX ustar headers, with no name prefix and nothing past the fields.
  if (text(header, 257, 6) !== 'ustar' || text(header, 263, 2) !== '00' || !isZero(header.subarray(500)))
    return refuse(
      'archive_damaged',
      `the header of ${shown} is not a ustar header as PGlite writes it`,
      name,
    );
  const type = String.fromCharCode(header[156]!);
  if (type === '1' || type === '2')
    return refuse(
      'entry_link',
      `${shown} is a ${type === '1' ? 'hard' : 'symbolic'} link (to ${JSON.stringify(text(header, 157, 100))}); a backup holds only files and directories`,
      name,
    );
  if (type !== '0' && type !== '5')
    return refuse(
      'entry_type',
      `${shown} is of kind ${JSON.stringify(type)} (a device, a FIFO or an extension header); a backup holds only files and directories`,
      name,
    );
  if (header[157] !== 0 || header[345] !== 0)
    return refuse(
      'entry_path',
      `${shown} carries a link name or a name prefix, which PGlite never writes`,
      name,
    );
  const problem = nameProblem(name);
  if (problem !== null) return refuse('entry_path', `${shown} ${problem}`, name);
  const size = octal(header, 124, 12);
  if (size === null) return refuse('entry_size', `the size of ${shown} is not an octal number`, name);
  if (type === '5' && size !== 0)
    return refuse('entry_size', `${shown} is a directory that says it holds ${size} bytes`, name);
  return size;
}

/**
 * What is wrong with an entry's name, or null for a name below the database folder as PGlite
 * writes it: `/`, then a plain relative path whose first part a data folder holds.
 */
function nameProblem(name: string): string | null {
  if (!/^[\x21-\x7e]+$/.test(name) || name.includes('\\'))
    return 'is not a plain file name (control characters, spaces or a backslash)';
  if (!name.startsWith('/')) return 'is not named below the database folder as PGlite names entries (/…)';
  const segments = name.slice(1).split('/');
  if (segments.includes('..')) return 'climbs out of the database folder (..)';
  if (name.startsWith('//')) return 'is an absolute path';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'has an empty or "." part';
  if (!DATA_FOLDER_NAMES.has(segments[0]!)) return 'is no part of a PostgreSQL data folder';
  return null;
}
