import type { Queryable } from '../../platform/db/db.ts';
import { type NoRow, namedStatement, runStatement } from '../../platform/db/statements.ts';

/**
 * The dispatcher's SQL: it crosses funders, so every function is named `...ForOps` and runs as
 * the operator role. Claims with a lease, the fenced recording of each attempt's outcome, and
 * the stops the dispatcher decides itself (the fan-out's is in `webhooks.fan-out.store.ts`).
 */

export interface ClaimedAttempt {
  id: string;
  endpoint_id: string;
  event_id: string;
  body: string;
  attempt: number;
  url: string;
  /** The endpoint's sealed secrets that sign now, newest first (read in the claim itself). */
  sealed: string[];
  /** Whether the endpoint was in a run of failures when the attempt was claimed. */
  failing: boolean;
  /**
   * The trace context of the call that wrote the event (its outbox row), null when none did or
   * the event has been pruned: the attempt continues that trace (platform/tracing.ts).
   */
  traceparent: string | null;
}

/**
 * A claimed attempt that a manual retry moved forward (`resume_at` set) is not one of the
 * schedule's: the attempt number the schedule counts stays where it was.
 */
const MANUAL_ATTEMPT_UNCOUNTED = `attempts_before_retry = d.attempts_before_retry + CASE WHEN d.resume_at IS NULL THEN 0 ELSE 1 END`;

/** The advisory-lock key of one endpoint's claims (two dispatchers claim for it in turn). */
const ENDPOINT_CLAIM_KEY = `hashtextextended('webhook_claims:' || endpoint_id::text, 0)`;

const CLAIM_LOCK = namedStatement<{ endpoint_id: string; held: string }>()({
  name: 'webhooks_claim_lock',
  columns: ['endpoint_id', 'held'],
  sql: `WITH RECURSIVE ep AS (
       (SELECT endpoint_id FROM webhook_deliveries WHERE status = 'pending' ORDER BY endpoint_id LIMIT 1)
       UNION ALL
       SELECT (SELECT w.endpoint_id FROM webhook_deliveries w
                WHERE w.status = 'pending' AND w.endpoint_id > ep.endpoint_id ORDER BY w.endpoint_id LIMIT 1)
         FROM ep WHERE ep.endpoint_id IS NOT NULL
     ), open AS (
       SELECT ep.endpoint_id, first.next_attempt_at, first.seq FROM ep
        CROSS JOIN LATERAL (
          SELECT w.next_attempt_at, w.seq FROM webhook_deliveries w
           WHERE w.endpoint_id = ep.endpoint_id AND w.status = 'pending' AND w.next_attempt_at <= $1
             AND (w.locked_until IS NULL OR w.locked_until < $1) AND w.id <> ALL ($4::uuid[])
           ORDER BY w.next_attempt_at, w.seq LIMIT 1
        ) first
        WHERE (SELECT count(*) FROM webhook_deliveries f
                WHERE f.endpoint_id = ep.endpoint_id AND f.status = 'pending' AND f.locked_by IS NOT NULL
                  AND (f.locked_until >= $1 OR f.id = ANY ($4::uuid[]))) < $3
        ORDER BY first.next_attempt_at, first.seq
        LIMIT $2
     )
     SELECT endpoint_id::text, pg_advisory_xact_lock(k)::text AS held FROM (
       SELECT endpoint_id, ${ENDPOINT_CLAIM_KEY} AS k FROM open
        ORDER BY k, endpoint_id
       OFFSET 0
     ) sorted`,
});

