import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, readSource } from '../scripts/source-graph.ts';
import { ENTITIES } from '../src/areas/exports/exports.content.store.ts';

/*
 * docs/architecture.md, "Tables and their owners": every table the migrations create has one
 * owner (an area or the platform), and only the owner's code writes it; another area reads it
 * only through the view its owner keeps for it (`<table>_read`).
 */

interface Owners {
  /** Table -> its owner. */
  tables: Map<string, string>;
  /** View -> the owner listing it. */
  views: Map<string, string>;
}

function ownersFromDoc(): Owners {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.split('## Tables and their owners')[1]?.split('\n## ')[0] ?? '';
  const owners: Owners = { tables: new Map(), views: new Map() };
  for (const line of section.split('\n')) {
    const cells = /^\| ([a-z-]+) \| (.+) \| (.+) \|$/.exec(line);
    if (!cells) continue;
    for (const [cell, into] of [
      [cells[2]!, owners.tables],
      [cells[3]!, owners.views],
    ] as const) {
      for (const name of cell.matchAll(/`([a-z0-9_]+)`/g)) {
        expect(owners.tables.has(name[1]!) || owners.views.has(name[1]!), `${name[1]} is listed twice`).toBe(
          false,
        );
        into.set(name[1]!, cells[1]!);
      }
    }
  }
  return owners;
}

const migrationTexts = () =>
  readdirSync(join(ROOT, 'migrations'))
    .filter((name) => name.endsWith('.sql'))
    .map((name) => readFileSync(join(ROOT, 'migrations', name), 'utf8'));

function migrationTables(): Set<string> {
  const tables = new Set<string>();
  for (const sql of migrationTexts()) {
    for (const match of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/g))
      tables.add(match[1]!);
  }
  return tables;
}

interface ViewDefinition {
  options: string;
  columns: string;
  from: string;
}

/** Every view the migrations create, as written: its options, its column list, what follows FROM. */
function migrationViews(): Map<string, ViewDefinition> {
  const views = new Map<string, ViewDefinition>();
  for (const sql of migrationTexts()) {
    for (const match of sql.matchAll(
      /CREATE (?:OR REPLACE )?VIEW ([a-z_][a-z0-9_]*)([^;]*?)\bAS\s+SELECT\b([^;]*?)\bFROM\b([^;]*);/g,
    )) {
      views.set(match[1]!, { options: match[2]!.trim(), columns: match[3]!.trim(), from: match[4]!.trim() });
    }
    // Every view the migrations make is of the shape read above.
    expect(sql.match(/CREATE (?:OR REPLACE )?VIEW/g)?.length ?? 0).toBe(
      [
        ...sql.matchAll(
          /CREATE (?:OR REPLACE )?VIEW ([a-z_][a-z0-9_]*)([^;]*?)\bAS\s+SELECT\b([^;]*?)\bFROM\b([^;]*);/g,
        ),
      ].length,
    );
  }
  return views;
}

/** Who a source file reads and writes as: its area, the platform, or the code outside both. */
function writerOf(path: string): string {
  const area = /^src\/areas\/([^/]+)\//.exec(path);
  if (area) return area[1]!;
  return path.startsWith('src/platform/') ? 'platform' : 'outside the areas';
}

const sourceFiles = () =>
  readSource().filter((file) => file.name.startsWith('src/') && !file.name.endsWith('.test.ts'));

/**
 * The relations a piece of SQL (or of a statement's source) reads: every name after FROM or
 * JOIN, and the name heading a FROM part kept in a literal of its own (`recourse_claims c JOIN
 * ...`, an export entity's `from`).
 */
