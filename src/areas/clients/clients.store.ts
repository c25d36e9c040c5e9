import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { type LockOption, lockClause, scopedCount, scopedRow, scopedRows } from '../../platform/db/scoped.ts';

// SQL the clients area's tables share: one funder's rows on one plane, narrowed for a sandbox key.

/** What a sandbox key sees of what keys made: its own rows only; a live key sees all. */
export const KEY_FILTER = (column: string, param: string) =>
  `(${param}::uuid IS NULL OR ${column} = ${param}::uuid)`;

/**
 * What the area issues for a time (an invitation, a client link): the key that made it, when,
 * and until when.
 */
export interface Issued {
  keyId: string | null;
  at: Date;
  expiresAt: Date;
}

/** A table of the area and the columns read from it. */
export interface ScopedTable {
  table: string;
  columns: string;
}

/**
 * One of the funder's rows by id, locked when asked. With `keyId` (the table has `key_id`), a
 * sandbox key finds only the rows it made.
 */
export function findScoped<Row>(
  q: Queryable,
  from: ScopedTable,
  scope: FunderScope,
  id: string,
  options: LockOption & { keyId?: string | null } = {},
): Promise<Row | null> {
  const byKey = options.keyId !== undefined;
  return scopedRow<Row>(
    q,
    scope,
    `SELECT ${from.columns} FROM ${from.table}
      WHERE id = $3 AND funder_id = $1 AND plane = $2${byKey ? ` AND ${KEY_FILTER('key_id', '$4')}` : ''}${lockClause(options.lock)}`,
    byKey ? [id, options.keyId] : [id],
  );
}

/**
 * A change of one of the funder's rows of `table` by id, as a store function (stores export it
 * by name): `set`, and `where` (a further condition, when given), name the values the function
 * takes after the id as `$4`, `$5`... in that order. It answers how many rows it changed (0 or 1).
 */
export function scopedChange<Values extends unknown[]>(table: string, set: string, where?: string) {
  const sql = `UPDATE ${table} SET ${set}
      WHERE id = $3 AND funder_id = $1 AND plane = $2${where ? ` AND ${where}` : ''}`;
  return (q: Queryable, scope: FunderScope, id: string, ...values: Values): Promise<number> =>
    scopedCount(q, scope, sql, [id, ...values]);
}

/**
 * The funder's rows of one table newest first, up to `limit`, as a store function (stores
 * export it by name); a sandbox key (`keyId`) sees only what it made.
 */
export function scopedList<Row>(from: ScopedTable) {
  const sql = `SELECT ${from.columns} FROM ${from.table}
      WHERE funder_id = $1 AND plane = $2 AND ${KEY_FILTER('key_id', '$4')}
      ORDER BY created_at DESC, seq DESC LIMIT $3`;
  return (q: Queryable, scope: FunderScope, limit: number, keyId: string | null): Promise<Row[]> =>
    scopedRows<Row>(q, scope, sql, [limit, keyId]);
}
