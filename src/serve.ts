import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Config,
  ConfigError,
  DEFAULT_OPS_PORT,
  isProduction,
  refuseTestSettingsInProduction,
  requireSharedSecrets,
} from './config.ts';
import type { Caller } from './platform/caller.ts';
import { prepareDataDir, tightenDataDir } from './platform/data-dir.ts';
import { OPERATOR, runAs } from './platform/db/actor.ts';
import { acquireEmbeddedLock, type EmbeddedLock } from './platform/db/embedded-lock.ts';
import { migrate } from './platform/db/migrate.ts';
import { listenOperations, type OperationsListener } from './platform/http/ops-listener.ts';
import { SCOPES } from './platform/http/scopes.ts';
import { createRuntime, type Runtime } from './runtime.ts';

const operator: Caller = { kind: 'operator', requestId: 'first-start' };

/** Once the listener stops accepting, how long calls in flight have to finish before their connections are cut. */
const IN_FLIGHT_SECONDS = 10;

/**
 * On the first start of an empty database: the demonstration plane, a sandbox key on it, and
 * one message with everything needed to make a first call. Printed once, never logged.
 *
 * In production (NODE_ENV=production) no credential is ever printed: standard output is the
 * log stream there. The demonstration plane is built only when FUNDER_API_DEMO=true asks for
 * it, no sandbox key is issued for it (the operations team issues one to a named prospect), and
 * the message says where the operator token is kept, never the token.
 */
async function firstStart(runtime: Runtime, baseUrl: string): Promise<void> {
  // The demonstration builder crosses funders: the operator role.
  await runAs(OPERATOR, () => firstStartAsOperator(runtime, baseUrl));
}

async function firstStartAsOperator(runtime: Runtime, baseUrl: string): Promise<void> {
  const { rows } = await runtime.db.query<{ n: string }>('SELECT count(*)::text AS n FROM funders_read');
  if (rows[0]?.n !== '0') return;
  if (isProduction(runtime.config)) return firstStartInProduction(runtime, baseUrl);
  if (!runtime.config.demoOnFirstStart) return;
  const demo = await runtime.services.demo.reset(operator);
  const issued = await runtime.services.account.issueKey(operator, {
    bank_id: demo.bank_id,
    name: 'first-start sandbox key',
    scopes: SCOPES.filter((scope) => scope !== 'exports:write'),
    prospect: 'local developer',
  });
  process.stdout.write(
    [
      '',
      'funder-api: first start. The demonstration plane is ready. These are shown once only:',
      '',
      `  sandbox key    ${issued.secret}`,
      // A token the operator set in the environment is theirs already: never echoed.
      runtime.config.opsToken
        ? '  operator token (the OPS_TOKEN you set; not shown)'
        : `  operator token ${runtime.opsToken} (kept in the data directory)`,
      '',
      'Try it:',
      '',
      `  curl -s ${baseUrl}/v1/me -H 'Authorization: Bearer ${issued.secret}'`,
      '',
      `API reference: ${baseUrl}/docs`,
      '',
    ].join('\n'),
  );
}

/** Where the operator token is, in words: the one the operator set, or the file kept for it. */
function operatorTokenWhere(config: Config): string {
  return config.opsToken
    ? 'the OPS_TOKEN you set; not shown'
    : `in ${join(config.dataDir, 'ops-token')}, readable by its owner only; not shown`;
}

async function firstStartInProduction(runtime: Runtime, baseUrl: string): Promise<void> {
  const lines = [
    '',
    'funder-api: started in production with no funder yet. No credential is ever printed.',
    '',
  ];
  if (runtime.config.demoOnFirstStart) {
    const demo = await runtime.services.demo.reset(operator);
    lines.push(
      `  demonstration plane  ready, funder ${demo.bank_id}`,
      `  sandbox keys         funder-api keys issue --bank-id ${demo.bank_id} --name <name> --prospect <who> --scope <scope...>`,
    );
  }
  lines.push(
    `  operator token       ${operatorTokenWhere(runtime.config)}`,
    '',
    `API reference: ${baseUrl}/docs`,
    '',
  );
  process.stdout.write(lines.join('\n'));
}

/**
 * The operations listener: always in production (OPS_PORT, DEFAULT_OPS_PORT when unset), else
 * when OPS_PORT asks for one. A port already taken stops the start, saying which setting chose it.
 */
