import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FunderCaller } from '../caller.ts';
import type { Clock } from '../clock.ts';
import { API_KEY_PATTERN, safeEqual } from '../crypto.ts';
import { GATE, runAs } from '../db/actor.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import type { HttpMetrics } from '../metrics.ts';
import { FULL_ROLE, type OperatorRole, roleAtLeast } from '../operator-roles.ts';
import type { RateCounter, RateWindow, WindowCount } from '../rate-limit.ts';
import { refusingWindow, setRateHeaders } from './rate-headers.ts';
import { sendRequestIds } from './request-ids.ts';

export const DEFAULT_PER_MINUTE = 120;
export const DEFAULT_PER_HOUR = 3000;
/** Calls with an unknown, malformed or revoked key, per address per minute, before 429. */
export const BAD_KEY_LIMIT_PER_MINUTE = 20;

export type KeyLookup =
  | { status: 'unknown' }
  | { status: 'revoked' }
  | { status: 'expired' }
  | {
      status: 'ok';
      caller: Omit<FunderCaller, 'requestId'>;
      funderActive: boolean;
      ratePerMinute: number | null;
      ratePerHour: number | null;
      /** Present when the lookup counted the call itself (database counting, one round trip). */
      counted?: WindowCount[];
    };

/** The windows every key is counted in, with its own limits or the defaults. */
export const keyWindows = (perMinute: number | null, perHour: number | null): RateWindow[] => [
  { seconds: 60, limit: perMinute ?? DEFAULT_PER_MINUTE },
  { seconds: 3600, limit: perHour ?? DEFAULT_PER_HOUR },
];

export interface AuthDeps {
  clock: Clock;
  db: Queryable;
  rateCounter: RateCounter;
  lookupKey(secret: string, now: Date): Promise<KeyLookup>;
  /** The bootstrap operator's token (OPS_TOKEN, or the one kept in the data directory). */
  opsToken: string;
  /** Counts the refusals of the rate limits (the runtime's metrics). */
  metrics?: Pick<HttpMetrics, 'rateLimited'>;
  /** A named operator in force with this token (account area), else null; marks it used. */
  lookupOperator(token: string, now: Date): Promise<OperatorFound | null>;
}

/** A named operator in force, as authentication finds it by its token. */
export interface OperatorFound {
  id: string;
  name: string;
  role: OperatorRole;
}

/** The name the bootstrap operator goes by in logs, the audit trail and the evidence chain. */
export const BOOTSTRAP_OPERATOR_NAME = 'bootstrap';

/** Who an operations call comes from: the bootstrap operator, a named operator in force, or nobody. */
async function operatorOf(
  deps: AuthDeps,
  token: string | null,
  now: Date,
): Promise<{ id?: string; name: string; role: OperatorRole } | null> {
  if (token === null) return null;
  if (safeEqual(token, deps.opsToken)) return { name: BOOTSTRAP_OPERATOR_NAME, role: FULL_ROLE };
  return deps.lookupOperator(token, now);
}

/** What a refused credential is told it lacks, by the kind of route it called. */
const CREDENTIAL_NEEDED = {
  key: 'A valid API key is required: Authorization: Bearer svc_fk_<64 hex>.',
  ops: 'A valid operator token is required: Authorization: Bearer <the OPS_TOKEN, or a named operator token svc_op_<64 hex>>.',
} as const;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function rateLimitedError(window: WindowCount, now: Date): ApiError {
  const retryAfter = Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000));
  return new ApiError(
    'rate_limited',
    `Too many calls: at most ${window.limit} per ${window.seconds} seconds.`,
    {
      extra: { retry_after_seconds: retryAfter, limit: window.limit, window_seconds: window.seconds },
      headers: { 'retry-after': String(retryAfter) },
    },
  );
}

/**
 * Repeated bad credentials from one address are answered 429 instead of 401: counted per
 * address across all servers, like every other limit.
 */
async function refuseBadCredential(
  deps: AuthDeps,
  request: FastifyRequest,
  now: Date,
  kind: keyof typeof CREDENTIAL_NEEDED,
): Promise<never> {
  const [window] = await deps.rateCounter.hit(
    `bad-credential:${request.ip}`,
    [{ seconds: 60, limit: BAD_KEY_LIMIT_PER_MINUTE }],
    now,
  );
  if (window && window.hits > window.limit) {
    deps.metrics?.rateLimited('bad_credential', window.seconds);
    throw rateLimitedError(window, now);
  }
  throw new ApiError('unauthorized', CREDENTIAL_NEEDED[kind]);
}

/**
 * Authentication crosses funders by nature (a key is looked up before its funder is known): it
 * runs as the gate, the connecting role, with no role switch on the hot path. Its statements
 * are the key lookup by hash, rate counting and the manual clock; the call's own work runs
 * later, as its caller (http/db-actor.ts).
 */
export function createAuthHook(deps: AuthDeps) {
  return function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return runAs(GATE, () => authenticateAsGate(deps, request, reply));
  };
}

async function authenticateAsGate(
  deps: AuthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  sendRequestIds(request, reply);
  const mode = request.routeOptions.config.auth;
  if (mode === 'none' || mode === undefined) return;
  // A stopped clock is shared through the database: read it before any time rule.
  if (deps.clock.manual) await deps.clock.sync(deps.db);
  const now = deps.clock.now();
  const token = bearer(request);

  if (mode === 'ops') {
    const found = await operatorOf(deps, token, now);
    if (found === null) return refuseBadCredential(deps, request, now, 'ops');
    // Every operations route declares its role (route-rules.ts); a missing one opens nothing.
    const needed = request.routeOptions.config.role ?? FULL_ROLE;
    if (!roleAtLeast(found.role, needed)) {
      throw new ApiError(
        'forbidden',
        `This operator's role (${found.role}) does not open this operation: it needs ${needed}.`,
        { extra: { required_role: needed, role: found.role } },
      );
    }
    request.operator = {
      kind: 'operator',
      requestId: request.id,
      name: found.name,
      role: found.role,
      ...(found.id ? { operatorId: found.id } : {}),
    };
    return;
  }

  if (token === null || !API_KEY_PATTERN.test(token)) return refuseBadCredential(deps, request, now, 'key');
  const found = await deps.lookupKey(token, now);
  if (found.status === 'expired') throw new ApiError('key_expired', 'This API key has expired.');
  if (found.status !== 'ok') return refuseBadCredential(deps, request, now, 'key');

  const windows =
    found.counted ??
    (await deps.rateCounter.hit(
      `key:${found.caller.keyId}`,
      keyWindows(found.ratePerMinute, found.ratePerHour),
      now,
    ));
  setRateHeaders(reply, windows, now);
  const exceeded = refusingWindow(windows);
  if (exceeded) {
    deps.metrics?.rateLimited('key', exceeded.seconds);
    throw rateLimitedError(exceeded, now);
  }

  if (!found.funderActive) throw new ApiError('forbidden', 'This funder is not active.');
  const needed = request.routeOptions.config.scopes ?? [];
  if (needed.length > 0 && !needed.some((scope) => found.caller.scopes.includes(scope))) {
    throw new ApiError(
      'forbidden',
      `This key lacks the scope for this call (one of: ${needed.join(', ')}).`,
      {
        extra: { required_scopes: needed },
      },
    );
  }
  request.caller = { ...found.caller, requestId: request.id };
}
