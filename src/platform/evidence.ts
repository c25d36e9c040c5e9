import type { Plane } from './caller.ts';
import { canonicalJson } from './canonical-json.ts';
import type { Clock } from './clock.ts';
import { sha256Hex } from './crypto.ts';
import type { AddParam, Db, Queryable, Tx } from './db/db.ts';
import { type NoRow, namedStatement, runStatement } from './db/statements.ts';
import { unsealedDaysBeforeForOpsSql } from './evidence.store.ts';
import { newId } from './ids.ts';

/** The hash the first entry links to. */
export const GENESIS_HASH = '0'.repeat(64);

/** Serialises appends and day seals across every server: the chain has one order. */
export const EVIDENCE_LOCK = 7_202_610;

/**
 * A UTC day is sealed only once it ended this long ago. Entries are stamped under the chain's
 * lock with the time read there, and seals take the same lock, so on one clock no entry can
 * land in a sealed day; the margin covers servers whose clocks disagree by less than it.
 */
export const SEAL_GRACE_SECONDS = 300;

export interface EvidenceInput {
  funderId: string | null;
  plane: Plane | null;
  actor: Record<string, string>;
  kind: string;
  subjectType?: string;
  subjectId?: string;
  payload: Record<string, unknown>;
}

export interface EvidenceEntry {
  seq: number;
  id: string;
  funder_id: string | null;
  plane: Plane | null;
  actor: Record<string, string>;
  kind: string;
  subject_type: string | null;
  subject_id: string | null;
  payload: Record<string, unknown>;
  recorded_at: string;
  day: string;
  prev_hash: string;
  hash: string;
}

/** What the hash covers: every field of the entry but the hash itself, in canonical JSON. */
export function entryHash(entry: Omit<EvidenceEntry, 'hash'>): string {
  return sha256Hex(
    canonicalJson({
      seq: entry.seq,
      id: entry.id,
      funder_id: entry.funder_id,
      plane: entry.plane,
      actor: entry.actor,
      kind: entry.kind,
      subject_type: entry.subject_type,
      subject_id: entry.subject_id,
      payload: entry.payload,
      recorded_at: entry.recorded_at,
      day: entry.day,
      prev_hash: entry.prev_hash,
    }),
  );
}

/** The UTC day an instant falls on; the chain's daily roots are per UTC day. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

// The append's three statements, named: run by every write that keeps evidence.
const EVIDENCE_LOCK_TAKE = namedStatement<{ pg_advisory_xact_lock: unknown }>()({
  name: 'evidence_lock',
  columns: ['pg_advisory_xact_lock'],
  sql: 'SELECT pg_advisory_xact_lock($1)',
});

const EVIDENCE_HEAD = namedStatement<{ seq: string; hash: string; recorded_at: Date }>()({
  name: 'evidence_head',
  columns: ['seq', 'hash', 'recorded_at'],
  // Through a function: a funder's role sees only its own entries, yet every write chains onto
  // the last entry of all (migration 0020).
  sql: 'SELECT seq, hash, recorded_at FROM evidence_chain_head()',
});

const EVIDENCE_APPEND = namedStatement<NoRow>()({
  name: 'evidence_append',
  columns: [],
  sql: `INSERT INTO evidence_entries
       (seq, id, funder_id, plane, actor, kind, subject_type, subject_id, payload, recorded_at, day, prev_hash, hash)
     SELECT u.seq, u.id, u.funder_id, u.plane, u.actor, u.kind, u.subject_type, u.subject_id, u.payload,
            u.recorded_at, u.day, u.prev_hash, u.hash
       FROM unnest($1::bigint[], $2::uuid[], $3::uuid[], $4::text[], $5::jsonb[], $6::text[], $7::text[],
                   $8::text[], $9::jsonb[], $10::timestamptz[], $11::date[], $12::text[], $13::text[])
         AS u(seq, id, funder_id, plane, actor, kind, subject_type, subject_id, payload, recorded_at, day,
              prev_hash, hash)`,
});

/**
 * Appends entries inside the caller's transaction. The advisory lock is held until that
 * transaction ends, so entries from concurrent writes never fork the chain. The entries are
 * stamped with the time read under that lock (never earlier than the last entry), not with the
 * time the write began: a write that started before midnight and reached the chain after a
 * seal lands in the new day, never in the sealed one.
 */
export async function appendEvidence(
  tx: Tx,
  clock: Pick<Clock, 'now' | 'manual' | 'sync'>,
  inputs: readonly EvidenceInput[],
): Promise<EvidenceEntry[]> {
  if (inputs.length === 0) return [];
  await runStatement(tx, EVIDENCE_LOCK_TAKE, [EVIDENCE_LOCK]);
  // A manual clock is shared through the database: read its instant under the lock too.
  if (clock.manual) await clock.sync(tx);
  const last = (await runStatement(tx, EVIDENCE_HEAD, [])).rows[0];
  const read = clock.now();
  const at = last && last.recorded_at > read ? new Date(last.recorded_at) : read;
  let seq = last ? Number(last.seq) : 0;
  let prevHash = last ? last.hash : GENESIS_HASH;
  const entries: EvidenceEntry[] = [];
  for (const input of inputs) {
    seq += 1;
    const unhashed: Omit<EvidenceEntry, 'hash'> = {
      seq,
      id: newId(),
      funder_id: input.funderId,
      plane: input.plane,
      actor: input.actor,
      kind: input.kind,
      subject_type: input.subjectType ?? null,
      subject_id: input.subjectId ?? null,
      // Round-trip through JSON so the hash covers exactly what jsonb will give back.
      payload: JSON.parse(canonicalJson(input.payload)),
      recorded_at: at.toISOString(),
      day: utcDay(at),
      prev_hash: prevHash,
    };
    const entry = { ...unhashed, hash: entryHash(unhashed) };
    entries.push(entry);
    prevHash = entry.hash;
  }
  await runStatement(tx, EVIDENCE_APPEND, [
    entries.map((e) => e.seq),
    entries.map((e) => e.id),
    entries.map((e) => e.funder_id),
    entries.map((e) => e.plane),
    entries.map((e) => JSON.stringify(e.actor)),
    entries.map((e) => e.kind),
    entries.map((e) => e.subject_type),
    entries.map((e) => e.subject_id),
    entries.map((e) => JSON.stringify(e.payload)),
    entries.map((e) => e.recorded_at),
    entries.map((e) => e.day),
    entries.map((e) => e.prev_hash),
    entries.map((e) => e.hash),
  ]);
  return entries;
}

