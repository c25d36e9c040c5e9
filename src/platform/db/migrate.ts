import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATE, runAs } from './actor.ts';
import { runLong } from './bounds.ts';
import { type Db, pgErrorCode } from './db.ts';

export const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** Any fixed number: every server starting at once waits on this lock, so only one migrates. */
const MIGRATION_LOCK = 7_202_609;

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

/**
 * Applies the numbered `.sql` files not applied yet, in order, in one transaction held under
 * an advisory lock: two servers starting together never race, and a failing file leaves the
 * schema as it was.
 */
export async function migrate(db: Db, dir: string = migrationsDir): Promise<MigrationReport> {
  const files = await migrationFiles(dir);
  // Migrations run as the connecting role, which owns the tables, with the long bounds of jobs
  // (an index on a large table takes longer than an API call may).
  return runLong(() => runAs(GATE, () => applyIn(db, dir, files)));
}

/** Pending migrations found by a role that may not apply them (the login role). */
export class MigrationsPending extends Error {
  constructor(
    readonly pending: string[],
    role: string,
  ) {
    super(
      `${pending.length} migration(s) are not applied (${pending.length === 1 ? pending[0] : `${pending[0]} to ${pending.at(-1)}`}) and the role ${role} may not apply them: run \`funder-api migrate\` with the owner role's DATABASE_URL first.`,
    );
    this.name = 'MigrationsPending';
  }
}

function applyIn(db: Db, dir: string, files: string[]): Promise<MigrationReport> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // The record is made by the first migration only: a role that may not create in the schema
    // (the login role) reads it and, with nothing to apply, needs no more.
    const [state] = (
      await tx.query<{ recorded: boolean; may_create: boolean; role: string }>(
        `SELECT to_regclass('schema_migrations') IS NOT NULL AS recorded,
                has_schema_privilege(current_user, 'public', 'CREATE') AS may_create,
                current_user AS role`,
      )
    ).rows;
    if (!state!.recorded) {
      if (!state!.may_create) throw new MigrationsPending(files, state!.role);
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    }
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
    );
    const pending = files.filter((file) => !done.has(file));
    if (pending.length > 0 && !state!.may_create) throw new MigrationsPending(pending, state!.role);
    for (const file of pending) {
      await tx.exec(await readFile(join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    }
    return { applied: pending, alreadyApplied: done.size };
  });
}

/** The numbered migration files of `dir`, in the order they apply. */
async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
}

/** The last migration file this code knows: the schema version it expects. */
export async function expectedMigration(dir: string = migrationsDir): Promise<string | null> {
  return (await migrationFiles(dir)).at(-1) ?? null;
}

/** The last migration applied to the database (null before the first), read as the connecting role. */
export function appliedMigration(db: Db): Promise<string | null> {
  return runAs(GATE, async () => {
    try {
      const { rows } = await db.query<{ name: string | null }>(
        'SELECT max(name) AS name FROM schema_migrations',
      );
      return rows[0]?.name ?? null;
    } catch (err) {
      // No table yet: nothing was ever migrated.
      if (pgErrorCode(err) === '42P01') return null;
      throw err;
    }
  });
}

/** A trivial statement: the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await runAs(GATE, () => db.query('SELECT 1'));
}
