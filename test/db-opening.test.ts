import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE, runAs } from '../src/platform/db/actor.ts';
import type { Db } from '../src/platform/db/db.ts';
import { createPostgresDb } from '../src/platform/db/postgres.ts';
import { freshDatabase, onPostgres, type TestDatabase } from './support/database.ts';
import { databaseUrl } from './support/postgres-roles.ts';

/**
 * A statement carries its opening (platform/db/opened-query.ts): the role and the caller's
 * settings (and a transaction's BEGIN) go with the first statement, not in a round trip of
 * their own. What must hold: every statement runs as its actor, in its transaction, and nothing
 * it set is left on the connection; a statement whose opening failed never runs, nor does any
 * statement after it in the same transaction; a failure in the round trip that parsed a named
 * statement leaves no connection that believes otherwise.
 */
const FUNDER = {
  kind: 'funder' as const,
  funderId: '0f6b6c9e-8d1e-4c57-9a43-2a1c5e7d9b10',
  plane: 'live' as const,
};
const WHO = `SELECT current_user AS role, current_setting('funder_api.funder_id', true) AS funder,
                    current_setting('funder_api.plane', true) AS plane, txid_current()::text AS txid, $1::int AS n`;
interface Who {
  role: string;
  funder: string | null;
  plane: string | null;
  txid: string;
}

let database: TestDatabase;
/** One connection, so the statement after another runs on the connection that one left. */
let single: Db;

beforeAll(async () => {
  database = await freshDatabase();
  single = onPostgres() ? createPostgresDb(database.url!, { max: 1 }) : database.db;
});
afterAll(async () => {
  if (onPostgres()) await single.close();
  await database.drop();
});

/** The superuser's pool, its statements as the connecting role (no role switch). */
function superuser(): Db {
  const db = database.superuser();
  return {
    ...db,
    query: (sql, params, options) => runAs(GATE, () => db.query(sql, params, options)),
    exec: (sql) => runAs(GATE, () => db.exec(sql)),
  };
}

const gateSees = async () => (await runAs(GATE, () => single.query<Who>(WHO, [0]))).rows[0]!;

describe('a statement and its opening', () => {
  it('a lone statement runs as its funder, and the connection is the connecting role again after it', async () => {
    const connecting = (await gateSees()).role;
    expect(connecting).not.toBe('funder_api_funder');
    for (const options of [undefined, { name: 'opening_who' }]) {
      const seen = (await runAs(FUNDER, () => single.query<Who>(WHO, [1], options))).rows[0]!;
      expect(seen).toMatchObject({ role: 'funder_api_funder', funder: FUNDER.funderId, plane: 'live' });
      const after = await gateSees();
      expect(after.role).toBe(connecting);
      expect(after.funder || null).toBeNull();
      expect(after.plane || null).toBeNull();
    }
  });

  it("a transaction's statements share one transaction as its funder, and end with it", async () => {
    const [first, second] = await runAs(FUNDER, () =>
      single.transaction(async (tx) => [
        (await tx.query<Who>(WHO, [1], { name: 'opening_who' })).rows[0]!,
        (await tx.query<Who>(WHO, [2])).rows[0]!,
      ]),
    );
    expect(first).toMatchObject({ role: 'funder_api_funder', funder: FUNDER.funderId, plane: 'live' });
    expect(second).toMatchObject({ role: 'funder_api_funder', funder: FUNDER.funderId, txid: first!.txid });
    const after = await gateSees();
    expect(after.funder || null).toBeNull();
    expect(after.txid).not.toBe(first!.txid);
  });

  it('a transaction whose first statement fails is rolled back whole, and the next runs clean', async () => {
    const table = `opening_probe_${randomBytes(4).toString('hex')}`;
    const owner = superuser();
    await owner.exec(`CREATE TABLE ${table} (n int PRIMARY KEY); GRANT SELECT, INSERT ON ${table} TO PUBLIC`);
    try {
      await owner.query(`INSERT INTO ${table} VALUES (1)`);
      await expect(
        runAs({ kind: 'operator' }, () =>
          single.transaction(async (tx) => {
            // The first statement (carrying BEGIN) breaks the key; the one after is refused.
            await tx.query(`INSERT INTO ${table} VALUES ($1)`, [1]).catch(() => undefined);
            await tx.query(`INSERT INTO ${table} VALUES ($1)`, [2]);
          }),
        ),
      ).rejects.toThrow(/current transaction is aborted/);
      const rows = await owner.query<{ n: number }>(`SELECT n FROM ${table} ORDER BY n`);
      expect(rows.rows.map((r) => r.n)).toEqual([1]);
      expect((await gateSees()).txid).toMatch(/^\d+$/);
    } finally {
      await owner.exec(`DROP TABLE ${table}`);
    }
  });
});

