import { performance } from 'node:perf_hooks';
import type { FunderScope } from './caller.ts';
import type { Clock } from './clock.ts';
import { GATE, runAs } from './db/actor.ts';
import type { Db, Queryable, TransactionOptions, Tx } from './db/db.ts';
import { NO_METRICS, type ReadCacheMetrics } from './metrics.ts';
import { changedSince, currentSnapshot, pruneReadChanges } from './read-cache.store.ts';

/**
 * Answers a server keeps (docs/decisions/platform.md, "Kept answers and their change
 * marks"). A funder's integration polls the same reads far more often than anything in them
 * changes. A kept answer is served again only after the database says that no write committed
 * since the answer was read touched the caller's answers (migration 0063: each write leaves a
 * mark in its own transaction), and while its clock-bound parts hold (`until`, an offer's
 * expiry). So a call never misses a write that answered before it started, on any server.
 *
 * - `on`: keep and check (the default);
 * - `off`: read every time;
 * - `verify` (tests): keep and check, and read again on every kept answer served, failing the
 *   call when the two differ: a write that changes an answer without leaving a mark shows up in
 *   whichever test makes it.
 */
export type ReadCacheMode = 'on' | 'off' | 'verify';

/**
 * What a read gives the cache: its answer's bytes (as the route's serializer wrote them), and the
 * instant (service clock) after which it may read otherwise; one not after the clock's now is
 * not kept.
 */
export interface Readout {
  value: Buffer;
  until: Date | null;
}

/**
 * A read its service offers to keep, as domain values: whose answers it is among (`scope`, the
 * funder and plane whose change marks make it read again), which one (`key`, unique per read and
 * its parameters, everything the answer depends on included), and the read itself, run in the
 * cache's transaction, giving the answer and its `until` (as a `Readout`'s). The route writes the
 * bytes that are kept (platform/http/cached-read.ts): services know no serializer.
 */
export interface KeepableRead<T> {
  scope: FunderScope;
  key: string;
  read: (tx: Tx) => Promise<{ value: T; until: Date | null }>;
  options?: TransactionOptions;
}

/** What a kept read's service gives its route: a read to keep, or an answer with nothing to keep. */
export type CacheableAnswer<T> = { keep: KeepableRead<T> } | { answer: T };

export interface ReadCache {
  /** True in the tests' mode (`verify`): what a read keeps elsewhere is checked on every use too. */
  readonly verifying: boolean;
  /**
   * The caller's answer named `key` (unique per read and its parameters): the kept one while it
   * holds, else read by `read` in a transaction of its own (`options` as for `Db.transaction`).
   * The bytes are shared between calls: nobody may change them.
   */
  answer(
    scope: FunderScope,
    key: string,
    read: (tx: Tx) => Promise<Readout>,
    options?: TransactionOptions,
  ): Promise<Buffer>;
}

interface Entry {
  snapshot: string;
  value: Buffer;
  until: number | null;
  keptAt: number;
}

/** How long an answer is kept at most, in real time: the upkeep keeps marks three times as long. */
export const KEEP_MS = 5 * 60_000;
/** How many answers one server keeps, and how many bytes of them (a list is tens of kilobytes, a book hundreds). */
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 ** 2;

/**
 * The kept answers of one server, the least recently used first to go, within a count and a
 * byte budget; an answer larger than the budget is not kept.
 */
export class KeptAnswers<E extends { value: { length: number } }> {
  private readonly entries = new Map<string, E>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /** The entry kept under `id`, now the most recently used. */
  get(id: string): E | undefined {
    const entry = this.entries.get(id);
    if (entry) {
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry;
  }

  set(id: string, entry: E): void {
    this.drop(id);
    if (entry.value.length > this.maxBytes) return;
    this.entries.set(id, entry);
    this.bytes += entry.value.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.drop(this.entries.keys().next().value!);
    }
  }

  /** How many answers and bytes are kept. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Forgets the answer kept under `id`, if any. */
  drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.value.length;
  }
}

/** Upkeep (the worker's, every few minutes): removes the change marks no kept answer can need any more. */
export const pruneChangeMarks = (q: Queryable): Promise<number> => pruneReadChanges(q, (3 * KEEP_MS) / 1000);

export class StaleAnswerError extends Error {}

export function createReadCache(deps: {
  db: Db;
  clock: Clock;
  mode: ReadCacheMode;
  metrics?: ReadCacheMetrics;
}): ReadCache {
  const { db, clock, mode, metrics = NO_METRICS } = deps;
  const entries = new KeptAnswers<Entry>();

  async function readNow(read: (tx: Tx) => Promise<Readout>, options?: TransactionOptions) {
    return db.transaction(async (tx) => {
      // Taken before the reads: whatever they see, this snapshot saw no more.
      const snapshot = await currentSnapshot(tx);
      return { snapshot, ...(await read(tx)) };
    }, options);
  }

  const holds = (entry: Entry) =>
    performance.now() - entry.keptAt < KEEP_MS &&
    (entry.until === null || clock.now().getTime() < entry.until);

  return {
    verifying: mode === 'verify',
    async answer(scope, key, read, options) {
      if (mode === 'off') return (await db.transaction(read, options)).value;
      const id = `${scope.funderId}\u0000${scope.plane}\u0000${key}`;
      const entry = entries.get(id);
      if (entry && holds(entry) && !(await runAs(GATE, () => changedSince(db, scope, entry.snapshot)))) {
        if (mode === 'verify') await verify(scope, key, entry, read, options);
        metrics.keptAnswer('served');
        return entry.value;
      }
      metrics.keptAnswer(entry ? 'changed' : 'read');
      const made = await readNow(read, options);
      // An answer that holds no longer than its own moment is not kept (a score of the moment).
      if (made.until !== null && made.until.getTime() <= clock.now().getTime()) {
        entries.drop(id);
        return made.value;
      }
      entries.set(id, {
        snapshot: made.snapshot,
        value: made.value,
        until: made.until?.getTime() ?? null,
        keptAt: performance.now(),
      });
      return made.value;
    },
  };

  async function verify(
    scope: FunderScope,
    key: string,
    entry: Entry,
    read: (tx: Tx) => Promise<Readout>,
    options?: TransactionOptions,
  ) {
    const fresh = await readNow(read, options);
    if (fresh.value.equals(entry.value)) return;
    // A write that committed after the check is a race, not a missing mark.
    if (await runAs(GATE, () => changedSince(db, scope, entry.snapshot))) return;
    throw new StaleAnswerError(
      `the kept answer ${key} differs from a fresh read: a write changed what it shows without leaving a change mark (migration 0063)`,
    );
  }
}
