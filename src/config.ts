import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { type DbBounds, DEFAULT_DB_BOUNDS } from './platform/db/bounds.ts';
import type { ReadCacheMode } from './platform/read-cache.ts';

/** Everything the service reads from its environment, validated once at start. */
export interface Config {
  port: number;
  host: string;
  /**
   * The operations listener (OPS_PORT, OPS_HOST default 127.0.0.1): /ops/v1, readiness and
   * metrics answer there only, and the public listener answers 404 for them. In production it
   * is always open (DEFAULT_OPS_PORT when OPS_PORT is unset); null, outside production only:
   * one listener answers everything.
   */
  opsPort: number | null;
  opsHost: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /**
   * The bounds of every wait on Redis (REDIS_COMMAND_TIMEOUT_MS, default 250; REDIS_CONNECT_TIMEOUT_MS,
   * default 1000) and how often its state is checked (REDIS_PROBE_INTERVAL_MS, default 1000): while
   * it is down or stalled, calls count in the database without waiting (platform/redis-counter.ts).
   */
  redis: { commandTimeoutMs: number; connectTimeoutMs: number; probeIntervalMs: number };
  opsToken: string | null;
  clock: 'system' | 'manual';
  secretsKey: string | null;
  /**
   * During a rotation of SECRETS_KEY, the key being replaced: what it sealed still opens
   * (SECRETS_KEY_PREVIOUS; only with SECRETS_KEY).
   */
  secretsKeyPrevious: string | null;
  logLevel: string;
  inlineWorker: boolean;
  dbPoolMax: number;
  /** PostgreSQL's connect, pool-wait, statement, lock and idle bounds (DB_*_MS, platform/db/bounds.ts). */
  dbBounds: DbBounds;
  publicBaseUrl: string;
  demoOnFirstStart: boolean;
  /** Where export files go: null for the data directory, else an s3:// URL (several servers). */
  exportStorageUrl: string | null;
  /** Compressed bytes after which an export starts a new ZIP volume (default 1 GiB). */
  exportVolumeBytes: number;
  /** Tests: answer 500 when an operation answers an error code its OpenAPI document does not list. */
  checkErrorCodes: boolean;
  /**
   * Kept answers (FUNDER_API_READ_CACHE, platform/read-cache.ts): `on` (default), `off`, or
   * `verify` (tests: every kept answer served is read again and compared).
   */
  readCache: ReadCacheMode;
  /**
   * How often, in real seconds, a webhook dispatcher looks for due work with no wake-up (a lost
   * notification's safety net; default 30). Commits and moves of the manual clock wake it at once.
   */
  webhookSafetyWakeSeconds: number;
  /** Tests only: webhook targets may also be http(s)://127.0.0.1:<port> or localhost:<port>. */
  webhookAllowLoopback: boolean;
  /** NODE_ENV, read once: `serve` and `work` refuse test-only settings in production. */
  nodeEnv: string | null;
  /**
   * Which peers may tell the client's address in X-Forwarded-For: none (false), or the proxies'
   * addresses and CIDR ranges (Fastify's `trustProxy`). Never "every hop" nor a hop count: both
   * let a client that connects directly choose its own address.
   */
  trustProxy: false | string[];
  /** A whole request (headers and body) must arrive within this many milliseconds, else 408. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this many milliseconds. */
  keepAliveTimeoutMs: number;
  /** Strict-Transport-Security on every answer: the service is reached over https (PUBLIC_BASE_URL). */
  hsts: boolean;
  /**
   * After SIGTERM, how long the listener keeps serving with readiness off, so load balancers
   * stop sending before it closes (default 10).
   */
  shutdownGraceSeconds: number;
  /**
   * Where spans go over OTLP/HTTP (JSON): OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else
   * OTEL_EXPORTER_OTLP_ENDPOINT with `/v1/traces`; null starts no OpenTelemetry SDK at all
   * (trace ids are still made and handed on: platform/tracing.ts).
   */
  otlpTracesUrl: string | null;
  /** OTEL_SERVICE_NAME: the `service.name` of the exported spans (default "funder-api"). */
  otelServiceName: string;
  /**
   * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, the standard names and their meaning
   * (default `parentbased_always_on`), checked here rather than left to the SDK, which would fall
   * back to sampling every call on a value it does not know (tracing-sdk.ts).
   */
  otelTracesSampler: TracesSampler;
  /**
   * OTEL_TRUST_INCOMING_TRACE: whether a parent-based sampler follows the sampled flag of a
   * caller's `traceparent` (default false: the service's own sampler decides, the caller's trace
   * id is still continued).
   */
  otelTrustIncomingTrace: boolean;
  /**
   * The span batch, from the standard OTEL_BSP_* variables, read here (OpenTelemetry's SDK 3
   * reads none of them): OTEL_BSP_SCHEDULE_DELAY (ms between exports, default 5000),
   * OTEL_BSP_EXPORT_TIMEOUT (ms an export may take, 30000), OTEL_BSP_MAX_QUEUE_SIZE (spans kept
   * waiting, 2048), OTEL_BSP_MAX_EXPORT_BATCH_SIZE (spans per export, 512, at most the queue).
   */
  otelBatch: SpanBatch;
}

