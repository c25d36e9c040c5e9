/**
 * The SQL of keyset pagination (issue 43): a list's total order, the key of each row read in it,
 * and the condition that starts a page after a row. The cursor a caller holds is the key of the
 * last row of its previous page (platform/pagination.ts); the store applies it here.
 *
 * A key is written as text by the database (a timestamp to the microsecond, in UTC) and read
 * back with the column's type, so no precision is lost on the way through the caller.
 */

/** The type a key column is read back as. */
export type KeyType = 'timestamp' | 'date' | 'text' | 'uuid' | 'integer' | 'boolean';

/** One column of a list's order: an expression that is never null, its type and its direction. */
export interface KeyColumn {
  sql: string;
  type: KeyType;
  desc?: boolean;
}

/** A list's total order: its name (what a cursor is bound to) and its columns, the last unique. */
export interface Keyset {
  list: string;
  columns: readonly KeyColumn[];
}

/** A row's position in its list: the text of each key column, in order. */
export type KeyPosition = readonly string[];

export function defineKeyset(list: string, columns: readonly KeyColumn[]): Keyset {
  return { list, columns };
}

const CASTS: Record<KeyType, string> = {
  timestamp: 'timestamptz',
  date: 'date',
  text: 'text',
  uuid: 'uuid',
  integer: 'bigint',
  boolean: 'boolean',
};

/** `ORDER BY`'s list for the keyset (without the words ORDER BY). */
export function keysetOrder(set: Keyset): string {
  return set.columns.map((c) => `${c.sql}${c.desc ? ' DESC' : ''}`).join(', ');
}

/** The select item giving each row's key as `page_key` (text[]). */
export function keysetKey(set: Keyset): string {
  const parts = set.columns.map((c) =>
    c.type === 'timestamp'
      ? `to_char((${c.sql}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : c.type === 'date'
        ? `to_char(${c.sql}, 'YYYY-MM-DD')`
        : `(${c.sql})::text`,
  );
  return `ARRAY[${parts.join(', ')}]::text[] AS page_key`;
}

/**
 * ` AND <the rows after position>` with its parameters numbered from `first`, or nothing for the
 * first page. One direction throughout is a row comparison (an index on the order serves it);
 * mixed directions are spelled out column by column.
 */
export function keysetAfter(
  set: Keyset,
  position: KeyPosition | null,
  first: number,
): { sql: string; params: string[] } {
  if (position === null) return { sql: '', params: [] };
  const value = (i: number) => `$${first + i}::${CASTS[set.columns[i]!.type]}`;
  const uniform = set.columns.every((c) => Boolean(c.desc) === Boolean(set.columns[0]!.desc));
  if (uniform) {
    const op = set.columns[0]!.desc ? '<' : '>';
    const left = set.columns.map((c) => c.sql).join(', ');
    const right = set.columns.map((_, i) => value(i)).join(', ');
    return { sql: ` AND (${left}) ${op} (${right})`, params: [...position] };
  }
  const branches = set.columns.map((column, i) => {
    const equal = set.columns.slice(0, i).map((c, j) => `${c.sql} = ${value(j)}`);
    return [...equal, `${column.sql} ${column.desc ? '<' : '>'} ${value(i)}`].join(' AND ');
  });
  return { sql: ` AND ((${branches.join(') OR (')}))`, params: [...position] };
}
