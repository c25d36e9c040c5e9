import type { Db, Queryable } from './db/db.ts';

/** The kept keys' sealed values after `after`, in order (a rotation's page). */
export async function sealedKeptKeys(q: Queryable, after: string, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ sealed: string }>(
    'SELECT sealed FROM kept_keys WHERE sealed > $1 ORDER BY sealed LIMIT $2',
    [after, limit],
  );
  return rows.map((row) => row.sealed);
}

/** Seals a kept key again: `next` where `current` still is. Answers whether it did. */
export async function resealKeptKey(q: Queryable, current: string, next: string): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE kept_keys SET sealed = $2 WHERE sealed = $1', [current, next]);
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