function relationsRead(text: string): string[] {
  const names = [...text.matchAll(/\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)/g)].map((match) => match[1]!);
  for (const match of text.matchAll(
    /[`'"]\s*([a-z_][a-z0-9_]*)\s+[a-z]{1,3}\s+(?:(?:LEFT |CROSS )?JOIN|WHERE)\b/g,
  )) {
    names.push(match[1]!);
  }
  return names;
}

/**
 * The statements that take the relation they read or write as a value: the scans above cannot
 * see it, so each is listed with what it is given. A new one fails here until it is looked at.
 */
const RELATION_AS_VALUE: Record<string, string> = {
  'src/platform/db/scoped.ts': 'helpers handed a table by the store of the area that owns it',
  'src/platform/db/sealed-column.ts':
    'a sealed column handed by its owner for a rotation of the secrets key (<area>.sealed.ts, the platform its own)',
  'src/areas/demo/demo.store.ts': 'clearing the demonstration plane, table by table, in one reset',
  'src/areas/exports/exports.lines.store.ts': 'the export entities, read here as they are built',
  'src/areas/opportunities/opportunities.publish.store.ts': 'its own runs, digests and lines (tablesOf)',
  'src/areas/opportunities/opportunities.runs.store.ts': 'its own runs, snapshots and lines (tablesOf)',
  'src/areas/parties/parties.store.ts': 'its own sellers, debtors and invoices',
  'src/areas/recourse/recourse.store.ts': 'CLAIM_FROM, written out in the same file',
  'src/areas/requests/requests.risks.store.ts': 'its own risk signals and disputes',
  'src/areas/documents/documents.store.ts': 'DOCUMENT_FROM, written out in the same file',
};

describe('tables and their owners', () => {
  const owners = ownersFromDoc();
  const views = migrationViews();
  const areas = new Set(
    readdirSync(join(ROOT, 'src/areas'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );

  it('lists every table the migrations create, once, each owned by an area or the platform', () => {
    expect([...owners.tables.keys()].sort()).toEqual([...migrationTables()].sort());
    for (const [table, owner] of owners.tables) {
      expect(owner === 'platform' || areas.has(owner), `${table}: ${owner} is no area`).toBe(true);
    }
  });

  it('lists every view the migrations create under the owner of the one table it reads, named for it', () => {
    expect([...owners.views.keys()].sort()).toEqual([...views.keys()].sort());
    expect(views.size).toBeGreaterThan(20);
    for (const [view, definition] of views) {
      const table = /^([a-z_][a-z0-9_]*)$/.exec(definition.from)?.[1];
      expect({ view, reads: table }, 'a view reads one table, every row, nothing joined').toEqual({
        view,
        reads: expect.any(String),
      });
      expect(view, 'the view of <table> is <table>_read').toBe(`${table}_read`);
      expect({ view, owner: owners.views.get(view) }).toEqual({ view, owner: owners.tables.get(table!) });
      expect({ view, options: definition.options }).toEqual({
        view,
        options: 'WITH (security_invoker = true)',
      });
      // Its columns are written out, each a plain column of the table.
      expect({
        view,
        columns: definition.columns.split(/,\s*/).filter((c) => !/^[a-z_][a-z0-9_]*$/.test(c)),
      }).toEqual({ view, columns: [] });
    }
  });

  it('has every table written only by its owner, and no view written', () => {
    const strays: string[] = [];
    let writes = 0;
    for (const file of sourceFiles()) {
      for (const match of file.text.matchAll(
        /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/g,
      )) {
        const name = match[1]!;
        if (owners.views.has(name)) strays.push(`${file.name} writes the view ${name}`);
        if (!owners.tables.has(name)) continue;
        writes += 1;
        const writer = writerOf(file.name);
        if (writer !== owners.tables.get(name))
          strays.push(`${file.name} writes ${name} (owner: ${owners.tables.get(name)})`);
      }
    }
    // The scan finds the statements it is meant to check.
    expect(writes).toBeGreaterThan(100);
    expect(strays).toEqual([]);
  });

  it('has every table read only by its owner, the other areas reading the views it keeps', () => {
    const strays: string[] = [];
    const read = new Map<string, Set<string>>();
    let tableReads = 0;
    let viewReads = 0;
    const check = (where: string, reader: string, text: string) => {
      for (const name of relationsRead(text)) {
        const view = owners.views.get(name);
        if (view !== undefined) {
          viewReads += 1;
          if (reader === view) strays.push(`${where} reads its own area's view ${name}: read the table`);
          else read.set(name, (read.get(name) ?? new Set()).add(reader));
          continue;
        }
        if (!owners.tables.has(name)) continue;
        tableReads += 1;
        const owner = owners.tables.get(name)!;
        if (reader !== owner) {
          strays.push(
            `${where} reads ${name} (owner: ${owner}): read ${views.has(`${name}_read`) ? `${name}_read` : `a view ${owner} keeps`}`,
          );
        }
      }
    };
    for (const file of sourceFiles()) check(file.name, writerOf(file.name), file.text);
    // The export's entities, as its statements read them.
    for (const entity of ENTITIES) {
      check(
        `the export entity ${entity.name}`,
        'exports',
        `FROM ${entity.from} ${entity.columns.map((column) => column.sql ?? '').join(' ')}`,
      );
    }
    // The scan finds the reads it is meant to check, of tables and of views.
    expect(tableReads).toBeGreaterThan(200);
    expect(viewReads).toBeGreaterThan(200);
    expect(strays).toEqual([]);
    // Each view is read by an area other than its owner: a view nobody reads is dropped.
    expect([...views.keys()].filter((view) => !read.has(view))).toEqual([]);
  });

  it('knows every statement that takes its relation as a value', () => {
    const found = sourceFiles()
      .filter((file) => /(?<!epoch )\b(?:FROM|JOIN|INTO|UPDATE)\s+\$\{/.test(file.text))
      .map((file) => file.name)
      .sort();
    expect(found).toEqual(Object.keys(RELATION_AS_VALUE).sort());
  });
});
