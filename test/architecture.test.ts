import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  areaEdges,
  areaOf,
  areaPicture,
  cycles,
  fileEdges,
  importsOf,
  ROOT,
  readSource,
  withoutComments,
} from '../scripts/source-graph.ts';

/*
 * The layout rules of docs/architecture.md ("One way to build an area"), checked over the source:
 *
 *  - every area has its module, and every file of an area is named after it;
 *  - an area imports another area only through that area's module, and so does the code outside
 *    the areas (the composition root, the command line);
 *  - the platform imports no area: each area declares its parts (events, metrics, sealed
 *    columns) on its module, and the platform keeps only the registries;
 *  - no import cycle, between files or between areas;
 *  - each kind of route sits in its kind of file (funder, operations team, sandbox);
 *  - SQL lives in stores (`*.store.ts`) and in the database platform (`src/platform/db/`);
 *  - errors are raised one way;
 *  - the picture of the areas' dependencies in docs/architecture.md is the code's.
 *
 * Tests are not checked: a test may read any table or module it needs to prove a rule.
 */

const files = readSource();
const areas = readdirSync(join(ROOT, 'src/areas'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** SQL outside stores, each with its reason; an entry that no longer matches fails the test. */
const KNOWN_SQL_OUTSIDE_STORES: Record<string, string> = {
  'src/platform/clock.ts': 'the manual clock keeps its shared instant in service_state',
  'src/platform/outbox.ts': 'the outbox insert, run by every write',
  'src/platform/write.ts': 'marks the idempotency key written in the write transaction',
  'src/platform/evidence.ts': 'the evidence chain (append, seal, verify)',
  'src/platform/rate-limit.ts': 'the rate counter in the database',
  'src/serve.ts': 'counts funders at start to decide on the demonstration plane',
};

/**
 * Rules written once in the platform, each with the files that may write it and a pattern that
 * finds it written again anywhere else in src/.
 */
const WRITTEN_ONCE: { what: string; homes: string[]; pattern: RegExp }[] = [
  {
    what: 'the plane of an environment (planeOf)',
    homes: ['src/platform/caller.ts'],
    pattern: /'sandbox'\s*\)?\s*(?:\?|return)\s*\(?'demo'/,
  },
  {
    what: 'a unique violation (isUniqueViolation)',
    homes: ['src/platform/db/db.ts'],
    pattern: /'23505'/,
  },
  {
    what: 'whether a funder exists, and its plane (funderExists, funderPlane)',
    homes: ['src/platform/db/funders.ts'],
    // A statement of its own (a write guarded by EXISTS in one statement is not this check).
    pattern: /['`]SELECT (?:1|environment) FROM funders(?:_read)? WHERE id = \$1/,
  },
  {
    // The decline's own rule (a reason word or notes, 400) is another rule, in its own file.
    what: 'a reason kept on the evidence chain (requireReason)',
    homes: ['src/platform/reasons.ts', 'src/areas/decisions/decisions.input.ts'],
    pattern: /new ApiError\(\s*'(?:evidence_)?reason_required'/,
  },
  {
    what: 'the scoped table helpers (findScoped, scopedChange, scopedList)',
    homes: ['src/platform/db/scoped.ts'],
    pattern: /SELECT \$\{from\.columns\} FROM \$\{from\.table\}\s+WHERE (?:id = \$[13]|funder_id = \$1)/,
  },
];

const SQL =
  /\bSELECT\b[\s\S]{0,600}?\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+[a-z_]+(?:\s+[a-z]+)?\s+SET\b|\bDELETE\s+FROM\b/;

/**
 * Not an exception to empty: the request visibility rule, written once as a SQL fragment by the
 * requests area and embedded by the stores of the areas that must respect it.
 */
const SQL_FRAGMENTS = new Set(['src/areas/requests/requests.visibility.ts']);

const isStore = (name: string) =>
  name.endsWith('.store.ts') || name.startsWith('src/platform/db/') || SQL_FRAGMENTS.has(name);

const moduleOf = (area: string) => `src/areas/${area}/${area}.module.ts`;

/** Imports of an area's files that do not go through its module, from anywhere in src/. */
function importsPastModules(): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = areaOf(file.name);
    for (const target of file.imports) {
      const to = areaOf(target);
      if (!to || to === from) continue;
      if (target !== moduleOf(to)) found.push(`${file.name} -> ${target}`);
    }
  }
  return found.sort();
}

/**
 * The paths a file declares routes for: `app.get('/v1/...'` and the like in any file, and in a
 * routes file every string that is a path of ours (a route declared through a local helper).
 */
const routePaths = (text: string, name = ''): string[] => {
  const code = withoutComments(text);
  const declared = [...code.matchAll(/\bapp\.(?:get|post|put|patch|delete|route)\(\s*[`'"]([^`'"]+)/g)];
  const named = name.endsWith('routes.ts')
    ? [...code.matchAll(/[`'"]((?:\/v1|\/ops\/v1)\/[^`'"\s]*)[`'"]/g)]
    : [];
  return [...new Set([...declared, ...named].map((match) => match[1]!))];
};

describe('the layout of the code', () => {
  it('every area has its module, and every file of an area is named after it', () => {
    expect(areas.length).toBeGreaterThanOrEqual(22);
    const withoutModule = areas.filter((area) => !files.some((file) => file.name === moduleOf(area)));
    expect(withoutModule).toEqual([]);
    const misnamed = files.filter((file) => {
      const area = areaOf(file.name);
      return area !== null && !file.name.split('/').pop()!.startsWith(`${area}.`);
    });
    expect(misnamed.map((file) => file.name)).toEqual([]);
  });

  it('an area is reached only through its module, from other areas and from outside the areas', () => {
    expect(importsPastModules()).toEqual([]);
  });

  it('nothing under src/platform imports from src/areas', () => {
    const platform = files.filter((file) => file.name.startsWith('src/platform/'));
    expect(platform.length).toBeGreaterThan(50);
    const found = platform.flatMap((file) =>
      file.imports.filter((target) => areaOf(target) !== null).map((target) => `${file.name} -> ${target}`),
    );
    expect(found).toEqual([]);
  });

  it('no import cycle between files', () => {
    expect(cycles(fileEdges(files))).toEqual([]);
  });

  it('no import cycle between areas: dependencies run one way', () => {
    expect(cycles(areaEdges(files))).toEqual([]);
  });

  it('funder, operations and sandbox routes each sit in their kind of file', () => {
    const misplaced: string[] = [];
    for (const file of files) {
      for (const path of routePaths(file.text, file.name)) {
        const base = file.name.split('/').pop()!;
        const kind = path.startsWith('/ops/')
          ? 'ops.routes.ts'
          : path.startsWith('/v1/sandbox/')
            ? 'sandbox.routes.ts'
            : 'routes.ts';
        const area = areaOf(file.name);
        // The operations and sandbox areas are named after their kind: their own routes file holds it.
        const ownKind =
          (area === 'ops' && kind === 'ops.routes.ts') ||
          (area === 'sandbox' && kind === 'sandbox.routes.ts');
        const inAreaFile =
          area !== null && (base.endsWith(`.${kind}`) || (ownKind && base === `${area}.routes.ts`));
        const funderFileHoldsOther =
          kind === 'routes.ts' &&
          (base.endsWith('.ops.routes.ts') ||
            base.endsWith('.sandbox.routes.ts') ||
            area === 'ops' ||
            area === 'sandbox');
        if (!file.name.startsWith('src/platform/') && (!inAreaFile || funderFileHoldsOther)) {
          misplaced.push(`${file.name}: ${path}`);
        }
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('SQL is written only in stores and in the database platform', () => {
    const found = files
      .filter((file) => !isStore(file.name) && SQL.test(withoutComments(file.text)))
      .map((file) => file.name)
      .sort();
    expect(found.filter((name) => !(name in KNOWN_SQL_OUTSIDE_STORES))).toEqual([]);
    expect(Object.keys(KNOWN_SQL_OUTSIDE_STORES).filter((name) => !found.includes(name))).toEqual([]);
  });

  it('errors are raised one way: throw an ApiError, nothing throws on the caller’s behalf', async () => {
    const errors = await import('../src/platform/errors.ts');
    expect(Object.keys(errors).sort()).toEqual(['ApiError', 'errorCases', 'errorCatalogue']);
    // An area answers an error only by throwing: no route writes an error status itself.
    const sent = files.filter(
      (file) =>
        areaOf(file.name) && /\breply\.(?:code|status)\(\s*[45]\d\d\s*\)/.test(withoutComments(file.text)),
    );
    expect(sent.map((file) => file.name)).toEqual([]);
  });

  it('a rule the platform writes once is written nowhere else', () => {
    for (const rule of WRITTEN_ONCE) {
      const found = files
        .filter((file) => rule.pattern.test(withoutComments(file.text)))
        .map((file) => file.name)
        .sort();
      // Each home holds its rule (a pattern that matches nothing checks nothing), and only they do.
      expect(found, rule.what).toEqual([...rule.homes].sort());
    }
  });

  it('docs/architecture.md shows the areas’ dependencies as the code has them', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(doc, 'run `node bin/run-ts.mjs scripts/area-graph.ts` and paste its picture').toContain(
      areaPicture(files),
    );
  });

  it('the checks see what they look for', () => {
    // Guards against a check that passes because it reads nothing.
    expect(files.length).toBeGreaterThan(100);
    expect(SQL.test(withoutComments("q.query('SELECT id FROM funders WHERE id = $1')"))).toBe(true);
    expect(SQL.test(withoutComments('// a bare SELECT from the table\nconst x = 1;'))).toBe(false);
    expect(importsOf("import * as store from '../requests/requests.store.ts';")).toEqual([
      '../requests/requests.store.ts',
    ]);
    expect(importsOf("import type {\n  A,\n  B,\n} from '../x/y.routes.ts';")).toEqual(['../x/y.routes.ts']);
    expect(routePaths("app.post(\n  '/v1/sandbox/requests',\n { config }")).toEqual(['/v1/sandbox/requests']);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', []],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(areaEdges(files).size).toBe(areas.length);
  });
});
