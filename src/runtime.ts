import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { Dispatcher, DispatcherDeps } from './areas/webhooks/webhooks.module.ts';
import { createServices, type Services } from './compose.ts';
import { type Config, isProduction } from './config.ts';
import { type BesideWorker, jobsByKind } from './platform/area.ts';
import { type Clock, manualClock, systemClock } from './platform/clock.ts';
import { CREDENTIAL_PREFIXES, type SecretBox, secretBox } from './platform/crypto.ts';
import { DIR_MODE } from './platform/data-dir.ts';
import { GATE, OPERATOR, runAs } from './platform/db/actor.ts';
import { runLong } from './platform/db/bounds.ts';
import type { Db } from './platform/db/db.ts';
import { appliedMigration, expectedMigration, pingDatabase } from './platform/db/migrate.ts';
import { createPostgresDb } from './platform/db/postgres.ts';
import { tracedDb } from './platform/db/traced.ts';
import { sealFinishedDays, unsealedDaysSql } from './platform/evidence.ts';
import { type App, buildApp } from './platform/http/app.ts';
import { pruneIdempotencyKeys } from './platform/http/idempotency.ts';
import {
  createWorker,
  enqueueJob,
  type JobHandler,
  jobQueueForOpsSql,
  type Worker,
} from './platform/jobs.ts';
import { censorNestedSecrets, logSerializers, REDACTED } from './platform/log-safety.ts';
import { createExposition, createMetrics, type Metrics, type MetricsExposition } from './platform/metrics.ts';
import { pruneOutboxEvents } from './platform/outbox.ts';
import { databaseRateCounter, pruneRateCounters, type RateCounter } from './platform/rate-limit.ts';
import { pruneChangeMarks } from './platform/read-cache.ts';
import { createReadiness, type Readiness, type ReadinessCheck } from './platform/readiness.ts';
import { redisRateCounter } from './platform/redis-counter.ts';
import { keptKeysExist } from './platform/secrets.store.ts';
import { keptDerivations } from './platform/secrets-rotation.ts';
import { startTracingSdk, type TracingSdk } from './platform/tracing-sdk.ts';

/**
 * pino's ISO time, written once per millisecond of the system clock: a busy server writes several
 * access lines in the same millisecond, and each made its own Date and string.
 */
function isoTimeOncePerMillisecond(): () => string {
  let at = -1;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    // ISO 8601 in UTC (`"time":"2026-11-26T19:02:39.123Z"`), not milliseconds since 1970.
    timestamp: isoTimeOncePerMillisecond(),
    // URLs are logged without the credentials some of them carry (download links).
    serializers: logSerializers,
    // Never a credential in a log line, whatever a serializer or a careless call passes in: the
    // named paths are pino's to censor, a credential one level down is censorNestedSecrets's.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["idempotency-key"]',
        'headers.authorization',
        'authorization',
        'secret',
        'token',
      ],
      censor: REDACTED,
    },
    formatters: { log: censorNestedSecrets },
  };
  return destination ? pino(options, destination) : pino(options);
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbPoolMax'> & Partial<Pick<Config, 'dbBounds'>>,
  logger?: Logger,
): Promise<Db> {
  if (config.databaseUrl)
    return createPostgresDb(config.databaseUrl, {
      max: config.dbPoolMax,
      bounds: config.dbBounds,
      log: logger?.child({ component: 'database' }),
    });
  // Loaded only when used: the embedded database's engine is tens of megabytes a PostgreSQL
  // deployment has no use for.
  const { createPgliteDb } = await import('./platform/db/pglite.ts');
  return createPgliteDb({ dataDir: join(config.dataDir, 'pglite') });
}

