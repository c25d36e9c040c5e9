import type { Db, Queryable } from './db/db.ts';

/**
 * Every column that holds a value sealed under the secrets key (platform/crypto.ts), for a
 * rotation to seal again: the table, the column, and the prefix before the sealed value when
 * the column also holds values in clear (an idempotent answer is sealed only when it shows a
 * secret). A new sealed column is added here, or a rotation leaves it under the old key.
 */
export const SEALED_COLUMNS = [
  { table: 'webhook_secrets', column: 'sealed', prefix: '' },
  { table: 'onboarding_links', column: 'return_secret_sealed', prefix: '' },
  { table: 'idempotency_keys', column: 'response_body', prefix: 'sealed:' },
  { table: 'kept_keys', column: 'sealed', prefix: '' },
] as const;

export type SealedColumn = (typeof SEALED_COLUMNS)[number];

/** The sealed values of one column (prefix removed), a page at a time after `after`. */
export async function sealedValues(
  db: Queryable,
  { table, column, prefix }: SealedColumn,
  after: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ value: string }>(
    `SELECT ${column} AS value FROM ${table}
      WHERE ${column} LIKE $1 || '%' AND ${column} > $2
      ORDER BY ${column} LIMIT $3`,
    [prefix, `${prefix}${after}`, limit],
  );
  return rows.map((row) => row.value.slice(prefix.length));
}

/**
 * Puts `next` where `current` is. Compare-and-set on the value itself: a sealed value is unique
 * (a random nonce each time), and a row changed meanwhile is left alone. Answers whether it did.
 */
export async function replaceSealed(
  db: Queryable,
  { table, column, prefix }: SealedColumn,
  current: string,
  next: string,
): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1`, [
    `${prefix}${current}`,
    `${prefix}${next}`,
  ]);
  return rowCount > 0;
}

/** Whether the table of kept keys exists (migration 0051 applied). */
export async function keptKeysExist(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>("SELECT to_regclass('kept_keys') IS NOT NULL AS found");
  return rows[0]?.found === true;
}

/** The kept keys whose name is `name` or starts with `name` and a dot, with their sealed values. */
export async function readKeptKeys(db: Queryable, name: string): Promise<{ name: string; sealed: string }[]> {
  const { rows } = await db.query<{ name: string; sealed: string }>(
    `SELECT name, sealed FROM kept_keys WHERE name = $1 OR starts_with(name, $1 || '.') ORDER BY name`,
    [name],
  );
  return rows;
}

/** Keeps a key sealed, unless one is kept under that name already. Answers whether it did. */
export async function keepKey(db: Queryable, name: string, sealed: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO kept_keys (name, sealed, updated_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
    [name, sealed, now],
  );
  return rowCount > 0;
}

/** Removes the kept keys named; answers the names it removed. */
export async function forgetKeys(db: Queryable, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await db.query<{ name: string }>(
    'DELETE FROM kept_keys WHERE name = ANY($1::text[]) RETURNING name',
    [[...names]],
  );
  return rows.map((row) => row.name).sort();
}
