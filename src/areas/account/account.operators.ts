import type { Caller } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { newOperatorToken, OPERATOR_TOKEN_PATTERN, sha256Hex } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { BOOTSTRAP_OPERATOR_NAME } from '../../platform/http/auth.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import * as store from './account.operators.store.ts';

/** An operator's name, as the table allows it (migration 0049). */
export const OPERATOR_NAME = '^[a-z0-9][a-z0-9._-]{0,62}$';

/** The name the bootstrap operator (OPS_TOKEN, or the token kept in the data directory) goes by. */
export const BOOTSTRAP_OPERATOR = BOOTSTRAP_OPERATOR_NAME;

/** What the operations team sees of a named operator: never its token. */
export interface OperatorView {
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const operatorView = (row: store.OperatorRow): OperatorView => ({
  name: row.name,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});

/**
 * Named operators: several operator tokens, each with a name, issued and revoked by the
 * operations team. Each issue and revocation is on the evidence chain, naming who made it.
 */
export function createAccountOperators(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, write } = deps;
  return {
    /** Issues a token for `name`; the token is in the answer only, never stored or shown again. */
    async issueOperator(caller: Caller, name: string): Promise<{ operator: OperatorView; token: string }> {
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
        const row = await store.insertOperator(tx, {
          id: newId(),
          name,
          prefix: token.slice(0, 12),
          token_sha256: sha256Hex(token),
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
          payload: { name: row.name, prefix: row.prefix },
        });
        return { operator: operatorView(row), token };
      });
    },

    /** Revokes the operator in force under `name`: its token is refused from the next call on. */
    async revokeOperator(caller: Caller, name: string): Promise<OperatorView> {
      return write(caller, async ({ tx, now, evidence }) => {
        const row = await store.revokeOperator(tx, name, now);
        if (!row) throw new ApiError('not_found', `No operator named "${name}" is in force.`);
        evidence({
          funderId: null,
          plane: null,
          kind: 'operator.revoked',
          subjectType: 'operator',
          subjectId: row.id,
          payload: { name: row.name, prefix: row.prefix },
        });
        return operatorView(row);
      });
    },

    async listOperators(): Promise<OperatorView[]> {
      return (await store.listOperators(db)).map(operatorView);
    },

    /**
     * The name of the operator in force whose token this is, else null. Run by authentication,
     * before any caller is known (as the gate); a revoked token is refused at its next call.
     */
    async lookupOperator(token: string, now: Date): Promise<{ name: string } | null> {
      if (!OPERATOR_TOKEN_PATTERN.test(token)) return null;
      return store.authenticateOperator(db, sha256Hex(token), now);
    },
  };
}
