import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

/**
 * A function that runs as the tables' owner (SECURITY DEFINER) reads past every policy: each is
 * a door between funders. docs/security.md names every one, what it answers and who may call
 * it; this test holds the database to that list.
 */
const DOORS: Record<string, { callers: string[] }> = {
  evidence_chain_head: { callers: ['funder_api_funder', 'funder_api_sandbox', 'funder_api_operator'] },
  registry_assigned: { callers: ['funder_api_funder', 'funder_api_sandbox'] },
};
const ROLES = ['funder_api_funder', 'funder_api_sandbox', 'funder_api_operator'];

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => service?.close());

describe('functions that read across funders', () => {
  it('are exactly the ones docs/security.md names, each callable only by the roles it names', async () => {
    const { rows } = await service.db.query<{ name: string; callers: string[] }>(
      `SELECT p.proname AS name,
              array(SELECT r FROM unnest($1::text[]) AS r
                     WHERE has_function_privilege(r, p.oid, 'EXECUTE') ORDER BY r) AS callers
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prosecdef
        ORDER BY p.proname`,
      [ROLES],
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(DOORS).sort());
    for (const row of rows) {
      expect({ name: row.name, callers: row.callers }).toEqual({
        name: row.name,
        callers: [...DOORS[row.name]!.callers].sort(),
      });
    }
    const doc = await readFile(new URL('../docs/security.md', import.meta.url), 'utf8');
    for (const name of Object.keys(DOORS)) expect(doc, name).toContain(`\`${name}(`);
  });
});
