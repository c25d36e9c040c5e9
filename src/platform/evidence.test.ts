import { beforeEach, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/support/database.ts';
import { startGiven } from '../../test/support/service.ts';
import type { Caller } from './caller.ts';
import type { Queryable } from './db/db.ts';
import {
  dayRoot,
  entryHash,
  GENESIS_HASH,
  SEAL_GRACE_SECONDS,
  sealFinishedDays,
  utcDay,
  verifyEvidence,
} from './evidence.ts';
import { newId } from './ids.ts';
import type { WriteScope } from './write.ts';

const operator: Caller = { kind: 'operator', requestId: 't' };

interface StoredEntry {
  seq: string;
  id: string;
  funder_id: string | null;
  plane: 'live' | 'demo' | null;
  actor: Record<string, string>;
  kind: string;
  subject_type: string | null;
  subject_id: string | null;
  payload: Record<string, unknown>;
  recorded_at: Date;
  day: string;
  prev_hash: string;
  hash: string;
}

const { service } = startGiven();
// Several tests tamper with the chain on purpose: each one starts from an empty chain, emptied
// as the database owner with the table's own triggers off.
beforeEach(async () => {
  await service.db.query('ALTER TABLE evidence_entries DISABLE TRIGGER USER');
  await service.db.query('ALTER TABLE evidence_day_roots DISABLE TRIGGER USER');
  await service.db.query('TRUNCATE evidence_entries, evidence_day_roots');
  await service.db.query('ALTER TABLE evidence_entries ENABLE TRIGGER USER');
  await service.db.query('ALTER TABLE evidence_day_roots ENABLE TRIGGER USER');
});

const write = <T>(work: (scope: WriteScope) => Promise<T>) => service.runtime.services.write(operator, work);

/** Appends `count` entries, one write each. */
async function append(count: number, kind = 'test.entry'): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await write(async (scope) => {
      scope.evidence({
        funderId: null,
        plane: null,
        kind,
        subjectType: 'test',
        subjectId: `s${i}`,
        payload: { i, note: 'ñandú €' },
      });
    });
  }
}

async function entries(db: Queryable = service.db): Promise<StoredEntry[]> {
  const { rows } = await db.query<StoredEntry>(
    'SELECT seq, id, funder_id, plane, actor, kind, subject_type, subject_id, payload, recorded_at, day::text AS day, prev_hash, hash FROM evidence_entries ORDER BY seq',
  );
  return rows;
}

/** Runs statements with the append-only trigger switched off, as the database owner could. */
async function asOwner(sql: string, params: unknown[] = []): Promise<void> {
  await service.db.query('ALTER TABLE evidence_entries DISABLE TRIGGER evidence_entries_no_update');
  try {
    await service.db.query(sql, params);
  } finally {
    await service.db.query('ALTER TABLE evidence_entries ENABLE TRIGGER evidence_entries_no_update');
  }
}

describe('appending to the evidence chain', () => {
  it('links every entry to the hash of the one before, the first to the genesis hash', async () => {
    expect(await entries()).toEqual([]);
    await append(5);
    const rows = await entries();
    expect(rows.map((row) => Number(row.seq))).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]!.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    for (const row of rows) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      const { hash, ...unhashed } = row;
      expect(
        entryHash({ ...unhashed, seq: Number(row.seq), recorded_at: row.recorded_at.toISOString() }),
      ).toBe(hash);
    }
    expect(new Set(rows.map((row) => row.hash)).size).toBe(5);
  });

  it('records the caller as actor, the subject, the payload and the time of the write', async () => {
    await append(1, 'test.recorded');
    const [row] = await entries();
    const now = service.runtime.clock.now();
    expect(row).toMatchObject({
      actor: { kind: 'operator', request_id: 't' },
      kind: 'test.recorded',
      subject_type: 'test',
      subject_id: 's0',
      payload: { i: 0, note: 'ñandú €' },
      funder_id: null,
      plane: null,
      day: utcDay(now),
    });
    expect(row!.recorded_at.toISOString()).toBe(now.toISOString());
  });

  it('appends several entries of one write in order, in one chain', async () => {
    await append(1);
    await write(async (scope) => {
      for (const n of [1, 2, 3])
        scope.evidence({ funderId: null, plane: null, kind: `test.multi.${n}`, payload: {} });
    });
    const rows = await entries();
    expect(rows.map((row) => row.kind)).toEqual([
      'test.entry',
      'test.multi.1',
      'test.multi.2',
      'test.multi.3',
    ]);
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(await verifyEvidence(service.db)).toMatchObject({ ok: true, entries: 4 });
  });
});