interface EntryRow extends Omit<EvidenceEntry, 'seq' | 'recorded_at'> {
  seq: string;
  recorded_at: Date;
}

const rowToEntry = (row: EntryRow): EvidenceEntry => ({
  ...row,
  seq: Number(row.seq),
  recorded_at: row.recorded_at.toISOString(),
});

export interface VerifyReport {
  ok: boolean;
  entries: number;
  days: number;
  firstBroken: { seq: number; id: string; reason: string } | null;
}

/**
 * Walks the whole chain in order, in pages, recomputing every hash and link, and checks each
 * recorded day root. Names the first entry that does not hold.
 */
export async function verifyEvidence(db: Queryable, pageSize = 1000): Promise<VerifyReport> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let count = 0;
  let afterSeq = 0;
  const dayHashes = new Map<string, string[]>();
  for (;;) {
    const { rows } = await db.query<EntryRow>(
      `SELECT seq, id, funder_id, plane, actor, kind, subject_type, subject_id, payload, recorded_at,
              day::text AS day, prev_hash, hash
         FROM evidence_entries WHERE seq > $1 ORDER BY seq LIMIT $2`,
      [afterSeq, pageSize],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      const entry = rowToEntry(row);
      const broken = (reason: string): VerifyReport => ({
        ok: false,
        entries: count,
        days: dayHashes.size,
        firstBroken: { seq: entry.seq, id: entry.id, reason },
      });
      if (entry.seq !== expectedSeq) return broken(`sequence gap: expected ${expectedSeq}`);
      if (entry.prev_hash !== prevHash) return broken('prev_hash does not match the previous entry');
      const { hash, ...unhashed } = entry;
      if (entryHash(unhashed) !== hash) return broken('hash does not match the entry content');
      prevHash = hash;
      expectedSeq += 1;
      count += 1;
      afterSeq = entry.seq;
      const hashes = dayHashes.get(entry.day) ?? [];
      hashes.push(hash);
      dayHashes.set(entry.day, hashes);
    }
  }
  const roots = await db.query<{ day: string; root_hash: string; first_seq: string }>(
    'SELECT day::text AS day, root_hash, first_seq FROM evidence_day_roots ORDER BY day',
  );
  for (const root of roots.rows) {
    const hashes = dayHashes.get(root.day);
    if (!hashes || dayRoot(hashes) !== root.root_hash) {
      const seq = Number(root.first_seq);
      return {
        ok: false,
        entries: count,
        days: dayHashes.size,
        firstBroken: {
          seq,
          id: `day-root:${root.day}`,
          reason: `the root recorded for ${root.day} does not match`,
        },
      };
    }
  }
  return { ok: true, entries: count, days: dayHashes.size, firstBroken: null };
}

/** A day's root: SHA-256 over that day's entry hashes, in chain order, one per line. */
export function dayRoot(hashes: readonly string[]): string {
  return sha256Hex(hashes.join('\n'));
}

/** The first UTC day not sealable yet at `now`: every day before it that has entries is due a root. */
const sealableBefore = (now: Date): string => utcDay(new Date(now.getTime() - SEAL_GRACE_SECONDS * 1000));

/**
 * The days due a root and still without one at `now` (a metric: 0 while the upkeep job keeps
 * up), as a scalar subquery for the scrape's one statement. The day under way, and the one
 * that ended less than the grace ago, are not counted.
 */
export function unsealedDaysSql(now: Date, param: AddParam): string {
  return unsealedDaysBeforeForOpsSql(sealableBefore(now), param);
}

/**
 * Records the root of every UTC day that ended at least SEAL_GRACE_SECONDS ago and has entries
 * and no root yet. Runs under the chain's lock, so no append is between reading a day's entries
 * and sealing it.
 */
export async function sealFinishedDays(db: Db, now: Date): Promise<string[]> {
  const lastSealable = sealableBefore(now);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [EVIDENCE_LOCK]);
    const days = await tx.query<{ day: string }>(
      `SELECT DISTINCT e.day::text AS day FROM evidence_entries e
         LEFT JOIN evidence_day_roots r ON r.day = e.day
        WHERE r.day IS NULL AND e.day < $1::date ORDER BY 1`,
      [lastSealable],
    );
    const sealed: string[] = [];
    for (const { day } of days.rows) {
      const { rows } = await tx.query<{ seq: string; hash: string }>(
        'SELECT seq, hash FROM evidence_entries WHERE day = $1::date ORDER BY seq',
        [day],
      );
      if (rows.length === 0) continue;
      await tx.query(
        `INSERT INTO evidence_day_roots (day, first_seq, last_seq, entry_count, root_hash, computed_at)
         VALUES ($1::date, $2, $3, $4, $5, $6) ON CONFLICT (day) DO NOTHING`,
        [day, rows[0]!.seq, rows[rows.length - 1]!.seq, rows.length, dayRoot(rows.map((r) => r.hash)), now],
      );
      sealed.push(day);
    }
    return sealed;
  });
}
