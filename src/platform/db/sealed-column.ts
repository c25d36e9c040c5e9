import type { SealedColumn } from '../sealed.ts';
import type { Queryable } from './db.ts';

/**
 * A column of sealed values, read and sealed again by a rotation of the secrets key, as its
 * table's owner declares it (`<area>.sealed.ts`, the platform's own in secrets-rotation.ts):
 * the owner names its table and column, and `prefix` when the column also holds values in
 * clear and puts it before each sealed one. The values are paged in their own order; a value is
 * replaced only where it still is (compare-and-set on the value, unique by its nonce).
 */
export function sealedColumn(table: string, column: string, prefix = ''): SealedColumn {
  const values = prefix
    ? `SELECT ${column} AS sealed FROM ${table}
        WHERE starts_with(${column}, $1) AND ${column} > ($1 || $2) ORDER BY ${column} LIMIT $3`
    : `SELECT ${column} AS sealed FROM ${table} WHERE ${column} > $1 ORDER BY ${column} LIMIT $2`;
  return {
    table,
    column,
    async values(q: Queryable, after: string, limit: number) {
      const params = prefix ? [prefix, after, limit] : [after, limit];
      const { rows } = await q.query<{ sealed: string }>(values, params);
      return rows.map((row) => row.sealed.slice(prefix.length));
    },
    async replace(q: Queryable, current: string, next: string) {
      const { rowCount } = await q.query(`UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1`, [
        `${prefix}${current}`,
        `${prefix}${next}`,
      ]);
      return rowCount > 0;
    },
  };
}
