import { hostname } from 'node:os';
import pg from 'pg';
import type { Logger } from 'pino';
import { CLOCK_CHANNEL, type Clock, clockMoves } from '../../platform/clock.ts';
import { type SecretBox, sha256Hex } from '../../platform/crypto.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import { createOperatorSessionDb } from '../../platform/db/postgres.ts';
import { newId } from '../../platform/ids.ts';
import { OUTBOX_CHANNEL, outboxCommits } from '../../platform/outbox.ts';
import { createAnswerBook, MAX_FLUSHES } from './webhooks.answers.ts';
import {
  type ClaimedAttempt,
  claimAttemptsForOps,
  insertDeliveriesForOps,
  nextDueForOps,
  recordFailedForOps,
  stopEndpointForOps,
  takeEventsForOps,
} from './webhooks.dispatch.store.ts';
import { createSender, type Resolver, type Sender } from './webhooks.sender.ts';
import {
  DELIVERY_ID_HEADER,
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  signatureHeader,
} from './webhooks.signature.ts';

/**
 * When a failed attempt is tried again, counted from the failure: 8 attempts in all over about
 * 28 hours, then the delivery is `failed` (it can still be retried by hand).
 */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint failing without a single success for this long is stopped. */
export const DISABLE_AFTER_FAILING_SECONDS = 3 * 24 * 3600;
/** How long a claimed attempt is this dispatcher's: past it (a crash) another sends it again. */
export const ATTEMPT_LEASE_SECONDS = 60;
/** Attempts of one endpoint in flight at once, over all dispatchers. */
export const PER_ENDPOINT_CONCURRENCY = 8;
/** Attempts in flight in one dispatcher, over all endpoints. */
export const MAX_IN_FLIGHT = 128;
/**
 * A safety net only: dispatchers are woken by commits and by moves of the manual clock, this
 * catches a missed notification (WEBHOOK_SAFETY_WAKE_SECONDS sets it for `serve` and `work`).
 */
export const SAFETY_WAKE_SECONDS = 30;
const FAN_OUT_BATCH = 200;

export interface Dispatcher {
  /** Fans out and sends everything due, waiting for every attempt; answers how many were sent. */
  drain(): Promise<number>;
  /**
   * Runs on its own: woken by commits and by moves of the manual clock (LISTEN/NOTIFY on
   * PostgreSQL, in process otherwise). Resolves once it listens.
   */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface DispatcherDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  logger: Logger;
  allowLoopback: boolean;
  /** PostgreSQL's URL, to LISTEN for commits; null on the embedded database. */
  databaseUrl: string | null;
  resolve?: Resolver;
  workerId?: string;
  perEndpoint?: number;
  maxInFlight?: number;
  timeoutMs?: number;
  /** The safety net's period in real milliseconds (tests set it long to see the wake alone work). */
  safetyWakeMs?: number;
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const workerId =
    deps.workerId ?? `${hostname()}:${process.pid}:dispatch:${Math.random().toString(36).slice(2, 8)}`;
  const sender: Sender = createSender({
    allowLoopback: deps.allowLoopback,
    resolve: deps.resolve,
    timeoutMs: deps.timeoutMs,
  });
  const perEndpoint = deps.perEndpoint ?? PER_ENDPOINT_CONCURRENCY;
  const maxInFlight = deps.maxInFlight ?? MAX_IN_FLIGHT;
  const inFlight = new Set<Promise<void>>();
  const asOperator = <T>(work: () => Promise<T>) => runAs(OPERATOR, work);

  /**
   * Where fan-out, claims, answers and the next-due time are written and read: on PostgreSQL, a
   * few connections of the dispatcher's own that are the operator for their whole session, so a
   * flush is one statement and one round trip, whose commits do not wait for the disk (a crash
   * of the database server loses at most the last instants of them: attempts then sent again,
   * never one lost). Failures and stops go through the shared Db and wait for the disk. Opened
   * on first use, closed by stop().
   */
  let session: Db | null = null;
  function own(): Db {
    if (!deps.databaseUrl) return deps.db;
    session ??= createOperatorSessionDb(deps.databaseUrl, {
      max: MAX_FLUSHES + 3,
      synchronousCommit: false,
    });
    return session;
  }

  async function now(): Promise<Date> {
    if (deps.clock.manual) await deps.clock.sync(deps.db);
    return deps.clock.now();
  }