async function openOperationsListener(
  app: NonNullable<Awaited<ReturnType<Runtime['buildApp']>>>,
  config: Config,
  logger: Runtime['logger'],
): Promise<OperationsListener | null> {
  if (config.opsPort === null) return null;
  const listener = await listenOperations(app, {
    port: config.opsPort,
    host: config.opsHost,
    edge: config,
  }).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    throw new ConfigError(
      `the operations listener cannot listen on ${config.opsHost}:${config.opsPort}: another process holds it. ` +
        `Set OPS_PORT to a free port (in production it is ${DEFAULT_OPS_PORT} when unset, so a server and a worker on one machine each need their own).`,
    );
  });
  logger.info({ url: listener.url }, 'operations listener: /ops/v1, readiness and metrics answer here only');
  return listener;
}

export async function serve(
  config: Config,
  options: { worker?: boolean; http?: boolean } = {},
): Promise<void> {
  requireSharedSecrets(config);
  refuseTestSettingsInProduction(config);
  const runHttp = options.http ?? true;
  const runWorker = options.worker ?? config.inlineWorker;
  // The data directory holds the embedded database, its secrets and the export volumes kept
  // on disk: its owner's alone, checked before anything in it is read.
  const usesDataDir = !config.databaseUrl || !config.exportStorageUrl;
  if (usesDataDir) await prepareDataDir(config.dataDir);
  let lock: EmbeddedLock | null = null;
  if (!config.databaseUrl) lock = await acquireEmbeddedLock(config.dataDir, runHttp ? 'server' : 'worker');

  const runtime = await createRuntime(config);
  const { logger } = runtime;
  // The signal handlers come before anything is printed or listened on: a stop sent as soon as
  // a start-up line appears waits for the start to finish, then closes what it opened.
  let app: Awaited<ReturnType<Runtime['buildApp']>> | null = null;
  let opsListener: OperationsListener | null = null;
  let worker: ReturnType<Runtime['createWorker']> | null = null;
  let started = false;
  let stopAsked: string | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness off at once; the listener keeps serving through the grace, so load balancers
    // see it and stop sending before anything is refused. A worker alone has no grace, nor a
    // stop typed at a terminal (SIGINT): no load balancer is waiting on it.
    runtime.readiness.drain();
    const grace = runHttp && signal === 'SIGTERM' ? config.shutdownGraceSeconds : 0;
    logger.info({ signal, grace_seconds: grace }, 'shutting down: readiness off, draining');
    const force = setTimeout(() => process.exit(1), (grace + IN_FLIGHT_SECONDS + 15) * 1000);
    force.unref();
    if (grace > 0) await sleep(grace * 1000);
    if (runHttp) logger.info('grace over: the listener stops accepting');
    // Calls in flight finish, within a bound; idle kept-alive connections close at once. Both
    // listeners stop accepting together.
    const cut = setTimeout(() => {
      app?.server.closeAllConnections();
      opsListener?.closeAllConnections();
    }, IN_FLIGHT_SECONDS * 1000);
    await Promise.all([app?.close(), opsListener?.close()]);
    clearTimeout(cut);
    await worker?.stop(); // the job running finishes; the batch's others go back to the queue
    await runtime.close();
    await lock?.release();
    clearTimeout(force);
  };
  const onSignal = (signal: string) => {
    if (started) void stop(signal);
    else stopAsked = signal;
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  const report = await migrate(runtime.db);
  if (report.applied.length > 0) logger.info({ applied: report.applied }, 'migrations applied');
  // What the database wrote while opening and migrating (it rewrites some files 0644), owner-only
  // too; it tightens again when it closes.
  if (usesDataDir) await tightenDataDir(config.dataDir);

  try {
    if (runHttp) {
      app = await runtime.buildApp();
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      opsListener = await openOperationsListener(app, config, logger);
      await lock?.setUrl(`http://127.0.0.1:${port}`, opsListener?.url ?? null);
      await firstStart(runtime, config.publicBaseUrl.replace(`:${config.port}`, `:${port}`));
    } else if (config.opsPort !== null) {
      // A worker with an operations listener (OPS_PORT; always in production) answers readiness
      // and its own metrics (the webhook attempts and export builds it counts) there; it has no
      // public listener.
      app = await runtime.buildApp();
      await app.ready();
      opsListener = await openOperationsListener(app, config, logger);
    }
  } catch (err) {
    // A port taken (or any other failure to start listening): what was opened is closed, so
    // the process exits with the failure at once.
    await app?.close();
    await runtime.close();
    await lock?.release();
    throw err;
  }

  worker = runWorker ? runtime.createWorker() : null;
  if (worker) {
    await runtime.scheduleMaintenance();
    worker.start();
    // Said once the webhook dispatcher listens: from here on a commit or a clock move wakes it.
    await worker.ready();
    logger.info('background jobs running');
  } else {
    logger.info('background jobs not run in this process (FUNDER_API_INLINE_WORKER=false or --no-worker)');
  }

  started = true;
  if (stopAsked) await stop(stopAsked);
}
