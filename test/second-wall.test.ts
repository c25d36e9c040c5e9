import { afterEach, describe, expect, it } from 'vitest';
import { errorCode, expectError } from './support/errors.ts';
import { startGiven } from './support/service.ts';

/**
 * When the first wall (the store's own filter) lets a write through that row-level security
 * refuses, the caller gets a 403 `out_of_scope` in the envelope, not a 500, and nothing is
 * written. No route does that on its own, so a trigger (created as the connecting role, as the
 * test's business) bends the row a route writes towards another funder or plane, the way a
 * forgotten filter would.
 */
const { service } = startGiven();
afterEach(async () => {
  await service.db.query('DROP TRIGGER IF EXISTS bend_settings ON funder_settings');
  await service.db.query('DROP FUNCTION IF EXISTS bend_settings()');
});

/** Rewrites every settings row of `from` as it is written: its funder, or its plane. */
async function bendSettings(from: string, change: { funderId?: string; plane?: string }): Promise<void> {
  const set = change.funderId ? `NEW.funder_id := '${change.funderId}'` : `NEW.plane := '${change.plane}'`;
  await service.db.query(`
    CREATE FUNCTION bend_settings() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.funder_id = '${from}' THEN ${set}; END IF;
      RETURN NEW;
    END $$`);
  await service.db.query(
    'CREATE TRIGGER bend_settings BEFORE INSERT OR UPDATE ON funder_settings FOR EACH ROW EXECUTE FUNCTION bend_settings()',
  );
}

const settingsRows = async (funderIds: string[]) =>
  (
    await service.db.query<{ funder_id: string; plane: string }>(
      'SELECT funder_id, plane FROM funder_settings WHERE funder_id = ANY($1::uuid[]) ORDER BY funder_id',
      [funderIds],
    )
  ).rows;

const evidenceOf = async (funderIds: string[]) =>
  (
    await service.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM evidence_entries WHERE funder_id = ANY($1::uuid[])',
      [funderIds],
    )
  ).rows[0]?.n;

const change = { debtor_consent_level: 'acceptance', reason: 'Our risk committee asked for it' };

describe('a write the row-level security policies refuse', () => {
  it("answers 403 out_of_scope, in the envelope, when the row would be another funder's, and writes nothing", async () => {
    const mine = await service.given.funderWithKey();
    const other = await service.given.funderAccount();
    await bendSettings(mine.bankId, { funderId: other.bank_id });
    const entriesBefore = await evidenceOf([mine.bankId, other.bank_id]);

    const answer = await service.call(mine.key, 'PUT', '/v1/settings', {
      body: change,
      headers: { 'idempotency-key': 'second-wall-1' },
    });
    const error = expectError(answer, 403, 'out_of_scope');
    expect(error.message).not.toMatch(/row-level|policy|funder_settings/);
    expect(await settingsRows([mine.bankId, other.bank_id])).toEqual([]);
    expect(await evidenceOf([mine.bankId, other.bank_id])).toBe(entriesBefore);

    // The same key again replays the refusal; without the bend the write goes through.
    const replay = await service.call(mine.key, 'PUT', '/v1/settings', {
      body: change,
      headers: { 'idempotency-key': 'second-wall-1' },
    });
    expect({ status: replay.status, code: errorCode(replay) }).toEqual({ status: 403, code: 'out_of_scope' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await service.db.query('DROP TRIGGER bend_settings ON funder_settings');
    const fine = await service.call(mine.key, 'PUT', '/v1/settings', { body: change });
    expect(fine.status).toBe(200);
    expect(await settingsRows([mine.bankId, other.bank_id])).toEqual([
      { funder_id: mine.bankId, plane: 'live' },
    ]);
  });

  it('answers 403 out_of_scope when the row would land on the other plane', async () => {
    const mine = await service.given.funderWithKey();
    await bendSettings(mine.bankId, { plane: 'demo' });
    const answer = await service.call(mine.key, 'PUT', '/v1/settings', { body: change });
    expectError(answer, 403, 'out_of_scope');
    expect(await settingsRows([mine.bankId])).toEqual([]);
  });
});
