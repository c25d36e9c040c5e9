import { actorOf, type Caller, type FunderCaller } from './caller.ts';
import type { Clock } from './clock.ts';
import { actorForCaller, currentActor, runAs } from './db/actor.ts';
import type { Db, Tx } from './db/db.ts';
import { ApiError } from './errors.ts';
import { appendEvidence, type EvidenceInput } from './evidence.ts';
import { insertOutboxEvents, type OutboxEvent } from './outbox.ts';

export interface WriteScope {
  tx: Tx;
  now: Date;
  caller: Caller;
  /** Queue an evidence-chain entry; appended when the write commits, in the same transaction. */
  evidence(entry: Omit<EvidenceInput, 'actor'> & { actor?: Record<string, string> }): void;
  /** Queue an event for the outbox; inserted in the same transaction. */
  emit(event: OutboxEvent): void;
}

export type RunWrite = <T>(caller: Caller, work: (scope: WriteScope) => Promise<T>) => Promise<T>;

/**
 * A write is one transaction: the rules and rows, the evidence entries and the outbox events
 * are committed together or not at all. When the call carries an Idempotency-Key, the key is
 * marked as having written in the same transaction, so a crash after commit can never let a
 * retry do the write again.
 *
 * The transaction runs as the database actor already set for the call (platform/db/actor.ts);
 * where none was (the worker's own writes, a download by token), as the actor of the caller.
 */
export function createWriter(deps: { db: Db; clock: Clock }): RunWrite {
  return async (caller, work) =>
    runAs(currentActor() ?? actorForCaller(caller), () => transact(deps, caller, work));
}

function transact<T>(
  deps: { db: Db; clock: Clock },
  caller: Caller,
  work: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const evidence: EvidenceInput[] = [];
    const events: OutboxEvent[] = [];
    const result = await work({
      tx,
      now,
      caller,
      evidence: (entry) => evidence.push({ ...entry, actor: entry.actor ?? actorOf(caller) }),
      emit: (event) => events.push(event),
    });
    await appendEvidence(tx, deps.clock, evidence);
    await insertOutboxEvents(tx, now, events);
    if (caller.kind === 'funder' && caller.idempotencyKey) await markIdempotentWrite(tx, caller);
    return result;
  });
}

/**
 * Marks the key as written, fenced: only while the row still carries this run's token. A call
 * that ran past its lease and whose key a retry took over finds another token, and its whole
 * write rolls back; the row lock taken here also makes a takeover wait for this transaction,
 * then see the write committed and stand back.
 */
async function markIdempotentWrite(tx: Tx, caller: FunderCaller): Promise<void> {
  const { rowCount } = await tx.query(
    `UPDATE idempotency_keys SET write_committed = true
      WHERE funder_id = $1 AND idempotency_key = $2 AND run_token = $3 AND state = 'running'`,
    [caller.funderId, caller.idempotencyKey, caller.idempotencyRun ?? null],
  );
  if (rowCount !== 1) {
    throw new ApiError(
      'idempotency_key_in_use',
      'This call ran so long that a retry with the same Idempotency-Key took it over: nothing was written here. Send the key again to read the answer of the run that did the work.',
    );
  }
}
