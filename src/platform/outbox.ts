import { EventEmitter } from 'node:events';
import type { Plane } from './caller.ts';
import type { Queryable, Tx } from './db/db.ts';
import { newId } from './ids.ts';
import { currentTrace, formatTraceparent } from './tracing.ts';
import { API_VERSION } from './version.ts';

export interface OutboxEvent {
  funderId: string;
  plane: Plane;
  type: string;
  /** The event's data; `id`, `type`, `api_version` and `created_at` are added around it. */
  data: Record<string, unknown>;
}

/**
 * The events no dispatcher has taken yet, oldest first: `ev` takes up to `$1` of them (skipping
 * those another dispatcher holds) and `marked` marks them dispatched at `$2`, as two common table
 * expressions a dispatcher's statement starts with (the webhooks fan-out). The outbox is the
 * platform's: this is the one statement shape that marks its rows.
 */
export const TAKE_UNDISPATCHED = `ev AS (
       SELECT id, funder_id, plane, type, key_id, api_version, payload, created_at, seq
         FROM outbox_events WHERE dispatched_at IS NULL
        ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED
     ), marked AS (
       UPDATE outbox_events o SET dispatched_at = $2 FROM ev WHERE o.id = ev.id RETURNING o.id
     )`;

/**
 * Takes the next `count` values of each funder's event cursor (migration 0070): one update of the
 * funder's row in event_sequences per funder and plane, which stays locked until the transaction
 * ends. Another writer of the same funder waits at this statement until this one commits or rolls
 * back, so cursor values become visible in their order and none is skipped. The rows are taken in
 * one order (funder, then plane) so that two writes emitting for the same two funders cannot wait
 * on each other. Answers the first value taken for each `funder:plane`.
 */
async function takeCursorValues(tx: Tx, events: readonly OutboxEvent[]): Promise<Map<string, bigint>> {
  const counts = new Map<string, { funderId: string; plane: Plane; count: number }>();
  for (const e of events) {
    const key = `${e.funderId}:${e.plane}`;
    const entry = counts.get(key) ?? { funderId: e.funderId, plane: e.plane, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  const groups = [...counts.values()].sort((a, b) =>
    a.funderId === b.funderId ? (a.plane < b.plane ? -1 : 1) : a.funderId < b.funderId ? -1 : 1,
  );
  const { rows } = await tx.query<{ funder_id: string; plane: Plane; last_seq: string }>(
    `INSERT INTO event_sequences (funder_id, plane, last_seq)
     SELECT funder_id, plane, n FROM unnest($1::uuid[], $2::text[], $3::bigint[]) WITH ORDINALITY
       AS g(funder_id, plane, n, i) ORDER BY i
     ON CONFLICT (funder_id, plane) DO UPDATE SET last_seq = event_sequences.last_seq + EXCLUDED.last_seq
     RETURNING funder_id::text, plane, last_seq::text`,
    [groups.map((g) => g.funderId), groups.map((g) => g.plane), groups.map((g) => g.count)],
  );
  return new Map(
    rows.map((row) => {
      const key = `${row.funder_id}:${row.plane}`;
      return [key, BigInt(row.last_seq) - BigInt(counts.get(key)!.count) + 1n];
    }),
  );
}

/**
 * Inserts events in the transaction of the change that caused them: they exist exactly when
 * the change does. Each gets a stable id that receivers can use to drop duplicates, the next
 * value of its funder's event cursor (takeCursorValues), and the trace context of the call that
 * caused it (platform/tracing.ts), which its deliveries continue. Called once per write, as its
 * last statement but the idempotency mark: the cursor rows stay locked for as short as can be.
 */
export async function insertOutboxEvents(
  tx: Tx,
  at: Date,
  events: readonly OutboxEvent[],
  keyId: string | null = null,
): Promise<string[]> {
  if (events.length === 0) return [];
  const ids = events.map(() => newId());
  // Within one write a funder's events take its values in the order they were emitted.
  const next = await takeCursorValues(tx, events);
  const cursors = events.map((e) => {
    const key = `${e.funderId}:${e.plane}`;
    const value = next.get(key)!;
    next.set(key, value + 1n);
    return value.toString();
  });
  const callTrace = currentTrace();
  await tx.query(
    `INSERT INTO outbox_events (id, funder_id, plane, type, api_version, payload, created_at, key_id, traceparent, funder_seq)
     SELECT id, funder_id, plane, type, $5, payload, $6, $8::uuid, $9::text, funder_seq
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $7::jsonb[], $10::bigint[])
         AS e(id, funder_id, plane, type, payload, funder_seq)`,
    [
      ids,
      events.map((e) => e.funderId),
      events.map((e) => e.plane),
      events.map((e) => e.type),
      API_VERSION,
      at,
      events.map((e) => JSON.stringify(e.data)),
      keyId,
      callTrace ? formatTraceparent(callTrace) : null,
      cursors,
    ],
  );
  // Delivered by PostgreSQL at commit (and only if it commits) to every listening dispatcher.
  await tx.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
  return ids;
}

/** The channel the webhook dispatchers LISTEN on; a NOTIFY on it follows every commit with events. */
export const OUTBOX_CHANNEL = 'funder_api_outbox';

/**
 * The same signal inside this process, raised by the writer after a commit that inserted events:
 * on the embedded database the dispatcher runs in the process that wrote.
 */
export const outboxCommits = new EventEmitter();
outboxCommits.setMaxListeners(0);

export function signalOutboxCommit(): void {
  outboxCommits.emit('commit');
}

/** Events are kept 30 days (the window of GET /v1/events), then removed once fanned out. */
export const OUTBOX_KEEP_DAYS = 30;

export async function pruneOutboxEvents(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query(
    `DELETE FROM outbox_events
      WHERE created_at < $1::timestamptz - make_interval(days => $2) AND dispatched_at IS NOT NULL`,
    [now, OUTBOX_KEEP_DAYS],
  );
  return rowCount;
}