describe('verifying the evidence chain', () => {
  it('reports an intact chain with the number of entries and days', async () => {
    expect(await verifyEvidence(service.db)).toEqual({ ok: true, entries: 0, days: 0, firstBroken: null });
    await append(7);
    expect(await verifyEvidence(service.db)).toEqual({ ok: true, entries: 7, days: 1, firstBroken: null });
    // Reading in small pages walks the same chain.
    expect(await verifyEvidence(service.db, 2)).toEqual({ ok: true, entries: 7, days: 1, firstBroken: null });
  });

  it('names the first tampered entry when a payload is rewritten', async () => {
    await append(8);
    const target = (await entries())[4]!;
    await asOwner(`UPDATE evidence_entries SET payload = '{"i": 999}'::jsonb WHERE seq = 5`);
    for (const pageSize of [1000, 3]) {
      const report = await verifyEvidence(service.db, pageSize);
      expect(report.ok).toBe(false);
      expect(report.entries).toBe(4);
      expect(report.firstBroken).toEqual({
        seq: 5,
        id: target.id,
        reason: 'hash does not match the entry content',
      });
    }
  });

  it('names the next entry when a tampered entry is given a fresh hash', async () => {
    await append(6);
    const row = (await entries())[2]!;
    const forged = { ...row, seq: 3, recorded_at: row.recorded_at.toISOString(), payload: { forged: true } };
    const { hash: _old, ...unhashed } = forged;
    await asOwner('UPDATE evidence_entries SET payload = $1::jsonb, hash = $2 WHERE seq = 3', [
      JSON.stringify(forged.payload),
      entryHash(unhashed),
    ]);
    const report = await verifyEvidence(service.db);
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toMatchObject({
      seq: 4,
      reason: 'prev_hash does not match the previous entry',
    });
  });

  it('reports a deleted middle entry as a sequence gap', async () => {
    await append(5);
    await asOwner('DELETE FROM evidence_entries WHERE seq = 3');
    const report = await verifyEvidence(service.db);
    expect(report.ok).toBe(false);
    expect(report.entries).toBe(2);
    expect(report.firstBroken).toMatchObject({ seq: 4, reason: 'sequence gap: expected 3' });
  });

  it('has a database trigger refusing to update or delete an entry', async () => {
    await append(3);
    await expect(
      service.db.query(`UPDATE evidence_entries SET payload = '{}'::jsonb WHERE seq = 2`),
    ).rejects.toThrow(/append-only/);
    await expect(service.db.query('DELETE FROM evidence_entries WHERE seq = 2')).rejects.toThrow(
      /append-only/,
    );
    await expect(service.db.query('DELETE FROM evidence_entries')).rejects.toThrow(/append-only/);
    await expect(service.db.query('TRUNCATE evidence_entries')).rejects.toThrow(/append-only/);
    expect((await entries()).map((row) => row.payload)).toEqual([
      { i: 0, note: 'ñandú €' },
      { i: 1, note: 'ñandú €' },
      { i: 2, note: 'ñandú €' },
    ]);
    expect((await verifyEvidence(service.db)).ok).toBe(true);
  });
});

describe('daily roots', () => {
  it('seals each finished UTC day once, and verify checks the recorded root', async () => {
    await append(3);
    const firstDay = utcDay(service.runtime.clock.now());
    // The day is not over yet: nothing to seal.
    expect(await sealFinishedDays(service.db, service.runtime.clock.now())).toEqual([]);

    await service.advanceClock(86_400 + SEAL_GRACE_SECONDS);
    const secondDay = utcDay(service.runtime.clock.now());
    expect(secondDay).not.toBe(firstDay);
    await append(2, 'test.next_day');
    expect(await sealFinishedDays(service.db, service.runtime.clock.now())).toEqual([firstDay]);
    expect(await sealFinishedDays(service.db, service.runtime.clock.now())).toEqual([]);

    const rows = await entries();
    const { rows: roots } = await service.db.query<Record<string, unknown>>(
      'SELECT day::text AS day, first_seq::int AS first_seq, last_seq::int AS last_seq, entry_count, root_hash FROM evidence_day_roots',
    );
    expect(roots).toEqual([
      {
        day: firstDay,
        first_seq: 1,
        last_seq: 3,
        entry_count: 3,
        root_hash: dayRoot(rows.slice(0, 3).map((row) => row.hash)),
      },
    ]);
    expect(rows.slice(3).every((row) => row.day === secondDay)).toBe(true);
    expect(await verifyEvidence(service.db)).toEqual({ ok: true, entries: 5, days: 2, firstBroken: null });

    await service.advanceClock(86_400 + SEAL_GRACE_SECONDS);
    expect(await sealFinishedDays(service.db, service.runtime.clock.now())).toEqual([secondDay]);
    expect(await verifyEvidence(service.db)).toMatchObject({ ok: true, entries: 5, days: 2 });
  });

  it('reports a day whose recorded root does not match its entries', async () => {
    await append(3);
    const day = utcDay(service.runtime.clock.now());
    await service.advanceClock(86_400 + SEAL_GRACE_SECONDS);
    await sealFinishedDays(service.db, service.runtime.clock.now());
    expect((await verifyEvidence(service.db)).ok).toBe(true);

    await expect(
      service.db.query('UPDATE evidence_day_roots SET root_hash = $1 WHERE day = $2::date', ['0', day]),
    ).rejects.toThrow(/append-only/);
    // Only someone who switches the protection off (the database owner) can change a root.
    await service.db.query('ALTER TABLE evidence_day_roots DISABLE TRIGGER USER');
    await service.db.query('UPDATE evidence_day_roots SET root_hash = $1 WHERE day = $2::date', [
      dayRoot(['not', 'the', 'entries']),
      day,
    ]);
    await service.db.query('ALTER TABLE evidence_day_roots ENABLE TRIGGER USER');
    const report = await verifyEvidence(service.db);
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toEqual({
      seq: 1,
      id: `day-root:${day}`,
      reason: `the root recorded for ${day} does not match`,
    });
  });
});