const CLAIM = namedStatement<ClaimedAttempt>()({
  name: 'webhooks_claim',
  columns: ['id', 'endpoint_id', 'event_id', 'body', 'attempt', 'url', 'failing', 'sealed', 'traceparent'],
  sql: `WITH busy AS (
       SELECT ep.id AS endpoint_id,
              (SELECT count(*) FROM webhook_deliveries f
                WHERE f.endpoint_id = ep.id AND f.status = 'pending' AND f.locked_by IS NOT NULL
                  AND (f.locked_until >= $2 OR f.id = ANY ($7::uuid[]))) AS n
         FROM unnest($6::uuid[]) AS ep(id)
     ), due AS (
       SELECT busy.endpoint_id, n.id, n.next_attempt_at, n.seq FROM busy
        CROSS JOIN LATERAL (
          SELECT w.id, w.next_attempt_at, w.seq FROM webhook_deliveries w
           WHERE w.endpoint_id = busy.endpoint_id AND w.status = 'pending' AND w.next_attempt_at <= $2
             AND (w.locked_until IS NULL OR w.locked_until < $2) AND w.id <> ALL ($7::uuid[])
           ORDER BY w.next_attempt_at, w.seq
           LIMIT greatest(0, $5 - busy.n)
           FOR UPDATE SKIP LOCKED
        ) n
     ), chosen AS (
       SELECT id FROM (
         SELECT id, next_attempt_at, seq,
                row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, seq) AS rn
           FROM due
       ) ranked
        ORDER BY rn, next_attempt_at, seq
        LIMIT $4
     )
     UPDATE webhook_deliveries d
        SET locked_by = $1, locked_until = $2::timestamptz + make_interval(secs => $3),
            attempts = d.attempts + 1, last_attempt_at = $2, ${MANUAL_ATTEMPT_UNCOUNTED}
       FROM webhook_endpoints e
      WHERE d.id = ANY (ARRAY(SELECT id FROM chosen)) AND e.id = d.endpoint_id
      RETURNING d.id::text, d.endpoint_id::text, d.event_id::text, d.body,
                d.attempts - d.attempts_before_retry AS attempt, e.url, e.failing_since IS NOT NULL AS failing,
                coalesce((SELECT array_agg(s.sealed ORDER BY s.created_at DESC, s.id) FROM webhook_secrets s
                           WHERE s.endpoint_id = d.endpoint_id AND (s.expires_at IS NULL OR s.expires_at > $2)),
                         '{}') AS sealed,
                (SELECT o.traceparent FROM outbox_events_read o WHERE o.id = d.event_id) AS traceparent`,
});

/**
 * Claims due attempts: each row gets this dispatcher's id and a lease, so no other dispatcher
 * sends it while the lease runs; a dispatcher that dies leaves the lease to run out and the
 * attempt is sent again (at least once). At most `perEndpoint` attempts of one endpoint are in
 * flight at a time, counted over every dispatcher's live leases and this one's own attempts
 * (an attempt whose lease ran out while this dispatcher still sends it, a stall longer than a
 * renewal turn, is neither claimed a second time by it nor leaves its place free).
 *
 * Two statements in one transaction, so that the bound holds across dispatchers: the first
 * finds the endpoints with a due attempt and a free place (every such endpoint, not those of
 * the first due rows only: an endpoint with thousands waiting never hides another one), at
 * most `limit` of them, oldest due attempt first, and takes a transaction-scoped advisory lock
 * for each (in the order of the lock keys, so two dispatchers never wait on each other in a
 * cycle). The second, whose snapshot is taken once those locks are held, counts the live
 * leases every dispatcher has committed and, per endpoint, takes only the due attempts that
 * fit in its free places: the first of every endpoint before the second of any. An endpoint
 * found full is neither locked nor read further. The secrets that sign come back with the
 * claimed rows.
 */
export async function claimAttemptsForOps(
  tx: Queryable,
  claim: {
    workerId: string;
    now: Date;
    leaseSeconds: number;
    limit: number;
    perEndpoint: number;
    /** The attempts this dispatcher is sending: never claimed again, and each fills a place. */
    sending: readonly string[];
  },
): Promise<ClaimedAttempt[]> {
  // The endpoints with pending rows are found by skipping through the index of pending rows by
  // endpoint (one probe per endpoint, not one row per delivery). The locks are taken row by row
  // in the order of the sorted subquery (OFFSET 0 keeps it from being flattened).
  const { rows: locked } = await runStatement(tx, CLAIM_LOCK, [
    claim.now,
    claim.limit,
    claim.perEndpoint,
    claim.sending,
  ]);
  if (locked.length === 0) return [];
  const { rows } = await runStatement(tx, CLAIM, [
    claim.workerId,
    claim.now,
    claim.leaseSeconds,
    claim.limit,
    claim.perEndpoint,
    locked.map((row) => row.endpoint_id),
    claim.sending,
  ]);
  return rows;
}

