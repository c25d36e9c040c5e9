import { AsyncLocalStorage } from 'node:async_hooks';
import {
  actorOf,
  type Caller,
  eventKeyOf,
  type FunderCaller,
  type KeptAnswer,
  type Plane,
} from './caller.ts';
import type { Clock } from './clock.ts';
import { actorForCaller, currentActor, runAs } from './db/actor.ts';
import type { Db, Tx } from './db/db.ts';
import { ApiError } from './errors.ts';
import { appendEvidence, type EvidenceInput } from './evidence.ts';
import { insertOutboxEvents, type OutboxEvent, signalOutboxCommit } from './outbox.ts';

export interface WriteScope {
  tx: Tx;
  now: Date;
  caller: Caller;
  /** Queue an evidence-chain entry; appended when the write commits, in the same transaction. */
  evidence(entry: Omit<EvidenceInput, 'actor'> & { actor?: Record<string, string> }): void;
  /** Queue an event for the outbox; inserted in the same transaction. */
  emit(event: OutboxEvent): void;
  /**
   * Queue events made at the end of the write, once all its changes are written: an event that
   * carries an object as its reads answer it then carries what the write left, whatever the
   * order of the steps that changed it. They take their place in the order of emission.
   */
  emitAtCommit(build: (tx: Tx) => Promise<readonly OutboxEvent[]>): void;
}

/** An event queued in a write, or the maker of events read at its end. */
type QueuedEvent = OutboxEvent | ((tx: Tx) => Promise<readonly OutboxEvent[]>);

export type RunWrite = <T>(caller: Caller, work: (scope: WriteScope) => Promise<T>) => Promise<T>;

/**
 * A rebuild: many writes committed as one (see `runAsOneWrite`). Only the demonstration
 * builder opens one; it is bound to one plane and carries the instant its current step plays at.
 */
interface Rebuild {
  tx: Tx;
  plane: Plane;
  /** The instant the steps now being written happen at. */
  at: Date;
  evidence: EvidenceInput[];
  savepoints: number;
  /** Set once the rebuild's transaction has ended: nothing may join it any more. */
  ended: boolean;
}

const rebuilds = new AsyncLocalStorage<Rebuild>();

/**
 * A write is one transaction: the rules and rows, the evidence entries and the outbox events
 * are committed together or not at all. When the call carries an Idempotency-Key, the key is
 * marked as having written in the same transaction, so a crash after commit can never let a
 * retry do the write again.
 *
 * The transaction runs as the database actor already set for the call (platform/db/actor.ts);
 * where none was (the worker's own writes, a download by token), as the actor of the caller.
 * A write started inside a rebuild (`runAsOneWrite`) joins the rebuild's transaction instead.
 */
export function createWriter(deps: { db: Db; clock: Clock }): RunWrite {
  return async (caller, work) => {
    const rebuild = rebuilds.getStore();
    if (rebuild) return joinRebuild(rebuild, caller, work);
    return runAs(currentActor() ?? actorForCaller(caller), () => transact(deps, caller, work));
  };
}

/**
 * A write inside a rebuild: a savepoint of the rebuild's transaction, so a refused write undoes
 * only itself, as a transaction of its own would. It sees the step's instant as `now`. Its
 * evidence entries wait for the rebuild's commit; its events are dropped (a rebuilt history is
 * not news for webhooks). A funder caller of another plane is refused outright.
 */
async function joinRebuild<T>(
  rebuild: Rebuild,
  caller: Caller,
  work: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  if (rebuild.ended) throw new Error('a write cannot join a rebuild that has ended');
  if (caller.kind === 'funder' && caller.plane !== rebuild.plane) {
    throw new Error(`a ${rebuild.plane} rebuild cannot carry a write of the ${caller.plane} plane`);
  }
  const savepoint = `rebuild_write_${++rebuild.savepoints}`;
  const evidence: EvidenceInput[] = [];
  await rebuild.tx.query(`SAVEPOINT ${savepoint}`);
  try {
    const result = await work({
      tx: rebuild.tx,
      now: new Date(rebuild.at.getTime()),
      caller,
      evidence: (entry) => evidence.push({ ...entry, actor: entry.actor ?? actorOf(caller) }),
      emit: () => undefined,
      emitAtCommit: () => undefined,
    });
    await rebuild.tx.query(`RELEASE SAVEPOINT ${savepoint}`);
    rebuild.evidence.push(...evidence);
    return result;
  } catch (err) {
    await rebuild.tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
    throw err;
  }
}

/** What the work of a rebuild can do: its transaction, and moving the instant of its steps. */
export interface RebuildControl {
  tx: Tx;
  /** Every write from here on happens at this instant (never later than the real now). */
  playAt(at: Date): void;
  /** A write scope of the rebuild for the builder's own rows, at the current step's instant. */
  write: RunWrite;
}