export interface SpanBatch {
  scheduledDelayMillis: number;
  exportTimeoutMillis: number;
  maxQueueSize: number;
  maxExportBatchSize: number;
}

export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export interface TracesSampler {
  name: (typeof TRACES_SAMPLERS)[number];
  /** The share of traces sampled by the `traceidratio` samplers, 0 to 1 (default 1). */
  ratio: number;
}

export class ConfigError extends Error {}

/** The operations listener's port in production when OPS_PORT is not set (docs/operations.md). */
export const DEFAULT_OPS_PORT = 9090;

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function boolFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function nonEmpty(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

/** Names proxy-addr (Fastify's trustProxy) gives to the private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry) || isIP(entry) !== 0) return true;
  const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (!match) return false;
  const family = isIP(match[1]!);
  return family !== 0 && Number(match[2]) <= (family === 4 ? 32 : 128);
}

function trustProxyFrom(env: NodeJS.ProcessEnv): false | string[] {
  const raw = nonEmpty(env, 'TRUST_PROXY');
  if (raw === null || ['false', '0', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) {
    throw new ConfigError(
      `TRUST_PROXY=${raw} would believe every X-Forwarded-For hop, so any client could choose its own address and escape the per-address limits. Set the addresses or CIDR ranges of the proxies in front of the service instead (TRUST_PROXY=10.0.0.0/8,192.0.2.10).`,
    );
  }
  if (/^\d+$/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY=${raw}: a count of proxies cannot tell a proxy from a client that connects directly, so Fastify trusts no hop for it. List the proxies' addresses or CIDR ranges instead (TRUST_PROXY=10.0.0.0/8,192.0.2.10).`,
    );
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be a comma-separated list of the proxies' addresses and CIDR ranges; "${bad.join('", "')}" is not one.`,
    );
  }
  return entries;
}

/**
 * The OTLP/HTTP URL spans are sent to, from the standard OpenTelemetry variables; null when none
 * is set or OTEL_SDK_DISABLED=true. Only OTLP over HTTP is spoken: gRPC is refused rather than
 * sent to a port that would not understand it.
 */
function otlpTracesUrlFrom(env: NodeJS.ProcessEnv): string | null {
  if (boolFrom(env, 'OTEL_SDK_DISABLED', false)) return null;
  const traces = nonEmpty(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const base = nonEmpty(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (traces === null && base === null) return null;
  const name = traces !== null ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  const url = traces ?? `${base!.replace(/\/+$/, '')}/v1/traces`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`${name} must be an http:// or https:// URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http:// or https:// URL`);
  }
  const protocolName = nonEmpty(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL')
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = nonEmpty(env, protocolName);
  if (protocol !== null && protocol !== 'http/json' && protocol !== 'http/protobuf') {
    throw new ConfigError(
      `${protocolName}=${protocol}: this service exports spans over OTLP/HTTP only (sent as JSON, which every OTLP/HTTP receiver accepts); point the endpoint at the collector's OTLP/HTTP port (4318 by default) and set http/json or leave it unset.`,
    );
  }
  return url;
}

/** OTEL_TRACES_SAMPLER and its argument; a name or a ratio the standard does not allow stops the start. */
function tracesSamplerFrom(env: NodeJS.ProcessEnv): TracesSampler {
  const raw = nonEmpty(env, 'OTEL_TRACES_SAMPLER')?.toLowerCase() ?? 'parentbased_always_on';
  const name = TRACES_SAMPLERS.find((known) => known === raw);
  if (name === undefined) {
    throw new ConfigError(`OTEL_TRACES_SAMPLER must be one of ${TRACES_SAMPLERS.join(', ')}; got "${raw}"`);
  }
  const arg = nonEmpty(env, 'OTEL_TRACES_SAMPLER_ARG');
  if (!name.endsWith('traceidratio') || arg === null) return { name, ratio: 1 };
  const ratio = Number(arg);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new ConfigError(
      `OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 (the share of traces kept), got "${arg}"`,
    );
  }
  return { name, ratio };
}

/** OTEL_BSP_*: the span batch (Config.otelBatch); a batch larger than the queue stops the start. */
function spanBatchFrom(env: NodeJS.ProcessEnv): SpanBatch {
  const batch = {
    scheduledDelayMillis: intFrom(env, 'OTEL_BSP_SCHEDULE_DELAY', 5_000, 1, 3_600_000),
    exportTimeoutMillis: intFrom(env, 'OTEL_BSP_EXPORT_TIMEOUT', 30_000, 1, 3_600_000),
    maxQueueSize: intFrom(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 2_048, 1, 1_000_000),
    maxExportBatchSize: intFrom(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512, 1, 1_000_000),
  };
  if (batch.maxExportBatchSize > batch.maxQueueSize) {
    throw new ConfigError(
      `OTEL_BSP_MAX_EXPORT_BATCH_SIZE (${batch.maxExportBatchSize}) must not exceed OTEL_BSP_MAX_QUEUE_SIZE (${batch.maxQueueSize})`,
    );
  }
  return batch;
}

/**
 * OPS_PORT. Outside production, unset means one listener for everything (a laptop, the tests).
 * In production the operations listener always has a port of its own: unset means
 * DEFAULT_OPS_PORT, and nothing makes it share the public port. 0 asks the system for a free
 * port, as PORT=0 does: still a listener of its own.
 */
function opsPortFrom(env: NodeJS.ProcessEnv, port: number, production: boolean): number | null {
  const raw = nonEmpty(env, 'OPS_PORT');
  const always = `in production (NODE_ENV=production) /ops/v1, /readyz and /metrics never answer on the public port: the operations listener always has a port of its own (${DEFAULT_OPS_PORT} when OPS_PORT is unset, bound to OPS_HOST)`;
  if (raw === null) {
    if (!production) return null;
    if (port === DEFAULT_OPS_PORT) {
      throw new ConfigError(
        `PORT is ${port}, the operations listener's port when OPS_PORT is unset: ${always}. Set OPS_PORT to another port, or PORT to another port.`,
      );
    }
    return DEFAULT_OPS_PORT;
  }
  if (production && !/^\d+$/.test(raw)) {
    throw new ConfigError(
      `OPS_PORT=${raw}: ${always}. Set OPS_PORT to a port number other than PORT, or leave it unset.`,
    );
  }
  const opsPort = intFrom(env, 'OPS_PORT', 0, 0, 65535);
  if (opsPort !== 0 && opsPort === port) {
    throw new ConfigError(
      production
        ? `OPS_PORT must differ from PORT (both are ${port}): ${always}.`
        : `OPS_PORT must differ from PORT (both are ${port})`,
    );
  }
  return opsPort;
}

function readCacheFrom(env: NodeJS.ProcessEnv): ReadCacheMode {
  const mode = nonEmpty(env, 'FUNDER_API_READ_CACHE') ?? 'on';
  if (mode !== 'on' && mode !== 'off' && mode !== 'verify') {
    throw new ConfigError(`FUNDER_API_READ_CACHE must be "on", "off" or "verify", got "${mode}"`);
  }
  return mode;
}

function dbBoundsFrom(env: NodeJS.ProcessEnv): DbBounds {
  const d = DEFAULT_DB_BOUNDS;
  return {
    connectTimeoutMs: intFrom(env, 'DB_CONNECT_TIMEOUT_MS', d.connectTimeoutMs, 100, 600_000),
    poolWaitMs: intFrom(env, 'DB_POOL_WAIT_MS', d.poolWaitMs, 100, 600_000),
    statementTimeoutMs: intFrom(env, 'DB_STATEMENT_TIMEOUT_MS', d.statementTimeoutMs, 100, 600_000),
    lockTimeoutMs: intFrom(env, 'DB_LOCK_TIMEOUT_MS', d.lockTimeoutMs, 100, 600_000),
    idleInTransactionMs: intFrom(
      env,
      'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      d.idleInTransactionMs,
      1_000,
      3_600_000,
    ),
    longStatementTimeoutMs: intFrom(
      env,
      'DB_JOB_STATEMENT_TIMEOUT_MS',
      d.longStatementTimeoutMs,
      1_000,
      24 * 3_600_000,
    ),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', 8080, 0, 65535);
  const nodeEnv = nonEmpty(env, 'NODE_ENV');
  const opsPort = opsPortFrom(env, port, nodeEnv === 'production');
  const databaseUrl = nonEmpty(env, 'DATABASE_URL');
  const clockRaw = nonEmpty(env, 'FUNDER_API_CLOCK') ?? 'system';
  if (clockRaw !== 'system' && clockRaw !== 'manual') {
    throw new ConfigError(`FUNDER_API_CLOCK must be "system" or "manual", got "${clockRaw}"`);
  }
  const opsToken = nonEmpty(env, 'OPS_TOKEN');
  if (opsToken !== null && opsToken.length < 24) {
    throw new ConfigError('OPS_TOKEN must be at least 24 characters long');
  }
  const secretsKey = nonEmpty(env, 'SECRETS_KEY');
  if (secretsKey !== null && Buffer.from(secretsKey, 'base64').length !== 32) {
    throw new ConfigError('SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  }
  const secretsKeyPrevious = nonEmpty(env, 'SECRETS_KEY_PREVIOUS');
  if (secretsKeyPrevious !== null) {
    if (Buffer.from(secretsKeyPrevious, 'base64').length !== 32)
      throw new ConfigError('SECRETS_KEY_PREVIOUS must be 32 bytes in base64, like SECRETS_KEY');
    if (secretsKey === null)
      throw new ConfigError(
        'SECRETS_KEY_PREVIOUS is for a rotation: set SECRETS_KEY to the new key beside it',
      );
    if (secretsKeyPrevious === secretsKey)
      throw new ConfigError(
        'SECRETS_KEY_PREVIOUS is the key being replaced: it must differ from SECRETS_KEY',
      );
  }
  const publicBaseUrl = (nonEmpty(env, 'PUBLIC_BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const logLevel = nonEmpty(env, 'LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL "${logLevel}" is not a pino level`);
  }
  return {
    port,
    host: nonEmpty(env, 'HOST') ?? '0.0.0.0',
    opsPort,
    // Private by default: the operations team reaches it from the machine, or through what the
    // platform team opens to it.
    opsHost: nonEmpty(env, 'OPS_HOST') ?? '127.0.0.1',
    dataDir: resolve(nonEmpty(env, 'DATA_DIR') ?? '.data'),
    databaseUrl,
    redisUrl: nonEmpty(env, 'REDIS_URL'),
    redis: {
      commandTimeoutMs: intFrom(env, 'REDIS_COMMAND_TIMEOUT_MS', 250, 10, 10_000),
      connectTimeoutMs: intFrom(env, 'REDIS_CONNECT_TIMEOUT_MS', 1_000, 100, 60_000),
      probeIntervalMs: intFrom(env, 'REDIS_PROBE_INTERVAL_MS', 1_000, 100, 60_000),
    },
    opsToken,
    clock: clockRaw,
    secretsKey,
    secretsKeyPrevious,
    logLevel,
    inlineWorker: boolFrom(env, 'FUNDER_API_INLINE_WORKER', databaseUrl === null),
    dbPoolMax: intFrom(env, 'DB_POOL_MAX', 10, 1, 500),
    dbBounds: dbBoundsFrom(env),
    publicBaseUrl,
    // In production, and on PostgreSQL (a real deployment), the demonstration plane comes only
    // when asked for explicitly; the embedded default outside production builds it, with a
    // printed sandbox key, for a first try.
    demoOnFirstStart: boolFrom(env, 'FUNDER_API_DEMO', databaseUrl === null && nodeEnv !== 'production'),
    checkErrorCodes: boolFrom(env, 'FUNDER_API_CHECK_ERROR_CODES', false),
    readCache: readCacheFrom(env),
    webhookAllowLoopback: boolFrom(env, 'WEBHOOK_ALLOW_LOOPBACK', false),
    webhookSafetyWakeSeconds: intFrom(env, 'WEBHOOK_SAFETY_WAKE_SECONDS', 30, 1, 24 * 3600),
    nodeEnv,
    exportStorageUrl: nonEmpty(env, 'EXPORT_STORAGE_URL'),
    exportVolumeBytes: intFrom(env, 'EXPORT_VOLUME_BYTES', 1024 ** 3, 4096, 4 * 1024 ** 3),
    trustProxy: trustProxyFrom(env),
    requestTimeoutMs: intFrom(env, 'FUNDER_API_REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000),
    // Longer than the usual load balancer's idle timeout (60 s), so it never reuses a closed connection.
    keepAliveTimeoutMs: intFrom(env, 'FUNDER_API_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1_000, 600_000),
    // The operator says the service is reached over https by giving it an https public URL.
    hsts: publicBaseUrl.startsWith('https://'),
    shutdownGraceSeconds: intFrom(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 600),
    otlpTracesUrl: otlpTracesUrlFrom(env),
    otelServiceName: nonEmpty(env, 'OTEL_SERVICE_NAME') ?? 'funder-api',
    otelTracesSampler: tracesSamplerFrom(env),
    otelTrustIncomingTrace: boolFrom(env, 'OTEL_TRUST_INCOMING_TRACE', false),
    otelBatch: spanBatchFrom(env),
  };
}

/**
 * `serve` and `work` on PostgreSQL: every server and worker must share one operator token and
 * one encryption key, so neither may be made up locally; both must come from the environment.
 */
export function requireSharedSecrets(config: Config): void {
  if (config.databaseUrl === null) return;
  const missing = [config.opsToken ? null : 'OPS_TOKEN', config.secretsKey ? null : 'SECRETS_KEY'].filter(
    (name): name is string => name !== null,
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `${missing.join(' and ')} must be set when DATABASE_URL is: every server and worker on one database needs the same values (they are never made up per server).`,
    );
  }
}

export const isProduction = (config: Pick<Config, 'nodeEnv'>): boolean => config.nodeEnv === 'production';

/** `serve` and `work`: settings made for tests never run in production. */
export function refuseTestSettingsInProduction(config: Config): void {
  if (!isProduction(config)) return;
  if (config.webhookAllowLoopback) {
    throw new ConfigError(
      'WEBHOOK_ALLOW_LOOPBACK lets webhooks reach this machine and is for tests only: it is refused when NODE_ENV=production.',
    );
  }
  if (config.readCache === 'verify') {
    throw new ConfigError(
      'FUNDER_API_READ_CACHE=verify reads every kept answer twice and is for tests only: it is refused when NODE_ENV=production (leave it unset, or set it to on or off).',
    );
  }
  if (config.clock === 'manual') {
    throw new ConfigError(
      'FUNDER_API_CLOCK=manual stops the clock and lets the operations API move it, for tests and demonstrations only: it is refused when NODE_ENV=production (leave FUNDER_API_CLOCK unset, or set it to system).',
    );
  }
}
