import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { type Clock, clockMoves } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import { createOperatorSessionDb } from '../../platform/db/postgres.ts';
import { outboxCommits } from '../../platform/outbox.ts';
import { createAnswerBook, MAX_FLUSHES } from './webhooks.answers.ts';
import { createAttempt } from './webhooks.attempt.ts';
import { type ClaimedAttempt, claimAttemptsForOps, nextDueForOps } from './webhooks.dispatch.store.ts';
import { createFanOut, FAN_OUT_BATCH } from './webhooks.fan-out.ts';
import { createCommitListener } from './webhooks.listener.ts';
import { createSender, type Resolver, type Sender } from './webhooks.sender.ts';

export { DISABLE_AFTER_FAILING_SECONDS, RETRY_SCHEDULE_SECONDS } from './webhooks.attempt.ts';

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

  const fanOut = createFanOut({ db: own, now });

  const answers = createAnswerBook({
    db: own,
    now,
    workerId,
    leaseSeconds: ATTEMPT_LEASE_SECONDS,
    asOperator,
    start: (next) => start(next),
    wake: () => wake(),
  });

  const attempt = createAttempt({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    sender,
    answers,
    workerId,
    now,
  });

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

  const onCommit = () => {
    eventsWaiting = true;
    wake();
  };
  const commits = deps.databaseUrl
    ? createCommitListener({
        databaseUrl: deps.databaseUrl,
        logger: deps.logger,
        onCommit,
        running: () => started,
      })
    : null;

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
      await commits?.listen();
      wake();
    },
    async stop() {
      started = false;
      answers.takeNext(false);
      outboxCommits.off('commit', onCommit);
      clockMoves.off('moved', onCommit);
      if (timer) clearTimeout(timer);
      await commits?.close();
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
