import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/platform/db/migrate.ts';

/**
 * Within v1 a migration only adds (docs/operations.md, "Upgrades"): a server of the previous
 * release keeps working against the migrated schema. Statements that take away or change what
 * an older server reads are refused in every migration but those written before the rule, each
 * listed with what it does.
 */
const BEFORE_THE_RULE: Record<string, string> = {
  '0005_hardening.sql': 'replaces a unique constraint of the jobs table',
  '0009_rate_counter_rows.sql': 'makes the rate counters table again (short-lived counts only)',
  '0018_document_file_planes.sql': 'replaces two keys to add the plane',
  '0037_funder_scope_policies.sql': 'drops and makes again row-security policies',
  '0046_idempotency_per_key.sql': 'replaces the primary key of idempotency records',
};

/** DROP (a table, column, constraint...), RENAME, and a column's type changed. */
const TAKES_AWAY = /\bDROP\b|\bRENAME\b|\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i;

/**
 * A foreign key taken away (PostgreSQL names them `<table>_<column>_fkey`) only refuses fewer
 * rows: a previous release's writes still pass and its reads see the same rows. Migration 0074
 * replaces two keys per row with one that checks more.
 */
const FOREIGN_KEY_DROPPED = /\bDROP\s+CONSTRAINT\s+[a-z0-9_]+_fkey\b/gi;

const withoutComments = (sql: string) =>
  sql
    .replace(/--.*$/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(FOREIGN_KEY_DROPPED, '');

describe('migrations within v1', () => {
  it('only add: no DROP, RENAME or ALTER ... TYPE outside the migrations written before the rule', () => {
    const files = readdirSync(migrationsDir).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name));
    const offending = files.filter(
      (name) =>
        !(name in BEFORE_THE_RULE) &&
        TAKES_AWAY.test(withoutComments(readFileSync(join(migrationsDir, name), 'utf8'))),
    );
    expect(offending).toEqual([]);
    // An entry that no longer matches is taken out.
    expect(Object.keys(BEFORE_THE_RULE).filter((name) => !files.includes(name))).toEqual([]);
  });
});
