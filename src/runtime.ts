import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { accountOpsRoutes } from './areas/account/account.ops.routes.ts';
import { accountRoutes } from './areas/account/account.routes.ts';
import { createAccountService } from './areas/account/account.service.ts';
import { debtorInfoOpsRoutes } from './areas/debtors/debtor-info.ops.routes.ts';
import { debtorInfoRoutes } from './areas/debtors/debtor-info.routes.ts';
import { createDebtorInfoService } from './areas/debtors/debtor-info.service.ts';
import { createConsentLevelService } from './areas/decisions/consent-level.service.ts';
import { decisionsRoutes } from './areas/decisions/decisions.routes.ts';
import { createDecisionsService } from './areas/decisions/decisions.service.ts';
import { createDemoService } from './areas/demo/demo.service.ts';
import { documentsOpsRoutes } from './areas/documents/documents.ops.routes.ts';
import { documentsRoutes } from './areas/documents/documents.routes.ts';
import { createDocumentsService } from './areas/documents/documents.service.ts';
import { limitsOpsRoutes, limitsRoutes } from './areas/limits/limits.routes.ts';
import { createLimitsService } from './areas/limits/limits.service.ts';
import { opsRoutes } from './areas/ops/ops.routes.ts';
import { partiesOpsRoutes } from './areas/parties/parties.ops.routes.ts';
import { createPartiesService } from './areas/parties/parties.service.ts';
import { payerRecordOpsRoutes } from './areas/payer-record/payer-record.ops.routes.ts';
import { payerRecordRoutes } from './areas/payer-record/payer-record.routes.ts';
import { createPayerRecordService } from './areas/payer-record/payer-record.service.ts';
import { requestsOpsRoutes } from './areas/requests/requests.ops.routes.ts';
import { createRequestPartiesService } from './areas/requests/requests.parties.service.ts';
import { requestsRoutes } from './areas/requests/requests.routes.ts';
import { createRequestsService } from './areas/requests/requests.service.ts';
import { sandboxRoutes } from './areas/sandbox/sandbox.routes.ts';
import { createSandboxService } from './areas/sandbox/sandbox.service.ts';
import { settingsOpsRoutes } from './areas/settings/settings.ops.routes.ts';
import { settingsRoutes } from './areas/settings/settings.routes.ts';
import { createSettingsService } from './areas/settings/settings.service.ts';
import { statementsOpsRoutes } from './areas/statements/statements.ops.routes.ts';
import { statementsRoutes } from './areas/statements/statements.routes.ts';
import { createStatementsService } from './areas/statements/statements.service.ts';
import type { Config } from './config.ts';
import { type Clock, manualClock, systemClock } from './platform/clock.ts';
import { type SecretBox, secretBox } from './platform/crypto.ts';
import type { Db } from './platform/db/db.ts';
import { createPgliteDb } from './platform/db/pglite.ts';
import { createPostgresDb } from './platform/db/postgres.ts';
import { sealFinishedDays } from './platform/evidence.ts';
import { type App, buildApp } from './platform/http/app.ts';
import { pruneIdempotencyKeys } from './platform/http/idempotency.ts';
import { createWorker, enqueueJob, type JobHandler, type Worker } from './platform/jobs.ts';
import {
  databaseRateCounter,
  pruneRateCounters,
  type RateCounter,
  redisRateCounter,
} from './platform/rate-limit.ts';
import { createWriter } from './platform/write.ts';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    // Never a credential in a log line, whatever a serializer or a careless call passes in.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["idempotency-key"]',
        'headers.authorization',
        'authorization',
        'secret',
        '*.secret',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbPoolMax'>,
): Promise<Db> {
  if (config.databaseUrl) return createPostgresDb(config.databaseUrl, { max: config.dbPoolMax });
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
  } catch {
    await mkdir(dataDir, { recursive: true });
    const value = make();
    await writeFile(path, `${value}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return { value: (await readFile(path, 'utf8')).trim(), created: true };
  }
}

export async function resolveSecrets(config: Config) {
  const ops = config.opsToken
    ? { value: config.opsToken, created: false }
    : await keptSecret(config.dataDir, 'ops-token', () => `ops_${randomBytes(32).toString('hex')}`);
  const key = config.secretsKey
    ? { value: config.secretsKey, created: false }
    : await keptSecret(config.dataDir, 'secrets.key', () => randomBytes(32).toString('base64'));
  return { opsToken: ops.value, opsTokenCreated: ops.created, secretsKey: Buffer.from(key.value, 'base64') };
}

export interface Runtime {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  rateCounter: RateCounter;
  secrets: SecretBox;
  opsToken: string;
  services: ReturnType<typeof createServices>;
  buildApp(): Promise<App>;
  createWorker(options?: { pollMs?: number }): Worker;
  scheduleMaintenance(): Promise<void>;
  close(): Promise<void>;
}

function createServices(deps: { db: Db; clock: Clock; publicBaseUrl: string; countOnLookup: boolean }) {
  const write = createWriter(deps);
  const account = createAccountService({ ...deps, write });
  const parties = createPartiesService({ ...deps, write });
  const settings = createSettingsService({ db: deps.db, clock: deps.clock, write });
  const requests = createRequestsService({ db: deps.db, clock: deps.clock, settings });
  const documents = createDocumentsService({
    db: deps.db,
    clock: deps.clock,
    write,
    publicBaseUrl: deps.publicBaseUrl,
    visibleRequest: requests.visibleRequest,
  });
  const requestParties = createRequestPartiesService({ write, settings, documents });
  const limits = createLimitsService({ db: deps.db, clock: deps.clock, write });
  const decisions = createDecisionsService({
    db: deps.db,
    clock: deps.clock,
    write,
    settings,
    documents,
    offerGuards: [limits.offerGuard],
  });
  const consentLevel = createConsentLevelService({ write });
  const sandbox = createSandboxService({ write, requests, parties: requestParties, documents, settings });
  const debtorInfo = createDebtorInfoService({
    db: deps.db,
    clock: deps.clock,
    write,
    requests,
    creditLimitOf: limits.debtorLimitView,
  });
  const payerRecord = createPayerRecordService({
    db: deps.db,
    clock: deps.clock,
    write,
    creditLimitOf: limits.debtorLimitView,
  });
  const statements = createStatementsService({ db: deps.db, clock: deps.clock, write });
  const demo = createDemoService({
    db: deps.db,
    clock: deps.clock,
    account,
    documents,
    parties: requestParties,
    decisions,
    settings,
    limits,
  });
  return {
    write,
    account,
    limits,
    demo,
    parties,
    documents,
    settings,
    requests,
    requestParties,
    decisions,
    consentLevel,
    sandbox,
    debtorInfo,
    payerRecord,
    statements,
  };
}

/** Recurring upkeep: expired counters and idempotency keys, and the evidence chain's day roots. */
const MAINTENANCE: Record<string, { everySeconds: number; run: JobHandler }> = {
  'maintenance.rate_counters': {
    everySeconds: 300,
    run: async ({ db, clock }) => void (await pruneRateCounters(db, clock.now())),
  },
  'maintenance.idempotency_keys': {
    everySeconds: 3600,
    run: async ({ db, clock }) => void (await pruneIdempotencyKeys(db, clock.now())),
  },
  'maintenance.evidence_day_roots': {
    everySeconds: 600,
    run: async ({ db, clock }) => void (await sealFinishedDays(db, clock.now())),
  },
};

export async function createRuntime(
  config: Config,
  options: {
    db?: Db;
    clock?: Clock;
    logger?: Logger;
    secrets?: { opsToken: string; secretsKey: Buffer };
  } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config);
  const db = options.db ?? (await openDatabase(config));
  const clock = options.clock ?? (config.clock === 'manual' ? manualClock() : systemClock());
  if (clock.manual) await clock.sync(db).catch(() => undefined);
  const secrets = options.secrets ?? (await resolveSecrets(config));
  const rateCounter = config.redisUrl ? redisRateCounter(config.redisUrl) : databaseRateCounter(db);
  // Without Redis the rate limits count in the database, in the key lookup's own statement.
  const services = createServices({
    db,
    clock,
    publicBaseUrl: config.publicBaseUrl,
    countOnLookup: !config.redisUrl,
  });

  const handlers: Record<string, JobHandler> = {};
  for (const [kind, job] of Object.entries(MAINTENANCE)) {
    handlers[kind] = async (ctx) => {
      await job.run(ctx);
      return { rerunAt: new Date(ctx.clock.now().getTime() + job.everySeconds * 1000) };
    };
  }

  return {
    config,
    db,
    clock,
    logger,
    rateCounter,
    secrets: secretBox(secrets.secretsKey),
    opsToken: secrets.opsToken,
    services,
    buildApp: () =>
      buildApp({
        db,
        clock,
        logger,
        rateCounter,
        opsToken: secrets.opsToken,
        lookupKey: services.account.lookupKey,
        routes: [
          accountRoutes({ account: services.account, clock }),
          accountOpsRoutes({ account: services.account }),
          opsRoutes({ db, clock, demo: services.demo }),
          partiesOpsRoutes({ parties: services.parties }),
          documentsRoutes({ documents: services.documents }),
          documentsOpsRoutes({ documents: services.documents }),
          settingsRoutes({ settings: services.settings }),
          settingsOpsRoutes({ settings: services.settings }),
          requestsRoutes({ requests: services.requests }),
          sandboxRoutes({ sandbox: services.sandbox }),
          debtorInfoRoutes({ debtorInfo: services.debtorInfo }),
          debtorInfoOpsRoutes({ debtorInfo: services.debtorInfo }),
          payerRecordRoutes({ payerRecord: services.payerRecord }),
          payerRecordOpsRoutes({ payerRecord: services.payerRecord }),
          statementsRoutes({ statements: services.statements }),
          statementsOpsRoutes({ statements: services.statements }),
          decisionsRoutes({ decisions: services.decisions, consentLevel: services.consentLevel }),
          limitsRoutes({ limits: services.limits }),
          limitsOpsRoutes({ limits: services.limits }),
          requestsOpsRoutes({
            parties: services.requestParties,
            statusOf: async (id) =>
              (await db.query<{ status: string }>('SELECT status FROM funding_requests WHERE id = $1', [id]))
                .rows[0]?.status ?? 'unknown',
          }),
        ],
      }),
    createWorker: (workerOptions = {}) =>
      createWorker({
        db,
        clock,
        handlers,
        logger: logger.child({ role: 'worker' }),
        pollMs: workerOptions.pollMs,
      }),
    async scheduleMaintenance() {
      for (const kind of Object.keys(MAINTENANCE)) {
        await enqueueJob(db, { kind, runAt: clock.now(), jobKey: kind });
      }
    },
    async close() {
      await rateCounter.close();
      await db.close();
    },
  };
}