describe.skipIf(!onPostgres())('an opening that fails, on PostgreSQL', () => {
  const outsider = `funder_api_outsider_${randomBytes(4).toString('hex')}`;
  const sequence = `opening_ran_${randomBytes(4).toString('hex')}`;
  let owner: Db;
  let asOutsider: Db;
  beforeAll(async () => {
    owner = superuser();
    // A login role that belongs to no policy role: setting the funder role fails for it.
    await owner.exec(
      `CREATE ROLE ${outsider} LOGIN; CREATE SEQUENCE ${sequence}; GRANT USAGE ON SEQUENCE ${sequence} TO PUBLIC`,
    );
    const url = new URL(database.url!);
    asOutsider = createPostgresDb(
      databaseUrl(`${url.protocol}//${url.host}/postgres`, url.pathname.slice(1), outsider),
      {
        max: 1,
      },
    );
  });
  afterAll(async () => {
    await asOutsider.close();
    await owner.exec(`DROP SEQUENCE ${sequence}; DROP ROLE ${outsider}`);
  });
  const ran = async () =>
    (await owner.query<{ is_called: boolean }>(`SELECT is_called FROM ${sequence}`)).rows[0]!.is_called;

  it('a statement behind a failed opening never runs, alone or in a transaction, and neither do those after it', async () => {
    const bump = `SELECT nextval('${sequence}') AS v, $1::int AS n`;
    await expect(runAs(FUNDER, () => asOutsider.query(bump, [1]))).rejects.toThrow(
      /permission denied to set role/,
    );
    await expect(
      runAs(FUNDER, () =>
        asOutsider.transaction(async (tx) => {
          await tx.query('SELECT $1::int AS n', [1], { name: 'opening_probe' }).catch(() => undefined);
          // Swallowing the first failure does not let a statement run without its opening.
          await tx.query(bump, [2]);
        }),
      ),
    ).rejects.toThrow(/permission denied to set role/);
    expect(await ran()).toBe(false);
    // The gate needs no opening: the same pool still answers, the statement named in the failed
    // round trip included (its connection, which never parsed it, was not kept believing it had).
    const gate = await runAs(GATE, () =>
      asOutsider.query<{ role: string; n: number }>('SELECT current_user AS role, $1::int AS n', [7], {
        name: 'opening_probe',
      }),
    );
    expect(gate.rows[0]).toEqual({ role: outsider, n: 7 });
  });

  it('a named statement that failed to parse in the round trip of its opening is parsed again next time', async () => {
    // A fresh connection: the opening's own statements are parsed in the same round trip.
    const fresh = createPostgresDb(database.url!, { max: 1 });
    try {
      const broken = { name: 'opening_broken' };
      for (let attempt = 0; attempt < 2; attempt++) {
        await expect(
          runAs(FUNDER, () => fresh.query('SELECT no_such_column, $1::int AS n', [1], broken)),
        ).rejects.toThrow(/column "no_such_column" does not exist/);
      }
      const fine = await runAs(FUNDER, () =>
        fresh.query<{ n: number }>('SELECT $1::int AS n', [3], { name: 'opening_fine' }),
      );
      expect(fine.rows[0]!.n).toBe(3);
    } finally {
      await fresh.close();
    }
  });
});
