import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres, type TestDatabase } from '../../../test/support/database.ts';
import { GATE, runAs } from './actor.ts';

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
