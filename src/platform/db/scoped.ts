import type { FunderScope } from '../caller.ts';
import type { Queryable, QueryOptions } from './db.ts';
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
