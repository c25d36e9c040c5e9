import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '../src/platform/db/actor.ts';
import { freshDatabase, type TestDatabase } from './support/database.ts';

// The hot reads (the request list and packet) open their transaction with `planOnce`: their
// named statements get one plan per connection, for any values. Every other transaction keeps
// PostgreSQL's own choice, and the setting ends with the transaction that asked for it
// (docs/decisions/platform.md, "The hot reads are planned once per connection").
let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database?.drop());

const FUNDER = { kind: 'funder', funderId: '00000000-0000-4000-8000-000000000001', plane: 'live' } as const;
const mode = (planOnce?: boolean) =>
  runAs(FUNDER, () =>
    database.db.transaction(
      async (tx) =>
        (await tx.query<{ mode: string }>("SELECT current_setting('plan_cache_mode') AS mode")).rows[0]!.mode,
      planOnce === undefined ? undefined : { planOnce },
    ),
  );

describe('a transaction opened to plan once', () => {
  it('plans its statements once, and leaves no trace on the connection', async () => {
    expect(await mode()).toBe('auto');
    // Several times over, so every pooled connection has served one of each.
    for (let i = 0; i < 12; i++) {
      expect(await mode(true)).toBe('force_generic_plan');
      expect(await mode()).toBe('auto');
      expect(await mode(false)).toBe('auto');
    }
  });
});
