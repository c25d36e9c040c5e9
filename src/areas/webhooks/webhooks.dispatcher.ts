import { hostname } from 'node:os';
import type { Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import { OPERATOR, runAs } from '../../platform/db/actor.ts';
import type { Db } from '../../platform/db/db.ts';
import { createAnswerBook } from './webhooks.answers.ts';
import { createAttempt } from './webhooks.attempt.ts';
import { createPump, type InFlight } from './webhooks.claims.ts';
import type { ClaimedAttempt } from './webhooks.dispatch.store.ts';
import { createFanOut } from './webhooks.fan-out.ts';
import { createLauncher } from './webhooks.launcher.ts';
import { createLeaseKeeper } from './webhooks.leases.ts';
import type { WebhookMetrics } from './webhooks.metrics.ts';
import { createRunner } from './webhooks.runner.ts';
import { createSender, type Resolver, type Sender } from './webhooks.sender.ts';
import { createOwnSession } from './webhooks.session.ts';

export { DISABLE_AFTER_FAILING_SECONDS, RETRY_SCHEDULE_SECONDS } from './webhooks.attempt.ts';
export { FAILED_CYCLE_RETRY_MS, SAFETY_WAKE_SECONDS } from './webhooks.runner.ts';

/**
 * How long a claimed attempt is this dispatcher's: past it (a crash) another sends it again.
 * Short, and renewed every ATTEMPT_LEASE_RENEW_MS while the attempt runs (a send may take up to
 * the sender's 10 s time-out): a dispatcher killed mid-batch frees what it held within 8 s.
 */
export const ATTEMPT_LEASE_SECONDS = 8;
/** How often the leases of the attempts being sent are renewed (real time): four turns a lease. */
export const ATTEMPT_LEASE_RENEW_MS = 2000;
/**
 * Attempts of one endpoint in flight at once, over all dispatchers: one, so that an endpoint
 * receives its deliveries one after the other, in the order the claims take them (due time,
 * then the order they were made), and a recovery or a batch of retries arrives in that order.
 */
export const PER_ENDPOINT_CONCURRENCY = 1;
/** Attempts in flight in one dispatcher, over all endpoints. */
export const MAX_IN_FLIGHT = 128;

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
  /** Counts each attempt's outcome (the area's instruments, webhooks.metrics.ts). */
  metrics: WebhookMetrics;
  /** Records a span per attempt when spans are exported (platform/tracing-sdk.ts). */
  tracer?: Tracer | null;
  /** The lease of a claimed attempt, in seconds of the service clock (default ATTEMPT_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** How often leases are renewed, in real milliseconds (default ATTEMPT_LEASE_RENEW_MS). */
  leaseRenewMs?: number;
}

/**
 * The dispatcher composed of its subjects: its own session (webhooks.session), fan-out, claims
 * and launches (webhooks.claims), attempts and their answers, and the runner that wakes it.
 */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const workerId =
    deps.workerId ?? `${hostname()}:${process.pid}:dispatch:${Math.random().toString(36).slice(2, 8)}`;
  const sender: Sender = createSender({
    allowLoopback: deps.allowLoopback,
    resolve: deps.resolve,
    timeoutMs: deps.timeoutMs,
  });
  const inFlight: InFlight = new Set<Promise<void>>();
  const sending = new Set<string>();
  const leaseSeconds = deps.leaseSeconds ?? ATTEMPT_LEASE_SECONDS;
  const asOperator = <T>(work: () => Promise<T>) => runAs(OPERATOR, work);
  const session = createOwnSession(deps);
  const own = session.own;

  async function now(): Promise<Date> {
    if (deps.clock.manual) await deps.clock.sync(deps.db);
    return deps.clock.now();
  }
  const wake = () => runner.wake();

  const fanOut = createFanOut({ db: own, now });
  /** Attempts started, by a claim or in the place of an answered one (what `drain` counts). */
  let launched = 0;
  const launch = (claimed: readonly ClaimedAttempt[]) => {
    launched += claimed.length;
    start(claimed);
  };
  const answers = createAnswerBook({
    db: own,
    now,
    workerId,
    leaseSeconds,
    asOperator,
    start: launch,
    wake,
  });
  const attempt = createAttempt({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    sender,
    answers,
    workerId,
    now,
    metrics: deps.metrics,
    tracer: deps.tracer ?? null,
  });
  const start = createLauncher({
    secrets: deps.secrets,
    logger: deps.logger,
    inFlight,
    sending,
    asOperator,
    attempt,
    wake,
  });
  const leases = createLeaseKeeper({
    db: own,
    now,
    logger: deps.logger,
    workerId,
    leaseSeconds,
    everyMs: deps.leaseRenewMs ?? ATTEMPT_LEASE_RENEW_MS,
    sending,
    asOperator,
  });
  leases.start();
  const pump = createPump({
    db: own,
    now,
    workerId,
    leaseSeconds,
    perEndpoint: deps.perEndpoint ?? PER_ENDPOINT_CONCURRENCY,
    maxInFlight: deps.maxInFlight ?? MAX_IN_FLIGHT,
    inFlight,
    sending,
    start: launch,
  });
  const runner = createRunner({
    db: own,
    clock: deps.clock,
    logger: deps.logger,
    databaseUrl: deps.databaseUrl,
    safetyWakeMs: deps.safetyWakeMs,
    asOperator,
    answers,
    fanOut,
    pump,
  });

  return {
    async drain() {
      return asOperator(async () => {
        const before = launched;
        for (;;) {
          await fanOut();
          const { claimed } = await pump();
          if (claimed === 0 && inFlight.size === 0) return launched - before;
          if (claimed === 0) await Promise.race(inFlight);
        }
      });
    },
    start: () => runner.start(),
    async stop() {
      await runner.stop();
      while (inFlight.size > 0 || answers.flushes().length > 0)
        await Promise.allSettled([...inFlight, ...answers.flushes()]);
      await leases.stop();
      sender.close();
      await session.close();
    },
  };
}
