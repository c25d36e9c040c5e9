import type { Queryable } from '../db/db.ts';

/** The idempotency record of one API key's Idempotency-Key, as kept. */
export interface StoredKey {
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

/** Who sent a key: the funder and the API key the record belongs to. */
export interface KeyOwner {
  funderId: string;
  keyId: string;
}

/** A run of a call under a key: the key and the run's fencing token. */
export interface KeyRun {
  key: string;
  run: string;
}

/** A call's claim on a key: the request it is for, its run, when, and for how long. */
export interface KeyClaim extends KeyRun {
  method: string;
  path: string;
  bodySha256: string;
  at: Date;
  ttlSeconds: number;
}

/** Claims the key for a new run: a key never seen, or one expired; false when the key is held. */
export async function claimKey(q: Queryable, owner: KeyOwner, claim: KeyClaim): Promise<boolean> {
  const { rowCount } = await q.query(
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
    [
      owner.funderId,
      claim.key,
      claim.method,
      claim.path,
      claim.bodySha256,
      claim.at,
      claim.ttlSeconds,
      claim.run,
      owner.keyId,
    ],
  );
  return rowCount === 1;
}

export async function findKey(q: Queryable, owner: KeyOwner, key: string): Promise<StoredKey | null> {
  const { rows } = await q.query<StoredKey>(
    'SELECT * FROM idempotency_keys WHERE funder_id = $1 AND api_key_id = $2 AND idempotency_key = $3',
    [owner.funderId, owner.keyId, key],
  );
  return rows[0] ?? null;
}

/**
 * Takes over a run abandoned while still running (its lock as read) whose write never committed;
 * the new token fences the old run out. False when another call took it first.
 */
export async function takeOverKey(
  q: Queryable,
  owner: KeyOwner,
  taken: KeyRun & { at: Date; lockedAt: Date },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE idempotency_keys SET locked_at = $3, run_token = $5
      WHERE funder_id = $1 AND api_key_id = $6 AND idempotency_key = $2 AND state = 'running'
        AND write_committed = false AND locked_at = $4
      RETURNING 1`,
    [owner.funderId, taken.key, taken.at, taken.lockedAt, taken.run, owner.keyId],
  );
  return rowCount === 1;
}

/** Frees a key whose run wrote nothing (so the call can be retried); false when it is not the run's. */
export async function freeKey(q: Queryable, owner: KeyOwner, { key, run }: KeyRun): Promise<boolean> {
  const { rowCount } = await q.query(
    `DELETE FROM idempotency_keys
      WHERE funder_id = $1 AND api_key_id = $4 AND idempotency_key = $2 AND write_committed = false
        AND run_token = $3`,
    [owner.funderId, key, run, owner.keyId],
  );
  return rowCount === 1;
}

/** Keeps the run's answer for replays (only while the run still holds the key). */
export async function keepAnswer(
  q: Queryable,
  owner: KeyOwner,
  { key, run }: KeyRun,
  answer: { status: number; headers: Record<string, string>; body: string },
): Promise<void> {
  await q.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_headers = $4, response_body = $5
      WHERE funder_id = $1 AND api_key_id = $7 AND idempotency_key = $2 AND run_token = $6`,
    [owner.funderId, key, answer.status, JSON.stringify(answer.headers), answer.body, run, owner.keyId],
  );
}

export async function pruneIdempotencyKeys(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM idempotency_keys WHERE expires_at < $1', [now]);
  return rowCount;
}

/** Marks a kept answer stored sealed (its route shows a secret once). */
export const SEALED_BODY = 'sealed:';
