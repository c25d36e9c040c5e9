import type { Queryable } from '../../platform/db/db.ts';

/** A named operator as kept: never its token, only the token's SHA-256 (not even read back). */
export interface OperatorRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const OPERATOR_COLUMNS = 'o.id, o.name, o.prefix, o.created_at, o.last_used_at, o.revoked_at';

/*
 * The operations team's own table (migration 0049): only the operator role and the connecting
 * role read it. Authentication's lookup runs before any caller is known, as the gate.
 */

export async function insertOperator(
  q: Queryable,
  row: Omit<OperatorRow, 'last_used_at' | 'revoked_at'> & { token_sha256: string },
): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(
    `INSERT INTO operators AS o (id, name, prefix, token_sha256, created_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING
     RETURNING ${OPERATOR_COLUMNS}`,
    [row.id, row.name, row.prefix, row.token_sha256, row.created_at],
  );
  return rows[0] ?? null;
}

/** Revokes the operator in force under `name`; null when none is. */
export async function revokeOperator(q: Queryable, name: string, at: Date): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(
    `UPDATE operators AS o SET revoked_at = $2 WHERE o.name = $1 AND o.revoked_at IS NULL
     RETURNING ${OPERATOR_COLUMNS}`,
    [name, at],
  );
  return rows[0] ?? null;
}

export async function listOperators(q: Queryable): Promise<OperatorRow[]> {
  const { rows } = await q.query<OperatorRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM operators o ORDER BY o.name, o.created_at, o.id`,
  );
  return rows;
}

/**
 * The lookup of an operations call: the operator in force whose token has this SHA-256, marked
 * as used now in the same statement (operations calls are few; one round trip each).
 */
export async function authenticateOperator(
  q: Queryable,
  tokenSha256: string,
  now: Date,
): Promise<{ name: string } | null> {
  const { rows } = await q.query<{ name: string }>(
    `UPDATE operators AS o SET last_used_at = $2
      WHERE o.token_sha256 = $1 AND o.revoked_at IS NULL
     RETURNING o.name`,
    [tokenSha256, now],
  );
  return rows[0] ?? null;
}