const RECORD_SUCCESS_ENDPOINTS = namedStatement<NoRow>()({
  name: 'webhooks_record_success_endpoints',
  columns: [],
  sql: `UPDATE webhook_endpoints e SET last_success_at = $2, failing_since = NULL
       FROM (SELECT id FROM webhook_endpoints
              WHERE id = ANY ($1::uuid[]) AND active
                AND (failing_since IS NOT NULL OR last_success_at IS NULL OR last_success_at < $2::timestamptz - interval '1 second')
              ORDER BY id FOR NO KEY UPDATE) l
      WHERE e.id = l.id`,
});

const RECORD_SUCCESS = namedStatement<ClaimedAttempt & { recorded: boolean }>()({
  name: 'webhooks_record_success',
  columns: [
    'recorded',
    'id',
    'endpoint_id',
    'event_id',
    'body',
    'attempt',
    'url',
    'failing',
    'sealed',
    'traceparent',
  ],
  sql: `WITH held AS (
       SELECT id, endpoint_id, locked_until >= $4 AS live FROM webhook_deliveries
        WHERE id = ANY ($1::uuid[]) AND locked_by IS NOT DISTINCT FROM $3 AND status = 'pending'
     ), done AS (
       UPDATE webhook_deliveries d
          SET status = 'delivered', delivered_at = $4, response_code = r.code, last_error = NULL,
              next_attempt_at = NULL, resume_at = NULL, locked_by = NULL, locked_until = NULL
         FROM unnest($1::uuid[], $2::int[]) AS r(id, code)
        WHERE d.id = r.id AND d.locked_by IS NOT DISTINCT FROM $3 AND d.status = 'pending'
        RETURNING d.id
     ), freed AS (
       SELECT held.endpoint_id, count(*) AS n FROM done JOIN held ON held.id = done.id
        WHERE held.live GROUP BY held.endpoint_id
     ), chosen AS (
       SELECT n.id FROM freed
        CROSS JOIN LATERAL (
          SELECT w.id FROM webhook_deliveries w
           WHERE w.endpoint_id = freed.endpoint_id AND w.status = 'pending' AND w.next_attempt_at <= $4
             AND (w.locked_until IS NULL OR w.locked_until < $4)
           ORDER BY w.next_attempt_at, w.seq
           LIMIT CASE WHEN $6 THEN freed.n ELSE 0 END
           FOR UPDATE SKIP LOCKED
        ) n
     ), claimed AS (
       UPDATE webhook_deliveries d
          SET locked_by = $3, locked_until = $4::timestamptz + make_interval(secs => $5),
              attempts = d.attempts + 1, last_attempt_at = $4, ${MANUAL_ATTEMPT_UNCOUNTED}
         FROM webhook_endpoints e
        WHERE d.id = ANY (ARRAY(SELECT id FROM chosen)) AND e.id = d.endpoint_id AND e.active
        RETURNING d.id::text, d.endpoint_id::text, d.event_id::text, d.body,
                  d.attempts - d.attempts_before_retry AS attempt, e.url, e.failing_since IS NOT NULL AS failing,
                  coalesce((SELECT array_agg(s.sealed ORDER BY s.created_at DESC, s.id) FROM webhook_secrets s
                             WHERE s.endpoint_id = d.endpoint_id AND (s.expires_at IS NULL OR s.expires_at > $4)),
                           '{}') AS sealed,
                  (SELECT o.traceparent FROM outbox_events_read o WHERE o.id = d.event_id) AS traceparent
     )
     SELECT true AS recorded, id::text, NULL AS endpoint_id, NULL AS event_id, NULL AS body, NULL::int AS attempt,
            NULL AS url, NULL::boolean AS failing, NULL::text[] AS sealed, NULL::text AS traceparent
       FROM done
     UNION ALL
     SELECT false, id, endpoint_id, event_id, body, attempt, url, failing, sealed, traceparent FROM claimed`,
});