/** Reads a secret from a file in the data directory, making it on first use. */
async function keptSecret(
  dataDir: string,
  file: string,
  make: () => string,
): Promise<{ value: string; created: boolean }> {
  const path = join(dataDir, file);
  try {
    return { value: (await readFile(path, 'utf8')).trim(), created: false };
  } catch (err) {
    // Only a missing file is made; a file that cannot be read (permissions) is an error to see.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dataDir, { recursive: true, mode: DIR_MODE });
    const value = make();
    let created = true;
    try {
      await writeFile(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    } catch (writeErr) {
      // Another process made it first: its secret is the one to use.
      if ((writeErr as NodeJS.ErrnoException).code !== 'EEXIST') throw writeErr;
      created = false;
    }
    return { value: (await readFile(path, 'utf8')).trim(), created };
  }
}

export async function resolveSecrets(config: Config) {
  const ops = config.opsToken
    ? { value: config.opsToken, created: false }
    : await keptSecret(
        config.dataDir,
        'ops-token',
        () => `${CREDENTIAL_PREFIXES.bootstrapOperatorToken}${randomBytes(32).toString('hex')}`,
      );
  const key = config.secretsKey
    ? { value: config.secretsKey, created: false }
    : await keptSecret(config.dataDir, 'secrets.key', () => randomBytes(32).toString('base64'));
  const previous = config.secretsKey ? config.secretsKeyPrevious : await previousKeyFile(config.dataDir);
  return {
    opsToken: ops.value,
    opsTokenCreated: ops.created,
    secretsKey: Buffer.from(key.value, 'base64'),
    previousSecretsKey: previous ? Buffer.from(previous, 'base64') : null,
  };
}

/** The kept key file of a rotation under way on the embedded database (`secrets rotate`), if any. */
export const PREVIOUS_KEY_FILE = 'secrets.key.previous';

async function previousKeyFile(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(join(dataDir, PREVIOUS_KEY_FILE), 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The secrets box: seals under the secrets key, opens under it or the previous one, derives new
 * link tokens under the secrets key's own derivation key and earlier links' under the ones
 * rotations kept in the database (read as the operator; none before the first rotation, or
 * before migration 0051).
 */
async function openSecretBox(db: Db, keys: { secretsKey: Buffer; previousSecretsKey?: Buffer | null }) {
  const ring = { previous: keys.previousSecretsKey ?? null };
  // Before migration 0051 (a first start migrates after this) there is no table and nothing kept.
  const exists = await runAs(GATE, () => keptKeysExist(db));
  if (!exists) return secretBox(keys.secretsKey, ring);
  const opener = secretBox(keys.secretsKey, ring);
  const kept = await runAs(OPERATOR, () => keptDerivations(db, opener.open));
  return secretBox(keys.secretsKey, { ...ring, kept });
}

export interface Runtime {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  rateCounter: RateCounter;
  secrets: SecretBox;
  opsToken: string;
  services: Services;
  /** Whether this process should be sent calls; the shutdown turns it off first. */
  readiness: Readiness;
  /** This runtime's Prometheus metrics (one registry each: several runtimes may share a process). */
  metrics: Metrics & MetricsExposition;
  buildApp(): Promise<App>;
  /** The job worker and, beside it, what the areas run there (the webhook dispatcher); `ready` once those run. */
  createWorker(options?: { pollMs?: number }): Worker & { ready(): Promise<void> };
  /** A webhook dispatcher (the worker runs one); tests pass their own resolver or bounds. */
  createDispatcher(overrides?: Partial<DispatcherDeps>): Dispatcher;
  scheduleMaintenance(): Promise<void>;
  close(): Promise<void>;
}

/** A recurring job that clears or seals what is due at the clock's now. */
function upkeep(everySeconds: number, prune: (db: Db, now: Date) => Promise<unknown>) {
  const run: JobHandler = async ({ db, clock }) => void (await prune(db, clock.now()));
  return { everySeconds, run };
}

/**
 * The platform's recurring upkeep: expired counters and idempotency keys, old outbox events, the
 * evidence chain's day roots and old change marks (the areas' own upkeep is among their jobs).
 */
const MAINTENANCE: Record<string, { everySeconds: number; run: JobHandler }> = {
  'maintenance.rate_counters': upkeep(300, pruneRateCounters),
  'maintenance.idempotency_keys': upkeep(3600, pruneIdempotencyKeys),
  'maintenance.outbox_events': upkeep(3600, pruneOutboxEvents),
  'maintenance.evidence_day_roots': upkeep(600, sealFinishedDays),
  'maintenance.read_changes': upkeep(300, pruneChangeMarks),
};

/** The maintenance jobs' handlers: each runs, then asks to run again after its period. */
function maintenanceHandlers(): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const [kind, job] of Object.entries(MAINTENANCE)) {
    handlers[kind] = async (ctx) => {
      await job.run(ctx);
      return { rerunAt: new Date(ctx.clock.now().getTime() + job.everySeconds * 1000) };
    };
  }
  return handlers;
}

/**
 * The job worker with what the areas run beside it (the webhook dispatcher, woken by commits).
 * Jobs cross funders: the worker runs as the operator role, its timers included.
 */
function workerWithBeside(
  worker: Worker,
  beside: readonly BesideWorker[],
  logger: Logger,
): Worker & { ready(): Promise<void> } {
  let started: Promise<void> = Promise.resolve();
  return {
    runOnce: () => runAs(OPERATOR, () => worker.runOnce()),
    start: () => {
      runAs(OPERATOR, () => worker.start());
      started = Promise.all(
        beside.map((part) =>
          part
            .start()
            .catch((err: unknown) => logger.error({ err }, 'a loop beside the worker did not start')),
        ),
      ).then(() => undefined);
    },
    ready: () => started,
    stop: async () => {
      await worker.stop();
      for (const part of beside) await part.stop();
    },
  };
}

/**
 * What readiness checks: the database answers, its schema is at the last migration this code
 * knows, and Redis answers when rate limits count there.
 */
async function readinessChecks(db: Db, rateCounter: RateCounter): Promise<ReadinessCheck[]> {
  const expected = await expectedMigration();
  const checks: ReadinessCheck[] = [
    { name: 'database', run: () => pingDatabase(db) },
    {
      name: 'migrations',
      run: async () => {
        // A schema ahead of the code is ready: within v1 migrations only add, so this server
        // keeps serving while a newer release migrates and replaces it (docs/operations.md, "Upgrades").
        const applied = await appliedMigration(db);
        if (expected !== null && (applied === null || applied < expected))
          throw new Error('schema behind the expected version');
      },
    },
  ];
  const ping = rateCounter.ping?.bind(rateCounter);
  // Without Redis the calls are still served, their limits counted in the database: degraded.
  if (ping) checks.push({ name: 'redis', run: ping, optional: true });
  return checks;
}

export async function createRuntime(
  config: Config,
  options: {
    db?: Db;
    clock?: Clock;
    logger?: Logger;
    secrets?: { opsToken: string; secretsKey: Buffer; previousSecretsKey?: Buffer | null };
    /** Milliseconds of a monotonic clock for the metrics' kept figures (tests move one by hand). */
    monotonicNow?: () => number;
  } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config);
  // Only with an OTLP endpoint configured; else no SDK is loaded and the Db is the adapter itself.
  const tracing: TracingSdk | null = await startTracingSdk(config, logger);
  const openedDb = options.db ?? (await openDatabase(config, logger));
  const db = tracing ? tracedDb(openedDb, tracing.tracer) : openedDb;
  const clock = options.clock ?? (config.clock === 'manual' ? manualClock() : systemClock());
  if (clock.manual) {
    // Before the first migration there is no shared instant to read yet: the clock keeps its start.
    await clock.sync(db).catch((err: unknown) => {
      logger.warn(
        { err },
        'manual clock: the shared instant could not be read at start; keeping the start instant',
      );
    });
  }
  const secrets = options.secrets ?? (await resolveSecrets(config));
  const box = await openSecretBox(db, secrets);
  const counters = createMetrics({ db });
  // Without Redis the rate limits count in the database, in the key lookup's own statement.
  const rateCounter = config.redisUrl
    ? redisRateCounter(config.redisUrl, {
        fallback: databaseRateCounter(db),
        ...config.redis,
        log: logger.child({ role: 'rate-limits' }),
        metrics: counters,
      })
    : databaseRateCounter(db);
  // A fresh server counts in Redis from its first call, or says at once that it cannot.
  if ('connected' in rateCounter) await rateCounter.connected();
  const services = createServices({
    db,
    clock,
    publicBaseUrl: config.publicBaseUrl,
    countOnLookup: !config.redisUrl,
    secrets: box,
    allowLoopback: config.webhookAllowLoopback,
    rateCounter,
    readCacheMode: config.readCache,
    exports: { config, secretsKey: secrets.secretsKey, previousSecretsKey: secrets.previousSecretsKey },
    dispatch: {
      logger: logger.child({ role: 'webhooks' }),
      databaseUrl: config.databaseUrl,
      safetyWakeMs: config.webhookSafetyWakeSeconds * 1000,
      tracer: tracing?.tracer ?? null,
    },
    metrics: counters,
  });

  // Jobs run with the long bounds (an export's statements outlast an API call's): bounds.ts.
  const handlers: Record<string, JobHandler> = Object.fromEntries(
    Object.entries(jobsByKind(services.areaJobs, maintenanceHandlers())).map(([kind, handler]) => [
      kind,
      ((ctx) => runLong(() => handler(ctx))) as JobHandler,
    ]),
  );
  const metrics = {
    ...counters,
    ...createExposition({
      metrics: counters,
      db,
      clock,
      jobKinds: Object.keys(handlers),
      read: {
        jobs: jobQueueForOpsSql,
        unsealedDays: unsealedDaysSql,
      },
      gauges: services.scrape,
      monotonicNow: options.monotonicNow,
    }),
  };
  const readiness = createReadiness(await readinessChecks(db, rateCounter));

  return {
    config,
    db,
    clock,
    logger,
    rateCounter,
    secrets: box,
    opsToken: secrets.opsToken,
    services,
    readiness,
    metrics,
    buildApp: () =>
      buildApp({
        db,
        clock,
        logger,
        rateCounter,
        opsToken: secrets.opsToken,
        lookupKey: services.account.lookupKey,
        lookupOperator: services.account.lookupOperator,
        checkErrorCodes: config.checkErrorCodes,
        secrets: box,
        edge: {
          trustProxy: config.trustProxy,
          requestTimeoutMs: config.requestTimeoutMs,
          keepAliveTimeoutMs: config.keepAliveTimeoutMs,
          hsts: config.hsts,
        },
        routes: services.routes,
        events: services.events,
        readiness,
        metrics,
        exposition: metrics,
        tracer: tracing?.tracer ?? null,
        // In production the public listener never answers an operations path, whatever built
        // the configuration (loadConfig always gives production an operations port).
        operationsListener: config.opsPort !== null || isProduction(config),
      }),
    createWorker: (workerOptions = {}) =>
      workerWithBeside(
        createWorker({
          db,
          clock,
          handlers,
          logger: logger.child({ role: 'worker' }),
          pollMs: workerOptions.pollMs,
        }),
        services.besideWorker.map((make) => make()),
        logger,
      ),
    createDispatcher: services.dispatcher,
    async scheduleMaintenance() {
      await runAs(OPERATOR, async () => {
        for (const kind of [...Object.keys(MAINTENANCE), ...services.recurringJobs]) {
          await enqueueJob(db, { kind, runAt: clock.now(), jobKey: kind });
        }
      });
    },
    async close() {
      await rateCounter.close();
      await db.close();
      // The spans still batched are sent before the process ends (bounded: tracing-sdk.ts).
      await tracing?.shutdown();
    },
  };
}