/**
 * Runs `work` as one transaction in which every write of every service (through a writer of
 * `createWriter`) joins, each at the instant the work sets: the demonstration builder replays a
 * history dated in the past through the ordinary services and commits all of it or nothing.
 * Evidence entries are stamped with the real instant of the commit, so the chain's order and
 * day roots are untouched; outbox events are not written. Nothing but the demonstration
 * builder calls this, and only for the demonstration plane: a funder's call never runs inside.
 */
export async function runAsOneWrite<T>(
  deps: { db: Db; clock: Clock },
  plane: Plane,
  work: (control: RebuildControl) => Promise<T>,
): Promise<T> {
  if (rebuilds.getStore()) throw new Error('a rebuild cannot start inside another');
  return deps.db.transaction(async (tx) => {
    const realNow = deps.clock.now();
    const rebuild: Rebuild = { tx, plane, at: realNow, evidence: [], savepoints: 0, ended: false };
    const control: RebuildControl = {
      tx,
      playAt(at) {
        rebuild.at = at.getTime() > realNow.getTime() ? realNow : at;
      },
      write: (caller, inner) => joinRebuild(rebuild, caller, inner),
    };
    try {
      const result = await rebuilds.run(rebuild, () => work(control));
      await appendEvidence(tx, deps.clock, rebuild.evidence);
      return result;
    } finally {
      rebuild.ended = true;
    }
  });
}

function transact<T>(
  deps: { db: Db; clock: Clock },
  caller: Caller,
  work: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  let hadEvents = false;
  let kept: KeptAnswer | null = null;
  const committed = deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const evidence: EvidenceInput[] = [];
    const queued: QueuedEvent[] = [];
    const result = await work({
      tx,
      now,
      caller,
      evidence: (entry) => evidence.push({ ...entry, actor: entry.actor ?? actorOf(caller) }),
      emit: (event) => queued.push(event),
      emitAtCommit: (build) => queued.push(build),
    });
    const events: OutboxEvent[] = [];
    for (const entry of queued) {
      if (typeof entry === 'function') events.push(...(await entry(tx)));
      else events.push(entry);
    }
    await appendEvidence(tx, deps.clock, evidence);
    await insertOutboxEvents(tx, now, events, eventKeyOf(caller));
    hadEvents = events.length > 0;
    if (caller.kind === 'funder' && caller.idempotencyKey)
      kept = await markIdempotentWrite(tx, caller, result);
    return result;
  });
  // Wakes the dispatcher of this process once the events are committed (webhooks area).
  return committed.then((result) => {
    if (kept && caller.kind === 'funder') caller.idempotencyAnswer?.committed(kept);
    if (hadEvents) signalOutboxCommit();
    return result;
  });
}

/**
 * Marks the key as written, fenced: only while the row still carries this run's token. A call
 * that ran past its lease and whose key a retry took over finds another token, and its whole
 * write rolls back; the row lock taken here also makes a takeover wait for this transaction,
 * then see the write committed and stand back.
 *
 * The key is completed here too, with the answer the call's route gives for the write's result
 * (`idempotencyAnswer`): a server that dies after this commit and before its answer is sent
 * leaves the key answering that answer, never a key that stays "running" with its write done.
 * The answer sent replaces it (the same, unless the route answers something else).
 */
async function markIdempotentWrite(
  tx: Tx,
  caller: FunderCaller,
  result: unknown,
): Promise<KeptAnswer | null> {
  const answer = caller.idempotencyAnswer?.of(result) ?? null;
  const { rowCount } = await tx.query(
    `UPDATE idempotency_keys
        SET write_committed = true,
            state = CASE WHEN $5::int IS NULL THEN state ELSE 'done' END,
            response_status = COALESCE($5::int, response_status),
            response_headers = CASE WHEN $5::int IS NULL THEN response_headers ELSE $6::jsonb END,
            response_body = CASE WHEN $5::int IS NULL THEN response_body ELSE $7 END
      WHERE funder_id = $1 AND api_key_id = $4 AND idempotency_key = $2 AND run_token = $3`,
    [
      caller.funderId,
      caller.idempotencyKey,
      caller.idempotencyRun ?? null,
      caller.keyId,
      answer?.status ?? null,
      answer ? JSON.stringify(answer.headers) : null,
      answer?.body ?? null,
    ],
  );
  if (rowCount !== 1) {
    throw new ApiError(
      'idempotency_key_in_use',
      'This call ran so long that a retry with the same Idempotency-Key took it over: nothing was written here. Send the key again to read the answer of the run that did the work.',
    );
  }
  return answer;
}
