import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeptAnswer } from '../caller.ts';
import { canonicalJson } from '../canonical-json.ts';
import type { Clock } from '../clock.ts';
import type { SecretBox } from '../crypto.ts';
import { sha256Hex } from '../crypto.ts';
import { type Db, isUnavailable } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';
import {
  claimKey,
  findKey,
  freeKey,
  keepAnswer,
  SEALED_BODY as SEALED,
  type StoredKey,
  takeOverKey,
} from './idempotency.store.ts';

export { pruneIdempotencyKeys } from './idempotency.store.ts';

/** How long a key answers with its first answer (Stripe keeps them 24 hours too). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A request still "running" after this long died with its server; its key may be taken over. */
const STALE_RUN_SECONDS = 120;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The status a keyed write answers a result with: the one success status its schema lists, or
 * what the route says (`answerStatus`) where it lists several; null for a route without either.
 */
function successStatusOf(request: FastifyRequest, result: unknown): number | null {
  const pick = request.routeOptions.config?.answerStatus;
  if (pick) return pick(result);
  const statuses = successStatuses(request.routeOptions.schema?.response);
  return statuses.length === 1 ? statuses[0]! : null;
}

/** The 2xx statuses a route's response schemas list. */
export function successStatuses(response: unknown): number[] {
  return Object.keys((response ?? {}) as Record<string, unknown>)
    .filter((status) => /^2\d\d$/.test(status))
    .map(Number);
}

const bodyHash = (request: FastifyRequest): string =>
  // A raw file body (a bank statement) is hashed as its bytes.
  Buffer.isBuffer(request.body)
    ? sha256Hex(request.body)
    : sha256Hex(request.body === undefined ? '' : canonicalJson(request.body));

/**
 * Idempotency-Key on POST and PUT, with Stripe's meaning: the same key and the same body
 * within 24 hours answer the first answer again without doing anything twice; the same key
 * with another body is refused; a retry while the first is still running gets 409. A record
 * belongs to the API key that sent the call (migration 0046): another key of the same funder
 * sending the same value makes a new call and never sees the first key's answer.
 */
export interface IdempotencyDeps {
  db: Db;
  clock: Clock;
  secrets?: Pick<SecretBox, 'seal' | 'open'>;
}

/** How many key records wait at most for the database to come back, and how long each waits. */
const LATER_MAX = 10_000;
const LATER_FOR_MS = 5 * 60_000;
const LATER_EVERY_MS = 1_000;

/**
 * Key records that could not be written because the database was unavailable (freeing the key of
 * a call that failed, keeping the answer of a write that committed): tried again every second
 * until it answers, so a retry after an outage is not refused `idempotency_key_in_use` for the
 * whole takeover delay. Bounded in count and time; a process that dies with some left falls back
 * on the takeover (STALE_RUN_SECONDS). Each is fenced by its run's token, so a late one never
 * touches a key another run holds.
 */
function recordsLater() {
  const waiting: { until: number; write: () => Promise<unknown> }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = async () => {
    timer = null;
    const now = performance.now();
    for (const entry of waiting.splice(0)) {
      if (entry.until < now) continue;
      try {
        await entry.write();
      } catch (err) {
        if (!isUnavailable(err)) continue;
        waiting.push(entry);
      }
    }
    schedule();
  };
  const schedule = () => {
    if (timer || waiting.length === 0) return;
    timer = setTimeout(() => void flush(), LATER_EVERY_MS);
    timer.unref();
  };
  return {
    add(write: () => Promise<unknown>) {
      if (waiting.length >= LATER_MAX) return;
      waiting.push({ until: performance.now() + LATER_FOR_MS, write });
      schedule();
    },
  };
}

