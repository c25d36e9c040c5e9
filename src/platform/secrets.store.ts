import type { Db, Queryable } from './db/db.ts';

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