/**
 * 2xx answers, recorded together, and the attempts that take their places. Each delivery
 * becomes `delivered` (fenced: only while the claim is still this dispatcher's) and each
 * endpoint's run of failures ends. Then, for every endpoint, as many due attempts as it had
 * live leases recorded here are claimed in the same statement: one lease ends where another
 * begins, in one commit, so the count of live leases that other dispatchers see never grows
 * and the bound holds without the claim lock. A lease that had already run out (another
 * dispatcher no longer counted it) frees no place.
 *
 * The answered rows are found by their ids: the holder is compared with IS NOT DISTINCT FROM
 * (the same as = for a worker id, never null) so that the planner does not walk the partial
 * index of leased rows instead, which keeps an entry for every lease until a vacuum.
 *
 * Endpoints first, locked in id order, then the deliveries: the order in which the stop of an
 * endpoint takes its locks, so the two never wait on each other in a cycle. An endpoint is
 * written (and locked) only when its run of failures ends or its last success is more than a
 * second old: flushes of one busy endpoint do not queue on its row.
 */
export async function recordDeliveredForOps(
  tx: Queryable,
  batch: {
    workerId: string;
    ids: string[];
    codes: number[];
    endpointIds: string[];
    now: Date;
    leaseSeconds: number;
    /** false: record only (a dispatcher stopping takes nothing new). */
    takeNext: boolean;
  },
): Promise<{ recorded: string[]; next: ClaimedAttempt[] }> {
  if (batch.endpointIds.length > 0)
    await runStatement(tx, RECORD_SUCCESS_ENDPOINTS, [batch.endpointIds, batch.now]);
  const { rows } = await runStatement(tx, RECORD_SUCCESS, [
    batch.ids,
    batch.codes,
    batch.workerId,
    batch.now,
    batch.leaseSeconds,
    batch.takeNext,
  ]);
  return {
    recorded: rows.filter((row) => row.recorded).map((row) => row.id),
    next: rows.filter((row) => !row.recorded).map(({ recorded: _, ...row }) => row),
  };
}

/**
 * A failed attempt: pending again at `retryAt`, or `failed` when the schedule is spent (null).
 * An attempt a manual retry moved forward goes back to the scheduled attempt it moved
 * (`resume_at`) instead, whatever `retryAt` says. Answers whether another attempt is scheduled,
 * and since when the endpoint has been failing without a success. An attempt that failed before
 * it was sent (`endpointFailed` false: the service could not prepare it) says nothing of the
 * endpoint: its run of failures is neither started nor read.
 */
export async function recordFailedForOps(
  q: Queryable,
  row: {
    id: string;
    endpointId: string;
    workerId: string;
    code: number | null;
    error: string;
    retryAt: Date | null;
    now: Date;
    endpointFailed?: boolean;
  },
): Promise<{ recorded: boolean; retrying: boolean; failingSince: Date | null }> {
  const { rows: updated } = await q.query<{ status: string }>(
    `UPDATE webhook_deliveries
        SET status = CASE WHEN resume_at IS NULL AND $5::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
            next_attempt_at = coalesce(resume_at, $5), resume_at = NULL,
            response_code = $3, last_error = $4, locked_by = NULL, locked_until = NULL
      WHERE id = $1 AND locked_by = $2 AND status = 'pending'
      RETURNING status`,
    [row.id, row.workerId, row.code, row.error, row.retryAt],
  );
  if (updated.length !== 1) return { recorded: false, retrying: false, failingSince: null };
  const retrying = updated[0]!.status === 'pending';
  if (row.endpointFailed === false) return { recorded: true, retrying, failingSince: null };
  const { rows } = await q.query<{ failing_since: Date }>(
    `UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, $2) WHERE id = $1 RETURNING failing_since`,
    [row.endpointId, row.now],
  );
  return { recorded: true, retrying, failingSince: rows[0]?.failing_since ?? null };
}