export function createIdempotency(deps: IdempotencyDeps) {
  const later = recordsLater();
  async function claim(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.method !== 'POST' && request.method !== 'PUT') return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined || !request.caller) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (!KEY_PATTERN.test(key)) {
      throw new ApiError(
        'idempotency_key_invalid',
        'Idempotency-Key must be 1 to 255 visible ASCII characters.',
      );
    }
    const caller = request.caller;
    const now = deps.clock.now();
    const path = request.url.split('?')[0]!;
    const hash = bodyHash(request);
    // This run's fencing token: its write and its recorded answer count only while the row holds it.
    const run = newId();
    const own = () => {
      caller.idempotencyKey = key;
      caller.idempotencyRun = run;
      caller.idempotencyAnswer = {
        of: (result) => answerFor(request, reply, result),
        committed: (answer) => {
          request.idempotencyKeptWithWrite = answer;
        },
      };
      request.idempotencyOwner = true;
    };
    const fresh = { key, method: request.method, path, bodySha256: hash, run, at: now };
    if (await claimKey(deps.db, caller, { ...fresh, ttlSeconds: IDEMPOTENCY_TTL_SECONDS })) return own();
    const stored = await findKey(deps.db, caller, key);
    if (!stored)
      throw new ApiError('idempotency_key_in_use', 'This Idempotency-Key is being used; retry shortly.');
    if (stored.method !== request.method || stored.path !== path || stored.body_sha256 !== hash) {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with another request; use a new key for a new request.',
      );
    }
    if (stored.state === 'done' && stored.response_status !== null) return replay(request, reply, stored);
    // Still running. A run abandoned by a crashed server may be taken over, unless its write
    // committed: then repeating it could do it twice, so the key stays refused.
    const stale = now.getTime() - new Date(stored.locked_at).getTime() > STALE_RUN_SECONDS * 1000;
    if (
      stale &&
      !stored.write_committed &&
      (await takeOverKey(deps.db, caller, { key, run, at: now, lockedAt: stored.locked_at }))
    ) {
      return own();
    }
    throw new ApiError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed; retry after it finishes.',
    );
  }

  /** Answers the kept answer again, marked as a replay. */
  function replay(request: FastifyRequest, reply: FastifyReply, stored: StoredKey) {
    reply.code(stored.response_status!);
    for (const [name, value] of Object.entries(stored.response_headers ?? {})) reply.header(name, value);
    reply.header('idempotent-replayed', 'true');
    request.idempotentReplay = true;
    const kept = stored.response_body ?? '';
    if (!kept.startsWith(SEALED)) return reply.send(kept);
    if (!deps.secrets) throw new Error('a sealed idempotent answer needs the secrets box');
    return reply.send(deps.secrets.open(kept.slice(SEALED.length)));
  }

  /** An answer as the key keeps it: an answer showing a secret once is never kept in clear. */
  function kept(request: FastifyRequest, status: number, contentType: unknown, body: string): KeptAnswer {
    const sealed = request.routeOptions.config?.sealReplay === true;
    if (sealed && !deps.secrets) throw new Error('sealing an idempotent answer needs the secrets box');
    return {
      status,
      headers: contentType ? { 'content-type': String(contentType) } : {},
      body: sealed && deps.secrets ? `${SEALED}${deps.secrets.seal(body)}` : body,
    };
  }

  /**
   * The answer the route gives for a write's result: the route's success status for it and its
   * serializer, exactly as Fastify would send it. null when the result does not make an answer
   * (the route answers something else; the answer is then kept once sent, as before).
   */
  function answerFor(request: FastifyRequest, reply: FastifyReply, result: unknown): KeptAnswer | null {
    const status = successStatusOf(request, result);
    if (status === null) return null;
    // No body only where the route answers none; otherwise the write's result is not the answer.
    if (status === 204) return kept(request, status, null, '');
    if (result === undefined || result === null) return null;
    const serialize = reply.getSerializationFunction(String(status)) as
      | ((value: unknown) => string)
      | undefined;
    try {
      const body = serialize ? serialize(result) : JSON.stringify(result);
      return kept(request, status, JSON_TYPE, body);
    } catch {
      return null;
    }
  }

  /**
   * Keeps the answer for replays; a server error frees the key so the call can be retried. The
   * answer kept with the write is replaced by the one sent: they are the same unless the route
   * answered something else than the write's result, which is logged (a retry after a crash in
   * between would have had the other).
   */
  async function record(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    if (!request.idempotencyOwner || !request.caller?.idempotencyKey) return;
    const held = { key: request.caller.idempotencyKey, run: request.caller.idempotencyRun! };
    const owner = request.caller;
    const early = request.idempotencyKeptWithWrite;
    // Every change below is fenced by the run's token: a run taken over leaves the key alone.
    if (reply.statusCode >= 500) {
      try {
        if (await freeKey(deps.db, owner, held)) return;
      } catch (err) {
        if (!isUnavailable(err)) throw err;
        later.add(() => freeKey(deps.db, owner, held));
        return;
      }
      // The write committed with its answer: that is the call's answer, not this failure.
      if (early) return;
    }
    const body =
      typeof payload === 'string'
        ? payload
        : payload === null || payload === undefined
          ? ''
          : String(payload);
    const answer = kept(request, reply.statusCode, reply.getHeader('content-type'), body);
    if (early && !(early.status === answer.status && sameBody(early, body))) {
      request.log.warn(
        { route: request.routeOptions.url, status: answer.status, kept_status: early.status },
        'the answer sent differs from the one kept with the write',
      );
    }
    try {
      await keepAnswer(deps.db, owner, held, answer);
    } catch (err) {
      // The write is done: its answer goes out, and is kept once the database answers again.
      if (!isUnavailable(err)) throw err;
      later.add(() => keepAnswer(deps.db, owner, held, answer));
    }
  }

  /** Whether a kept answer holds this body (a sealed one is opened to compare). */
  function sameBody(answer: KeptAnswer, body: string): boolean {
    if (!answer.body.startsWith(SEALED)) return answer.body === body;
    return deps.secrets?.open(answer.body.slice(SEALED.length)) === body;
  }

  return { claim, record };
}
