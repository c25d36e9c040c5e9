import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE, runAs } from '../src/platform/db/actor.ts';
import type { Db } from '../src/platform/db/db.ts';
import { migrate, migrationsDir } from '../src/platform/db/migrate.ts';
import { createPgliteDb } from '../src/platform/db/pglite.ts';
import { createPostgresDb } from '../src/platform/db/postgres.ts';

/**
 * Migration 0037 replaces the row-level security block copied into six migrations with one
 * function, `apply_funder_scope_policies`, and applies it again to every table those blocks
 * covered. The policies must come out the same: a database migrated up to the migration before
 * 0037 is compared with the same database once 0037 has run (later migrations may change a
 * policy on purpose, as 0047 does for seller_documents; they run after the comparison).
 */

const FUNCTION_MIGRATION = '0037_funder_scope_policies.sql';

interface PolicyRow {
  table: string;
  policy: string;
  permissive: string;
  roles: string;
  cmd: string;
  using: string | null;
  check: string | null;
}

interface TableRow {
  table: string;
  rls: boolean;
  forced: boolean;
}

/**
 * Every policy of the public schema as the catalogue gives it. `normalized`: an ALL policy
 * without WITH CHECK checks writes with its USING expression (PostgreSQL's rule), so it is
 * compared as if it had written that out.
 */
async function policies(db: Pick<Db, 'query'>, normalized: boolean): Promise<PolicyRow[]> {
  const { rows } = await db.query<PolicyRow>(
    `SELECT tablename AS table, policyname AS policy, permissive, array_to_string(roles, ',') AS roles,
            cmd, qual AS using, ${normalized ? "CASE WHEN cmd = 'ALL' THEN coalesce(with_check, qual) ELSE with_check END" : 'with_check'} AS check
       FROM pg_policies WHERE schemaname = 'public' ORDER BY 1, 2`,
  );
  return rows;
}

async function tables(db: Pick<Db, 'query'>): Promise<TableRow[]> {
  const { rows } = await db.query<TableRow>(
    `SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  return rows;
}

/** An empty database (a PGlite in memory, or a new database on the PostgreSQL server). */
async function emptyDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await createPgliteDb({ dataDir: null });
    return { db, drop: () => db.close() };
  }
  const name = `funder_api_policies_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.toString(), { max: 1 });
  return {
    db,
    async drop() {
      await db.close().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

let database: { db: Db; drop: () => Promise<void> };
let before: { policies: PolicyRow[]; tables: TableRow[] };
let justAfter: { policies: PolicyRow[]; tables: TableRow[] };
let beforeTables: Set<string>;
let earlier: string;

beforeAll(async () => {
  const files = (await readdir(migrationsDir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  expect(files).toContain(FUNCTION_MIGRATION);
  earlier = await mkdtemp(join(tmpdir(), 'migrations-before-0037-'));
  for (const file of files.filter((name) => name < FUNCTION_MIGRATION)) {
    await copyFile(join(migrationsDir, file), join(earlier, file));
  }
  database = await emptyDatabase();
  await migrate(database.db, earlier);
  before = { policies: await policies(database.db, true), tables: await tables(database.db) };
  beforeTables = new Set(before.tables.map((t) => t.table));
  await copyFile(join(migrationsDir, FUNCTION_MIGRATION), join(earlier, FUNCTION_MIGRATION));
  const report = await migrate(database.db, earlier);
  expect(report.applied).toEqual([FUNCTION_MIGRATION]);
  justAfter = await runAs(GATE, async () => ({
    policies: await policies(database.db, true),
    tables: await tables(database.db),
  }));
  await migrate(database.db);
}, 600_000);

afterAll(async () => {
  await database?.drop();
  if (earlier) await rm(earlier, { recursive: true, force: true });
});

const asOwner = <T>(work: () => Promise<T>) => runAs(GATE, work);

describe('apply_funder_scope_policies (migration 0037)', () => {
  it('leaves every policy of the tables that existed before it as it was', async () => {
    const after = justAfter.policies.filter((p) => beforeTables.has(p.table));
    expect(before.policies.length).toBeGreaterThan(0);
    expect(after).toEqual(before.policies);
    const afterTables = justAfter.tables.filter((t) => beforeTables.has(t.table));
    expect(afterTables).toEqual(before.tables);
  });

  it('covers every table the copied blocks policed, with its four policies written out in full', async () => {
    const sql = await readFile(join(migrationsDir, FUNCTION_MIGRATION), 'utf8');
    const called = [...sql.matchAll(/^SELECT apply_funder_scope_policies\('([a-z_]+)'/gm)].map((m) => m[1]!);
    for (const table of [
      'programme_defaults',
      'programme_company_terms',
      'webhook_endpoints',
      'webhook_secrets',
      'webhook_deliveries',
      'prescribers',
      'client_links',
      'client_arrivals',
      'client_invitations',
      'funder_clients',
      'onboarding_links',
      'funder_return_origins',
      'exports',
      'export_link_log',
      'registry_planes',
      'registry_lookups',
      'early_payments',
      'early_payment_repayments',
    ]) {
      expect(called, table).toContain(table);
    }
    const raw = await asOwner(() => policies(database.db, false));
    for (const table of called) {
      const own = raw.filter((p) => p.table === table);
      expect(
        own.map((p) => p.policy).filter((name) => name !== 'connecting_role_rows'),
        table,
      ).toEqual(['funder_rows', 'operator_rows', 'sandbox_rows']);
      for (const policy of own) expect(policy.check, `${table} ${policy.policy}`).not.toBeNull();
    }
  });

  it('changes nothing when it runs again', async () => {
    const once = await asOwner(() => policies(database.db, false));
    const sql = await readFile(join(migrationsDir, FUNCTION_MIGRATION), 'utf8');
    await asOwner(() => database.db.transaction((tx) => tx.exec(sql)));
    expect(await asOwner(() => policies(database.db, false))).toEqual(once);
  });

  it('refuses a scope it does not know', async () => {
    await expect(
      asOwner(() => database.db.query("SELECT apply_funder_scope_policies('exports', scope => 'everyone')")),
    ).rejects.toThrow(/unknown scope everyone/);
  });
});
