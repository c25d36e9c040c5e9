import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, readSource } from '../scripts/source-graph.ts';

/*
 * docs/architecture.md, "Tables and their owners": every table the migrations create has one
 * owner (an area or the platform), and only the owner's code writes it.
 */

function ownersFromDoc(): Map<string, string> {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.split('## Tables and their owners')[1]?.split('\n## ')[0] ?? '';
  const owners = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\| ([a-z-]+) \| (.+) \|$/.exec(line);
    if (!cells) continue;
    for (const table of cells[2]!.matchAll(/`([a-z0-9_]+)`/g)) {
      expect(owners.has(table[1]!), `${table[1]} is listed twice`).toBe(false);
      owners.set(table[1]!, cells[1]!);
    }
  }
  return owners;
}

function migrationTables(): Set<string> {
  const dir = join(ROOT, 'migrations');
  const tables = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(join(dir, file), 'utf8');
    for (const match of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/g))
      tables.add(match[1]!);
  }
  return tables;
}

/** Who a source file writes as: its area, the platform, or the code outside both. */
function writerOf(path: string): string {
  const area = /^src\/areas\/([^/]+)\//.exec(path);
  if (area) return area[1]!;
  return path.startsWith('src/platform/') ? 'platform' : 'outside the areas';
}

describe('tables and their owners', () => {
  const owners = ownersFromDoc();
  const areas = new Set(
    readdirSync(join(ROOT, 'src/areas'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );

  it('lists every table the migrations create, once, each owned by an area or the platform', () => {
    expect([...owners.keys()].sort()).toEqual([...migrationTables()].sort());
    for (const [table, owner] of owners) {
      expect(owner === 'platform' || areas.has(owner), `${table}: ${owner} is no area`).toBe(true);
    }
  });

  it('has every table written only by its owner', () => {
    const strays: string[] = [];
    let writes = 0;
    for (const file of readSource()) {
      if (!file.name.startsWith('src/') || file.name.endsWith('.test.ts')) continue;
      for (const match of file.text.matchAll(
        /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/g,
      )) {
        const table = match[1]!;
        if (!owners.has(table)) continue;
        writes += 1;
        const writer = writerOf(file.name);
        if (writer !== owners.get(table))
          strays.push(`${file.name} writes ${table} (owner: ${owners.get(table)})`);
      }
    }
    // The scan finds the statements it is meant to check.
    expect(writes).toBeGreaterThan(100);
    expect(strays).toEqual([]);
  });
});