describe('a write is one transaction', () => {
  const counts = async () => {
    const { rows } = await service.db.query<{ funders: number; evidence: number; events: number }>(
      `SELECT (SELECT count(*) FROM funders)::int AS funders,
              (SELECT count(*) FROM evidence_entries)::int AS evidence,
              (SELECT count(*) FROM outbox_events)::int AS events`,
    );
    return rows[0]!;
  };

  const insertFunder = async (scope: WriteScope, id: string) =>
    scope.tx.query(
      `INSERT INTO funders (id, name, environment, created_at, updated_at) VALUES ($1, 'Atomic', 'live', $2, $2)`,
      [id, scope.now],
    );

  it('leaves no rows, evidence or events when its work throws', async () => {
    await append(2);
    const before = await counts();
    await expect(
      write(async (scope) => {
        const id = newId();
        await insertFunder(scope, id);
        scope.evidence({ funderId: id, plane: 'live', kind: 'test.atomic', payload: {} });
        scope.emit({ funderId: id, plane: 'live', type: 'test.atomic', data: {} });
        throw new Error('the rules say no');
      }),
    ).rejects.toThrow('the rules say no');
    expect(await counts()).toEqual(before);
  });

  it('takes back its rows and evidence when the outbox insert fails after them', async () => {
    await append(2);
    const before = await counts();
    await expect(
      write(async (scope) => {
        const id = newId();
        await insertFunder(scope, id);
        scope.evidence({ funderId: id, plane: 'live', kind: 'test.atomic', payload: {} });
        // No such funder: the outbox insert, which runs after the evidence append, fails.
        scope.emit({ funderId: newId(), plane: 'live', type: 'test.atomic', data: {} });
      }),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);

    // The chain carries on from where it was: no gap, no fork.
    await append(1, 'test.after');
    const rows = await entries();
    expect(rows.map((row) => Number(row.seq))).toEqual([1, 2, 3]);
    expect(await verifyEvidence(service.db)).toMatchObject({ ok: true, entries: 3 });
  });

  it('commits rows, evidence and events together', async () => {
    const before = await counts();
    const id = newId();
    const answer = await write(async (scope) => {
      await insertFunder(scope, id);
      scope.evidence({ funderId: id, plane: 'live', kind: 'test.atomic', payload: { ok: true } });
      scope.emit({ funderId: id, plane: 'live', type: 'test.atomic', data: { ok: true } });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await counts()).toEqual({
      funders: before.funders + 1,
      evidence: before.evidence + 1,
      events: before.events + 1,
    });
  });
});

describe('concurrent writes', () => {
  it(`keep one unbroken chain${onPostgres() ? ' (20 transactions racing on PostgreSQL)' : ''}`, async () => {
    await append(3);
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        write(async (scope) => {
          // Hold the transaction open a moment so that, on PostgreSQL, the writes overlap.
          await scope.tx.query('SELECT 1');
          await new Promise((resolve) => setTimeout(resolve, 5));
          scope.evidence({ funderId: null, plane: null, kind: 'test.concurrent', payload: { n } });
        }),
      ),
    );
    const rows = await entries();
    expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    const written = rows
      .filter((row) => row.kind === 'test.concurrent')
      .map((row) => row.payload.n as number);
    expect(written.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(await verifyEvidence(service.db)).toEqual({ ok: true, entries: 23, days: 1, firstBroken: null });
  });
});