  /**
   * Turns committed events into delivery rows, one per matching endpoint; with `once`, one batch
   * only (answers whether more may be waiting), so a long fan-out lets claims in between.
   */
  async function fanOut(once = false): Promise<number> {
    let total = 0;
    for (;;) {
      const at = await now();
      const taken = await own().transaction(async (tx) => {
        const events = await takeEventsForOps(tx, FAN_OUT_BATCH, at);
        const rows = events.flatMap((event) => {
          if (event.endpoint_ids.length === 0) return [];
          const body = JSON.stringify({
            id: event.id,
            type: event.type,
            created_at: new Date(event.created_at).toISOString(),
            api_version: event.api_version,
            data: event.payload,
          });
          const bodySha256 = sha256Hex(body);
          return event.endpoint_ids.map((endpointId) => ({
            id: newId(),
            endpointId,
            funderId: event.funder_id,
            plane: event.plane,
            eventId: event.id,
            eventType: event.type,
            body,
            bodySha256,
          }));
        });
        await insertDeliveriesForOps(tx, rows, at);
        return events.length;
      });
      total += taken;
      if (taken < FAN_OUT_BATCH || once) return total;
    }
  }

  const answers = createAnswerBook({
    db: own,
    now,
    workerId,
    leaseSeconds: ATTEMPT_LEASE_SECONDS,
    asOperator,
    start: (next) => start(next),
    wake: () => wake(),
  });

  /** Sends one attempt and records it; answers whether a claim should follow (a place freed). */
  async function attempt(claimed: ClaimedAttempt, secrets: string[]): Promise<boolean> {
    const at = deps.clock.now();
    const headers = {
      [SIGNATURE_HEADER]: signatureHeader(claimed.body, at, secrets),
      [EVENT_ID_HEADER]: claimed.event_id,
      [DELIVERY_ID_HEADER]: claimed.id,
    };
    const outcome =
      secrets.length === 0
        ? { code: null, error: 'the endpoint has no signing secret' }
        : await sender.send(claimed.url, claimed.body, headers);
    if (outcome.error === null && outcome.code !== null) {
      await answers.record(claimed, outcome.code);
      return false;
    }
    const done = await now();
    // The next success here writes the endpoint again, ending its run of failures.
    answers.forget(claimed.endpoint_id);
    const gone = outcome.code === 410;
    // An attempt a manual retry moved forward goes back to the attempt it moved, whatever this
    // says (recordFailedForOps reads `resume_at`); its number is the schedule's, unchanged.
    const wait = RETRY_SCHEDULE_SECONDS[claimed.attempt - 1];
    const retryAt = gone || wait === undefined ? null : new Date(done.getTime() + wait * 1000);
    // One transaction: until it commits the attempt still counts as in flight, so no other
    // attempt of an endpoint being stopped is claimed in between.
    const stopped = await deps.db.transaction(async (tx) => {
      const failed = await recordFailedForOps(tx, {
        id: claimed.id,
        endpointId: claimed.endpoint_id,
        workerId,
        code: outcome.code,
        error: (outcome.error ?? 'failed').slice(0, 500),
        retryAt,
        now: done,
      });
      if (!failed.recorded) return null;
      const failingFor = failed.failingSince ? done.getTime() - new Date(failed.failingSince).getTime() : 0;
      if (!gone && failingFor < DISABLE_AFTER_FAILING_SECONDS * 1000) return null;
      const reason = gone ? ('gone' as const) : ('failing' as const);
      await stopEndpointForOps(tx, claimed.endpoint_id, reason, done);
      return reason;
    });
    answers.forget(claimed.endpoint_id);
    if (stopped) {
      deps.logger.warn(
        { endpoint_id: claimed.endpoint_id, reason: stopped },
        'webhook endpoint stopped by the dispatcher',
      );
    }
    return true;
  }

  /** Starts sending claimed attempts; each sealed secret is opened once per claim. */
  function start(claimed: readonly ClaimedAttempt[]): void {
    const opened = new Map<string, string>();
    const open = (sealed: string) => {
      let secret = opened.get(sealed);
      if (secret === undefined) {
        secret = deps.secrets.open(sealed);
        opened.set(sealed, secret);
      }
      return secret;
    };
    for (const one of claimed) {
      const secrets = one.sealed.map(open);
      let claimAfter = true;
      const running: Promise<void> = asOperator(async () => {
        claimAfter = await attempt(one, secrets);
      })
        .catch((err: unknown) =>
          deps.logger.error({ err, delivery_id: one.id }, 'webhook attempt not recorded'),
        )
        .finally(() => {
          inFlight.delete(running);
          if (claimAfter) wake();
        });
      inFlight.add(running);
    }
  }

