import type { FunderScope } from '../caller.ts';
import type { Queryable, QueryOptions } from './db.ts';
import {
  defineKeyset,
  type KeyPosition,
  type Keyset,
  keysetAfter,
  keysetKey,
  keysetOrder,
} from './keyset.ts';
import type { NamedStatement } from './statements.ts';

/**
 * Statements over the caller's own rows. The statement names the caller's funder as `$1` and its
 * plane as `$2`, and these bind them there from the scope, so a store cannot leave the scope
 * out or swap it; the statement's own parameters follow from `$3`.
 */
export async function scopedRows<T>(
  q: Queryable,
  scope: FunderScope,
  sql: string,
  params: readonly unknown[] = [],
  options?: QueryOptions,
): Promise<T[]> {
  const { rows } = await q.query<T>(sql, [scope.funderId, scope.plane, ...params], options);
  return rows;
}

/** The one row (or none) of a scoped statement. */
export async function scopedRow<T>(
  q: Queryable,
  scope: FunderScope,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T | null> {
  return (await scopedRows<T>(q, scope, sql, params))[0] ?? null;
}

/** How many rows a scoped write changed. */
export async function scopedCount(
  q: Queryable,
  scope: FunderScope,
  sql: string,
  params: readonly unknown[] = [],
): Promise<number> {
  const { rowCount } = await q.query(sql, [scope.funderId, scope.plane, ...params]);
  return rowCount;
}

/** A read that locks what it reads, when asked: ` FOR UPDATE` (of one table of a join), or nothing. */
export const lockClause = (lock: boolean | undefined, table?: string): string =>
  lock ? ` FOR UPDATE${table ? ` OF ${table}` : ''}` : '';

/** The option of a read that may lock its row for the caller's transaction. */
export interface LockOption {
  lock?: boolean;
}

/** A declared named statement over the caller's own rows (`$1` funder, `$2` plane), as `scopedRows`. */
export function scopedStatement<Row>(
  q: Queryable,
  scope: FunderScope,
  statement: NamedStatement<Row>,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  return scopedRows<Row>(q, scope, statement.sql, params, { name: statement.name });
}

/** A table and the columns a store reads from it. */
export interface TableColumns {
  table: string;
  columns: string;
}

/** What a sandbox key sees of what keys made: its own rows only; a live key (null) sees all. */
export const KEY_FILTER = (column: string, param: string) =>
  `(${param}::uuid IS NULL OR ${column} = ${param}::uuid)`;

/**
 * One of the funder's rows by id, locked when asked. With `keyId` (the table has `key_id`), a
 * sandbox key finds only the rows it made.
 */
export function findScoped<Row>(
  q: Queryable,
  from: TableColumns,
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

/** The order of a `scopedList` named `list`: newest first, by creation time then `seq`. */
export const newestFirst = (list: string): Keyset =>
  defineKeyset(list, [
    { sql: 'created_at', type: 'timestamp', desc: true },
    { sql: 'seq', type: 'integer', desc: true },
  ]);

/**
 * The funder's rows of one table in `order` (newest first), up to `limit` after the position
 * `after` (null: from the first), as a store function (stores export it by name); a sandbox key
 * (`keyId`) sees only what it made. The table has `key_id`, `created_at` and `seq`.
 */
export function scopedList<Row>(from: TableColumns, order: Keyset) {
  return (
    q: Queryable,
    scope: FunderScope,
    page: { limit: number; after: KeyPosition | null },
    keyId: string | null,
  ): Promise<(Row & { page_key: string[] })[]> => {
    const after = keysetAfter(order, page.after, 5);
    return scopedRows<Row & { page_key: string[] }>(
      q,
      scope,
      `SELECT ${from.columns}, ${keysetKey(order)} FROM ${from.table}
        WHERE funder_id = $1 AND plane = $2 AND ${KEY_FILTER('key_id', '$4')}${after.sql}
        ORDER BY ${keysetOrder(order)} LIMIT $3`,
      [page.limit, keyId, ...after.params],
    );
  };
}
