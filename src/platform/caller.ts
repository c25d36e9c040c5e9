import { ApiError } from './errors.ts';
import type { OperatorRole } from './operator-roles.ts';
/**
 * Who is acting. Every service function takes it explicitly: the funder, the plane its key
 * sees, the key and its scopes; or the operations team; or the service itself (jobs).
 */
export type Environment = 'live' | 'sandbox' | 'unclassified';
export type Plane = 'live' | 'demo';

export function planeOf(environment: Environment): Plane | null {
  if (environment === 'live') return 'live';
  if (environment === 'sandbox') return 'demo';
  return null;
}

export interface FunderCaller {
  kind: 'funder';
  funderId: string;
  funderName: string;
  environment: Environment;
  /** null for an unclassified funder: it sees nothing. */
  plane: Plane | null;
  keyId: string;
  keyName: string;
  scopes: readonly string[];
  /** What GET /v1/me tells about the key, read with it at authentication. */
  keyDetails: { prefix: string; createdAt: Date; expiresAt: Date | null; prospect: string | null };
  requestId: string;
  /** Set when the call carries an Idempotency-Key: the write marks it in its own transaction. */
  idempotencyKey?: string;
  /** The fencing token of this call's run of that key: its write commits only while it holds it. */
  idempotencyRun?: string;
  /**
   * The answer the call gives for a write's result, as its key keeps it, made by the route that
   * took the call (its status and serializer): the write keeps it in its own transaction, so a
   * key never stays unanswered after its write committed. null where the result cannot be
   * answered as it is (the route answers something else).
   */
  idempotencyAnswer?: {
    of(result: unknown): KeptAnswer | null;
    /** The write that kept it committed. */
    committed(answer: KeptAnswer): void;
  };
}

/** An answer as an Idempotency-Key keeps it for replays. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface OperatorCaller {
  kind: 'operator';
  requestId: string;
  /**
   * The operator's name: `bootstrap` for OPS_TOKEN, a named operator's own (migration 0049), or
   * `cli` for the command line working on the database directly. The access line logs it; the
   * evidence chain and the audit trail record it.
   */
  name?: string;
  /**
   * The operator's role (operator-roles.ts): a named operator's own, `admin` for the bootstrap
   * operator. Absent for the service's own operator steps and the command line on the database,
   * which hold the database and so every right: they count as `admin`.
   */
  role?: OperatorRole;
  /** A named operator's row (migration 0049): what a token it issues records as its issuer. */
  operatorId?: string;
  /** See `SystemCaller.causedByKey`. */
  causedByKey?: string;
}

export interface SystemCaller {
  kind: 'system';
  job: string;
  /**
   * The sandbox key a step's events belong to when the step concerns a request that key made
   * (a recourse claim opening, an automatic announcement), whoever runs it: they reach that
   * key's endpoints as its own calls' events do.
   */
  causedByKey?: string;
}

/** The key an event written by this caller is recorded with (the outbox's `key_id`). */
export function eventKeyOf(caller: Caller): string | null {
  return caller.kind === 'funder' ? caller.keyId : (caller.causedByKey ?? null);
}

/**
 * The caller of a step about one request, its events given to the sandbox key that made the
 * request (`sandboxKeyId`, null for every other request). A funder's call keeps its own key.
 */
export function forRequestOf(caller: Caller, sandboxKeyId: string | null): Caller {
  if (caller.kind === 'funder' || !sandboxKeyId) return caller;
  return { ...caller, causedByKey: sandboxKeyId };
}

export type Caller = FunderCaller | OperatorCaller | SystemCaller;

/** The actor as written on the evidence chain. */
export function actorOf(caller: Caller): Record<string, string> {
  switch (caller.kind) {
    case 'funder':
      return {
        kind: 'funder_key',
        funder_id: caller.funderId,
        key_id: caller.keyId,
        request_id: caller.requestId,
      };
    case 'operator':
      return caller.name === undefined
        ? { kind: 'operator', request_id: caller.requestId }
        : { kind: 'operator', operator: caller.name, request_id: caller.requestId };
    case 'system':
      return { kind: 'system', job: caller.job };
  }
}

/**
 * The plane a funder's write lands on. An unclassified funder sees nothing and so can change
 * nothing: its writes are refused.
 */
export function requirePlane(caller: FunderCaller): Plane {
  if (caller.plane === null) {
    throw new ApiError('forbidden', 'This funder is not classified yet: it has no data to read or change.');
  }
  return caller.plane;
}

/** The test helpers play other parties on the demonstration plane only: sandbox keys only. */
export function requireSandbox(caller: FunderCaller): void {
  if (caller.environment !== 'sandbox' || caller.plane !== 'demo') {
    throw new ApiError(
      'sandbox_only',
      'Test helpers work with sandbox keys only, on the demonstration plane.',
    );
  }
}

/**
 * The wall every funder-facing store applies in its SQL: the caller's funder and the plane its
 * key sees. Store functions take it as a required argument and filter by both; they never
 * fetch by id and check afterwards.
 */
export interface FunderScope {
  readonly funderId: string;
  readonly plane: Plane;
}

/** The scope of a funder's call; an unclassified funder has none and is refused. */
export function scopeOf(caller: FunderCaller): FunderScope {
  return { funderId: caller.funderId, plane: requirePlane(caller) };
}
