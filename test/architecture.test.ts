import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layout rules of the design, checked over the source itself:
 *
 *  - an area reaches another area through its service, never through that area's store
 *    (`*.store.ts`) or routes (`*.routes.ts`);
 *  - SQL lives in stores (`*.store.ts`) and in the database platform (`src/platform/db/`), nowhere
 *    else.
 *
 * Tests are not checked: a test may read any table or module it needs to prove a rule.
 */

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

/**
 * Known exceptions in areas and files other developers own, to be emptied as each moves its SQL
 * into a store or its import behind a service. A new entry needs a reason; an entry that no
 * longer matches anything fails the test, so the list only shrinks.
 */
const KNOWN_SQL_OUTSIDE_STORES: Record<string, string> = {
  'src/platform/clock.ts': 'the manual clock keeps its shared instant in service_state',
  'src/platform/outbox.ts': 'the outbox insert, run by every write',
  'src/platform/write.ts': 'marks the idempotency key written in the write transaction',
  'src/platform/evidence.ts': 'the evidence chain (append, seal, verify)',
  'src/platform/jobs.ts': 'the job queue (claim, lease, retry)',
  'src/platform/rate-limit.ts': 'the rate counter in the database',
  'src/platform/http/idempotency.ts': 'idempotency keys',
  'src/serve.ts': 'counts funders at start to decide on the demonstration plane',
};

/**
 * Not an exception to empty: the request visibility rule, written once as a SQL fragment by the
 * requests area and embedded by the stores of the areas that must respect it.
 */
const SQL_FRAGMENTS = new Set(['src/areas/requests/requests.visibility.ts']);

const KNOWN_CROSS_AREA_IMPORTS: Record<string, string> = {
  'src/areas/disclosure/disclosure.parties.ts -> src/areas/requests/risks.store.ts':
    'the hard signal of an invoice amount changed, until the requests module offers it',
  'src/areas/disclosure/disclosure.store.ts -> src/areas/requests/requests.store.ts':
    'the request-in-scope SQL fragment (requestInScope), until the requests module offers it',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  path,
  name: relative(ROOT, path).split(sep).join('/'),
  text: readFileSync(path, 'utf8'),
}));

/** The specifiers of every static, re-exported and dynamic import of a file. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*['"]([^'"]+)['"]/g)) {
    found.push(match[1]!);
  }
  for (const match of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

const areaOf = (name: string): string | null => /^src\/areas\/([^/]+)\//.exec(name)?.[1] ?? null;

/** Comments removed, so that prose about SQL does not count as SQL. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');

const SQL =
  /\bSELECT\b[\s\S]{0,600}?\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+[a-z_]+(?:\s+[a-z]+)?\s+SET\b|\bDELETE\s+FROM\b/;

const isStore = (name: string) => name.endsWith('.store.ts') || name.startsWith('src/platform/db/');

function crossAreaImports(): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = areaOf(file.name);
    if (!from) continue;
    for (const specifier of importsOf(file.text)) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(ROOT, resolve(dirname(file.path), specifier))
        .split(sep)
        .join('/');
      const to = areaOf(target);
      if (!to || to === from) continue;
      if (/\.(store|routes)\.ts$/.test(target)) found.push(`${file.name} -> ${target}`);
    }
  }
  return found.sort();
}

function sqlOutsideStores(): string[] {
  return files
    .filter((file) => !isStore(file.name) && !SQL_FRAGMENTS.has(file.name))
    .filter((file) => SQL.test(withoutComments(file.text)))
    .map((file) => file.name)
    .sort();
}

describe('the layout of the code', () => {
  it("no area imports another area's store or routes: it goes through that area's service", () => {
    const found = crossAreaImports();
    expect(found.filter((edge) => !(edge in KNOWN_CROSS_AREA_IMPORTS))).toEqual([]);
    // An exception fixed is taken off the list.
    expect(Object.keys(KNOWN_CROSS_AREA_IMPORTS).filter((edge) => !found.includes(edge))).toEqual([]);
  });

  it('SQL is written only in stores and in the database platform', () => {
    const found = sqlOutsideStores();
    expect(found.filter((name) => !(name in KNOWN_SQL_OUTSIDE_STORES))).toEqual([]);
    expect(Object.keys(KNOWN_SQL_OUTSIDE_STORES).filter((name) => !found.includes(name))).toEqual([]);
  });

  it('the requests, decisions and sandbox areas hold no exception', () => {
    const mine = (name: string) => /^src\/areas\/(requests|decisions|sandbox)\//.test(name);
    expect(Object.keys(KNOWN_SQL_OUTSIDE_STORES).filter(mine)).toEqual([]);
    expect(Object.keys(KNOWN_CROSS_AREA_IMPORTS).filter(mine)).toEqual([]);
  });

  it('the checks see what they look for', () => {
    // Guards against a check that passes because it reads nothing.
    expect(files.length).toBeGreaterThan(50);
    expect(SQL.test(withoutComments("q.query('SELECT id FROM funders WHERE id = $1')"))).toBe(true);
    expect(SQL.test(withoutComments('// a bare SELECT from the table\nconst x = 1;'))).toBe(false);
    expect(SQL.test('`UPDATE funding_requests r SET status = $2`')).toBe(true);
    expect(importsOf("import * as store from '../requests/requests.store.ts';")).toEqual([
      '../requests/requests.store.ts',
    ]);
    expect(importsOf("import type {\n  A,\n  B,\n} from '../x/y.routes.ts';")).toEqual(['../x/y.routes.ts']);
  });
});
