import type { Queryable } from './db/db.ts';
import { declaredOnce } from './declared-once.ts';

/**
 * A column that holds values sealed under the secrets key (platform/crypto.ts), for a rotation
 * to seal again (`funder-api secrets rotate`, secrets-rotation.ts). The table's owner declares
 * it: an area on its module (`sealed`), the platform its own (secrets-rotation.ts), each built by
 * `sealedColumn` (db/sealed-column.ts) from the owner's table and column, so no one names
 * another's table. A new sealed column is declared so, or a rotation leaves it under the old key.
 */
export interface SealedColumn {
  /** The table, as the rotation's report names it. */
  readonly table: string;
  readonly column: string;
  /**
   * The sealed values after `after` (a value as this answers them), in order, `limit` at most:
   * without the prefix a column holding values in clear too puts before a sealed one.
   */
  values(q: Queryable, after: string, limit: number): Promise<string[]>;
  /**
   * Puts `next` where `current` is. Compare-and-set on the value itself: a sealed value is unique
   * (a random nonce each time), and a row changed meanwhile is left alone. Answers whether it did.
   */
  replace(q: Queryable, current: string, next: string): Promise<boolean>;
}

/** The sealed columns of several parts; a column two parts declare stops the start. */
export function joinSealed(...parts: readonly (readonly SealedColumn[] | undefined)[]): SealedColumn[] {
  return declaredOnce(
    parts.flatMap((part) => part ?? []),
    (column) => `${column.table}.${column.column}`,
    'sealed column',
  );
}
