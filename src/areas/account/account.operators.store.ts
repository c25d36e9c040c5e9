import type { Queryable } from '../../platform/db/db.ts';
import type { OperatorRole } from '../../platform/operator-roles.ts';

/** A named operator as kept: never its token, only the token's SHA-256 (not even read back). */
export interface OperatorRow {
  id: string;
  name: string;
  prefix: string;
  role: OperatorRole;
  /** The issuing operator's row; null when the bootstrap operator or the command line issued it. */
  issued_by_id: string | null;
  /** The issuer's name as it was (`bootstrap`, `cli`, a named operator's); null before migration 0067. */
  issued_by: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const OPERATOR_COLUMNS =
  'o.id, o.name, o.prefix, o.role, o.issued_by_id, o.issued_by, o.created_at, o.last_used_at, o.revoked_at';

/*
 * The operations team's own table (migrations 0049, 0067): only the operator role and the
 * connecting role read it. Authentication's lookup runs before any caller is known, as the gate.
 */

/**
 * Whether the operator with this row is in force, holding it so that a revocation running at the
 * same time waits for the issue to commit (and then revokes what it issued) or has committed
 * first (and this answers false).
 */
export async function holdIssuerInForce(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    'SELECT o.id FROM operators o WHERE o.id = $1 AND o.revoked_at IS NULL FOR SHARE',
    [id],
  );
  return rows.length > 0;
}

export async function insertOperator(
  q: Queryable,
  row: Omit<OperatorRow, 'last_used_at' | 'revoked_at'> & { token_sha256: string },
): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(
    `INSERT INTO operators AS o (id, name, prefix, token_sha256, role, issued_by_id, issued_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING
     RETURNING ${OPERATOR_COLUMNS}`,
    [
      row.id,
      row.name,
      row.prefix,
      row.token_sha256,
      row.role,
      row.issued_by_id,
      row.issued_by,
      row.created_at,
    ],
  );
  return rows[0] ?? null;
}

/** The operator in force under `name`, held for its revocation; null when none is. */
export async function holdOperatorInForce(q: Queryable, name: string): Promise<OperatorRow | null> {
  const { rows } = await q.query<OperatorRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM operators o WHERE o.name = $1 AND o.revoked_at IS NULL FOR UPDATE`,
    [name],
  );
  return rows[0] ?? null;
}

/**
 * Revokes the operator with row `id` and every operator in force whose chain of issuers leads
 * to it, at any depth: the rows revoked, the operator itself first, then by depth and name.
 * Run after `holdOperatorInForce` in the same transaction, as a statement of its own, so that it
 * sees every token issued before the hold was taken.
 */
export async function revokeOperatorTree(q: Queryable, id: string, at: Date): Promise<OperatorRow[]> {
  const { rows } = await q.query<OperatorRow & { depth: number }>(
    `WITH RECURSIVE tree AS (
       SELECT t.id, 0 AS depth FROM operators t WHERE t.id = $1
       UNION ALL
       SELECT c.id, tree.depth + 1 FROM operators c JOIN tree ON c.issued_by_id = tree.id
     )
     UPDATE operators AS o SET revoked_at = $2
       FROM tree WHERE o.id = tree.id AND o.revoked_at IS NULL
     RETURNING ${OPERATOR_COLUMNS}, tree.depth`,
    [id, at],
  );
  return rows
    .sort((a, b) => a.depth - b.depth || a.name.localeCompare(b.name))
    .map(({ depth: _depth, ...row }) => row);
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
): Promise<{ id: string; name: string; role: OperatorRole } | null> {
  const { rows } = await q.query<{ id: string; name: string; role: OperatorRole }>(
    `UPDATE operators AS o SET last_used_at = $2
      WHERE o.token_sha256 = $1 AND o.revoked_at IS NULL
     RETURNING o.id, o.name, o.role`,
    [tokenSha256, now],
  );
  return rows[0] ?? null;
}
