import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  migratedPglite,
  onPostgres,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { GATE, runAs } from './actor.ts';
import type { createPgliteDb } from './pglite.ts';
import { declaredStatements, type NamedStatement } from './statements.ts';

/**
 * Named statements (`QueryOptions.name`) on both adapters: parsed once, then bound again and
 * again, they answer what the same text unnamed answers, and row-level security still binds each
 * call to the caller of its own transaction.
 */
let database: TestDatabase;
const funderA = randomUUID();
const funderB = randomUUID();

beforeAll(async () => {
  database = await freshDatabase();
  await runAs(GATE, () =>
    database.db.query(
      `INSERT INTO funders (id, name, environment, created_at, updated_at)
       VALUES ($1, 'Funder A', 'live', now(), now()), ($2, 'Funder B', 'live', now(), now())`,
      [funderA, funderB],
    ),
  );
});
afterAll(async () => database?.drop());

const asFunder = <T>(funderId: string, work: () => Promise<T>) =>
  runAs({ kind: 'funder', funderId, plane: 'live' }, work);

const FUNDERS = 'SELECT id, name FROM funders WHERE created_at <= $1 ORDER BY name';

describe('named statements', () => {
  it('answer as the unnamed text does, call after call, with their parameters and nulls', async () => {
    const db = database.db;
    const unnamed = await runAs(GATE, () =>
      db.query('SELECT $1::int + 1 AS n, $2::text AS t, $3::uuid AS u', [41, null, funderA]),
    );
    for (const n of [41, 7, 0]) {
      const named = await runAs(GATE, () =>
        db.query<{ n: number; t: string | null; u: string }>(
          'SELECT $1::int + 1 AS n, $2::text AS t, $3::uuid AS u',
          [n, null, funderA],
          { name: 'named_test_sum' },
        ),
      );
      expect(named.rows).toEqual([{ n: n + 1, t: null, u: funderA }]);
    }
    expect(unnamed.rows).toEqual([{ n: 42, t: null, u: funderA }]);
  });

  it('keep binding each call to its own caller: row-level security applies per transaction', async () => {
    const db = database.db;
    for (const funder of [funderA, funderB, funderA]) {
      const seen = await asFunder(funder, () =>
        db.transaction((tx) =>
          tx.query<{ id: string }>(FUNDERS, [new Date()], { name: 'named_test_funders' }),
        ),
      );
      expect(seen.rows.map((row) => row.id)).toEqual([funder]);
    }
    // The connecting role, outside any funder's transaction, sees both.
    const all = await runAs(GATE, () =>
      db.query<{ id: string }>(FUNDERS, [new Date()], { name: 'named_test_funders' }),
    );
    expect(all.rows.map((row) => row.id)).toEqual(expect.arrayContaining([funderA, funderB]));
  });

  it('survive a transaction that rolled back, and report a failing call as the unnamed text does', async () => {
    const db = database.db;
    const insert = `INSERT INTO service_state (name, value, updated_at) VALUES ($1, '{}', now())`;
    await expect(
      runAs(GATE, () =>
        db.transaction(async (tx) => {
          await tx.query(insert, ['named-test-a'], { name: 'named_test_insert' });
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    await runAs(GATE, () =>
      db.transaction((tx) => tx.query(insert, ['named-test-a'], { name: 'named_test_insert' })),
    );
    const duplicate = runAs(GATE, () =>
      db.transaction((tx) => tx.query(insert, ['named-test-a'], { name: 'named_test_insert' })),
    );
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    const rows = await runAs(GATE, () =>
      db.query(`SELECT name FROM service_state WHERE name = 'named-test-a'`),
    );
    expect(rows.rowCount).toBe(1);
  });

  it.skipIf(onPostgres())('refuse a second text under a name already used (PGlite)', async () => {
    const db = database.db;
    await runAs(GATE, () => db.query('SELECT 1 AS one', [], { name: 'named_test_one' }));
    await expect(
      runAs(GATE, () => db.query('SELECT 2 AS two', [], { name: 'named_test_one' })),
    ).rejects.toThrow('already used for another text');
  });
});

/**
 * Every named statement of the service is declared with `namedStatement` (its row type checked
 * against its column list by the type checker), and here against the SQL: none selects `*`, and
 * each one's result columns, as a migrated database describes them, are the declared list.
 */
const SOURCE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DECLARING = new Set(['platform/db/statements.ts', 'platform/db/scoped.ts']);

async function sourceFiles(): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(SOURCE_ROOT, { recursive: true });
  const files = entries
    .filter((entry) => entry.endsWith('.ts') && !entry.endsWith('.test.ts') && !entry.endsWith('.d.ts'))
    .sort();
  return Promise.all(
    files.map(async (path) => ({ path, text: await readFile(join(SOURCE_ROOT, path), 'utf8') })),
  );
}

/** The calls that pass a query option `name` written in place rather than a declared statement's. */
function namesInPlace(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const called = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText(file);
      if (['query', 'scopedRows', 'scopedRow'].includes(called)) {
        for (const argument of node.arguments.slice(1)) {
          if (!ts.isObjectLiteralExpression(argument)) continue;
          if (argument.properties.some((p) => p.name?.getText(file) === 'name'))
            found.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A `*` selecting whole rows: after SELECT (DISTINCT (ON ...)), a comma or RETURNING, bare or `alias.*`. */
const STAR = /(?:\bSELECT(?:\s+DISTINCT(?:\s+ON\s*\([^)]*\))?)?|,|\bRETURNING)\s*(?:\w+\.)?\*/i;

/**
 * On the embedded database every other text with parameters is kept parsed too, under a name
 * the adapter gives it (src/platform/db/pglite.ts, `keptName`), the ones used last only.
 */
describe.skipIf(onPostgres())('texts kept without a name (PGlite)', () => {
  const keptCount = async (db: TestDatabase['db']) =>
    Number(
      (
        await runAs(GATE, () =>
          db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM pg_prepared_statements WHERE name LIKE 'kept%'`,
          ),
        )
      ).rows[0]!.n,
    );

  it('answer as before, and the session keeps no more of them than its bound however many texts come', async () => {
    const db = database.db;
    // Texts made afresh, as a list of placeholders as long as its values is: each a new text.
    for (let width = 1; width <= 260; width += 1) {
      const values = Array.from({ length: width }, (_, i) => i + 1);
      const placeholders = values.map((_, i) => `$${i + 1}::int`).join(' + ');
      const { rows } = await runAs(GATE, () =>
        db.query<{ sum: number }>(`SELECT ${placeholders} AS sum`, values),
      );
      expect(rows).toEqual([{ sum: (width * (width + 1)) / 2 }]);
    }
    const kept = await keptCount(db);
    expect(kept).toBeGreaterThan(100);
    expect(kept).toBeLessThanOrEqual(200);
    // A text that was closed to make room is parsed again when it comes back.
    const again = await runAs(GATE, () => db.query<{ sum: number }>('SELECT $1::int AS sum', [5]));
    expect(again.rows).toEqual([{ sum: 5 }]);
  });

  it('report a text that does not parse as the unnamed text does, each time, and keep serving the others', async () => {
    const db = database.db;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(runAs(GATE, () => db.query('SELEC $1::int AS n', [1]))).rejects.toMatchObject({
        code: '42601',
      });
    }
    const answer = await runAs(GATE, () =>
      db.transaction((tx) => tx.query<{ id: string }>('SELECT id FROM funders WHERE id = $1', [funderA])),
    );
    expect(answer.rows).toEqual([{ id: funderA }]);
  });
});

describe('named statements of the service', () => {
  let declared: readonly NamedStatement<unknown>[] = [];
  let describer: Awaited<ReturnType<typeof createPgliteDb>>;

  beforeAll(async () => {
    const files = await sourceFiles();
    for (const file of files.filter((f) => f.text.includes('namedStatement<') && !DECLARING.has(f.path)))
      await import(pathToFileURL(join(SOURCE_ROOT, file.path)).href);
    declared = declaredStatements();
    // Described on the embedded database: the same SQL and migrations on both.
    describer = await migratedPglite();
  }, 60_000);
  afterAll(async () => describer?.close());

  it('are all declared: no query names a statement in place', async () => {
    const files = await sourceFiles();
    const inPlace = files.filter((f) => !DECLARING.has(f.path)).flatMap((f) => namesInPlace(f.path, f.text));
    expect(inPlace).toEqual([]);
    // The search itself finds a name written in place.
    expect(namesInPlace('x.ts', `q.query('SELECT 1', [], { name: 'x' });`)).toEqual(['x.ts:1']);
    expect(declared.length).toBeGreaterThanOrEqual(20);
  });

  it('select no `*`', () => {
    expect(STAR.test('SELECT DISTINCT ON (request_id) * FROM offers')).toBe(true);
    expect(STAR.test('SELECT n.*, d.name FROM debtor_notices n')).toBe(true);
    expect(STAR.test('SELECT count(*)::int AS n FROM x')).toBe(false);
    expect(declared.filter((s) => STAR.test(s.sql)).map((s) => s.name)).toEqual([]);
  });

  it('answer exactly the columns they declare, in their order', async () => {
    const mismatched = [];
    for (const statement of declared) {
      const { resultFields } = await describer.pglite.describeQuery(statement.sql);
      const answered = resultFields.map((field) => field.name);
      if (JSON.stringify(answered) !== JSON.stringify(statement.columns))
        mismatched.push({ name: statement.name, declared: statement.columns, answered });
    }
    expect(mismatched).toEqual([]);
  });
});
