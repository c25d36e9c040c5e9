import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson } from '../canonical-json.ts';
import type { Clock } from '../clock.ts';
import type { SecretBox } from '../crypto.ts';
import { sha256Hex } from '../crypto.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';

/** How long a key answers with its first answer (Stripe keeps them 24 hours too). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A request still "running" after this long died with its server; its key may be taken over. */
const STALE_RUN_SECONDS = 120;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface StoredKey {
  method: string;
  path: string;
  body_sha256: string;
  state: 'running' | 'done';
  write_committed: boolean;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  locked_at: Date;
  expires_at: Date;
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
/** Marks a kept answer stored sealed (its route shows a secret once). */
const SEALED = 'sealed:';

export interface IdempotencyDeps {
  db: Db;
  clock: Clock;
  secrets?: Pick<SecretBox, 'seal' | 'open'>;
}

export function createIdempotency(deps: IdempotencyDeps) {
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
    const inserted = await deps.db.query(
      `INSERT INTO idempotency_keys
         (funder_id, api_key_id, idempotency_key, method, path, body_sha256, state, created_at, locked_at,
          expires_at, run_token)
       VALUES ($1, $9, $2, $3, $4, $5, 'running', $6, $6, $6::timestamptz + make_interval(secs => $7), $8)
       ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
         SET method = EXCLUDED.method, path = EXCLUDED.path, body_sha256 = EXCLUDED.body_sha256,
             state = 'running', write_committed = false, response_status = NULL, response_headers = NULL,
             response_body = NULL, created_at = EXCLUDED.created_at, locked_at = EXCLUDED.locked_at,
             expires_at = EXCLUDED.expires_at, run_token = EXCLUDED.run_token
         WHERE idempotency_keys.expires_at <= $6
       RETURNING 1`,
      [caller.funderId, key, request.method, path, hash, now, IDEMPOTENCY_TTL_SECONDS, run, caller.keyId],
    );
    if (inserted.rowCount === 1) {
      caller.idempotencyKey = key;
      caller.idempotencyRun = run;
      request.idempotencyOwner = true;
      return;
    }
    const stored = (
      await deps.db.query<StoredKey>(
        'SELECT * FROM idempotency_keys WHERE funder_id = $1 AND api_key_id = $2 AND idempotency_key = $3',
        [caller.funderId, caller.keyId, key],
      )
    ).rows[0];
    if (!stored)
      throw new ApiError('idempotency_key_in_use', 'This Idempotency-Key is being used; retry shortly.');
    if (stored.method !== request.method || stored.path !== path || stored.body_sha256 !== hash) {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with another request; use a new key for a new request.',
      );
    }
    if (stored.state === 'done' && stored.response_status !== null) {
      reply.code(stored.response_status);
      for (const [name, value] of Object.entries(stored.response_headers ?? {})) reply.header(name, value);
      reply.header('idempotent-replayed', 'true');
      request.idempotentReplay = true;
      const kept = stored.response_body ?? '';
      if (!kept.startsWith(SEALED)) return reply.send(kept);
      if (!deps.secrets) throw new Error('a sealed idempotent answer needs the secrets box');
      return reply.send(deps.secrets.open(kept.slice(SEALED.length)));
    }
    // Still running. A run abandoned by a crashed server may be taken over, unless its write
    // committed: then repeating it could do it twice, so the key stays refused.
    const stale = now.getTime() - new Date(stored.locked_at).getTime() > STALE_RUN_SECONDS * 1000;
    if (stale && !stored.write_committed) {
      // A new token fences the run taken over: if it is still alive, its write can no longer commit.
      const taken = await deps.db.query(
        `UPDATE idempotency_keys SET locked_at = $3, run_token = $5
          WHERE funder_id = $1 AND api_key_id = $6 AND idempotency_key = $2 AND state = 'running'
            AND write_committed = false AND locked_at = $4
          RETURNING 1`,
        [caller.funderId, key, now, stored.locked_at, run, caller.keyId],
      );
      if (taken.rowCount === 1) {
        caller.idempotencyKey = key;
        caller.idempotencyRun = run;
        request.idempotencyOwner = true;
        return;
      }
    }
    throw new ApiError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed; retry after it finishes.',
    );
  }

  /** Keeps the answer for replays; a server error frees the key so the call can be retried. */
  async function record(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    if (!request.idempotencyOwner || !request.caller?.idempotencyKey) return;
    const { funderId, keyId, idempotencyKey, idempotencyRun } = request.caller;
    // Every change below is fenced by the run's token: a run taken over leaves the key alone.
    if (reply.statusCode >= 500) {
      const freed = await deps.db.query(
        `DELETE FROM idempotency_keys
          WHERE funder_id = $1 AND api_key_id = $4 AND idempotency_key = $2 AND write_committed = false
            AND run_token = $3`,
        [funderId, idempotencyKey, idempotencyRun, keyId],
      );
      if (freed.rowCount === 1) return;
    }
    const contentType = reply.getHeader('content-type');
    const body =
      typeof payload === 'string'
        ? payload
        : payload === null || payload === undefined
          ? ''
          : String(payload);
    // An answer showing a secret once (an onboarding link's return secret) is never kept in clear.
    const sealed = request.routeOptions.config?.sealReplay === true;
    if (sealed && !deps.secrets) throw new Error('sealing an idempotent answer needs the secrets box');
    await deps.db.query(
      `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_headers = $4, response_body = $5
        WHERE funder_id = $1 AND api_key_id = $7 AND idempotency_key = $2 AND run_token = $6`,
      [
        funderId,
        idempotencyKey,
        reply.statusCode,
        JSON.stringify(contentType ? { 'content-type': String(contentType) } : {}),
        sealed && deps.secrets ? `${SEALED}${deps.secrets.seal(body)}` : body,
        idempotencyRun,
        keyId,
      ],
    );
  }

  return { claim, record };
}

export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM idempotency_keys WHERE expires_at < $1', [now]);
  return rowCount;
}
