import { type Caller, planeOf } from '../../platform/caller.ts';
import type { Clock } from '../../platform/clock.ts';
import { newApiKeySecret, sha256Hex } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { isScope } from '../../platform/http/scopes.ts';
import { newId } from '../../platform/ids.ts';
import type { RunWrite } from '../../platform/write.ts';
import { nameOf, requireFunder } from './account.funders.ts';
import * as store from './account.store.ts';
import { type KeyAdminView, keyAdminView } from './account.views.ts';

export interface IssueKeyInput {
  bank_id: string;
  name: string;
  scopes: string[];
  expires_at?: string | null;
  prospect?: string | null;
  rate_limit?: { per_minute?: number | null; per_hour?: number | null } | null;
}

/** The operations team's side of API keys: issue, revoke, list. */
export function createAccountKeys(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, write } = deps;
  return {
    /** Issues a key; the secret is in the answer only, never stored or shown again. */
    async issueKey(caller: Caller, input: IssueKeyInput): Promise<{ key: KeyAdminView; secret: string }> {
      const unknown = input.scopes.filter((scope) => !isScope(scope));
      if (unknown.length > 0) {
        throw new ApiError('body_invalid', `Unknown scope(s): ${unknown.join(', ')}.`, {
          extra: { field: 'scopes' },
        });
      }
      const name = nameOf(input.name);
      const now = deps.clock.now();
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)) {
        throw new ApiError('body_invalid', 'expires_at must be a date-time in the future.', {
          extra: { field: 'expires_at' },
        });
      }
      const secret = newApiKeySecret();
      return write(caller, async ({ tx, evidence }) => {
        const funder = await requireFunder(tx, input.bank_id);
        const row = await store.opsInsertKey(tx, {
          id: newId(),
          funder_id: funder.id,
          name,
          prefix: secret.slice(0, 12),
          secret_sha256: sha256Hex(secret),
          scopes: [...new Set(input.scopes)].sort(),
          prospect: input.prospect ?? null,
          rate_per_minute: input.rate_limit?.per_minute ?? null,
          rate_per_hour: input.rate_limit?.per_hour ?? null,
          created_at: now,
          expires_at: expiresAt,
          // Fixed here for the key's whole life (none yet while the funder is unclassified).
          plane: planeOf(funder.environment),
          // The operator's name; the key stays its funder's whatever becomes of that operator.
          issued_by: caller.kind === 'operator' ? (caller.name ?? null) : null,
        });
        evidence({
          funderId: funder.id,
          plane: row.plane,
          kind: 'api_key.issued',
          subjectType: 'api_key',
          subjectId: row.id,
          payload: {
            name: row.name,
            prefix: row.prefix,
            scopes: row.scopes,
            expires_at: expiresAt?.toISOString() ?? null,
            plane: row.plane,
          },
        });
        return { key: keyAdminView(row), secret };
      });
    },

    async revokeKey(
      caller: Caller,
      keyId: string,
      reason: string | null,
    ): Promise<KeyAdminView & { changed: boolean }> {
      return write(caller, async ({ tx, now, evidence }) => {
        const before = await store.opsFindKey(tx, keyId, { lock: true });
        if (!before) throw new ApiError('not_found', 'API key was not found.');
        if (before.revoked_at) return { ...keyAdminView(before), changed: false };
        const after = await store.opsRevokeKey(tx, keyId, now, reason);
        evidence({
          funderId: after.funder_id,
          plane: null,
          kind: 'api_key.revoked',
          subjectType: 'api_key',
          subjectId: keyId,
          payload: { prefix: after.prefix, reason },
        });
        return { ...keyAdminView(after), changed: true };
      });
    },

    async listKeys(bankId: string | null): Promise<KeyAdminView[]> {
      if (bankId) await requireFunder(db, bankId);
      return (await store.opsListKeys(db, bankId)).map(keyAdminView);
    },
  };
}
