import type { Db } from '../../src/platform/db/db.ts';

/**
 * Every row of the database's own tables but the call counters, as one number per table: taken
 * before and after a refused call, it shows the call wrote nothing anywhere.
 */
export async function tableFootprint(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'rate_%'
      ORDER BY table_name`,
  );
  const { rows } = await db.query<Record<string, number>>(
    `SELECT ${tables.map((t) => `(SELECT count(*)::int FROM "${t.name}") AS "${t.name}"`).join(', ')}`,
  );
  return rows[0]!;
}
