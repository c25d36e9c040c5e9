import type { OperatorCaller } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { newOperatorToken, OPERATOR_TOKEN_PATTERN, sha256Hex } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { BOOTSTRAP_OPERATOR_NAME, type OperatorFound } from '../../platform/http/auth.ts';
import { newId } from '../../platform/ids.ts';
import { FULL_ROLE, type OperatorRole } from '../../platform/operator-roles.ts';
import type { RunWrite } from '../../platform/write.ts';
import * as store from './account.operators.store.ts';

export { OPERATOR_NAME } from '../../platform/operator-roles.ts';

/** The name the bootstrap operator (OPS_TOKEN, or the token kept in the data directory) goes by. */
export const BOOTSTRAP_OPERATOR = BOOTSTRAP_OPERATOR_NAME;

/** What the operations team sees of a named operator: never its token. */
export interface OperatorView {
  id: string;
  name: string;
  prefix: string;
  role: OperatorRole;
  /** Who issued the token: `bootstrap`, `cli` or a named operator; null for tokens issued before roles. */
  issued_by: string | null;
  /** The issuing operator's id when a named operator issued it. */
  issued_by_id: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const operatorView = (row: store.OperatorRow): OperatorView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  role: row.role,
  issued_by: row.issued_by,
  issued_by_id: row.issued_by_id,
  created_at: row.created_at.toISOString(),
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});

/** The name an operator caller is recorded by as an issuer. */
const issuerName = (caller: OperatorCaller): string => caller.name ?? 'service';

/**
 * Named operators: several operator tokens, each with a name and a role, issued and revoked by
 * the operations team. A token records who issued it, and revoking an operator revokes every
 * token issued down its line. Each issue and revocation is on the evidence chain, naming who
 * made it.
 */
export function createAccountOperators(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, write } = deps;
  return {
    /**
     * Issues a token for `name` with `role`; the token is in the answer only, never stored or
     * shown again. Only an admin issues operators, and never a role above its own.
     */
    async issueOperator(
      caller: OperatorCaller,
      input: { name: string; role: OperatorRole },
    ): Promise<{ operator: OperatorView; token: string }> {
      const { name, role } = input;
      // Only an admin issues, and admin is the highest role: every role it asks for is at or below it.
      const own = caller.role ?? FULL_ROLE;
      if (own !== 'admin') {
        throw new ApiError('forbidden', `An operator with the role ${own} cannot issue operators.`, {
          extra: { required_role: 'admin', role: own },
        });
      }
      if (name === BOOTSTRAP_OPERATOR) {
        throw new ApiError(
          'conflict',
          `"${BOOTSTRAP_OPERATOR}" is the operator of OPS_TOKEN: choose another name.`,
          {
            extra: { field: 'name' },
          },
        );
      }
      const token = newOperatorToken();
      return write(caller, async ({ tx, now, evidence }) => {
        const issuerId = caller.operatorId ?? null;
        if (issuerId !== null && !(await store.holdIssuerInForce(tx, issuerId))) {
          throw new ApiError('unauthorized', 'This operator token was revoked.');
        }
        const row = await store.insertOperator(tx, {
          id: newId(),
          name,
          prefix: token.slice(0, 12),
          token_sha256: sha256Hex(token),
          role,
          issued_by_id: issuerId,
          issued_by: issuerName(caller),
          created_at: now,
        });
        if (!row) {
          throw new ApiError('conflict', `An operator named "${name}" is in force: revoke it first.`, {
            extra: { field: 'name' },
          });
        }
        evidence({
          funderId: null,
          plane: null,
          kind: 'operator.issued',
          subjectType: 'operator',
          subjectId: row.id,
          payload: { name: row.name, prefix: row.prefix, role: row.role, issued_by: row.issued_by },
        });
        return { operator: operatorView(row), token };
      });
    },

    /**
     * Revokes the operator in force under `name` and, with it, every operator whose chain of
     * issuers leads to it: all their tokens are refused from the next call on. The API keys they
     * issued stay (they belong to their funders). Answers the operator and the others revoked.
     */
    async revokeOperator(
      caller: OperatorCaller,
      name: string,
    ): Promise<{ operator: OperatorView; revoked: OperatorView[] }> {
      return write(caller, async ({ tx, now, evidence }) => {
        const held = await store.holdOperatorInForce(tx, name);
        if (!held) throw new ApiError('not_found', `No operator named "${name}" is in force.`);
        const [root, ...line] = await store.revokeOperatorTree(tx, held.id, now);
        for (const row of [root!, ...line]) {
          evidence({
            funderId: null,
            plane: null,
            kind: 'operator.revoked',
            subjectType: 'operator',
            subjectId: row.id,
            payload:
              row.id === held.id
                ? { name: row.name, prefix: row.prefix }
                : { name: row.name, prefix: row.prefix, with: held.name },
          });
        }
        return { operator: operatorView(root!), revoked: line.map(operatorView) };
      });
    },

    async listOperators(): Promise<OperatorView[]> {
      return (await store.listOperators(db)).map(operatorView);
    },

    /**
     * The operator in force whose token this is (its row, name and role), else null. Run by
     * authentication, before any caller is known (as the gate); a revoked token is refused at its
     * next call.
     */
    async lookupOperator(token: string, now: Date): Promise<OperatorFound | null> {
      if (!OPERATOR_TOKEN_PATTERN.test(token)) return null;
      return store.authenticateOperator(db, sha256Hex(token), now);
    },
  };
}