const RENEW_LEASES = namedStatement<NoRow>()({
  name: 'webhooks_renew_leases',
  columns: [],
  sql: `UPDATE webhook_deliveries SET locked_until = $3::timestamptz + make_interval(secs => $4)
      WHERE id = ANY ($1::uuid[]) AND locked_by = $2 AND status = 'pending'`,
});

/**
 * Moves the end of this dispatcher's leases on the attempts it is sending to `now` + the lease:
 * a dispatcher alive renews them while they run, one that died leaves them to run out within a
 * lease. Only rows still its own and pending are touched (fenced by the holder, as every
 * outcome is); answers how many were renewed.
 */
export async function renewLeasesForOps(
  q: Queryable,
  lease: { workerId: string; ids: readonly string[]; now: Date; leaseSeconds: number },
): Promise<number> {
  if (lease.ids.length === 0) return 0;
  const { rowCount } = await runStatement(q, RENEW_LEASES, [
    lease.ids,
    lease.workerId,
    lease.now,
    lease.leaseSeconds,
  ]);
  return rowCount;
}

/** The service stops an endpoint itself: it answered 410, or failed for days without a success. */
export async function stopEndpointForOps(
  q: Queryable,
  endpointId: string,
  reason: 'gone' | 'failing',
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE webhook_endpoints SET active = false, stopped_at = $3, stopped_reason = $2
      WHERE id = $1 AND active`,
    [endpointId, reason, now],
  );
  await q.query(
    `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, resume_at = NULL,
            locked_by = NULL, locked_until = NULL
      WHERE endpoint_id = $1 AND status = 'pending'`,
    [endpointId],
  );
  await q.query('DELETE FROM webhook_secrets WHERE endpoint_id = $1', [endpointId]);
}

/**
 * When the next attempt falls due after `now`: a retry, or a lease that runs out (null: none).
 * What is due already and was not claimed waits for a place to free, and the answer or failure
 * that frees it wakes a dispatcher (a lease that runs out is the case above): a timer set to
 * "now" would only claim nothing again.
 */
export async function nextDueForOps(q: Queryable, now: Date): Promise<Date | null> {
  // Two minimums the indexes of pending rows answer (a lease and its holder are set and cleared
  // together), each starting after `now`: neither walks the entries of the rows already due or
  // delivered since the last vacuum.
  const { rows } = await q.query<{ due: Date | null }>(
    `SELECT least(
       (SELECT min(next_attempt_at) FROM webhook_deliveries
         WHERE status = 'pending' AND locked_until IS NULL AND next_attempt_at > $1),
       (SELECT min(greatest(next_attempt_at, locked_until)) FROM webhook_deliveries
         WHERE status = 'pending' AND locked_by IS NOT NULL AND greatest(next_attempt_at, locked_until) > $1)) AS due`,
    [now],
  );
  return rows[0]?.due ?? null;
}

/**
 * Removes up to `limit` finished deliveries (delivered, failed, cancelled) that finished before
 * `before`: delivered by their delivery, failed by their last attempt, cancelled ones by their
 * last attempt or, never attempted, by their making. Pending rows are never removed. Answers how
 * many went.
 */
export async function pruneFinishedDeliveriesForOps(
  q: Queryable,
  before: Date,
  limit: number,
): Promise<number> {
  const { rowCount } = await q.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries
        WHERE status <> 'pending' AND coalesce(delivered_at, last_attempt_at, created_at) < $1
        LIMIT $2)`,
    [before, limit],
  );
  return rowCount;
}