  /**
   * Claims what is due, as far as the bounds allow, and starts sending; answers how many were
   * claimed and whether the claim was full (then more may be due at once).
   */
  async function pump(): Promise<{ claimed: number; full: boolean }> {
    const room = maxInFlight - inFlight.size;
    if (room <= 0) return { claimed: 0, full: false };
    const at = await now();
    const claimed = await own().transaction((tx) =>
      claimAttemptsForOps(tx, {
        workerId,
        now: at,
        leaseSeconds: ATTEMPT_LEASE_SECONDS,
        limit: room,
        perEndpoint,
      }),
    );
    if (claimed.length === 0) return { claimed: 0, full: false };
    start(claimed);
    return { claimed: claimed.length, full: claimed.length === room };
  }

  // --- running on its own ---
  let started = false;
  let cycling: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let listener: pg.Client | null = null;

  /** Set by a commit (or the safety net): new events may wait to be fanned out. */
  let eventsWaiting = true;

  async function cycle(): Promise<void> {
    do {
      again = false;
      if (eventsWaiting) {
        eventsWaiting = false;
        // A full batch: more events may wait; the first of them are claimed and sent meanwhile.
        if ((await fanOut(true)) === FAN_OUT_BATCH) {
          eventsWaiting = true;
          again = true;
        }
      }
      // A claim short of its room took everything it may: the attempts it started wake the
      // dispatcher again as they finish.
      while ((await pump()).full) {
        /* claim until nothing more is due or the bounds are full */
      }
    } while (again && started);
    await armTimer();
  }

  function wake(): void {
    if (!started) return;
    if (cycling) {
      again = true;
      return;
    }
    cycling = asOperator(cycle)
      .catch((err: unknown) => deps.logger.error({ err }, 'webhook dispatcher cycle failed'))
      .finally(() => {
        cycling = null;
        if (again) wake();
      });
  }

  /** Sleeps until the next retry falls due (real time on the system clock), at most the safety wake. */
  async function armTimer(): Promise<void> {
    if (timer) clearTimeout(timer);
    let waitMs = deps.safetyWakeMs ?? SAFETY_WAKE_SECONDS * 1000;
    if (!deps.clock.manual) {
      const at = deps.clock.now();
      const due = await nextDueForOps(own(), at);
      if (due) waitMs = Math.max(0, Math.min(waitMs, new Date(due).getTime() - at.getTime() + 5));
    }
    if (!started) return;
    timer = setTimeout(() => {
      eventsWaiting = true;
      wake();
    }, waitMs);
    timer.unref();
  }

  /**
   * A connection of its own that LISTENs for commits. When it drops, another is opened a second
   * later, and a cycle runs at once in case a notification was lost meanwhile.
   */
  async function listen(databaseUrl: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    listener = client;
    let lost = false;
    const reopen = (err?: Error) => {
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (!started || listener !== client) return;
      deps.logger.warn({ err: err?.message }, 'webhook LISTEN connection lost; reopening');
      setTimeout(() => {
        if (!started) return;
        listen(databaseUrl).then(onCommit, (failed: Error) =>
          deps.logger.warn({ err: failed.message }, 'webhook LISTEN not reopened; the safety wake stands in'),
        );
      }, 1000).unref();
    };
    client.on('notification', onCommit);
    client.on('error', reopen);
    client.on('end', () => reopen());
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    // A move of the manual clock may make a retry due: it wakes the dispatcher like a commit.
    await client.query(`LISTEN ${CLOCK_CHANNEL}`);
  }

  const onCommit = () => {
    eventsWaiting = true;
    wake();
  };

  return {
    async drain() {
      return asOperator(async () => {
        let sent = 0;
        for (;;) {
          await fanOut();
          const { claimed } = await pump();
          sent += claimed;
          if (claimed === 0 && inFlight.size === 0) return sent;
          if (claimed === 0) await Promise.race(inFlight);
        }
      });
    },
    async start() {
      if (started) return;
      started = true;
      answers.takeNext(true);
      outboxCommits.on('commit', onCommit);
      clockMoves.on('moved', onCommit);
      if (deps.databaseUrl) await listen(deps.databaseUrl);
      wake();
    },
    async stop() {
      started = false;
      answers.takeNext(false);
      outboxCommits.off('commit', onCommit);
      clockMoves.off('moved', onCommit);
      if (timer) clearTimeout(timer);
      const closing = listener;
      listener = null;
      await closing?.end().catch(() => undefined);
      await cycling;
      while (inFlight.size > 0 || answers.flushes().length > 0)
        await Promise.allSettled([...inFlight, ...answers.flushes()]);
      sender.close();
      const closingSession = session;
      session = null;
      await closingSession?.close();
    },
  };
}
